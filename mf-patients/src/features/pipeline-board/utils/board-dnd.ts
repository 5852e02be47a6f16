/**
 * How a card is dragged between the board's columns (with @dnd-kit/core). Columns stand side by side,
 * so only the horizontal position decides the column a card is over: a short column still takes a card
 * dropped below its last card. The keyboard moves a picked-up card one column at a time.
 */
import type { Announcements, CollisionDetection, KeyboardCoordinateGetter, UniqueIdentifier } from '@dnd-kit/core';
import type { PipelineCard, PipelineStatus } from '@baridesk/contracts';

/** What a card tells the drag: the patient and the status the board shows them in. */
export type CardDragData = { card: PipelineCard; statusId: number };
/** What a column tells the drag: its status. */
export type ColumnDragData = { status: PipelineStatus };

const cardOf = (data: unknown) => (data as CardDragData | undefined)?.card;
const statusOf = (data: unknown) => (data as ColumnDragData | undefined)?.status;

/** The column whose horizontal span holds the pointer (or, from the keyboard, the card's centre). */
export const columnUnderCard: CollisionDetection = ({ droppableContainers, droppableRects, pointerCoordinates, collisionRect }) => {
  const x = pointerCoordinates?.x ?? collisionRect.left + collisionRect.width / 2;
  for (const container of droppableContainers) {
    const rect = droppableRects.get(container.id);
    if (rect && x >= rect.left && x <= rect.right) return [{ id: container.id, data: { droppableContainer: container, value: 0 } }];
  }
  return [];
};

const STEP: Partial<Record<string, -1 | 1>> = { ArrowLeft: -1, ArrowRight: 1 };

/**
 * Left and Right arrows put the picked-up card over the previous or next column (in the order they
 * stand); Up and Down do nothing, a column having no order the user chooses.
 */
export const columnKeyboardCoordinates: KeyboardCoordinateGetter = (event, { context, currentCoordinates }) => {
  const step = STEP[event.code];
  const { droppableRects, collisionRect, over, active } = context;
  if (!step || !collisionRect) return undefined;
  const order: UniqueIdentifier[] = [...droppableRects.entries()].sort(([, a], [, b]) => a.left - b.left).map(([id]) => id);
  const current = over?.id ?? (active?.data.current as CardDragData | undefined)?.statusId;
  const index = current === undefined ? -1 : order.indexOf(current);
  const target = order[index + step];
  const rect = target === undefined ? undefined : droppableRects.get(target);
  if (!rect) return undefined;
  event.preventDefault();
  return { x: rect.left + rect.width / 2 - collisionRect.width / 2, y: currentCoordinates.y };
};

/**
 * Keys of a keyboard drag: only Space picks a card up (Enter goes into the card, see board-navigation);
 * Space or Enter drops it, Escape puts it back.
 */
export const KEYBOARD_CODES = { start: ['Space'], cancel: ['Escape'], end: ['Space', 'Enter'] };

/**
 * What every card is described by (aria-describedby, written once by dnd-kit for the whole board): how
 * to go from card to card, reach a card's link and actions, and move the patient.
 */
export const SCREEN_READER_INSTRUCTIONS = {
  draggable:
    'A card shows the days in the status, how much of the checklist is done, and the surgery date. Arrow keys go to the next patient up or down, or to the next status left or right; Home and End go to the first and last patient of the status. Enter reaches the patient\'s link and actions menu (Open record, History, Move to); Escape comes back to the card. To move this patient to another status, press Space. While moving, use the Left and Right arrow keys to choose the status, then press Space to drop the patient there, or Escape to cancel.',
};

/**
 * What screen readers hear while a card is dragged, in plain words. One set per board: it remembers the
 * column last announced, so picking a card up is not drowned at once by "over its own column".
 */
export function createAnnouncements(): Announcements {
  let lastOver: UniqueIdentifier | undefined;
  return {
    onDragStart: ({ active }) => {
      lastOver = (active.data.current as CardDragData | undefined)?.statusId;
      return `Picked up ${cardOf(active.data.current)?.name ?? 'the patient'}.`;
    },
    onDragOver: ({ active, over }) => {
      if (over?.id === lastOver) return undefined;
      lastOver = over?.id;
      const data = active.data.current as CardDragData | undefined;
      const name = data?.card.name ?? 'The patient';
      const status = statusOf(over?.data.current);
      if (!status) return `${name} is not over a status.`;
      return status.id === data?.statusId ? `${name} is back over ${status.name}, where they are now.` : `${name} is over ${status.name}.`;
    },
    onDragEnd: ({ active, over }) => {
      const data = active.data.current as CardDragData | undefined;
      const name = data?.card.name ?? 'The patient';
      const status = statusOf(over?.data.current);
      if (!status || status.id === data?.statusId) return `${name} was put back where they were.`;
      return `Moved ${name} to ${status.name}.`;
    },
    onDragCancel: ({ active }) => `Moving ${cardOf(active.data.current)?.name ?? 'the patient'} was cancelled.`,
  };
}
