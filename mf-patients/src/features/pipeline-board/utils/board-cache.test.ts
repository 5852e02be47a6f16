import { boardOf, createPipelineCard, createPipelineColumn, createPipelineStatus } from '../../../test/pipeline-factories';
import { mergeColumnPage, moveCard, placeCard } from './board-cache';

const a = createPipelineStatus({ id: 1, name: 'A' });
const b = createPipelineStatus({ id: 2, name: 'B' });
const ann = createPipelineCard({ id: 10, name: 'Ann', days_in_status: 9 });
const bob = createPipelineCard({ id: 11, name: 'Bob', days_in_status: 4 });
const cy = createPipelineCard({ id: 12, name: 'Cy', days_in_status: 2 });
const board = () => boardOf([createPipelineColumn(a, [ann, bob], { total: 3 }), createPipelineColumn(b, [cy])]);
const names = (value: ReturnType<typeof board>, index: number) => value.data.columns[index]!.cards.map((card) => card.name);

test('a next page goes under the cards shown, without repeating one a move shifted onto it', () => {
  const dee = createPipelineCard({ id: 13, name: 'Dee' });
  const merged = mergeColumnPage(board(), boardOf([createPipelineColumn(a, [bob, dee], { total: 3, page: 2, average_days: 5 })]));
  expect(names(merged, 0)).toEqual(['Ann', 'Bob', 'Dee']);
  expect(merged.data.columns[0]).toMatchObject({ page: 2, total: 3, average_days: 5 });
  expect(names(merged, 1)).toEqual(['Cy']);
});

test('a moved card leaves its column and goes last in the target, at 0 days; counts follow', () => {
  const now = new Date('2026-05-01T12:00:00Z');
  const moved = moveCard(board(), 10, 1, 2, now);
  expect(names(moved, 0)).toEqual(['Bob']);
  expect(names(moved, 1)).toEqual(['Cy', 'Ann']);
  expect(moved.data.columns.map((column) => column.total)).toEqual([2, 2]);
  expect(moved.data.columns[1]!.cards[1]).toMatchObject({ pipeline_status_id: 2, days_in_status: 0, status_since: now.toISOString() });
});

test('a move the board cannot show (unknown card, column or the same one) changes nothing', () => {
  const before = board();
  expect(moveCard(before, 99, 1, 2, new Date())).toBe(before);
  expect(moveCard(before, 10, 2, 1, new Date())).toBe(before);
  expect(moveCard(before, 10, 1, 1, new Date())).toBe(before);
  expect(moveCard(before, 10, 1, 7, new Date())).toBe(before);
});

test('the server’s copy of a card replaces the one shown', () => {
  const placed = placeCard(board(), { ...bob, days_in_status: 0, checklist_percent: 100 });
  expect(placed.data.columns[0]!.cards[1]).toMatchObject({ id: 11, days_in_status: 0, checklist_percent: 100 });
});
