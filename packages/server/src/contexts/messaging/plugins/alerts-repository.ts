import fp from 'fastify-plugin';
import { sql } from 'drizzle-orm';
import {
  FAILED_DELIVERY_WINDOW_DAYS,
  INACTIVE_DEFAULT_DAYS,
  type AlertCounts,
  type FailedDelivery,
  type InactivePatient,
  type Page,
  type PatientReply,
} from '@baridesk/contracts';
import type { Db, Tx } from '../../../db/client';
import { queryRows } from '../../../db/client';
import type { StaffScope } from '../../../lib/scope';
import { pageWindow, toPage } from '../../../lib/paging';
import { programDay } from '../../../lib/program-day';

declare module 'fastify' {
  interface FastifyInstance {
    alerts: AlertsRepository;
  }
}

const iso = (value: Date | string | null): string | null => (value === null ? null : new Date(value).toISOString());
const DAY_MS = 86_400_000;

/** How long the sidebar's counts are kept per program: the sidebar asks on every page change. */
export const ALERT_COUNTS_TTL_MS = 60_000;

interface PageQuery {
  page: number;
  perPage: number | 'All';
}

/**
 * The alerts screen's three lists, each scoped to the caller's program: deliveries that failed in the last
 * 30 days (served by the partial index on failed deliveries), patients who used the app and then stopped
 * (no app activity and no weigh-in for N days), and patients' replies from the app.
 */
export function createAlertsRepository(db: Db) {
  const failedWhere = (programId: number, now: Date) =>
    sql`d.program_id = ${programId} and d.status = 'failed' and d.failed_at >= ${new Date(now.getTime() - FAILED_DELIVERY_WINDOW_DAYS * DAY_MS)}`;

  /** Used the app once, nothing since `days` ago: no activity and no weigh-in (logged on or after the cut-off day). */
  const inactiveWhere = (programId: number, now: Date, days: number, cutoffDay: string) => sql`p.program_id = ${programId} and p.status = 1
    and p.last_app_activity_at is not null and p.last_app_activity_at < ${new Date(now.getTime() - days * DAY_MS)}
    and not exists (select 1 from weight_logs w where w.patient_id = p.id and w.logged_on >= ${cutoffDay}::date)`;

  const cutoff = async (tx: Tx, programId: number, now: Date, days: number) => {
    const { today } = await programDay(tx, programId, now);
    return new Date(Date.parse(`${today}T00:00:00Z`) - days * DAY_MS).toISOString().slice(0, 10);
  };

  const count = async (tx: Tx, from: ReturnType<typeof sql>) => (await queryRows<{ n: number }>(tx, sql`select count(*)::int as n ${from}`))[0]?.n ?? 0;

  const replyRows = (tx: Tx, where: ReturnType<typeof sql>, tail: ReturnType<typeof sql>) =>
    queryRows<{
      id: number;
      patient_id: number;
      patient_name: string;
      message_id: number | null;
      message_title: string | null;
      body: string;
      created_at: Date;
      handled_at: Date | null;
      handled_by_name: string | null;
    }>(
      tx,
      sql`select r.id::int as id, r.patient_id, p.first_name || ' ' || p.last_name as patient_name, r.message_id::int as message_id,
            m.title as message_title, r.body, r.created_at, r.handled_at, coalesce(pu.name, a.email) as handled_by_name
          from message_replies r join patients p on p.id = r.patient_id
          left join messages m on m.id = r.message_id
          left join accounts a on a.id = r.handled_by left join program_users pu on pu.id = r.handled_by
          where ${where} ${tail}`,
    );
  const toReply = (row: Awaited<ReturnType<typeof replyRows>>[number]): PatientReply => ({
    ...row,
    created_at: iso(row.created_at)!,
    handled_at: iso(row.handled_at),
  });

  return {
    async failedDeliveries(scope: StaffScope, query: PageQuery, now: Date): Promise<Page<FailedDelivery>> {
      const { limit, offset } = pageWindow(query.page, query.perPage);
      const where = failedWhere(scope.programId, now);
      const [rows, total] = await Promise.all([
        queryRows<Omit<FailedDelivery, 'failed_at'> & { failed_at: Date | null }>(
          db,
          sql`select d.id::int as id, d.message_id::int as message_id, m.title as message_title, d.patient_id,
                p.first_name || ' ' || p.last_name as patient_name, d.channel, d.error, d.attempts, d.failed_at
              from message_deliveries d join messages m on m.id = d.message_id join patients p on p.id = d.patient_id
              where ${where} order by d.failed_at desc, d.id desc limit ${limit} offset ${offset}`,
        ),
        count(db, sql`from message_deliveries d where ${where}`),
      ]);
      return toPage(rows.map((row) => ({ ...row, failed_at: iso(row.failed_at) })), total, query.page, query.perPage);
    },

    /** The failed e-mail and push deliveries among `ids` that are the program's, put back to queued (an inbox delivery never fails). */
    async requeueFailed(scope: StaffScope, ids: number[]): Promise<{ id: number; message_id: number; channel: 'email' | 'push'; patient_id: number }[]> {
      return queryRows(
        db,
        sql`update message_deliveries set status = 'queued', error = null, failed_at = null
            where program_id = ${scope.programId} and status = 'failed' and channel in ('email', 'push')
              and id in (select unnest(${`{${ids.join(',')}}`}::bigint[]))
            returning id::int as id, message_id::int as message_id, channel, patient_id`,
      );
    },

    async inactivePatients(scope: StaffScope, query: PageQuery & { days: number }, now: Date): Promise<Page<InactivePatient>> {
      const { limit, offset } = pageWindow(query.page, query.perPage);
      const where = inactiveWhere(scope.programId, now, query.days, await cutoff(db, scope.programId, now, query.days));
      const [rows, total] = await Promise.all([
        queryRows<Omit<InactivePatient, 'last_app_activity_at'> & { last_app_activity_at: Date | null }>(
          db,
          sql`select p.id, p.first_name || ' ' || p.last_name as name, p.email, p.current_stage, p.last_app_activity_at,
                (select max(w.logged_on)::text from weight_logs w where w.patient_id = p.id) as last_weight_on
              from patients p where ${where}
              order by p.last_app_activity_at asc, p.id limit ${limit} offset ${offset}`,
        ),
        count(db, sql`from patients p where ${where}`),
      ]);
      return toPage(rows.map((row) => ({ ...row, last_app_activity_at: iso(row.last_app_activity_at) })), total, query.page, query.perPage);
    },

    async replies(scope: StaffScope, query: PageQuery & { handled: 0 | 1 }): Promise<Page<PatientReply>> {
      const { limit, offset } = pageWindow(query.page, query.perPage);
      const where = sql`r.program_id = ${scope.programId} and r.handled_at is ${query.handled === 1 ? sql`not null` : sql`null`}`;
      const [rows, total] = await Promise.all([
        replyRows(db, where, sql`order by r.created_at desc, r.id desc limit ${limit} offset ${offset}`),
        count(db, sql`from message_replies r where ${where}`),
      ]);
      return toPage(rows.map(toReply), total, query.page, query.perPage);
    },

    /** Marks a reply handled by the caller (a second time keeps the first handler). null: no such reply in the program. */
    async markHandled(scope: StaffScope, id: number, now: Date): Promise<PatientReply | null> {
      return db.transaction(async (tx) => {
        const updated = await queryRows<{ id: number }>(
          tx,
          sql`update message_replies set handled_at = coalesce(handled_at, ${now}), handled_by = coalesce(handled_by, ${scope.accountId})
              where id = ${id} and program_id = ${scope.programId} returning id`,
        );
        if (updated.length === 0) return null;
        const [row] = await replyRows(tx, sql`r.id = ${id}`, sql``);
        return row ? toReply(row) : null;
      });
    },

    /** The three counts, straight from the database (the route keeps them a minute per program). */
    async counts(scope: StaffScope, now: Date, days: number): Promise<AlertCounts> {
      const cut = await cutoff(db, scope.programId, now, days);
      const [failed_deliveries, inactive_patients, replies] = await Promise.all([
        count(db, sql`from message_deliveries d where ${failedWhere(scope.programId, now)}`),
        count(db, sql`from patients p where ${inactiveWhere(scope.programId, now, days, cut)}`),
        count(db, sql`from message_replies r where r.program_id = ${scope.programId} and r.handled_at is null`),
      ]);
      return { failed_deliveries, inactive_patients, replies };
    },
  };
}

/**
 * The counts by program for ALERT_COUNTS_TTL_MS: a page change asks for them, and counting a large
 * program's inactive patients is a scan. Each replica keeps its own; a figure may lag a minute behind.
 */
export function cachedCounts(load: (scope: StaffScope, now: Date) => Promise<AlertCounts>, max = 1000) {
  const entries = new Map<number, { at: number; value: Promise<AlertCounts> }>();
  return (scope: StaffScope, now: Date): Promise<AlertCounts> => {
    const entry = entries.get(scope.programId);
    if (entry && now.getTime() - entry.at < ALERT_COUNTS_TTL_MS && now.getTime() >= entry.at) return entry.value;
    const value = load(scope, now);
    entries.delete(scope.programId);
    entries.set(scope.programId, { at: now.getTime(), value });
    // A failed count is not kept.
    value.catch(() => entries.delete(scope.programId));
    if (entries.size > max) entries.delete(entries.keys().next().value!);
    return value;
  };
}

export type AlertsRepository = ReturnType<typeof createAlertsRepository> & {
  /** The sidebar's counts, kept a minute per program (inactive: the default days). */
  cachedCounts: (scope: StaffScope, now: Date) => Promise<AlertCounts>;
};

export default fp(
  async (fastify) => {
    const repository = createAlertsRepository(fastify.db);
    fastify.decorate('alerts', {
      ...repository,
      cachedCounts: cachedCounts((scope, now) => repository.counts(scope, now, INACTIVE_DEFAULT_DAYS)),
    } satisfies AlertsRepository);
  },
  { name: 'alerts-repository', dependencies: ['database'] },
);
