/**
 * The staff dashboard: GET /api/dashboard. Every figure is of the caller's program; patient figures
 * count active patients (status 1), and "today" is today in the program's timezone.
 */
import * as v from 'valibot';
import { envelope } from './common';
import { isoDate } from './date-rules';
import { forwardedCheck } from './forwarded-check';
import { patientStageSchema } from './patients';

const count = v.pipe(v.number(), v.integer(), v.minValue(0));

/** The next active events of the program, from today on. */
export const DASHBOARD_UPCOMING_EVENTS = 5;
/** The most recently added patients shown. */
export const DASHBOARD_RECENT_PATIENTS = 5;
/** The window, in days, of the surgery figures. */
export const DASHBOARD_SURGERY_WINDOW_DAYS = 30;

export const dashboardEventSchema = v.object({
  id: v.number(),
  event_title: v.string(),
  /** "yyyy-MM-dd". */
  date: v.string(),
  /** "HH:mm:ss" (the program's local time), or null. */
  time: v.nullable(v.string()),
  location: v.nullable(v.string()),
});
export type DashboardEvent = v.InferOutput<typeof dashboardEventSchema>;

export const dashboardRecentPatientSchema = v.object({
  id: v.number(),
  name: v.string(),
  current_stage: patientStageSchema,
  /** ISO 8601 instant. */
  created_at: v.string(),
});
export type DashboardRecentPatient = v.InferOutput<typeof dashboardRecentPatientSchema>;

export const dashboardSchema = v.object({
  /** Today in the program's timezone ("yyyy-MM-dd"): the surgery figures' windows count from it. */
  today: v.string(),
  patients: v.object({
    /** Active patients. */
    total: count,
    /** Active patients per stage: 1 Pre-Op, 2 Post-Op, 3 Weight-Management. */
    byStage: v.object({ 1: count, 2: count, 3: count }),
    /** Active patients who have never used the app. */
    neverUsedApp: count,
    /** Active patients whose reminders are snoozed. */
    snoozed: count,
  }),
  surgeries: v.object({
    /** Active patients whose surgery date is from today to today + 30 days, both included. */
    upcoming30Days: count,
    /** Active patients whose surgery date is from today − 30 days to yesterday, both included. */
    last30Days: count,
  }),
  events: v.object({ upcoming: v.array(dashboardEventSchema) }),
  recentPatients: v.array(dashboardRecentPatientSchema),
});
export type Dashboard = v.InferOutput<typeof dashboardSchema>;

export const dashboardResponse = envelope(dashboardSchema);

// ---------------------------------------------------------------------------------------------
// GET /api/dashboard/widgets: the figures and series of /charts and /widgets (reports area)
// ---------------------------------------------------------------------------------------------

/** How many calendar months the series cover, this month included. */
export const DASHBOARD_SERIES_MONTHS = 12;
/** "Uses the app": seen in the app within this many days. */
export const DASHBOARD_APP_ACTIVE_DAYS = 30;

const monthlySeries = v.object({
  /** "yyyy-MM", oldest first, this month last. */
  months: v.array(v.string()),
  counts: v.array(count),
});

export const dashboardWidgetsSchema = v.object({
  today: v.string(),
  /** Active patients per stage. */
  byStage: v.object({ 1: count, 2: count, 3: count }),
  /** Patients added per month (created_at in the program's zone). */
  newPatients: monthlySeries,
  surgeries: v.object({
    /** Active patients whose surgery date falls in this calendar month (past and upcoming). */
    thisMonth: count,
    /** Per month, surgery dates of the last months (this month included). */
    perMonth: monthlySeries,
  }),
  appUse: v.object({
    /** Active patients. */
    total: count,
    /** Seen in the app within DASHBOARD_APP_ACTIVE_DAYS days. */
    activeRecently: count,
    /** Used it before, not recently. */
    lapsed: count,
    neverUsed: count,
  }),
  weightLost: v.object({
    /**
     * Pounds lost by active patients, to 1 decimal: the sum of starting weight − current weight over the patients
     * who weigh less than they started (a gain is not subtracted).
     */
    totalLb: v.number(),
    /** How many patients that sum is over. */
    patients: count,
  }),
});
export type DashboardWidgets = v.InferOutput<typeof dashboardWidgetsSchema>;
export const dashboardWidgetsResponse = envelope(dashboardWidgetsSchema);

// ---------------------------------------------------------------------------------------------
// GET /api/calendar?from&to: surgeries, consults and events on one calendar (calendar area)
// ---------------------------------------------------------------------------------------------

/** The longest range one call may ask for (a month view with its neighbouring weeks fits). */
export const STAFF_CALENDAR_MAX_DAYS = 62;
export const STAFF_CALENDAR_MESSAGES = {
  range: 'The to date must be on or after the from date.',
  rangeTooLong: `Ask for at most ${STAFF_CALENDAR_MAX_DAYS} days at a time.`,
} as const;

const DAY_MS = 86_400_000;
const calendarDayEntries = v.object({ from: isoDate('from'), to: isoDate('to') });
type CalendarDays = v.InferOutput<typeof calendarDayEntries>;
const both = (q: Record<string, unknown>) => typeof q.from === 'string' && typeof q.to === 'string';
export const staffCalendarQuery = v.pipe(
  calendarDayEntries,
  forwardedCheck<CalendarDays>(['from', 'to'], 'to', (q) => !both(q) || (q.from as string) <= (q.to as string), STAFF_CALENDAR_MESSAGES.range),
  forwardedCheck<CalendarDays>(
    ['from', 'to'],
    'to',
    (q) => !both(q) || (Date.parse(`${q.to as string}T00:00:00Z`) - Date.parse(`${q.from as string}T00:00:00Z`)) / DAY_MS < STAFF_CALENDAR_MAX_DAYS,
    STAFF_CALENDAR_MESSAGES.rangeTooLong,
  ),
);
export type StaffCalendarQuery = v.InferOutput<typeof staffCalendarQuery>;

export const STAFF_CALENDAR_KINDS = ['surgery', 'consult', 'event'] as const;
export const staffCalendarEntrySchema = v.object({
  kind: v.picklist(STAFF_CALENDAR_KINDS),
  /** "yyyy-MM-dd". */
  date: v.string(),
  /** "HH:mm" (an event's start in the program's zone), null for surgeries and consults (a day, no time). */
  time: v.nullable(v.string()),
  /** "Surgery: Jane Doe (Sleeve)", "Consult: Jane Doe", or the event's title. */
  title: v.string(),
  patient_id: v.optional(v.number()),
  event_id: v.optional(v.number()),
});
export type StaffCalendarEntry = v.InferOutput<typeof staffCalendarEntrySchema>;
export const staffCalendarResponse = envelope(v.array(staffCalendarEntrySchema));
