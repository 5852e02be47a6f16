/**
 * The staff dashboard: GET /api/dashboard. Every figure is of the caller's program; patient figures
 * count active patients (status 1), and "today" is today in the program's timezone.
 */
import * as v from 'valibot';
import { envelope } from './common';
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
