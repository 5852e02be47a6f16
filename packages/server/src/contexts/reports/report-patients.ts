/**
 * What the pipeline, outcome, follow-up and widget reports share: the patients a report's filters keep (the
 * patient list's own conditions, so a tag or a surgery type matches the same patients there and here), and the
 * program's day with a report's period turned into instants of the program's zone.
 */
import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { ReportFilters } from '@baridesk/contracts';
import { DateTime } from 'luxon';
import type { Tx } from '../../db/client';
import { patients } from '../../db/schema';
import { programDay } from '../../lib/program-day';
import type { StaffScope } from '../../lib/scope';
import { listConditions } from '../patients';

/**
 * The active patients (status 1) of the caller's program that the filters keep (stage, tag, coordinator,
 * surgery type, and the search of a paged report). The dates are each report's own and are not read here.
 */
export function reportPatients(scope: StaffScope, filters: ReportFilters & { search?: string | undefined }): SQL {
  const { stage, tag, coordinator, surgery_type, search } = filters;
  return and(
    ...listConditions(scope, { stage, tag, coordinator, surgery_type, search }),
    eq(patients.status, 1),
  ) as SQL;
}

/** The program's zone and today, and `days` before and after it. */
export interface ReportDay {
  zone: string;
  today: string;
  plusDays: (days: number) => string;
}

export async function reportDay(db: Tx, scope: StaffScope, now: Date): Promise<ReportDay> {
  const { zone, today } = await programDay(db, scope.programId, now);
  const start = DateTime.fromISO(today, { zone: 'UTC' });
  return { zone, today, plusDays: (days) => start.plus({ days }).toISODate()! };
}

/** `column` (a timestamptz) within the days from..to (both inclusive) of the zone: sargable bounds. */
export const instantWithinDays = (column: SQL | SQL.Aliased | unknown, zone: string, from: string, to: string): SQL =>
  sql`${column} >= (${from}::date)::timestamp at time zone ${zone} and ${column} < (${to}::date + 1)::timestamp at time zone ${zone}`;

/** The operated patients the filters keep: a surgery date up to today, within from/to when given. */
export function operatedPatients(scope: StaffScope, day: ReportDay, query: ReportFilters & { search?: string | undefined }): SQL {
  return sql`${reportPatients(scope, query)} and ${patients.surgery_date} is not null and ${patients.surgery_date} <= ${day.today}::date
    ${query.from ? sql`and ${patients.surgery_date} >= ${query.from}::date` : sql``}
    ${query.to ? sql`and ${patients.surgery_date} <= ${query.to}::date` : sql``}`;
}
