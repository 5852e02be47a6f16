import fp from 'fastify-plugin';
import { stageIdOf } from '@baridesk/domain';
import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import { DateTime } from 'luxon';
import {
  DASHBOARD_RECENT_PATIENTS,
  DASHBOARD_SURGERY_WINDOW_DAYS,
  DASHBOARD_UPCOMING_EVENTS,
  type Dashboard,
} from '@baridesk/contracts';
import type { Db } from '../../../db/client';
import { patients } from '../../../db/schema';
import type { EventsRepository } from '../../events';
import { programDay } from '../../../lib/program-day';
import type { StaffScope } from '../../../lib/scope';

declare module 'fastify' {
  interface FastifyInstance {
    dashboard: DashboardRepository;
  }
}


/** How far ahead the upcoming events are looked for: a short window first, a year when it holds too few. */
const UPCOMING_WINDOWS_DAYS = [45, 366];

/**
 * The program's next active occurrences from `today`: a weekly series gives each week's date, as the
 * calendar shows it. `id` is the row the calendar opens (a changed date's own).
 */
async function upcomingEvents(events: EventsRepository, programId: number, today: string) {
  let found: Awaited<ReturnType<EventsRepository['occurrences']>> = [];
  for (const days of UPCOMING_WINDOWS_DAYS) {
    const to = DateTime.fromISO(today, { zone: 'UTC' }).plus({ days }).toISODate()!;
    found = await events.occurrences(programId, today, to, { activeOnly: true });
    if (found.length >= DASHBOARD_UPCOMING_EVENTS) break;
  }
  return found.slice(0, DASHBOARD_UPCOMING_EVENTS).map((o) => ({
    id: o.id,
    event_title: o.event_title,
    date: o.date,
    time: `${o.time}:00`,
    location: o.location_name,
  }));
}

/** The staff dashboard's figures, each computed by the database; bound to scope.programId. */
export function createDashboardRepository(db: Db, events: () => EventsRepository) {
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
        upcomingEvents(events(), scope.programId, day),
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
    fastify.decorate('dashboard', createDashboardRepository(fastify.db, () => fastify.events));
  },
  { name: 'dashboard-repository', dependencies: ['database', 'events-repository'] },
);
