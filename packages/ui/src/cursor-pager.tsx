import { useCallback, useId, useMemo, useState } from 'react';
import { Button, Flex, HStack, NativeSelect, Text } from '@chakra-ui/react';
import { formatAmount } from '@baridesk/domain';
import { Glyph } from './icons';

/**
 * Where a list paged by cursor stands: the cursors of the pages before this one (to go back), the
 * current page's cursor (`before`, undefined on the first page) and the page size. A list that grows
 * without end (the audit trail) pages this way: each page starts below the last row of the one before,
 * so it costs the same however deep it is, and there are no page numbers to jump to.
 */
export function useCursorPages(initialPerPage: number) {
  const [state, setState] = useState<{ cursors: number[]; perPage: number }>({ cursors: [], perPage: initialPerPage });
  const older = useCallback((next: number) => setState((s) => ({ ...s, cursors: [...s.cursors, next] })), []);
  const newer = useCallback(() => setState((s) => ({ ...s, cursors: s.cursors.slice(0, -1) })), []);
  const first = useCallback(() => setState((s) => (s.cursors.length === 0 ? s : { ...s, cursors: [] })), []);
  const setPerPage = useCallback((perPage: number) => setState({ cursors: [], perPage }), []);
  return useMemo(
    () => ({
      before: state.cursors.at(-1),
      /** The page shown, from 1. */
      page: state.cursors.length + 1,
      perPage: state.perPage,
      older,
      newer,
      /** Back to the first page (after the filters change). */
      first,
      setPerPage,
    }),
    [state, older, newer, first, setPerPage],
  );
}

export type CursorPages = ReturnType<typeof useCursorPages>;

export type CursorPagerProps = {
  pages: CursorPages;
  /** The page sizes offered. */
  sizes: readonly number[];
  /** Rows on this page. */
  shown: number;
  /** Rows matching, counted up to a cap; `exact` false when more match ("10,000+"). */
  total: number;
  exact: boolean;
  /** The cursor of the next page; null on the last one. */
  next: number | null;
  /** Names the navigation landmark ("Audit trail pages"). */
  label: string;
  /** The words for the rows ("records"). */
  noun?: string;
};

/**
 * The pager of a list paged by cursor: the page size, which rows are shown of how many ("Records 21–40
 * of 10,000+", announced politely), and Newer / Older (and Newest, back to the first page). Native
 * buttons and select: keyboard and screen readers need nothing more.
 */
export function CursorPager({ pages, sizes, shown, total, exact, next, label, noun = 'records' }: CursorPagerProps) {
  const selectId = useId();
  const start = (pages.page - 1) * pages.perPage;
  const range = shown === 0 ? `No ${noun}` : `${upperFirst(noun)} ${formatAmount(start + 1)}–${formatAmount(start + shown)} of ${formatAmount(total)}${exact ? '' : '+'}`;
  return (
    <Flex align="center" justify="space-between" gap="3" wrap="wrap" pt="3">
      <HStack gap="2">
        <Text asChild textStyle="sm" color="fg.muted" whiteSpace="nowrap">
          <label htmlFor={selectId}>Items per page</label>
        </Text>
        <NativeSelect.Root size="sm" width="auto">
          <NativeSelect.Field id={selectId} value={String(pages.perPage)} onChange={(event) => pages.setPerPage(Number(event.currentTarget.value))}>
            {sizes.map((size) => (
              <option key={size} value={String(size)}>
                {size}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </HStack>
      <HStack as="nav" aria-label={label} gap="1" wrap="wrap">
        <Text textStyle="sm" color="fg.muted" me="2" aria-live="polite">
          {range}
        </Text>
        <Button size="sm" variant="ghost" disabled={pages.page === 1} onClick={pages.first}>
          <Glyph name="chevronsLeft" />
          Newest
        </Button>
        <Button size="sm" variant="ghost" disabled={pages.page === 1} onClick={pages.newer}>
          <Glyph name="chevronLeft" />
          Newer
        </Button>
        <Button size="sm" variant="ghost" disabled={next === null} onClick={() => next !== null && pages.older(next)}>
          Older
          <Glyph name="chevronRight" />
        </Button>
      </HStack>
    </Flex>
  );
}

const upperFirst = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
