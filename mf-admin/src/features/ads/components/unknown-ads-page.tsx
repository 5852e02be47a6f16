import { Link as RouterLink } from 'react-router-dom';
import { Link, PageFrame, Text } from '@baridesk/ui';
import { AD_SETS_PATH } from '../ads-views';

/** An address below the ads areas that names no screen. */
export function UnknownAdsPage({ backTo = AD_SETS_PATH, backLabel = 'Back to the ad sets' }: { backTo?: string; backLabel?: string }) {
  return (
    <PageFrame title="Page not found">
      <Text role="alert">
        There is no such ads page.{' '}
        <Link asChild>
          <RouterLink to={backTo}>{backLabel}</RouterLink>
        </Link>
      </Text>
    </PageFrame>
  );
}
