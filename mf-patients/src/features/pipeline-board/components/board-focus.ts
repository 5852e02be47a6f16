import { createContext, useContext, type KeyboardEvent } from 'react';
import type { PipelineCard } from '@baridesk/contracts';

/**
 * What a card asks of the board it stands on: whether it is the board's one Tab stop, where the arrow
 * keys go from it, and where its cell is (to move the focus to it, and back to it after a move).
 */
export type BoardFocus = {
  /** The card whose cell has tabIndex 0; every other cell has -1. */
  tabStopId: number | undefined;
  /** The card the user is moving (kept rendered while its column scrolls). */
  draggingId: number | undefined;
  /** A card's cell took the focus: it becomes the Tab stop. */
  onCardFocus: (card: PipelineCard) => void;
  /** An arrow, Home or End key on a card's cell: focus the card that way (true when it was one). */
  onNavigationKey: (event: KeyboardEvent, card: PipelineCard) => boolean;
  /** Focuses a card's cell, drawing it first if it is out of view. */
  focusCard: (cardId: number) => void;
  /** Says `text` in the board's polite status region (the cards "Show more" brought). */
  announce: (text: string) => void;
  /** A card's cell mounted; the answer unregisters it. */
  registerCell: (cardId: number, cell: HTMLElement) => () => void;
};

export const BoardFocusContext = createContext<BoardFocus | null>(null);

export function useBoardFocus(): BoardFocus {
  const focus = useContext(BoardFocusContext);
  if (!focus) throw new Error('A pipeline card stands inside PipelineColumns.');
  return focus;
}
