import { useId } from 'react';
import { Button, Flex, HStack, IconButton, NativeSelect, Text } from '@chakra-ui/react';
import {
  DEFAULT_PAGE_SIZE,
  PAGE_SIZE_OPTIONS,
  pageCount,
  pageLabel,
  pageWindow,
  type PageSizeOption,
} from '@baridesk/domain';
import { Glyph } from './icons';

export type PerPage = number | 'All';

export type PagerProps = {
  /** Number of items on all pages together. */
  total: number;
  /** The current page, from 1. */
  page: number;
  perPage?: PerPage;
  onPageChange: (page: number) => void;
  /** Called with the new size; the pager also goes back to page 1. */
  onPerPageChange: (perPage: PerPage) => void;
  /** Names the navigation landmark ("Patients pages"). */
  label?: string;
};

function parsePerPage(value: string): PerPage {
  return value === 'All' ? 'All' : Number(value);
}

/**
 * Items-per-page choice (5 … 100, All), "Page X of Y", first/previous, three page numbers around
 * the current page, next/last (spec section 9).
 */
export function Pager({ total, page, perPage = DEFAULT_PAGE_SIZE, onPageChange, onPerPageChange, label = 'Pages' }: PagerProps) {
  const selectId = useId();
  const pages = Math.max(pageCount(total, perPage), 1);
  const current = Math.min(Math.max(page, 1), pages);
  const onFirst = current <= 1;
  const onLast = current >= pages;
  const sizes: readonly PageSizeOption[] = PAGE_SIZE_OPTIONS.includes(perPage as PageSizeOption)
    ? PAGE_SIZE_OPTIONS
    : [...PAGE_SIZE_OPTIONS, perPage as PageSizeOption];

  const go = (target: number) => {
    if (target !== current) onPageChange(target);
  };

  return (
    <Flex align="center" justify="space-between" gap="3" wrap="wrap" pt="3">
      <HStack gap="2">
        <Text asChild textStyle="sm" color="fg.muted" whiteSpace="nowrap">
          <label htmlFor={selectId}>Items per page</label>
        </Text>
        <NativeSelect.Root size="sm" width="auto">
          <NativeSelect.Field
            id={selectId}
            value={String(perPage)}
            onChange={(event) => {
              onPerPageChange(parsePerPage(event.currentTarget.value));
              if (current !== 1) onPageChange(1);
            }}
          >
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
          {pageLabel(current, pages)}
        </Text>
        <IconButton aria-label="First page" size="sm" variant="ghost" disabled={onFirst} onClick={() => go(1)}>
          <Glyph name="chevronsLeft" />
        </IconButton>
        <IconButton aria-label="Previous page" size="sm" variant="ghost" disabled={onFirst} onClick={() => go(current - 1)}>
          <Glyph name="chevronLeft" />
        </IconButton>
        {pageWindow(current, pages).map((number) => (
          <Button
            key={number}
            size="sm"
            minW="9"
            variant={number === current ? 'solid' : 'ghost'}
            aria-label={`Page ${number}`}
            aria-current={number === current ? 'page' : undefined}
            onClick={() => go(number)}
          >
            {number}
          </Button>
        ))}
        <IconButton aria-label="Next page" size="sm" variant="ghost" disabled={onLast} onClick={() => go(current + 1)}>
          <Glyph name="chevronRight" />
        </IconButton>
        <IconButton aria-label="Last page" size="sm" variant="ghost" disabled={onLast} onClick={() => go(pages)}>
          <Glyph name="chevronsRight" />
        </IconButton>
      </HStack>
    </Flex>
  );
}
