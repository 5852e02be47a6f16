/**
 * The Patient Pipeline report (docs/reports.md): per stage and status, the patients there now, the moves into
 * it in the period and the mean days of the stays that ended in the period; seminar-to-surgery conversion;
 * the period's moves, paged and as a spreadsheet. Every query is bound to scope.programId.
 */
import fp from 'fastify-plugin';
import { sql, type SQL } from 'drizzle-orm';
import { DateTime } from 'luxon';
import { round1, stageIdOf, stageLabel } from '@baridesk/domain';
import {
  PIPELINE_REPORT_DEFAULT_DAYS,
  type Page,
  type PipelineMoveRow,
  type PipelineMovesExcelQuery,
  type PipelineMovesQuery,
  type PipelineReport,
  type PipelineReportQuery,
  type ReportFilters,
} from '@baridesk/contracts';
import { queryRows, type Db } from '../../../db/client';
import { events, eventRsvps, patients, pipelineMoves, pipelineStatuses } from '../../../db/schema';
import { pageWindow, toPage } from '../../../lib/paging';
import type { StaffScope } from '../../../lib/scope';
import { isoTimestamp } from '../../../lib/sql';
import { dateCell, type SheetColumn } from '../../../lib/xlsx-sheet';
import type { ReportExports } from '..';
import { reportCriteria } from '../report-criteria';
import { instantWithinDays, reportDay, reportPatients, type ReportDay } from '../report-patients';

declare module 'fastify' {
  interface FastifyInstance {
    pipelineReport: PipelineReportRepository;
  }
}

/** The event types whose attendance starts the seminar-to-surgery clock. */
export const SEMINAR_EVENT_TYPES = ['Seminar', 'Webinar'] as const;

/**
 * The period of the moves: the query's; a missing end is today (or the start, when it is later), a missing
 * start PIPELINE_REPORT_DEFAULT_DAYS days before the end (both days counted).
 */
export function periodOf(day: ReportDay, query: Pick<ReportFilters, 'from' | 'to'>) {
  const to = query.to ?? (query.from && query.from > day.today ? query.from : day.today);
  const from = query.from ?? DateTime.fromISO(to, { zone: 'UTC' }).minus({ days: PIPELINE_REPORT_DEFAULT_DAYS - 1 }).toISODate()!;
  return { from, to };
}

/** The moves of the period of the filtered patients. */
function movesWhere(scope: StaffScope, day: ReportDay, query: ReportFilters & { search?: string | undefined }): SQL {
  const { from, to } = periodOf(day, query);
  return sql`${pipelineMoves.program_id} = ${scope.programId} and ${instantWithinDays(pipelineMoves.moved_at, day.zone, from, to)}
    and ${reportPatients(scope, query)}`;
}

interface MoveRecord extends PipelineMoveRow {
  /** The day of the move in the program's zone (the spreadsheet's date). */
  moved_on: string;
  total: number;
}

const MOVE_ORDER = {
  moved_at: (dir: SQL) => sql`${pipelineMoves.moved_at} ${dir}, ${pipelineMoves.id} ${dir}`,
  name: (dir: SQL) => sql`${patients.last_name} ${dir}, ${patients.first_name} ${dir}, ${pipelineMoves.moved_at} desc, ${pipelineMoves.id} desc`,
} as const;

export const PIPELINE_MOVES_EXPORT = 'pipeline-moves';
const MOVES_COLUMNS: readonly SheetColumn[] = [
  { header: 'Patient', kind: 'text', width: 28 },
  { header: 'Stage', kind: 'text', width: 20 },
  { header: 'From status', kind: 'text', width: 24 },
  { header: 'To status', kind: 'text', width: 24 },
  { header: 'Moved on', kind: 'date', width: 14 },
  { header: 'Moved by', kind: 'text', width: 10 },
];
const EXPORT_CHUNK = 500;

export function createPipelineReportRepository(db: Db, clock: { now(): Date }) {
  async function movesPage(
    scope: StaffScope,
    query: PipelineMovesExcelQuery,
    window: { limit: number; offset: number },
  ): Promise<MoveRecord[]> {
    const day = await reportDay(db, scope, clock.now());
    const dir = query.direction === 'asc' ? sql`asc` : sql`desc`;
    const rows = await queryRows<Omit<MoveRecord, 'stage'> & { stage: number }>(
      db,
      sql`select ${pipelineMoves.id}::int as move_id, ${patients.id} as id, ${patients.name} as name, ${pipelineMoves.stage}::int as stage,
                 fs.name as from_status, ts.name as to_status, ${isoTimestamp(sql`${pipelineMoves.moved_at}`)} as moved_at,
                 ((${pipelineMoves.moved_at} at time zone ${day.zone})::date)::text as moved_on,
                 case when ${pipelineMoves.rule_id} is not null or ${pipelineMoves.rule_type} is not null then 'rule' else 'staff' end as moved_by,
                 (count(*) over ())::int as total
          from ${pipelineMoves}
          join ${patients} on ${patients.id} = ${pipelineMoves.patient_id} and ${patients.program_id} = ${pipelineMoves.program_id}
          left join ${pipelineStatuses} fs on fs.id = ${pipelineMoves.from_status_id}
          left join ${pipelineStatuses} ts on ts.id = ${pipelineMoves.to_status_id}
          where ${movesWhere(scope, day, query)}
          order by ${MOVE_ORDER[query.sort](dir)}
          limit ${window.limit} offset ${window.offset}`,
    );
    return rows.map((r) => ({ ...r, stage: stageIdOf(r.stage) }));
  }

  async function countMoves(scope: StaffScope, query: PipelineMovesExcelQuery): Promise<number> {
    const day = await reportDay(db, scope, clock.now());
    const [row] = await queryRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from ${pipelineMoves}
          join ${patients} on ${patients.id} = ${pipelineMoves.patient_id} and ${patients.program_id} = ${pipelineMoves.program_id}
          where ${movesWhere(scope, day, query)}`,
    );
    return row?.n ?? 0;
  }

  return {
    async read(scope: StaffScope, query: PipelineReportQuery): Promise<PipelineReport> {
      const day = await reportDay(db, scope, clock.now());
      const { from, to } = periodOf(day, query);
      const kept = reportPatients(scope, query);
      const stageOnly = query.stage === undefined ? sql`true` : sql`${pipelineStatuses.stage} = ${query.stage}`;
      const [statuses, now, moves, conversion] = await Promise.all([
        queryRows<{ id: number; stage: number; name: string }>(
          db,
          sql`select ${pipelineStatuses.id} as id, ${pipelineStatuses.stage}::int as stage, ${pipelineStatuses.name} as name
              from ${pipelineStatuses}
              where ${pipelineStatuses.program_id} = ${scope.programId} and ${pipelineStatuses.deleted_at} is null and ${stageOnly}
              order by ${pipelineStatuses.stage}, ${pipelineStatuses.position}, ${pipelineStatuses.id}`,
        ),
        queryRows<{ status_id: number; n: number }>(
          db,
          sql`select ${patients.pipeline_status_id} as status_id, count(*)::int as n from ${patients}
              where ${kept} and ${patients.pipeline_status_id} is not null group by 1`,
        ),
        // Moves into each status, and the stays that ended in the period: from the move that ended the stay back
        // to the patient's move before it (the one that put them in that status).
        queryRows<{ status_id: number; moves_in: number; average_days: number | null }>(
          db,
          sql`with period as (
                select ${pipelineMoves.id} as id, ${pipelineMoves.patient_id} as patient_id, ${pipelineMoves.from_status_id} as from_status_id,
                       ${pipelineMoves.to_status_id} as to_status_id, ${pipelineMoves.moved_at} as moved_at
                from ${pipelineMoves}
                join ${patients} on ${patients.id} = ${pipelineMoves.patient_id} and ${patients.program_id} = ${pipelineMoves.program_id}
                where ${movesWhere(scope, day, query)}
              ), moved_in as (
                select to_status_id as status_id, count(*)::int as n from period where to_status_id is not null group by 1
              ), stays as (
                select m.from_status_id as status_id, avg(extract(epoch from m.moved_at - before.moved_at) / 86400)::float8 as days
                from period m
                cross join lateral (
                  select b.moved_at from ${pipelineMoves} b
                  where b.patient_id = m.patient_id and (b.moved_at, b.id) < (m.moved_at, m.id)
                  order by b.moved_at desc, b.id desc limit 1
                ) before
                where m.from_status_id is not null
                group by 1
              )
              select coalesce(moved_in.status_id, stays.status_id) as status_id, coalesce(moved_in.n, 0) as moves_in, stays.days as average_days
              from moved_in full join stays on stays.status_id = moved_in.status_id`,
        ),
        queryRows<{ cohort: number; operated: number; median_days: number | null }>(
          db,
          sql`with first_seminar as (
                select ${eventRsvps.patient_id} as patient_id, min(${eventRsvps.event_date}) as seminar_on
                from ${eventRsvps} join ${events} on ${events.id} = ${eventRsvps.event_id}
                where ${eventRsvps.program_id} = ${scope.programId} and ${eventRsvps.attended} = 1
                  and ${events.type} in (${sql.join(SEMINAR_EVENT_TYPES.map((t) => sql`${t}`), sql`, `)})
                group by 1
              )
              select count(*)::int as cohort,
                     (count(*) filter (where ${patients.surgery_date} >= s.seminar_on and ${patients.surgery_date} <= ${day.today}::date))::int as operated,
                     (percentile_cont(0.5) within group (order by ${patients.surgery_date} - s.seminar_on)
                        filter (where ${patients.surgery_date} >= s.seminar_on and ${patients.surgery_date} <= ${day.today}::date))::float8 as median_days
              from first_seminar s join ${patients} on ${patients.id} = s.patient_id
              where s.seminar_on between ${from}::date and ${to}::date and ${kept}`,
        ),
      ]);
      const patientsIn = new Map(now.map((r) => [r.status_id, r.n]));
      const movesOf = new Map(moves.map((r) => [r.status_id, r]));
      const stageIds = query.stage === undefined ? ([1, 2, 3] as const) : ([query.stage] as const);
      const c = conversion[0] ?? { cohort: 0, operated: 0, median_days: null };
      return {
        from,
        to,
        stages: stageIds.map((stage) => ({
          stage,
          statuses: statuses
            .filter((s) => s.stage === stage)
            .map((s) => ({
              id: s.id,
              name: s.name,
              patients: patientsIn.get(s.id) ?? 0,
              moves_in: movesOf.get(s.id)?.moves_in ?? 0,
              average_days: round1(movesOf.get(s.id)?.average_days ?? null),
            })),
        })),
        conversion: {
          cohort: c.cohort,
          operated: c.operated,
          rate: c.cohort > 0 ? round1((c.operated / c.cohort) * 100) : null,
          median_days: round1(c.median_days),
        },
      };
    },

    async moves(scope: StaffScope, query: PipelineMovesQuery): Promise<Page<PipelineMoveRow>> {
      const rows = await movesPage(scope, query, pageWindow(query.page, query.perPage));
      const total = rows[0]?.total ?? (query.page > 1 ? await countMoves(scope, query) : 0);
      return toPage(rows.map(({ total: _total, moved_on: _day, ...row }) => row), total, query.page, query.perPage);
    },

    /** The spreadsheet of the moves: every row of the filtered period, in the list's order. */
    defineExport(kit: ReportExports) {
      kit.define<PipelineMovesExcelQuery>({
        kind: PIPELINE_MOVES_EXPORT,
        format: 'xlsx',
        area: 'reports',
        sheet: 'Pipeline moves',
        columns: MOVES_COLUMNS,
        audit: (query) => ({ action: 'report.pipeline_moves.excel', entity: 'patient', detail: reportCriteria(query) }),
        fileName: (_scope, _query, today) => `pipeline-moves-${today}.xlsx`,
        count: countMoves,
        async *rows(scope, query, signal) {
          for (let offset = 0; !signal.aborted; offset += EXPORT_CHUNK) {
            const rows = await movesPage(scope, query, { limit: EXPORT_CHUNK, offset });
            if (rows.length === 0) return;
            yield {
              cells: rows.map((r) => [r.name, stageLabel(r.stage), r.from_status, r.to_status, dateCell(r.moved_on), r.moved_by]),
              patientIds: [...new Set(rows.map((r) => r.id))],
            };
            if (rows.length < EXPORT_CHUNK) return;
          }
        },
      });
    },
  };
}

export type PipelineReportRepository = ReturnType<typeof createPipelineReportRepository>;

export default fp(
  async (fastify) => {
    const repository = createPipelineReportRepository(fastify.db, fastify.clock);
    repository.defineExport(fastify.reportExports);
    fastify.decorate('pipelineReport', repository);
  },
  { name: 'pipeline-report', dependencies: ['database', 'report-exports'] },
);
