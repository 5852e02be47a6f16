import type { ReactNode } from 'react';
import { chakra } from '@chakra-ui/react';

export type DetailRowProps = { term: string; children: ReactNode };

/**
 * One term and its value in a record's description list (`<dl>`): the term beside the value on wide
 * screens, above it on narrow ones. Put the rows inside a `chakra.dl`.
 */
export function DetailRow({ term, children }: DetailRowProps) {
  return (
    <chakra.div display="grid" gridTemplateColumns={{ base: '1fr', sm: '13rem 1fr' }} gap="1" py="2" borderBottomWidth="1px">
      <chakra.dt fontWeight="medium" color="fg.muted">
        {term}
      </chakra.dt>
      <chakra.dd>{children}</chakra.dd>
    </chakra.div>
  );
}
