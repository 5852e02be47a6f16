import { useMemo } from 'react';
import { KeyboardSensor, PointerSensor, DndContext, useSensor, useSensors, type DragEndEvent } from '@dnd-kit/core';
import type { PipelineColumn as Column, PipelineStatus } from '@baridesk/contracts';
import { Box, HStack } from '@baridesk/ui';
import { SCREEN_READER_INSTRUCTIONS, createAnnouncements, columnKeyboardCoordinates, columnUnderCard, type CardDragData, type ColumnDragData } from '../utils/board-dnd';
import type { CardActions } from './pipeline-card';
import { PipelineColumn } from './pipeline-column';

type PipelineColumnsProps = CardActions & {
  columns: readonly Column[];
  statuses: readonly PipelineStatus[];
  /** The status whose next page is being fetched. */
  loadingMoreOf: number | undefined;
  onShowMore: (column: Column) => void;
};

/** A pointer drag starts after this many pixels, so a click on a card's name or button is a click. */
const POINTER_ACTIVATION_DISTANCE = 6;

/**
 * The columns side by side, scrolling sideways when they do not fit; a card dropped on another
 * column moves the patient there.
 */
export function PipelineColumns({ columns, statuses, loadingMoreOf, onShowMore, onMove, onHistory }: PipelineColumnsProps) {
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: POINTER_ACTIVATION_DISTANCE } }),
    useSensor(KeyboardSensor, { coordinateGetter: columnKeyboardCoordinates }),
  );

  const announcements = useMemo(createAnnouncements, []);

  const dropped = ({ active, over }: DragEndEvent) => {
    const from = active.data.current as CardDragData | undefined;
    const to = (over?.data.current as ColumnDragData | undefined)?.status;
    if (from && to && to.id !== from.statusId) onMove(from.card, from.statusId, to);
  };

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={columnUnderCard}
      accessibility={{ announcements, screenReaderInstructions: SCREEN_READER_INSTRUCTIONS }}
      onDragEnd={dropped}
    >
      {/* Focusable, so the columns can be scrolled sideways from the keyboard too. */}
      <Box overflowX="auto" pb="3" tabIndex={0} role="region" aria-label="Pipeline columns">
        <HStack align="flex-start" gap="3" width="max-content">
          {columns.map((column) => (
            <PipelineColumn
              key={column.status.id}
              column={column}
              statuses={statuses}
              loadingMore={loadingMoreOf === column.status.id}
              onShowMore={onShowMore}
              onMove={onMove}
              onHistory={onHistory}
            />
          ))}
        </HStack>
      </Box>
    </DndContext>
  );
}
