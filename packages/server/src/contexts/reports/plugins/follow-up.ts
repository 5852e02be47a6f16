/**
 * The follow-up worklist (docs/reports.md): each operated patient in each MBSAQIP window (the domain's
 * FOLLOW_UP_WINDOWS) that has opened by the program's today: seen when a weigh-in or an attended event falls
 * inside the window (up to today), else due up to the window's target day and overdue after it (the domain's
 * followUpState, here in SQL so a page and the summary are read in one statement). Bound to scope.programId.
 */
import fp from 'fastify-plugin';
import { sql, type SQL } from 'drizzle-orm';
import { FOLLOW_UP_WINDOWS, stageIdOf } from '@baridesk/domain';
import type { FollowUpExcelQuery, FollowUpPage, FollowUpQuery, FollowUpRow, FollowUpSummary } from '@baridesk/contracts';
import { queryRows, type Db } from '../../../db/client';
import { eventRsvps, patients, weightLogs } from '../../../db/schema';
import { pageWindow, toPage } from '../../../lib/paging';
import type { StaffScope } from '../../../lib/scope';
import { dateCell, type SheetColumn } from '../../../lib/xlsx-sheet';
import type { ReportExports } from '..';
import { reportCriteria } from '../report-criteria';
import { operatedPatients, reportDay, type ReportDay } from '../report-patients';

declare module 'fastify' {
  interface FastifyInstance {
    followUp: FollowUpRepository;
  }
}

const WINDOW_VALUES = sql.join(
  FOLLOW_UP_WINDOWS.map((w, i) => sql`(${w.id}::text, ${w.label}::text, ${i}::int, ${w.open}::int, ${w.target}::int, ${w.close}::int)`),
  sql`, `,
);
const FIRST_OPEN = FOLLOW_UP_WINDOWS[0]!.open;
/** A visit's window from `days` (after surgery), null between windows. */
const WINDOW_OF_DAY = sql`case ${sql.join(
  FOLLOW_UP_WINDOWS.map((w) => sql`when days between ${w.open}::int and ${w.close}::int then ${w.id}::text`),
  sql` `,
)} end`;
/** The last window's last day: surgeries longer ago than this have no window left. */
export const FOLLOW_UP_REACH_DAYS = FOLLOW_UP_WINDOWS[FOLLOW_UP_WINDOWS.length - 1]!.close;

/** The surgery dates a worklist covers: the query's, else the last FOLLOW_UP_REACH_DAYS days to today. */
function withDefaultRange<Q extends FollowUpExcelQuery>(day: ReportDay, query: Q): Q {
  return { ...query, from: query.from ?? day.plusDays(-FOLLOW_UP_REACH_DAYS), to: query.to ?? day.today };
}

/**
 * The worklist's orders over `listed`'s columns (`of`: a table prefix, "page."). Names are joined to the rows only
 * for the name order: the worklist of a large program has 80,000 rows and a page needs ten.
 */
const ORDER = {
  target_date: (dir: SQL, of: SQL = sql``) => sql`${of}target_date ${dir}, ${of}id ${dir}, ${of}position ${dir}`,
  name: (dir: SQL, of: SQL = sql``) => sql`${of}last_name ${dir}, ${of}first_name ${dir}, ${of}id ${dir}, ${of}position ${dir}`,
  surgery_date: (dir: SQL, of: SQL = sql``) => sql`${of}surgery_date ${dir}, ${of}id ${dir}, ${of}position ${dir}`,
} as const;

interface Listed {
  rows: (Omit<FollowUpRow, 'stage'> & { stage: number })[] | null;
  summary: FollowUpSummary[] | null;
  total: number | null;
}

export const FOLLOW_UP_EXPORT = 'follow-up';
/** Rows read per statement (each one computes the whole worklist) and written per chunk. */
const EXPORT_READ = 5000;
const EXPORT_CHUNK = 500;
const FOLLOW_UP_COLUMNS: readonly SheetColumn[] = [
  { header: 'Patient', kind: 'text', width: 28 },
  { header: 'Phone', kind: 'text', width: 16 },
  { header: 'Email', kind: 'text', width: 28 },
  { header: 'Surgery date', kind: 'date', width: 14 },
  { header: 'Surgery type', kind: 'text', width: 18 },
  { header: 'Follow-up', kind: 'text', width: 12 },
  { header: 'Window opens', kind: 'date', width: 14 },
  { header: 'Target date', kind: 'date', width: 14 },
  { header: 'Window closes', kind: 'date', width: 14 },
  { header: 'State', kind: 'text', width: 10 },
  { header: 'Seen on', kind: 'date', width: 14 },
];

export function createFollowUpRepository(db: Db, clock: { now(): Date }) {
  /**
   * The worklist's rows (page `window` of those the window and state keep, in the query's order) and the summary
   * per window under the other filters, in one statement.
   */
  async function list(scope: StaffScope, asked: FollowUpExcelQuery, window: { limit: number; offset: number }) {
    const day = await reportDay(db, scope, clock.now());
    const query = withDefaultRange(day, asked);
    const today = sql`${day.today}::date`;
    const dir = query.direction === 'desc' ? sql`desc` : sql`asc`;
    const byName = query.sort === 'name';
    const kept = sql`${query.window ? sql`w_id = ${query.window}` : sql`true`} and ${query.state ? sql`state = ${query.state}` : sql`true`}`;
    const [result] = await queryRows<Listed>(
      db,
      sql`with operated as materialized (
            select ${patients.id} as id, ${patients.surgery_date} as surgery_date
            from ${patients} where ${operatedPatients(scope, day, query)}
          ), windows(w_id, label, position, open, target, close) as (values ${WINDOW_VALUES}),
          visits as (
            select o.id, w.logged_on as on_day, w.logged_on - o.surgery_date as days from operated o
            join ${weightLogs} w on w.program_id = ${scope.programId} and w.patient_id = o.id
              and w.logged_on between o.surgery_date + ${FIRST_OPEN}::int and least(${today}, o.surgery_date + ${FOLLOW_UP_REACH_DAYS}::int)
            union all
            select o.id, r.event_date, r.event_date - o.surgery_date from operated o
            join ${eventRsvps} r on r.program_id = ${scope.programId} and r.patient_id = o.id and r.attended = 1
              and r.event_date between o.surgery_date + ${FIRST_OPEN}::int and least(${today}, o.surgery_date + ${FOLLOW_UP_REACH_DAYS}::int)
          ),
          -- The windows do not overlap: a visit's window is a CASE over its day, not a join.
          seen as (
            select id, w_id, min(on_day) as seen_on
            from (select id, on_day, ${WINDOW_OF_DAY} as w_id from visits) v
            where w_id is not null
            group by 1, 2
          ),
          listed as materialized (
            select o.id, o.surgery_date, w.w_id, w.position,
                   o.surgery_date + w.target as target_date, s.seen_on,
                   case when s.seen_on is not null then 'seen' when ${today} <= o.surgery_date + w.target then 'due' else 'overdue' end as state
            from operated o cross join windows w
            left join seen s on s.id = o.id and s.w_id = w.w_id
            where o.surgery_date + w.open <= ${today}
          ),
          summary as (
            select w.w_id, w.label, w.position,
                   (count(l.id) filter (where l.state = 'due'))::int as due,
                   (count(l.id) filter (where l.state = 'overdue'))::int as overdue,
                   (count(l.id) filter (where l.state = 'seen'))::int as seen
            from windows w left join listed l on l.w_id = w.w_id
            group by 1, 2, 3
          ),
          page as (
            select l.*, ${byName ? sql`p.last_name, p.first_name,` : sql``} (count(*) over ())::int as total
            from listed l ${byName ? sql`join ${patients} p on p.id = l.id` : sql``}
            where ${kept}
            order by ${ORDER[query.sort](dir)} limit ${window.limit} offset ${window.offset}
          )
          select (select json_agg(json_build_object('window', w_id, 'label', label, 'due', due, 'overdue', overdue, 'seen', seen) order by position) from summary) as summary,
                 (select max(total) from page) as total,
                 (select json_agg(json_build_object(
                    'id', page.id, 'name', p.name, 'stage', p.current_stage, 'phone', p.phone, 'email', p.email,
                    'surgery_date', page.surgery_date::text, 'type_of_surgery', p.type_of_surgery, 'window', page.w_id,
                    'window_label', w.label, 'opens', (page.surgery_date + w.open)::text, 'target_date', page.target_date::text,
                    'closes', (page.surgery_date + w.close)::text, 'state', page.state, 'seen_on', page.seen_on::text
                  ) order by ${ORDER[query.sort](dir, sql`page.`)})
                  from page join ${patients} p on p.id = page.id join windows w on w.w_id = page.w_id) as rows`,
    );
    const rows: FollowUpRow[] = (result?.rows ?? []).map((r) => ({ ...r, stage: stageIdOf(r.stage) }));
    return { rows, summary: result?.summary ?? [], total: result?.total ?? 0 };
  }

  return {
    async page(scope: StaffScope, query: FollowUpQuery): Promise<FollowUpPage> {
      const { rows, summary, total } = await list(scope, query, pageWindow(query.page, query.perPage));
      return { ...toPage(rows, total, query.page, query.perPage), summary };
    },

    defineExport(kit: ReportExports) {
      kit.define<FollowUpExcelQuery>({
        kind: FOLLOW_UP_EXPORT,
        format: 'xlsx',
        area: 'reports',
        sheet: 'Follow-up',
        columns: FOLLOW_UP_COLUMNS,
        audit: (query) => ({ action: 'report.follow_up.excel', entity: 'patient', detail: reportCriteria(query) }),
        fileName: (_scope, _query, today) => `follow-up-${today}.xlsx`,
        async count(scope, query) {
          const { summary } = await list(scope, query, { limit: 0, offset: 0 });
          // The summary counts every window and state; the file holds those the query keeps.
          return summary
            .filter((s) => !query.window || s.window === query.window)
            .reduce((n, s) => n + (query.state ? s[query.state] : s.due + s.overdue + s.seen), 0);
        },
        async *rows(scope, query, signal) {
          for (let offset = 0; !signal.aborted; offset += EXPORT_READ) {
            const { rows } = await list(scope, query, { limit: EXPORT_READ, offset });
            for (let start = 0; start < rows.length && !signal.aborted; start += EXPORT_CHUNK) {
              const chunk = rows.slice(start, start + EXPORT_CHUNK);
              yield {
                cells: chunk.map((r) => [
                  r.name, r.phone, r.email, dateCell(r.surgery_date), r.type_of_surgery, r.window_label,
                  dateCell(r.opens), dateCell(r.target_date), dateCell(r.closes), r.state, dateCell(r.seen_on),
                ]),
                patientIds: [...new Set(chunk.map((r) => r.id))],
              };
            }
            if (rows.length < EXPORT_READ) return;
          }
        },
      });
    },
  };
}

export type FollowUpRepository = ReturnType<typeof createFollowUpRepository>;

export default fp(
  async (fastify) => {
    const repository = createFollowUpRepository(fastify.db, fastify.clock);
    repository.defineExport(fastify.reportExports);
    fastify.decorate('followUp', repository);
  },
  { name: 'follow-up', dependencies: ['database', 'report-exports'] },
);
