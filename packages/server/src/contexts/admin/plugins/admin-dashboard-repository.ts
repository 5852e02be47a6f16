import fp from 'fastify-plugin';
import { sql } from 'drizzle-orm';
import type { AdminDashboard } from '@baridesk/contracts';
import { queryRows, type Db } from '../../../db/client';

declare module 'fastify' {
  interface FastifyInstance {
    adminDashboard: AdminDashboardRepository;
  }
}

interface Totals {
  programs: number;
  programs_active: number;
  program_users: number;
  program_users_active: number;
  patients: number;
  stage1: number;
  stage2: number;
  stage3: number;
  super_admins: number;
  quotes: number;
  quote_today: string | null;
}

/** The super admins' dashboard: counts across every program, in one round trip of SQL aggregates. */
export function createAdminDashboardRepository(db: Db) {
  return {
    /** `today` is the calendar date (yyyy-MM-dd) whose active quote is shown. */
    async summary(today: string): Promise<AdminDashboard> {
      const [t] = await queryRows<Totals>(
        db,
        sql`
          select
            p.total as programs, p.active as programs_active,
            u.total as program_users, u.active as program_users_active,
            s.total as patients, s.stage1, s.stage2, s.stage3,
            (select count(*)::int from super_admins) as super_admins,
            (select count(*)::int from quotes) as quotes,
            (select q.description from quotes q where q.date_quote = ${today}::date and q.status = 1 limit 1) as quote_today
          from
            (select count(*)::int as total, (count(*) filter (where status = 1))::int as active from programs) p,
            (select count(*)::int as total,
                    (count(*) filter (where a.status = 1
                      and (pu.deactivation_date is null or pu.deactivation_date > ${today}::date)))::int as active
               from program_users pu join accounts a on a.id = pu.id) u,
            (select count(*)::int as total,
                    (count(*) filter (where current_stage = 1))::int as stage1,
                    (count(*) filter (where current_stage = 2))::int as stage2,
                    (count(*) filter (where current_stage = 3))::int as stage3
               from patients) s`,
      );
      const n = (value: number | undefined) => Number(value ?? 0);
      return {
        programs: { total: n(t?.programs), active: n(t?.programs_active) },
        programUsers: { total: n(t?.program_users), active: n(t?.program_users_active) },
        patients: { total: n(t?.patients), byStage: { '1': n(t?.stage1), '2': n(t?.stage2), '3': n(t?.stage3) } },
        superAdmins: n(t?.super_admins),
        quotes: { total: n(t?.quotes), today: t?.quote_today != null ? { description: t.quote_today } : null },
      };
    },
  };
}

export type AdminDashboardRepository = ReturnType<typeof createAdminDashboardRepository>;

export default fp(
  async (fastify) => {
    fastify.decorate('adminDashboard', createAdminDashboardRepository(fastify.db));
  },
  { name: 'admin-dashboard-repository', dependencies: ['database'] },
);
