import { Link as RouterLink } from 'react-router-dom';
import { Link, Text } from '@chakra-ui/react';
import { PageFrame } from './page-frame';

export interface AreaNotFoundProps {
  /** What the area holds, as in "There is no such programs page."; left out: "There is no such page." */
  area?: string;
  /** The area's list, the way back. */
  backTo: string;
  backLabel: string;
}

/**
 * An address below an area (a remote's `/admin/<area>/*` route) that names none of its screens: said as
 * an alert, with the way back to the area's list. The shell's not-found page is for addresses no area
 * claims; this one keeps the user inside the area they were in.
 */
export function AreaNotFound({ area, backTo, backLabel }: AreaNotFoundProps) {
  return (
    <PageFrame title="Page not found">
      <Text role="alert">
        There is no such {area ? `${area} ` : ''}page.{' '}
        <Link asChild>
          <RouterLink to={backTo}>{backLabel}</RouterLink>
        </Link>
      </Text>
    </PageFrame>
  );
}
