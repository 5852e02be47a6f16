import { memo, useCallback, useRef, useState, type FocusEvent, type KeyboardEvent, type KeyboardEventHandler } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { useDraggable } from '@dnd-kit/core';
import type { PipelineCard as Card, PipelineStatus } from '@baridesk/contracts';
import { formatAmount, formatDate } from '@baridesk/domain';
import { selectMayOpenArea, useAppStore } from '@baridesk/store';
import { Box, chakra, HStack, IconButton, Link, Stack, Text } from '@baridesk/ui';
import { Menu, Portal } from '@baridesk/ui/overlays';
import type { CardDragData } from '../utils/board-dnd';
import { useBoardFocus } from './board-focus';

export type CardActions = {
  /** Moves the patient from the status the board shows them in to `to`. */
  onMove: (card: Card, fromStatusId: number, to: PipelineStatus) => void;
  /** Opens the card's history; `opener` (its actions button) takes the focus back when it closes. */
  onHistory: (card: Card, opener: HTMLElement | null) => void;
};

/** Every card has the same height, so a column knows where each card stands without measuring it. */
export const CARD_HEIGHT = 84;

const daysText = (days: number) => (days === 1 ? '1 day in status' : `${formatAmount(days)} days in status`);
const checklistText = (card: Card) => (card.checklist_deactivated === 1 ? 'Checklist off' : `Checklist ${card.checklist_percent}%`);
/** The checklist beside the days, short to fit: the bar under the card says it is the checklist. */
const checklistShort = (card: Card) => (card.checklist_deactivated === 1 ? 'Checklist off' : `${card.checklist_percent}% done`);
const surgeryText = (card: Card) => (card.surgery_date ? `Surgery ${formatDate(card.surgery_date)}` : 'No surgery date');

/**
 * What the card says, for its cell's name: the screen reader hears it all on reaching the card. The
 * words are those shown, in their order (WCAG 2.5.3, label in name: a voice user says what they see).
 */
const cardSummary = (card: Card) => `${card.name}, ${daysText(card.days_in_status)}, ${checklistShort(card)}, ${surgeryText(card)}`;

type PipelineCardProps = CardActions & {
  card: Card;
  /** The status of the column the card stands in. */
  statusId: number;
  /** The stage's statuses, the choices of "Move to" (less the card's own). */
  statuses: readonly PipelineStatus[];
  /** Its row in the column (1-based, for aria-rowindex). */
  rowIndex: number;
  /** Where the column's list places it, in pixels from the list's top. */
  top: number;
};

/**
 * One patient on the board: a row of its column's grid, with one cell that is the card. The cell is the
 * card's only Tab stop (and only while it is the board's Tab stop); Enter goes into it, to the name's
 * link and the actions menu, Escape comes back. The name links to the record only for those who may open
 * records (the patients area of domain MENU_AREAS); for the others it is text, and Enter reaches the menu.
 * A mouse drags the whole card (after a few pixels, so a click on the name still opens the patient), a
 * finger after a press held a moment, the keyboard with Space; the actions menu's "Move to" does the same.
 */
export function PipelineCard({ card, statusId, rowIndex, top, ...rest }: PipelineCardProps) {
  const board = useBoardFocus();
  const data: CardDragData = { card, statusId };
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, isDragging } = useDraggable({ id: card.id, data });
  const { onKeyDown: dragKeyDown, ...pointerListeners } = listeners ?? {};
  const [entered, setEntered] = useState(false);
  const mayOpenRecords = useAppStore(selectMayOpenArea('patients'));
  const { registerCell } = board;

  const cellRef = useCallback(
    (cell: HTMLDivElement | null) => {
      setNodeRef(cell);
      setActivatorNodeRef(cell);
      return cell ? registerCell(card.id, cell) : undefined;
    },
    [setNodeRef, setActivatorNodeRef, registerCell, card.id],
  );

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const cell = event.currentTarget;
    // Keys typed in the open menu reach here through its portal: they are the menu's.
    if (!cell.contains(event.target as Node)) return;
    if (event.target !== cell) {
      if (event.key === 'Escape') {
        event.preventDefault();
        setEntered(false);
        cell.focus();
      }
      return;
    }
    (dragKeyDown as KeyboardEventHandler | undefined)?.(event);
    if (event.defaultPrevented || board.draggingId !== undefined) return;
    if (event.key === 'Enter' || event.key === 'F2') {
      event.preventDefault();
      setEntered(true);
      // The name's link, or the menu when the name is text.
      cell.querySelector<HTMLElement>('a[href], button')?.focus();
      return;
    }
    if (board.onNavigationKey(event, card)) event.preventDefault();
  };

  // Leaving the card (not only for its own link or menu) folds its inner Tab stops away again.
  const onBlur = (event: FocusEvent<HTMLDivElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setEntered(false);
  };

  const innerTabIndex = entered ? 0 : -1;
  return (
    <Box role="row" aria-rowindex={rowIndex} position="absolute" top="0" left="0" width="full" style={{ transform: `translateY(${top}px)` }}>
      <chakra.div
        ref={cellRef}
        role="gridcell"
        data-pipeline-card=""
        aria-label={cardSummary(card)}
        aria-describedby={attributes['aria-describedby']}
        tabIndex={board.tabStopId === card.id ? 0 : -1}
        onFocus={(event) => {
          if (event.target === event.currentTarget) board.onCardFocus(card);
          // Focus given back to the name or the menu (a closed dialog, a click): their Tab stops are open.
          else setEntered(true);
        }}
        onBlur={onBlur}
        onKeyDown={onKeyDown}
        {...pointerListeners}
        height={`${CARD_HEIGHT}px`}
        borderRadius="md"
        opacity={isDragging ? 0.4 : undefined}
        cursor="grab"
        outline="none"
        _focusVisible={{ outline: '2px solid', outlineColor: 'colorPalette.focusRing', outlineOffset: '1px' }}
      >
        <CardFace card={card}>
          {mayOpenRecords ? (
            <Link asChild display="block" fontWeight="semibold" textStyle="sm" truncate minW="0">
              {/* Not natively draggable: the browser's own link drag would stop the card's. */}
              <RouterLink to={`/patient-detail/${card.id}`} draggable={false} tabIndex={innerTabIndex} title={card.name}>
                {card.name}
              </RouterLink>
            </Link>
          ) : (
            <Text fontWeight="semibold" textStyle="sm" truncate minW="0" title={card.name}>
              {card.name}
            </Text>
          )}{' '}
          <CardMenu card={card} statusId={statusId} tabIndex={innerTabIndex} mayOpenRecords={mayOpenRecords} {...rest} />
        </CardFace>
      </chakra.div>
    </Box>
  );
}

/**
 * The card as it looks, in three lines: the name (and its menu), days in the status and the checklist's
 * progress, the surgery date; under them, the checklist's progress as a bar, drawn only (its figure is
 * in the text above).
 */
export function CardFace({ card, children }: { card: Card; children: React.ReactNode }) {
  const off = card.checklist_deactivated === 1;
  return (
    <Stack
      gap="0.5"
      height="full"
      position="relative"
      overflow="hidden"
      // Narrow sides and gap: "415 days in status" and "100% done" share one line of a 13rem column (the
      // board's width from 1024 to 1440 px).
      px="1.5"
      pt="1.5"
      pb="2"
      bg="bg"
      borderWidth="1px"
      borderRadius="md"
      shadow="xs"
      textStyle="xs"
      color="fg.muted"
    >
      {/* The spaces between the lines and parts: text read off the page (axe's label-in-name check,
          a voice user's speech) is not run together ("status25% doneNo surgery"). */}
      <HStack gap="1" justify="space-between" color="fg" minH="6">
        {children}
      </HStack>{' '}
      <HStack gap="1" justify="space-between">
        <Text truncate>{daysText(card.days_in_status)}</Text>{' '}
        <Text flex="none" title={checklistText(card)}>
          {checklistShort(card)}
        </Text>
      </HStack>{' '}
      <Text truncate color={card.surgery_date ? 'fg' : undefined}>
        {surgeryText(card)}
      </Text>
      {off ? null : (
        <Box aria-hidden position="absolute" left="0" right="0" bottom="0" height="1" bg="bg.emphasized">
          <Box height="full" bg="brand.solid" style={{ width: `${card.checklist_percent}%` }} />
        </Box>
      )}
    </Stack>
  );
}

type CardMenuProps = CardActions & {
  card: Card;
  statusId: number;
  statuses: readonly PipelineStatus[];
  tabIndex: number;
  /** "Open record" is offered only to those who may open it. */
  mayOpenRecords: boolean;
};

/**
 * The card's actions: open the record (for those who may), its history, move it to another status. Kept apart and memoised:
 * every card renders again while any card moves, its menu need not.
 */
const CardMenu = memo(function CardMenu({ card, statusId, statuses, onMove, onHistory, tabIndex, mayOpenRecords }: CardMenuProps) {
  const triggerRef = useRef<HTMLButtonElement>(null);
  const others = statuses.filter((status) => status.id !== statusId);
  return (
    <Menu.Root lazyMount unmountOnExit positioning={{ placement: 'bottom-end' }}>
      <Menu.Trigger asChild>
        <IconButton
          ref={triggerRef}
          size="2xs"
          variant="ghost"
          colorPalette="gray"
          flex="none"
          tabIndex={tabIndex}
          aria-label={`Actions for ${card.name}`}
        >
          {/* Drawn, not a character: a "⋯" would be a word of the card's visible text that its name lacks. */}
          <svg aria-hidden focusable="false" viewBox="0 0 24 24" width="16" height="16" fill="currentColor">
            <circle cx="5" cy="12" r="1.75" />
            <circle cx="12" cy="12" r="1.75" />
            <circle cx="19" cy="12" r="1.75" />
          </svg>
        </IconButton>
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content minW="48">
            {mayOpenRecords ? (
              <Menu.Item value="open" asChild>
                <RouterLink to={`/patient-detail/${card.id}`}>Open record</RouterLink>
              </Menu.Item>
            ) : null}
            {/* The item's own click: the root's onSelect was seen to fire only for a menu's first choice. */}
            <Menu.Item value="history" onClick={() => onHistory(card, triggerRef.current)}>
              History
            </Menu.Item>
            {others.length > 0 ? (
              <>
                <Menu.Separator />
                <Menu.ItemGroup>
                  <Menu.ItemGroupLabel>Move to</Menu.ItemGroupLabel>
                  {others.map((status) => (
                    <Menu.Item key={status.id} value={`move-${status.id}`} onClick={() => onMove(card, statusId, status)}>
                      {status.name}
                    </Menu.Item>
                  ))}
                </Menu.ItemGroup>
              </>
            ) : null}
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
});
