import type { ContentListItem } from '@baridesk/contracts';

let nextId = 1;

/** A content item as the API answers it (every column of a list type; the test gives what it needs). */
export function createContentItem(overrides: Partial<ContentListItem> = {}): ContentListItem {
  const id = overrides.id ?? nextId++;
  return {
    id,
    title: `Item ${id}`,
    subtitle: null,
    body: null,
    image: null,
    link: null,
    video_url: null,
    duration_minutes: null,
    phone: null,
    email: null,
    address: null,
    status: 1,
    order_index: id,
    created_at: '2026-11-20T15:00:00.000Z',
    updated_at: '2026-11-21T15:00:00.000Z',
    ...overrides,
  };
}

/** A category or sub-category as the API answers it. */
export function createContentCategory(overrides: Partial<{ id: number; name: string; menu: string; image: string | null; status: 0 | 1; order_index: number; category_id: number; category_name: string }> = {}) {
  const id = overrides.id ?? nextId++;
  return {
    id,
    name: `Category ${id}`,
    image: null,
    status: 1 as 0 | 1,
    order_index: id,
    created_at: '2026-11-20T15:00:00.000Z',
    updated_at: '2026-11-21T15:00:00.000Z',
    ...overrides,
  };
}
