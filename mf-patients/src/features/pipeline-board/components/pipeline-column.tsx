import { useId } from 'react';
import { useDroppable } from '@dnd-kit/core';
import type { PipelineColumn as Column, PipelineStatus } from '@baridesk/contracts';
import { formatAmount } from '@baridesk/domain';
import { Box, Button, Heading, HStack, Stack, Text, VisuallyHidden } from '@baridesk/ui';
import type { ColumnDragData } from '../utils/board-dnd';
import { PipelineCard, type CardActions } from './pipeline-card';

type PipelineColumnProps = CardActions & {
  column: Column;
  statuses: readonly PipelineStatus[];
  /** Its next page is being fetched. */
  loadingMore: boolean;
  onShowMore: (column: Column) => void;
};

const patientsText = (count: number) => (count === 1 ? '1 patient' : `${formatAmount(count)} patients`);

/** One status of the board: its name, count and average days, its cards, and "Show more". */
export function PipelineColumn({ column, statuses, loadingMore, onShowMore, ...actions }: PipelineColumnProps) {
  const headingId = useId();
  const { status, total, average_days: averageDays, cards } = column;
  const data: ColumnDragData = { status };
  const { setNodeRef, isOver, active } = useDroppable({ id: status.id, data });
  const dropHere = isOver && (active?.data.current as { statusId?: number } | undefined)?.statusId !== status.id;
  return (
    <Box
      as="section"
      ref={setNodeRef}
      aria-labelledby={headingId}
      data-pipeline-column=""
      flex="none"
      width="72"
      minH="48"
      p="2"
      borderRadius="lg"
      bg={dropHere ? 'brand.subtle' : 'bg.muted'}
      outline={dropHere ? '2px dashed' : undefined}
      outlineColor="brand.solid"
      transition="background 0.15s"
    >
      <Stack gap="0.5" px="1" pb="2">
        <Heading as="h2" id={headingId} size="sm" lineClamp={2}>
          {status.name}
        </Heading>
        <HStack gap="2" textStyle="xs" color="fg.muted" wrap="wrap">
          <Text>{patientsText(total)}</Text>
          {averageDays === null ? null : (
            <Text>{`avg ${formatAmount(averageDays)} ${averageDays === 1 ? 'day' : 'days'}`}</Text>
          )}
        </HStack>
      </Stack>
      {cards.length === 0 ? (
        <Text textStyle="sm" color="fg.muted" px="1" py="4">
          No patients
        </Text>
      ) : (
        <Stack as="ul" gap="2" listStyleType="none" aria-label={`Patients in ${status.name}`}>
          {cards.map((card) => (
            <PipelineCard key={card.id} card={card} statusId={status.id} statuses={statuses} {...actions} />
          ))}
        </Stack>
      )}
      {total > cards.length ? (
        <Button size="sm" variant="ghost" width="full" mt="2" loading={loadingMore} onClick={() => onShowMore(column)}>
          Show more<VisuallyHidden>{` in ${status.name}`}</VisuallyHidden>
          <Text as="span" color="fg.muted" fontWeight="normal">{`(${formatAmount(cards.length)} of ${formatAmount(total)})`}</Text>
        </Button>
      ) : null}
    </Box>
  );
}
