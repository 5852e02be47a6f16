/**
 * The figures and series of the /charts and /widgets screens (GET /api/dashboard/widgets): the program's active
 * patients by stage, patients added and surgeries per month (the program's calendar months), surgeries this
 * month, app use and the weight lost in total. Each is counted by the database, bound to scope.programId.
 */
import fp from 'fastify-plugin';
import { sql } from 'drizzle-orm';
import { DateTime } from 'luxon';
import { DASHBOARD_APP_ACTIVE_DAYS, DASHBOARD_SERIES_MONTHS, type DashboardWidgets } from '@baridesk/contracts';
import { queryRows, type Db } from '../../../db/client';
import { patients } from '../../../db/schema';
import type { StaffScope } from '../../../lib/scope';
import { reportDay } from '../report-patients';

declare module 'fastify' {
  interface FastifyInstance {
    dashboardWidgets: DashboardWidgetsRepository;
  }
}

export function createDashboardWidgetsRepository(db: Db, clock: { now(): Date }) {
  return {
    async read(scope: StaffScope): Promise<DashboardWidgets> {
      const now = clock.now();
      const { zone, today } = await reportDay(db, scope, now);
      const thisMonth = DateTime.fromISO(today, { zone: 'UTC' }).startOf('month');
      const months = Array.from({ length: DASHBOARD_SERIES_MONTHS }, (_, i) =>
        thisMonth.minus({ months: DASHBOARD_SERIES_MONTHS - 1 - i }).toFormat('yyyy-MM'),
      );
      const first = `${months[0]}-01`;
      const monthEnd = thisMonth.endOf('month').toISODate()!;
      const active = sql`${patients.program_id} = ${scope.programId} and ${patients.status} = 1`;
      const since = new Date(now.getTime() - DASHBOARD_APP_ACTIVE_DAYS * 86_400_000).toISOString();
      const lost = sql`${patients.starting_weight} is not null and ${patients.current_weight} is not null and ${patients.current_weight} < ${patients.starting_weight}`;
      const [figures, added, operated] = await Promise.all([
        queryRows<{
          stage1: number; stage2: number; stage3: number; total: number; this_month: number;
          recent: number; never: number; lost_lb: number | null; lost_patients: number;
        }>(
          db,
          sql`select (count(*) filter (where ${patients.current_stage} = 1))::int as stage1,
                     (count(*) filter (where ${patients.current_stage} = 2))::int as stage2,
                     (count(*) filter (where ${patients.current_stage} = 3))::int as stage3,
                     count(*)::int as total,
                     (count(*) filter (where ${patients.surgery_date} between ${thisMonth.toISODate()}::date and ${monthEnd}::date))::int as this_month,
                     (count(*) filter (where ${patients.last_app_activity_at} >= ${since}::timestamptz))::int as recent,
                     (count(*) filter (where ${patients.last_app_activity_at} is null))::int as never,
                     (sum(${patients.starting_weight} - ${patients.current_weight}) filter (where ${lost}))::float8 as lost_lb,
                     (count(*) filter (where ${lost}))::int as lost_patients
              from ${patients} where ${active}`,
        ),
        queryRows<{ month: string; n: number }>(
          db,
          sql`select to_char(${patients.created_at} at time zone ${zone}, 'YYYY-MM') as month, count(*)::int as n
              from ${patients}
              where ${active} and ${patients.created_at} >= (${first}::date)::timestamp at time zone ${zone}
              group by 1`,
        ),
        queryRows<{ month: string; n: number }>(
          db,
          sql`select to_char(${patients.surgery_date}, 'YYYY-MM') as month, count(*)::int as n
              from ${patients}
              where ${active} and ${patients.surgery_date} between ${first}::date and ${monthEnd}::date
              group by 1`,
        ),
      ]);
      const f = figures[0]!;
      const series = (rows: { month: string; n: number }[]) => {
        const byMonth = new Map(rows.map((r) => [r.month, r.n]));
        return { months, counts: months.map((m) => byMonth.get(m) ?? 0) };
      };
      return {
        today,
        byStage: { 1: f.stage1, 2: f.stage2, 3: f.stage3 },
        newPatients: series(added),
        surgeries: { thisMonth: f.this_month, perMonth: series(operated) },
        appUse: { total: f.total, activeRecently: f.recent, lapsed: f.total - f.recent - f.never, neverUsed: f.never },
        weightLost: { totalLb: Math.round((f.lost_lb ?? 0) * 10) / 10, patients: f.lost_patients },
      };
    },
  };
}

export type DashboardWidgetsRepository = ReturnType<typeof createDashboardWidgetsRepository>;

export default fp(
  async (fastify) => {
    fastify.decorate('dashboardWidgets', createDashboardWidgetsRepository(fastify.db, fastify.clock));
  },
  { name: 'dashboard-widgets', dependencies: ['database'] },
);
