import {
  APP_STORE_REDIRECT_MS,
  CHUNK_LOAD_TIMEOUT_MS,
  DEFAULT_DYNAMIC_SECTION_STATUS,
  DEFAULT_MAX_INPUT_LENGTH,
  DEFAULT_NOTIFICATION_STATUS,
  DEFAULT_PAGE_SIZE,
  DEFAULT_RECIPE_STATUS,
  DEFAULT_SUPER_ADMIN_STATUS,
  DEFAULT_TROPHY_CARD,
  defaultEventReminder,
  MENU_TRANSITION_MS,
  MODAL_ANIMATION_MS,
  NOTIFICATION_TIMEOUT_MS,
  PAGE_NUMBERS_AROUND_CURRENT,
  PAGE_SIZE_OPTIONS,
  PAGE_TRANSITION_MS,
  pageCount,
  pageLabel,
  pageWindow,
  PASSWORD_MIN_LENGTH,
  RECIPE_DRAFT_USER_ID,
  RESIZE_DEBOUNCE_MS,
  RICH_TEXT_HEIGHTS,
  SESSION_TICK_MS,
  SESSION_TIMEOUT_MINUTES,
  SESSION_WARNING_MINUTES,
  SESSION_WARNING_TIMER_MINUTES,
  SIDEBAR_BREAKPOINT_PX,
} from './constants';

describe('constants', () => {
  it('fixes the session timings', () => {
    expect(SESSION_TIMEOUT_MINUTES).toBe(90);
    expect(SESSION_WARNING_MINUTES).toBe(85);
    expect(SESSION_WARNING_TIMER_MINUTES).toBe(5);
    expect(SESSION_TICK_MS).toBe(60000);
    expect(SESSION_WARNING_MINUTES + SESSION_WARNING_TIMER_MINUTES).toBe(SESSION_TIMEOUT_MINUTES);
  });

  it('fixes the interface timings and sizes', () => {
    expect(NOTIFICATION_TIMEOUT_MS).toBe(5000);
    expect(PAGE_TRANSITION_MS).toBe(200);
    expect(MENU_TRANSITION_MS).toBe(250);
    expect(MODAL_ANIMATION_MS).toBe(500);
    expect(RESIZE_DEBOUNCE_MS).toBe(20);
    expect(SIDEBAR_BREAKPOINT_PX).toBe(1200);
    expect(RICH_TEXT_HEIGHTS).toEqual({ large: 450, small: 250 });
    expect(CHUNK_LOAD_TIMEOUT_MS).toBe(120000);
    expect(APP_STORE_REDIRECT_MS).toBe(10000);
  });

  it('fixes paging and form limits', () => {
    expect(PAGE_SIZE_OPTIONS).toEqual([5, 10, 15, 20, 50, 100, 'All']);
    expect(DEFAULT_PAGE_SIZE).toBe(10);
    expect(PAGE_SIZE_OPTIONS).toContain(DEFAULT_PAGE_SIZE);
    expect(PAGE_NUMBERS_AROUND_CURRENT).toBe(3);
    expect(DEFAULT_MAX_INPUT_LENGTH).toBe(254);
    expect(PASSWORD_MIN_LENGTH).toBe(8);
  });

  it('fixes record defaults', () => {
    expect(DEFAULT_DYNAMIC_SECTION_STATUS).toBe(1);
    expect(DEFAULT_SUPER_ADMIN_STATUS).toBe(1);
    expect(DEFAULT_NOTIFICATION_STATUS).toBe(1);
    expect(DEFAULT_RECIPE_STATUS).toBe(0);
    expect(RECIPE_DRAFT_USER_ID).toBe(48);
    expect(DEFAULT_TROPHY_CARD).toEqual({
      rule_type: 'food_log',
      days: 1,
      days_condition: 'in_row',
      surgery_day_type: 'day',
    });
  });
});

describe('defaultEventReminder', () => {
  it('names the event', () => {
    expect(defaultEventReminder('Monthly Support Group')).toBe('We are starting Monthly Support Group in 5 minutes.');
    expect(defaultEventReminder('  Yoga  ')).toBe('We are starting Yoga in 5 minutes.');
  });

  it('keeps the sentence for an empty name', () => {
    expect(defaultEventReminder('')).toBe('We are starting  in 5 minutes.');
  });
});

describe('pageCount', () => {
  it('divides and rounds up', () => {
    expect(pageCount(100, 10)).toBe(10);
    expect(pageCount(101, 10)).toBe(11);
    expect(pageCount(9, 10)).toBe(1);
    expect(pageCount(1, 5)).toBe(1);
    expect(pageCount(250, 100)).toBe(3);
  });

  it('puts everything on one page for All', () => {
    expect(pageCount(1234, 'All')).toBe(1);
    expect(pageCount(0, 'All')).toBe(0);
  });

  it('gives 0 pages for no items', () => {
    expect(pageCount(0, 10)).toBe(0);
    expect(pageCount(-5, 10)).toBe(0);
    expect(pageCount(NaN, 10)).toBe(0);
    expect(pageCount(0.5, 10)).toBe(0);
  });

  it('gives 0 pages for an unusable page size', () => {
    expect(pageCount(10, 0)).toBe(0);
    expect(pageCount(10, -10)).toBe(0);
    expect(pageCount(10, NaN)).toBe(0);
    expect(pageCount(10, Infinity)).toBe(0);
  });
});

describe('pageWindow', () => {
  it('centres three pages on the current page', () => {
    expect(pageWindow(5, 10)).toEqual([4, 5, 6]);
    expect(pageWindow(2, 10)).toEqual([1, 2, 3]);
    expect(pageWindow(9, 10)).toEqual([8, 9, 10]);
  });

  it('shifts the window at the ends', () => {
    expect(pageWindow(1, 10)).toEqual([1, 2, 3]);
    expect(pageWindow(10, 10)).toEqual([8, 9, 10]);
  });

  it('shows fewer pages when there are fewer', () => {
    expect(pageWindow(1, 2)).toEqual([1, 2]);
    expect(pageWindow(2, 2)).toEqual([1, 2]);
    expect(pageWindow(1, 1)).toEqual([1]);
    expect(pageWindow(2, 3)).toEqual([1, 2, 3]);
  });

  it('clamps a current page outside the range', () => {
    expect(pageWindow(0, 10)).toEqual([1, 2, 3]);
    expect(pageWindow(-4, 10)).toEqual([1, 2, 3]);
    expect(pageWindow(50, 10)).toEqual([8, 9, 10]);
    expect(pageWindow(NaN, 10)).toEqual([1, 2, 3]);
    expect(pageWindow(Infinity, 10)).toEqual([8, 9, 10]);
  });

  it('returns nothing without pages', () => {
    expect(pageWindow(1, 0)).toEqual([]);
    expect(pageWindow(1, -3)).toEqual([]);
    expect(pageWindow(1, NaN)).toEqual([]);
  });

  it('takes another count', () => {
    expect(pageWindow(5, 10, 5)).toEqual([3, 4, 5, 6, 7]);
    expect(pageWindow(5, 10, 4)).toEqual([4, 5, 6, 7]);
    expect(pageWindow(5, 10, 1)).toEqual([5]);
    expect(pageWindow(5, 10, 0)).toEqual([]);
    expect(pageWindow(2, 4, 10)).toEqual([1, 2, 3, 4]);
  });
});

describe('pageLabel', () => {
  it('reads "Page X of Y"', () => {
    expect(pageLabel(2, 7)).toBe('Page 2 of 7');
  });
});
