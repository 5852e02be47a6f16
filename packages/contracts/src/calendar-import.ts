/**
 * Calendar import and export (beyond the spec). Staff upload an .ics file; a job turns its events into
 * the program's calendar (series kept as series where the product's rule subset can say them) while the
 * screen polls its progress. Each program also has a private iCalendar feed URL that Google Calendar or
 * Outlook can subscribe to. Routes under the scheduler service (/scheduler/api/event-calendar), the feed
 * itself public under /api/calendar-feed/{token}.ics.
 */
import * as v from 'valibot';
import { envelope } from './common';
import { requiredId } from './rules';
import { fileTooLarge } from './uploads';

/** Largest .ics file taken: 5 MB. */
export const CALENDAR_IMPORT_MAX_BYTES = 5 * 1024 * 1024;
/** The file's extension, as the chooser filters it (the server reads the content). */
export const CALENDAR_IMPORT_EXTENSION = '.ics';

export const CALENDAR_IMPORT_STATUSES = ['queued', 'processing', 'completed', 'failed', 'cancelled'] as const;
export type CalendarImportStatus = (typeof CALENDAR_IMPORT_STATUSES)[number];
/** An import still under way: the screen keeps polling it and may cancel it. */
export const isImportRunning = (status: CalendarImportStatus): boolean => status === 'queued' || status === 'processing';

/** Not in the spec: the notices of the import and the feed. */
export const CALENDAR_IMPORT_MESSAGES = {
  queued: 'Your calendar file is being imported.',
  fileRequired: 'Please choose an .ics file.',
  notIcs: 'Please choose an .ics file (iCalendar).',
  tooLarge: fileTooLarge('file', CALENDAR_IMPORT_MAX_BYTES),
  notFound: 'Import not found.',
  cancelled: 'Import cancelled.',
  acknowledged: 'Import dismissed.',
  alreadyFinished: 'This import has already finished.',
  stillRunning: 'This import is still running. Cancel it first.',
  /** 409: a program imports one file at a time (two at once would race on the same events). */
  alreadyRunning: 'An import is already running. Wait for it to finish or cancel it.',
  /** The failure of a file that is not iCalendar at all (the parser's reason follows). */
  unreadable: 'The file could not be read as an iCalendar (.ics) file',
  noEvents: 'The file has no events.',
  feedCreated: 'Your calendar feed address is ready.',
  feedRotated: 'A new calendar feed address was made. The previous address no longer works.',
} as const;

/**
 * An import as the screens show it. `error`: why it failed; for a completed import, one line per event
 * skipped (with the reason) or changed on the way in (a repeat rule the calendar cannot keep, imported
 * as separate dates); else null.
 */
export const calendarImportSchema = v.object({
  id: v.number(),
  file_name: v.string(),
  status: v.picklist(CALENDAR_IMPORT_STATUSES),
  /** Events found in the file (a series counts once, its overrides each once). */
  total: v.number(),
  imported: v.number(),
  skipped: v.number(),
  error: v.nullable(v.string()),
  created_at: v.string(),
  finished_at: v.nullable(v.string()),
  acknowledged_at: v.nullable(v.string()),
});
export type CalendarImport = v.InferOutput<typeof calendarImportSchema>;

export const CALENDAR_IMPORT_URLS = {
  /** POST multipart, field `file` → 202 calendarImportSavedResponse ({ data, message }); 409 while another import runs */
  import: '/scheduler/api/event-calendar/import',
  /** GET → calendarLatestImportResponse: the newest import not yet dismissed, or null */
  latest: '/scheduler/api/event-calendar/imports/latest',
  /** GET → calendarImportResponse */
  one: (id: number) => `/scheduler/api/event-calendar/imports/${id}`,
  /** POST updateImportStatusBody → calendarImportSavedResponse */
  updateStatus: '/scheduler/api/event-calendar/update-import-status',
  /** GET → calendarFeedResponse; POST (no body) creates or rotates → calendarFeedSavedResponse */
  feed: '/scheduler/api/event-calendar/feed',
} as const;

export const calendarImportResponse = envelope(calendarImportSchema);
export const calendarImportSavedResponse = v.object({ data: calendarImportSchema, message: v.string() });
export type CalendarImportSavedResponse = v.InferOutput<typeof calendarImportSavedResponse>;
export const calendarLatestImportResponse = envelope(v.nullable(calendarImportSchema));
export type CalendarLatestImportResponse = v.InferOutput<typeof calendarLatestImportResponse>;

export const CALENDAR_IMPORT_STATUS_UPDATES = ['cancelled', 'acknowledged'] as const;

/** POST update-import-status: cancel an import under way, or dismiss a finished one's result. */
export const updateImportStatusBody = v.object({
  id: requiredId('id'),
  status: v.picklist(CALENDAR_IMPORT_STATUS_UPDATES, 'The status must be cancelled or acknowledged.'),
});
export type UpdateImportStatusBody = v.InferOutput<typeof updateImportStatusBody>;

/** The feed: its full URL (null until one is made). Whoever holds the URL reads the program's active events. */
export const calendarFeedResponse = envelope(v.object({ url: v.nullable(v.string()) }));
export type CalendarFeedResponse = v.InferOutput<typeof calendarFeedResponse>;
export const calendarFeedSavedResponse = v.object({ data: v.object({ url: v.string() }), message: v.string() });
export type CalendarFeedSavedResponse = v.InferOutput<typeof calendarFeedSavedResponse>;

/** The public feed's path: /api/calendar-feed/{token}.ics */
export const calendarFeedPath = (token: string) => `/api/calendar-feed/${token}.ics`;
