/**
 * Roving focus on the board: one card is the board's Tab stop, and the arrow keys go from card to card.
 * Up and Down stay in the status; Left and Right go to the next status that has patients, to the card
 * in the same row or that status's last one; Home and End go to the first and last card of the status.
 */

/** A card's place: the index of its column, and its row in that column. */
export type CardPlace = { column: number; row: number };

/**
 * Where `key` goes from `from`, given how many cards each column has; undefined when the key is not a
 * navigation key or there is nowhere to go that way.
 */
export function placeAfterKey(cardCounts: readonly number[], from: CardPlace, key: string): CardPlace | undefined {
  const count = cardCounts[from.column] ?? 0;
  switch (key) {
    case 'ArrowUp':
      return from.row > 0 ? { ...from, row: from.row - 1 } : undefined;
    case 'ArrowDown':
      return from.row < count - 1 ? { ...from, row: from.row + 1 } : undefined;
    case 'Home':
      return count > 0 ? { ...from, row: 0 } : undefined;
    case 'End':
      return count > 0 ? { ...from, row: count - 1 } : undefined;
    case 'ArrowLeft':
    case 'ArrowRight': {
      const step = key === 'ArrowLeft' ? -1 : 1;
      for (let column = from.column + step; column >= 0 && column < cardCounts.length; column += step) {
        const cards = cardCounts[column] ?? 0;
        if (cards > 0) return { column, row: Math.min(from.row, cards - 1) };
      }
      return undefined;
    }
    default:
      return undefined;
  }
}
