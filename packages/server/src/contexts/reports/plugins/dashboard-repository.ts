import fp from 'fastify-plugin';
import { stageIdOf } from '@baridesk/domain';
import { and, asc, desc, eq, gte, sql, type SQL } from 'drizzle-orm';
import {
  DASHBOARD_RECENT_PATIENTS,
  DASHBOARD_SURGERY_WINDOW_DAYS,
  DASHBOARD_UPCOMING_EVENTS,
  type Dashboard,
} from '@baridesk/contracts';
import type { Db } from '../../../db/client';
import { events, patients } from '../../../db/schema';
import { programDay } from '../../../lib/program-day';
import type { StaffScope } from '../../../lib/scope';

declare module 'fastify' {
  interface FastifyInstance {
    dashboard: DashboardRepository;
  }
}


/** The staff dashboard's figures, each computed by the database; bound to scope.programId. */
export function createDashboardRepository(db: Db) {
  return {
    async read(scope: StaffScope, now: Date): Promise<Dashboard> {
      const day = (await programDay(db, scope.programId, now)).today;
      const today = sql`${day}::date`;
      const window = DASHBOARD_SURGERY_WINDOW_DAYS;
      const active = and(eq(patients.program_id, scope.programId), eq(patients.status, 1));
      const counted = (condition: SQL) => sql<number>`(count(*) filter (where ${condition}))::int`;

      const [figures, upcoming, recent] = await Promise.all([
        db
          .select({
            total: sql<number>`count(*)::int`,
            stage1: counted(sql`${patients.current_stage} = 1`),
            stage2: counted(sql`${patients.current_stage} = 2`),
            stage3: counted(sql`${patients.current_stage} = 3`),
            neverUsedApp: counted(sql`${patients.last_app_activity_at} is null`),
            snoozed: counted(sql`${patients.snooze_status} = 1`),
            upcoming30Days: counted(
              sql`${patients.surgery_date} between ${today} and ${today} + ${window}::int`,
            ),
            last30Days: counted(sql`${patients.surgery_date} between ${today} - ${window}::int and ${today} - 1`),
          })
          .from(patients)
          .where(active),
        db
          .select({
            id: events.id,
            event_title: events.event_title,
            date: events.date,
            time: events.time,
            location: events.location,
          })
          .from(events)
          .where(and(eq(events.program_id, scope.programId), eq(events.status, 1), gte(events.date, sql`${today}`)))
          .orderBy(asc(events.date), sql`${events.time} asc nulls first`, asc(events.id))
          .limit(DASHBOARD_UPCOMING_EVENTS),
        db
          .select({ id: patients.id, name: patients.name, current_stage: patients.current_stage, created_at: patients.created_at })
          .from(patients)
          .where(active)
          .orderBy(desc(patients.created_at), desc(patients.id))
          .limit(DASHBOARD_RECENT_PATIENTS),
      ]);

      const f = figures[0];
      return {
        today: day,
        patients: {
          total: f?.total ?? 0,
          byStage: { 1: f?.stage1 ?? 0, 2: f?.stage2 ?? 0, 3: f?.stage3 ?? 0 },
          neverUsedApp: f?.neverUsedApp ?? 0,
          snoozed: f?.snoozed ?? 0,
        },
        surgeries: { upcoming30Days: f?.upcoming30Days ?? 0, last30Days: f?.last30Days ?? 0 },
        events: { upcoming },
        recentPatients: recent.map((p) => ({ ...p, current_stage: stageIdOf(p.current_stage), created_at: p.created_at.toISOString() })),
      };
    },
  };
}

export type DashboardRepository = ReturnType<typeof createDashboardRepository>;

export default fp(
  async (fastify) => {
    fastify.decorate('dashboard', createDashboardRepository(fastify.db));
  },
  { name: 'dashboard-repository', dependencies: ['database'] },
);
