/**
 * The board as react-query keeps it, changed in place of a fetch: a column's next page added, a card
 * moved by hand before the server answers, then replaced by the server's copy.
 */
import type { PipelineBoardResponse, PipelineCard, PipelineColumn } from '@baridesk/contracts';

type Board = PipelineBoardResponse;

const withColumns = (board: Board, columns: PipelineColumn[]): Board => ({ ...board, data: { ...board.data, columns } });

/**
 * Adds the columns of `answer` (a page of one column) to `board`: their cards under those shown
 * (a card already shown is not repeated: moves shift the pages), their count and average as now.
 */
export function mergeColumnPage(board: Board, answer: Board): Board {
  const columns = board.data.columns.map((column) => {
    const next = answer.data.columns.find((candidate) => candidate.status.id === column.status.id);
    if (!next) return column;
    const shown = new Set(column.cards.map((card) => card.id));
    return {
      ...column,
      total: next.total,
      average_days: next.average_days,
      page: Math.max(column.page, next.page),
      cards: [...column.cards, ...next.cards.filter((card) => !shown.has(card.id))],
    };
  });
  return withColumns(board, columns);
}

/**
 * The board after moving patient `patientId` from the column of `fromId` to that of `toId`: the card
 * goes last among the target's cards shown (0 days in the status: the cards run longest first).
 */
export function moveCard(board: Board, patientId: number, fromId: number | null, toId: number, now: Date): Board {
  const source = board.data.columns.find((column) => column.status.id === fromId && column.cards.some((card) => card.id === patientId));
  const card = source?.cards.find((candidate) => candidate.id === patientId);
  if (!source || !card || fromId === toId || !board.data.columns.some((column) => column.status.id === toId)) return board;
  const moved: PipelineCard = { ...card, pipeline_status_id: toId, status_since: now.toISOString(), days_in_status: 0 };
  const columns = board.data.columns.map((column) => {
    if (column === source) {
      return { ...column, total: Math.max(column.total - 1, 0), cards: column.cards.filter((other) => other.id !== patientId) };
    }
    if (column.status.id === toId) return { ...column, total: column.total + 1, cards: [...column.cards, moved] };
    return column;
  });
  return withColumns(board, columns);
}

/** The board with the server's copy of a card in place of the one shown. */
export function placeCard(board: Board, card: PipelineCard): Board {
  const columns = board.data.columns.map((column) =>
    column.cards.some((other) => other.id === card.id)
      ? { ...column, cards: column.cards.map((other) => (other.id === card.id ? card : other)) }
      : column,
  );
  return withColumns(board, columns);
}
