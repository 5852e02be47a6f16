import { useEffect, useId, useRef } from 'react';
import { useDroppable } from '@dnd-kit/core';
import { defaultRangeExtractor, useVirtualizer, type Range } from '@tanstack/react-virtual';
import type { PipelineColumn as Column, PipelineStatus } from '@baridesk/contracts';
import { formatAmount } from '@baridesk/domain';
import { Box, Button, Heading, HStack, Stack, Text, VisuallyHidden } from '@baridesk/ui';
import type { ColumnDragData } from '../utils/board-dnd';
import { useBoardFocus } from './board-focus';
import { CARD_HEIGHT, PipelineCard, type CardActions } from './pipeline-card';

type PipelineColumnProps = CardActions & {
  column: Column;
  statuses: readonly PipelineStatus[];
  /** Its next page is being fetched. */
  loadingMore: boolean;
  onShowMore: (column: Column) => void;
};

/** A card and the space under it. */
const CARD_SLOT = CARD_HEIGHT + 8;
/** Cards drawn beyond the visible ones, above and below, so a quick scroll shows no gap. */
const OVERSCAN = 3;

const patientsText = (count: number) => (count === 1 ? '1 patient' : `${formatAmount(count)} patients`);

/**
 * One status of the board: its name, count and average days, its cards, and "Show more". The cards
 * scroll within the column, and only those in view (and a few around) are drawn; the board's Tab stop
 * and a card being moved are drawn wherever they are, so the focus and the drag never lose their card.
 */
export function PipelineColumn({ column, statuses, loadingMore, onShowMore, ...actions }: PipelineColumnProps) {
  const headingId = useId();
  const { status, total, average_days: averageDays, cards } = column;
  const { tabStopId, draggingId, focusCard, announce } = useBoardFocus();
  const data: ColumnDragData = { status };
  const { setNodeRef, isOver, active } = useDroppable({ id: status.id, data });
  const dropHere = isOver && (active?.data.current as { statusId?: number } | undefined)?.statusId !== status.id;

  const listRef = useRef<HTMLDivElement>(null);
  const pinned = [tabStopId, draggingId].map((id) => cards.findIndex((card) => card.id === id)).filter((index) => index >= 0);
  const virtualizer = useVirtualizer({
    count: cards.length,
    getScrollElement: () => listRef.current,
    estimateSize: () => CARD_SLOT,
    overscan: OVERSCAN,
    getItemKey: (index) => cards[index]?.id ?? index,
    rangeExtractor: (range: Range) => [...new Set([...defaultRangeExtractor(range), ...pinned])].sort((a, b) => a - b),
  });

  // "Show more" stays focusable while it loads (a disabled button would drop the focus to the page); the
  // board's status says how many cards show now. When the last page has come and the button goes, the
  // focus goes to the first card it brought.
  const hasMore = total > cards.length;
  const showMoreRef = useRef<HTMLButtonElement>(null);
  const asked = useRef<{ shown: number; focused: boolean } | null>(null);
  useEffect(() => {
    const request = asked.current;
    if (!request || cards.length <= request.shown) return;
    asked.current = null;
    announce(`Showing ${formatAmount(cards.length)} of ${patientsText(total)} in ${status.name}.`);
    const firstNew = cards[request.shown];
    if (!hasMore && request.focused && firstNew) focusCard(firstNew.id);
  }, [cards, total, hasMore, status.name, announce, focusCard]);
  const showMore = () => {
    if (loadingMore) return;
    asked.current = { shown: cards.length, focused: document.activeElement === showMoreRef.current };
    onShowMore(column);
  };

  return (
    <Box
      as="section"
      ref={setNodeRef}
      aria-labelledby={headingId}
      data-pipeline-column=""
      // As wide as the board allows (five columns fit at 1440 px), never narrower than a card can be read.
      flex={{ base: '0 0 80vw', sm: '1 0 13rem' }}
      minW="0"
      maxW={{ sm: '20rem' }}
      height="full"
      display="flex"
      flexDirection="column"
      p="2"
      px="1.5"
      borderRadius="lg"
      bg={dropHere ? 'brand.subtle' : 'bg.muted'}
      outline={dropHere ? '2px dashed' : undefined}
      outlineColor="brand.solid"
      transition="background 0.15s"
      scrollSnapAlign="start"
    >
      <Stack gap="0" px="1" pb="2" flex="none">
        <Heading as="h2" id={headingId} size="sm" truncate title={status.name}>
          {status.name}
        </Heading>
        <HStack gap="2" textStyle="xs" color="fg.muted">
          <Text>{patientsText(total)}</Text>
          {averageDays === null ? null : <Text>{`avg ${formatAmount(averageDays)} ${averageDays === 1 ? 'day' : 'days'}`}</Text>}
        </HStack>
      </Stack>
      {cards.length === 0 ? (
        <Text textStyle="sm" color="fg.muted" px="1" py="4">
          No patients
        </Text>
      ) : (
        <Box
          ref={listRef}
          role="grid"
          aria-label={`Patients in ${status.name}`}
          aria-rowcount={total}
          aria-colcount={1}
          data-pipeline-list=""
          flex="1"
          minH="0"
          overflowY="auto"
          overscrollBehavior="contain"
          mx="-1"
          px="1"
        >
          <Box position="relative" style={{ height: `${virtualizer.getTotalSize()}px` }}>
            {virtualizer.getVirtualItems().map((item) => {
              const card = cards[item.index]!;
              return (
                <PipelineCard
                  key={card.id}
                  card={card}
                  statusId={status.id}
                  statuses={statuses}
                  rowIndex={item.index + 1}
                  top={item.start}
                  {...actions}
                />
              );
            })}
          </Box>
        </Box>
      )}
      {hasMore ? (
        <Button
          ref={showMoreRef}
          size="sm"
          variant="ghost"
          width="full"
          mt="2"
          flex="none"
          aria-disabled={loadingMore || undefined}
          data-loading={loadingMore ? '' : undefined}
          onClick={showMore}
        >
          {loadingMore ? 'Loading more…' : 'Show more'}
          <VisuallyHidden>{` in ${status.name}`}</VisuallyHidden>
          <Text as="span" color="fg.muted" fontWeight="normal">{`(${formatAmount(cards.length)} of ${formatAmount(total)})`}</Text>
        </Button>
      ) : null}
    </Box>
  );
}
