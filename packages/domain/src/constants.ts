/** Fixed numbers and texts of the product (timings, paging, defaults), and the paging helpers. */
import { SUPER_ADMIN_ID } from './users';

// Inactivity session
/** Minutes of inactivity after which the user is logged out. */
export const SESSION_TIMEOUT_MINUTES = 90;
/** Minutes of inactivity at which the "you'll be logged out" warning appears. */
export const SESSION_WARNING_MINUTES = 85;
/** Minutes the warning stays up before dismissing itself. */
export const SESSION_WARNING_TIMER_MINUTES = 5;
/** How often the inactivity counter goes up (one minute). */
export const SESSION_TICK_MS = 60_000;
/**
 * The request header (value "1") of a call the page makes on its own, such as a count refreshed every
 * minute: it is not the user's activity, so it keeps neither the server's session nor the idle counter
 * alive (otherwise an open tab would never be logged out).
 */
export const BACKGROUND_REQUEST_HEADER = 'x-background-request';

// Interface timings and sizes
export const NOTIFICATION_TIMEOUT_MS = 5000;
export const PAGE_TRANSITION_MS = 200;
export const MENU_TRANSITION_MS = 250;
export const MODAL_ANIMATION_MS = 500;
export const RESIZE_DEBOUNCE_MS = 20;
/** Viewport width (px) at which the sidebar layout changes. */
export const SIDEBAR_BREAKPOINT_PX = 1200;
export const RICH_TEXT_HEIGHTS = { large: 450, small: 250 } as const;
/** The URL protocols a rich-text link may have (the editor's link prompt and the server's sanitiser). */
export const RICH_TEXT_LINK_PROTOCOLS: ReadonlySet<string> = new Set(['http:', 'https:', 'mailto:']);
/**
 * The elements stored rich text may hold (what the editor writes: TipTap's starter kit, images, tables):
 * the server's sanitiser keeps these only, and the patient preview draws these only.
 */
export const RICH_TEXT_TAGS: readonly string[] = [
  'p', 'br', 'hr', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6',
  'strong', 'b', 'em', 'i', 'u', 's', 'strike', 'sub', 'sup', 'code', 'pre', 'blockquote',
  'ul', 'ol', 'li', 'a', 'img',
  'table', 'caption', 'colgroup', 'col', 'thead', 'tbody', 'tfoot', 'tr', 'th', 'td',
];
/** Elements removed from rich text with their text (anything else not allowed keeps its text). */
export const RICH_TEXT_TEXTLESS_TAGS: readonly string[] = [
  'script', 'style', 'textarea', 'option', 'noscript', 'title', 'iframe', 'noembed', 'noframes', 'xmp', 'template',
];
/** How long to wait for a lazily loaded code chunk. */
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;
/** Delay before a patient who set their password is sent to the app store. */
export const APP_STORE_REDIRECT_MS = 10_000;

// Paging
export const PAGE_SIZE_OPTIONS = [5, 10, 15, 20, 50, 100, 'All'] as const;
export type PageSizeOption = (typeof PAGE_SIZE_OPTIONS)[number];
export const DEFAULT_PAGE_SIZE = 10;
/** How many page numbers the pager shows around the current page. */
export const PAGE_NUMBERS_AROUND_CURRENT = 3;

// Forms
export const DEFAULT_MAX_INPUT_LENGTH = 254;
export const PASSWORD_MIN_LENGTH = 8;

// Defaults of new records
/** New dynamic content sections start Active. */
export const DEFAULT_DYNAMIC_SECTION_STATUS = 1;
export const DEFAULT_SUPER_ADMIN_STATUS = 1;
export const DEFAULT_NOTIFICATION_STATUS = 1;
export const DEFAULT_RECIPE_STATUS = 0;
/** user_id given to a new recipe draft: the built-in super admin. */
export const RECIPE_DRAFT_USER_ID = SUPER_ADMIN_ID;
export const DEFAULT_TROPHY_CARD = {
  rule_type: 'food_log',
  days: 1,
  days_condition: 'in_row',
  surgery_day_type: 'day',
} as const;

/** Default reminder sent before an event: "We are starting <name> in 5 minutes." */
export function defaultEventReminder(eventName: string): string {
  return `We are starting ${eventName.trim()} in 5 minutes.`;
}

/**
 * Number of pages for `total` items at `perPage` per page. 'All' puts everything on one page.
 * No items (or a negative or non-finite total) gives 0 pages; so does a per-page size that is
 * not a positive number. Fractions are rounded down for the total and per-page size.
 */
export function pageCount(total: number, perPage: number | 'All'): number {
  const items = Number.isFinite(total) ? Math.floor(total) : 0;
  if (items <= 0) return 0;
  if (perPage === 'All') return 1;
  const size = Number.isFinite(perPage) ? Math.floor(perPage) : 0;
  if (size <= 0) return 0;
  return Math.ceil(items / size);
}

/**
 * The page numbers shown in the pager: `count` consecutive pages with the current one in the
 * middle, shifted to stay within 1..totalPages, and fewer when there are fewer pages.
 * 1 of 10 gives [1, 2, 3]; 5 of 10 gives [4, 5, 6]; 10 of 10 gives [8, 9, 10]; 1 of 2 gives [1, 2].
 * A current page outside 1..totalPages is clamped into it; no pages gives [].
 */
export function pageWindow(
  current: number,
  totalPages: number,
  count: number = PAGE_NUMBERS_AROUND_CURRENT,
): number[] {
  const pages = Number.isFinite(totalPages) ? Math.floor(totalPages) : 0;
  const size = Number.isFinite(count) ? Math.min(Math.floor(count), pages) : 0;
  if (pages <= 0 || size <= 0) return [];
  const page = Number.isNaN(current) ? 1 : Math.min(Math.max(Math.floor(current), 1), pages);
  const first = Math.min(Math.max(page - Math.floor((size - 1) / 2), 1), pages - size + 1);
  return Array.from({ length: size }, (_, index) => first + index);
}

/** Pager caption: "Page X of Y". */
export function pageLabel(current: number, totalPages: number): string {
  return `Page ${current} of ${totalPages}`;
}
