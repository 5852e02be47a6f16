import type { ReactNode } from 'react';
import { chakra } from '@chakra-ui/react';

export type SummaryFactProps = {
  term: string;
  children: ReactNode;
  /** A line under the value (what it counts from, a date). */
  detail?: ReactNode;
};

/**
 * One fact of a page's summary header (a record's stage, status, progress, outcome): a small term over
 * its value. Put the facts in a `chakra.dl` laid out as a grid; each is a term and its description.
 */
export function SummaryFact({ term, children, detail }: SummaryFactProps) {
  return (
    <chakra.div minW="0">
      <chakra.dt textStyle="xs" fontWeight="semibold" color="fg.muted" textTransform="uppercase" letterSpacing="wide">
        {term}
      </chakra.dt>
      <chakra.dd mt="1" fontWeight="semibold" textStyle="md">
        {children}
      </chakra.dd>
      {detail ? (
        <chakra.dd textStyle="sm" color="fg.muted">
          {detail}
        </chakra.dd>
      ) : null}
    </chakra.div>
  );
}
