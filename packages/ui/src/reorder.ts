/** `items` in the order of `ids` (an item whose id is missing from `ids` keeps its place after them). */
export function inOrder<T extends { id: number }>(items: readonly T[], ids: readonly number[]): T[] {
  const rank = new Map(ids.map((id, index) => [id, index]));
  return [...items].sort((a, b) => (rank.get(a.id) ?? ids.length) - (rank.get(b.id) ?? ids.length));
}

/** The ids of `items` with the one at `from` moved to `to`. */
export function movedIds(items: readonly { id: number }[], from: number, to: number): number[] {
  const ids = items.map((item) => item.id);
  const [moved] = ids.splice(from, 1);
  if (moved !== undefined) ids.splice(to, 0, moved);
  return ids;
}

