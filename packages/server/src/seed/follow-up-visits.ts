/**
 * Demo follow-up clinic visits: staff weigh-ins of the operated demo patients around 1, 3, 6, 12 and 24 months after
 * surgery and yearly after that, so the outcome report and the follow-up worklist have data on `pnpm start`. About
 * one visit in four is missed (the worklist shows them overdue). A visit falls before the last 90 days (those hold
 * the app's logs, seed/logs.ts), so the app's latest weigh-in stays the patient's current weight; a patient
 * without app logs weighed their current weight at the last visit. Each
 * patient's visits come from a generator of its own, so adding them changes no other demo data.
 */
import { sql } from 'drizzle-orm';
import { DateTime } from 'luxon';
import { queryRows, type Tx } from '../db/client';
import { weightLogs } from '../db/schema';
import { DEMO_LOG_DAYS } from './logs';
import { createRng } from './random';

/** Days after surgery the clinic plans visits on: 1, 3, 6 months, 1 and 2 years, then yearly to 5. */
export const FOLLOW_UP_VISIT_DAYS = [30, 91, 182, 365, 730, 1095, 1460, 1825] as const;
/** The share of planned visits the patient came to. */
const ATTENDED_SHARE = 0.75;
/** A visit lands up to this many days either side of its plan. */
const JITTER_DAYS = 10;

export interface OperatedDemoPatient {
  id: number;
  programId: number;
  timezone: string;
  surgeryDate: string;
  startingWeight: number;
  currentWeight: number;
  staffAccountId: number;
}

/** The share of the weight a patient will have lost that is gone `days` after surgery: fast at first, then levelling. */
const lossShape = (days: number) => 1 - Math.exp(-days / 150);

const oneDecimal = (value: number) => (Math.round(value * 10) / 10).toFixed(1);

/**
 * The visits of one patient: logged_on and weight, oldest first, on days before `before`. `reached` is the day the
 * current weight was reached: the first app weigh-in, or null when the patient has none (then the last visit).
 */
export function followUpVisits(
  seed: number,
  patient: OperatedDemoPatient,
  before: string,
  reached: string | null,
): { logged_on: string; weight: string }[] {
  const rng = createRng((Math.imul(seed + 7, 2_000_003) + Math.imul(patient.id, 40_009)) >>> 0);
  const surgery = DateTime.fromISO(patient.surgeryDate, { zone: 'UTC' });
  const days: number[] = [];
  for (const planned of FOLLOW_UP_VISIT_DAYS) {
    const attended = rng.chance(ATTENDED_SHARE);
    const day = planned + rng.int(-JITTER_DAYS, JITTER_DAYS);
    if (attended && surgery.plus({ days: day }).toISODate()! < before) days.push(day);
  }
  if (days.length === 0) return [];
  // The loss so far is spread along the curve up to the day the current weight was reached.
  const lastVisit = days[days.length - 1]!;
  const reachedDay = reached === null ? lastVisit : Math.round(DateTime.fromISO(reached, { zone: 'UTC' }).diff(surgery, 'days').days);
  const lost = patient.startingWeight - patient.currentWeight;
  return days.map((day) => {
    const atCurrent = reached === null && day === lastVisit;
    const share = lossShape(day) / lossShape(Math.max(reachedDay, day));
    const noise = atCurrent ? 0 : rng.float(-0.01, 0.01) * patient.startingWeight;
    return { logged_on: surgery.plus({ days: day }).toISODate()!, weight: oneDecimal(patient.startingWeight - lost * share + noise) };
  });
}

/** Writes the visits of the operated patients; answers how many were written. */
export async function insertDemoFollowUpVisits(tx: Tx, operated: readonly OperatedDemoPatient[], seed: number, now: Date): Promise<number> {
  const firstLogs = await queryRows<{ patient_id: number; first: string }>(
    tx,
    sql`select patient_id, min(logged_on)::text as first from ${weightLogs} group by patient_id`,
  );
  const firstLog = new Map(firstLogs.map((r) => [r.patient_id, r.first]));
  const rows: (typeof weightLogs.$inferInsert)[] = [];
  for (const patient of operated) {
    const logWindow = DateTime.fromJSDate(now, { zone: patient.timezone }).startOf('day').minus({ days: DEMO_LOG_DAYS }).toISODate()!;
    for (const visit of followUpVisits(seed, patient, logWindow, firstLog.get(patient.id) ?? null)) {
      rows.push({
        program_id: patient.programId,
        patient_id: patient.id,
        logged_on: visit.logged_on,
        weight: visit.weight,
        source: 'staff',
        entered_by: patient.staffAccountId,
        created_at: DateTime.fromISO(visit.logged_on, { zone: patient.timezone }).set({ hour: 10 }).toJSDate(),
      });
    }
  }
  for (let i = 0; i < rows.length; i += 1000) await tx.insert(weightLogs).values(rows.slice(i, i + 1000));
  return rows.length;
}
