import { useCallback, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import {
  DndContext,
  DragOverlay,
  KeyboardSensor,
  MouseSensor,
  TouchSensor,
  useSensor,
  useSensors,
  type DragEndEvent,
  type DragStartEvent,
} from '@dnd-kit/core';
import type { PipelineCard as Card, PipelineColumn as Column, PipelineStatus } from '@baridesk/contracts';
import { Box, HStack, Text, VisuallyHidden } from '@baridesk/ui';
import {
  KEYBOARD_CODES,
  SCREEN_READER_INSTRUCTIONS,
  createAnnouncements,
  columnKeyboardCoordinates,
  columnUnderCard,
  type CardDragData,
  type ColumnDragData,
} from '../utils/board-dnd';
import { placeAfterKey } from '../utils/board-navigation';
import { BoardFocusContext, type BoardFocus } from './board-focus';
import { CARD_HEIGHT, CardFace, type CardActions } from './pipeline-card';
import { PipelineColumn } from './pipeline-column';

type PipelineColumnsProps = CardActions & {
  columns: readonly Column[];
  statuses: readonly PipelineStatus[];
  /** The status whose next page is being fetched. */
  loadingMoreOf: number | undefined;
  onShowMore: (column: Column) => void;
};

/** A mouse drag starts after this many pixels, so a click on a card's name or menu is a click. */
const MOUSE_ACTIVATION_DISTANCE = 6;
/** A finger drags after a press held this long; a swipe before it scrolls the board. */
const TOUCH_ACTIVATION = { delay: 250, tolerance: 8 };
/** How long a moved card waits to be drawn in its new column before the focus gives up following it. */
const FOLLOW_MOVED_CARD_MS = 5000;

/** A card to focus once drawn anew (not `from`), until `until`; `moved` once it was. */
type FocusRequest = { cardId: number; from: HTMLElement | undefined; until: number; moved?: true };

/**
 * The board: the columns side by side in one row that scrolls sideways as a whole, each column scrolling
 * its cards within the board's height. A card dropped on another column moves the patient there.
 *
 * Keyboard: each column's cards are a one-column grid (role="grid", a row and a cell per card), and the
 * whole board has a single Tab stop, the card last focused (roving tabindex); the arrow keys go between
 * cards and columns (see board-navigation). After a move, by keyboard drop, mouse or "Move to", the focus
 * follows the card into its new column. dnd-kit's one polite live region says what a drag did.
 */
export function PipelineColumns({ columns, statuses, loadingMoreOf, onShowMore, onMove, onHistory }: PipelineColumnsProps) {
  const sensors = useSensors(
    useSensor(MouseSensor, { activationConstraint: { distance: MOUSE_ACTIVATION_DISTANCE } }),
    useSensor(TouchSensor, { activationConstraint: TOUCH_ACTIVATION }),
    useSensor(KeyboardSensor, { coordinateGetter: columnKeyboardCoordinates, keyboardCodes: KEYBOARD_CODES }),
  );
  const announcements = useMemo(createAnnouncements, []);

  const [focusedId, setFocusedId] = useState<number>();
  const [dragged, setDragged] = useState<CardDragData>();
  const [notice, setNotice] = useState('');
  const cells = useRef(new Map<number, HTMLElement>());
  const focusRequest = useRef<FocusRequest | null>(null);

  // The card last focused stays the Tab stop while it is on the board; else the first card is.
  const tabStopId = columns.some((column) => column.cards.some((card) => card.id === focusedId))
    ? focusedId
    : columns.find((column) => column.cards.length > 0)?.cards[0]?.id;

  /**
   * Focuses the card's cell once it is drawn (a card out of view is drawn once it is the Tab stop); with
   * `moved`, only a cell drawn anew, in the column the card moved to, not the one it leaves.
   */
  const focusCard = useCallback((cardId: number, moved: boolean) => {
    const from = cells.current.get(cardId);
    setFocusedId(cardId);
    if (from && !moved) {
      focusRequest.current = null;
      from.focus();
      return;
    }
    focusRequest.current = { cardId, from, until: Date.now() + FOLLOW_MOVED_CARD_MS };
  }, []);

  const registerCell = useCallback((cardId: number, cell: HTMLElement) => {
    cells.current.set(cardId, cell);
    const request = focusRequest.current;
    if (request?.cardId === cardId && request.from !== cell && Date.now() < request.until) {
      // Drawn in its new column: focus it. Should the move be refused, the card comes back to its old
      // column, drawn anew again, and takes back the focus its refused copy took with it.
      const lost = request.moved === undefined || document.activeElement === document.body || document.activeElement === null;
      if (lost) cell.focus();
      focusRequest.current = { ...request, from: cell, moved: true };
    }
    return () => {
      if (cells.current.get(cardId) === cell) cells.current.delete(cardId);
    };
  }, []);

  const onNavigationKey = useCallback(
    (event: KeyboardEvent, card: Card) => {
      const column = columns.findIndex((candidate) => candidate.cards.some((other) => other.id === card.id));
      if (column < 0) return false;
      const row = columns[column]!.cards.findIndex((other) => other.id === card.id);
      const place = placeAfterKey(
        columns.map((candidate) => candidate.cards.length),
        { column, row },
        event.key,
      );
      const target = place && columns[place.column]?.cards[place.row];
      if (!target) return false;
      focusCard(target.id, false);
      return true;
    },
    [columns, focusCard],
  );

  const focus: BoardFocus = useMemo(
    () => ({
      tabStopId,
      draggingId: dragged?.card.id,
      onCardFocus: (card) => setFocusedId(card.id),
      onNavigationKey,
      focusCard: (cardId) => focusCard(cardId, false),
      announce: setNotice,
      registerCell,
    }),
    [tabStopId, dragged, onNavigationKey, focusCard, registerCell],
  );

  const move = useCallback(
    (card: Card, fromStatusId: number, to: PipelineStatus) => {
      focusCard(card.id, true);
      onMove(card, fromStatusId, to);
    },
    [focusCard, onMove],
  );

  const dropped = ({ active, over }: DragEndEvent) => {
    setDragged(undefined);
    const from = active.data.current as CardDragData | undefined;
    const to = (over?.data.current as ColumnDragData | undefined)?.status;
    if (from && to && to.id !== from.statusId) move(from.card, from.statusId, to);
  };

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={columnUnderCard}
      accessibility={{ announcements, screenReaderInstructions: SCREEN_READER_INSTRUCTIONS }}
      onDragStart={({ active }: DragStartEvent) => setDragged(active.data.current as CardDragData | undefined)}
      onDragEnd={dropped}
      onDragCancel={() => setDragged(undefined)}
    >
      <BoardFocusContext.Provider value={focus}>
        <Box
          role="region"
          aria-label="Pipeline columns"
          overflowX="auto"
          pb="2"
          // The board and its columns within one screen below the page's header, tabs and search.
          height={{ base: '75dvh', md: 'calc(100dvh - 17rem)' }}
          minH="24rem"
          scrollSnapType={{ base: 'x mandatory', sm: 'none' }}
        >
          <HStack align="stretch" gap="3" minW="full" height="full">
            {columns.map((column) => (
              <PipelineColumn
                key={column.status.id}
                column={column}
                statuses={statuses}
                loadingMore={loadingMoreOf === column.status.id}
                onShowMore={onShowMore}
                onMove={move}
                onHistory={onHistory}
              />
            ))}
          </HStack>
        </Box>
      </BoardFocusContext.Provider>
      {/* One status for the board, outside its columns: what "Show more" added. */}
      <VisuallyHidden role="status">{notice}</VisuallyHidden>
      {/* What follows the pointer or the keys: a picture of the card, outside the columns that would clip it. */}
      <DragOverlay dropAnimation={null}>
        {dragged ? (
          <Box aria-hidden height={`${CARD_HEIGHT}px`} shadow="lg" borderRadius="md" cursor="grabbing">
            <CardFace card={dragged.card}>
              <Text fontWeight="semibold" textStyle="sm" truncate>
                {dragged.card.name}
              </Text>
            </CardFace>
          </Box>
        ) : null}
      </DragOverlay>
    </DndContext>
  );
}
