/**
 * The Checklist Reports (/seminar2surgery) and the Pre-Op, Post-Op, Never Used App and Surgery Volume
 * reports (`fastify.seminarReports`), every read bound to the caller's program. What each report counts,
 * which date its from/to filter and the defaults: docs/reports.md.
 *
 * Every paged table is read the same way: the ids of the page in the report's order (the filters are
 * conditions on `patients`, so the program's indexes serve them), then the shown columns of those ids
 * only. An export reads all the ids, then their rows in chunks (the export kit's chunksOf).
 */
import fp from 'fastify-plugin';
import { and, asc, desc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { DateTime } from 'luxon';
import {
  LOST_DEFAULT_DAYS,
  STALLED_DEFAULT_DAYS,
  UNSPECIFIED_SURGERY_TYPE,
  type ChecklistItemName,
  type LostGraph,
  type LostPatientRow,
  type LostPatientsExcelQuery,
  type LostSort,
  type NotConnectedPatientRow,
  type NotConnectedPatientsExcelQuery,
  type NotConnectedSort,
  type Page,
  type PostOpPatientRow,
  type PostOpPatientsExcelQuery,
  type PostOpSort,
  type ReportFilters,
  type StalledPatientRow,
  type StalledPatientsExcelQuery,
  type StalledSort,
  type SurgeryDatePatientRow,
  type SurgeryDatePatientsExcelQuery,
  type SurgeryDateSort,
  type SurgeryVolumeChart,
  type SurgeryVolumeExcelQuery,
  type SurgeryVolumeRow,
  type SurgeryVolumeSort,
  type TimeGap,
} from '@baridesk/contracts';
import { formatPhone, round1, stageIdOf, stageLabel, surgeryDateDifference, weightOutcome, type StageId } from '@baridesk/domain';
import type { Db } from '../../../db/client';
import {
  checklistTemplateItems,
  checklistTemplates,
  insuranceCoordinators,
  patientChecklistItems,
  patients,
  pipelineStatuses,
  weightLogs,
} from '../../../db/schema';
import { pageWindow, toPage } from '../../../lib/paging';
import { programDay, type ProgramDay } from '../../../lib/program-day';
import type { StaffScope } from '../../../lib/scope';
import type { Clock } from '../../../lib/clock';
import { reportPatients } from '../report-patients';
import { dateCell, type SheetCell, type SheetColumn } from '../../../lib/xlsx-sheet';
import { chunksOf } from '../exports/definitions';
import type { ReportExports } from '../exports/plugins/report-exports';
import { reportCriteria } from '../report-criteria';

declare module 'fastify' {
  interface FastifyInstance {
    seminarReports: SeminarReportsRepository;
  }
}

// ---------------------------------------------------------------------------------------------
// Days and instants of the program's calendar
// ---------------------------------------------------------------------------------------------

/** `day` ("yyyy-MM-dd") moved by `days` calendar days. */
const plusDays = (day: string, days: number) => DateTime.fromISO(day, { zone: 'UTC' }).plus({ days }).toISODate()!;
/** The first day of `day`'s month `months` months later (negative: earlier). */
const monthStart = (day: string, months: number) => DateTime.fromISO(day, { zone: 'UTC' }).startOf('month').plus({ months }).toISODate()!;
/** The instant the program's calendar day `day` starts (as report-patients.ts's instantWithinDays bounds a range). */
const dayStart = (day: string, zone: string) => sql`(${day}::date)::timestamp at time zone ${zone}`;
/** An instant column as the program's calendar day (a date). */
const dayOf = (instant: SQL | AnyPgColumn, zone: string) => sql`(${instant} at time zone ${zone})::date`;
const dateText = (value: SQL) => sql<string>`to_char(${value}, 'YYYY-MM-DD')`;

/** Weights are numeric(6,1), which the drivers hand over as text. */
const pounds = (value: string | null): number | null => (value === null ? null : Number(value));

// ---------------------------------------------------------------------------------------------
// Progress: the last time a patient moved, ticked a checklist item or used the app (docs/reports.md)
// ---------------------------------------------------------------------------------------------

const ticks = sql`${patientChecklistItems}`;

/** The patient's last checklist tick (any stage), read per patient through the patient's items. */
const lastTick = sql`(select max(tick.completed_at) from ${ticks} tick where tick.patient_id = ${patients.id} and tick.completed_at is not null)`;

/**
 * The instant of a patient's last progress: entering the stage (also when added), entering the pipeline
 * status, the last checklist tick, the last use of the app. greatest() passes over the nulls.
 */
const progressAt = sql`greatest(${patients.stage_entered_at}, ${patients.pipeline_status_since}, ${patients.last_app_activity_at}, ${lastTick})`;

/**
 * No progress since `since` (an instant). Each part alone, so the planner can drop most patients on
 * their own columns before it looks for their ticks.
 */
function quietSince(since: SQL): SQL[] {
  return [
    sql`${patients.stage_entered_at} < ${since}`,
    sql`(${patients.pipeline_status_since} is null or ${patients.pipeline_status_since} < ${since})`,
    sql`(${patients.last_app_activity_at} is null or ${patients.last_app_activity_at} < ${since})`,
    sql`not exists (select 1 from ${ticks} tick where tick.patient_id = ${patients.id} and tick.completed_at >= ${since})`,
  ];
}

/**
 * Some progress at or after `since`: the other side of quietSince, written part by part for the same
 * reason (the last tick is looked for only where the patient's own columns do not already answer).
 */
const progressSince = (since: SQL): SQL =>
  sql`(${patients.stage_entered_at} >= ${since} or ${patients.pipeline_status_since} >= ${since} or ${patients.last_app_activity_at} >= ${since}
    or exists (select 1 from ${ticks} tick where tick.patient_id = ${patients.id} and tick.completed_at >= ${since}))`;

/** Patients with an item of this title (any case) on their checklist that is not ticked. */
const openItemTitled = (title: string) =>
  sql`exists (select 1 from ${ticks} item where item.patient_id = ${patients.id} and lower(item.title) = ${title.toLowerCase()} and item.completed_at is null)`;

// ---------------------------------------------------------------------------------------------
// The parts every report shares
// ---------------------------------------------------------------------------------------------

type Paging = { page: number; perPage: number | 'All' };
/** What the lost patients' conditions read (the list's query, and the graph's). */
type LostCriteria = ReportFilters & { days: number; checklist_item?: string | undefined; search?: string | undefined };

/** The report's patients: the program's active ones the common filters keep (report-patients.ts). */
const filtered = (scope: StaffScope, query: ReportFilters & { search?: string | undefined }): SQL[] => [reportPatients(scope, query)];

/** The order of a sort: its columns in the direction, then the id. */
function orderOf<S extends string>(columns: Record<S, readonly (AnyPgColumn | SQL)[]>, { sort, direction }: { sort: S; direction: 'asc' | 'desc' }) {
  const order = direction === 'desc' ? desc : asc;
  return [...columns[sort], patients.id].map((column) => order(column));
}

const NAME_ORDER = [patients.last_name, patients.first_name] as const;

/** How a report finds its patients (conditions, order) and reads the rows it shows of some of them. */
interface ReportTable<Q, R> {
  where(scope: StaffScope, day: ProgramDay, query: Q): SQL[];
  order(query: Q): SQL[];
  /** The shown rows of `ids`, in the order of `ids`. */
  rows(scope: StaffScope, day: ProgramDay, ids: readonly number[], query: Q, now: Date): Promise<R[]>;
}

/** Rows found by id, put back in the order of the ids. */
function inOrder<R extends { id: number }>(ids: readonly number[], rows: R[]): R[] {
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** The base columns of a report row and the joins they need (pipeline status and coordinator names). */
const BASE_COLUMNS = {
  id: patients.id,
  name: patients.name,
  stage: patients.current_stage,
  email: patients.email,
  phone: patients.phone,
  type_of_surgery: patients.type_of_surgery,
  coordinator: insuranceCoordinators.name,
};

export function createSeminarReportsRepository(db: Db, clock: Clock) {
  const today = (scope: StaffScope) => programDay(db, scope.programId, clock.now());

  /** Reads patients by id with the base columns and `extra`, bound to the program. */
  const readPatients = <X extends Record<string, AnyPgColumn | SQL.Aliased | SQL>>(scope: StaffScope, ids: readonly number[], extra: X) =>
    db
      .select({ ...BASE_COLUMNS, ...extra })
      .from(patients)
      .leftJoin(insuranceCoordinators, eq(insuranceCoordinators.id, patients.insurance_coordinator_id))
      .leftJoin(pipelineStatuses, eq(pipelineStatuses.id, patients.pipeline_status_id))
      .where(and(eq(patients.program_id, scope.programId), inArray(patients.id, [...ids])));

  async function count<Q>(table: ReportTable<Q, unknown>, scope: StaffScope, day: ProgramDay, query: Q): Promise<number> {
    const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(patients).where(and(...table.where(scope, day, query)));
    return row?.n ?? 0;
  }

  async function ids<Q>(table: ReportTable<Q, unknown>, scope: StaffScope, day: ProgramDay, query: Q, window?: { limit: number; offset: number }) {
    const select = db
      .select({ id: patients.id })
      .from(patients)
      .where(and(...table.where(scope, day, query)))
      .orderBy(...table.order(query));
    const found = window ? await select.limit(window.limit).offset(window.offset) : await select;
    return found.map((row) => row.id);
  }

  async function page<Q, R>(table: ReportTable<Q, R>, scope: StaffScope, query: Q & Paging): Promise<Page<R>> {
    const day = await today(scope);
    const [total, pageIds] = await Promise.all([
      count(table, scope, day, query),
      ids(table, scope, day, query, pageWindow(query.page, query.perPage)),
    ]);
    const rows = pageIds.length === 0 ? [] : await table.rows(scope, day, pageIds, query, clock.now());
    return toPage(rows, total, query.page, query.perPage);
  }

  /** An export's reads: how many rows, every id in order, and the rows of some ids. */
  function exportOf<Q, R>(table: ReportTable<Q, R>) {
    return {
      count: async (scope: StaffScope, query: Q) => count(table, scope, await today(scope), query),
      ids: async (scope: StaffScope, query: Q) => ids(table, scope, await today(scope), query),
      rows: async (scope: StaffScope, query: Q, some: readonly number[]) => table.rows(scope, await today(scope), some, query, clock.now()),
    };
  }

  // -------------------------------------------------------------------------------------------
  // Stalled and lost
  // -------------------------------------------------------------------------------------------

  const PROGRESS_SORTS: Record<StalledSort, readonly (AnyPgColumn | SQL)[]> = {
    name: NAME_ORDER,
    stage: [patients.current_stage, ...NAME_ORDER],
    last_progress: [progressAt],
    checklist_percent: [patients.checklist_percent],
  };

  /** The shown columns of a stalled (or lost) patient. */
  async function progressRows(scope: StaffScope, day: ProgramDay, some: readonly number[]): Promise<StalledPatientRow[]> {
    const progressDay = dayOf(progressAt, day.zone);
    const rows = await readPatients(scope, some, {
      pipeline_status: pipelineStatuses.name,
      checklist_percent: patients.checklist_percent,
      stage_entered_on: dateText(dayOf(patients.stage_entered_at, day.zone)),
      last_progress_on: dateText(progressDay),
      days_without_progress: sql<number>`(${day.today}::date - ${progressDay})::int`,
    });
    return inOrder(
      some,
      rows.map((row) => ({ ...row, stage: stageIdOf(row.stage) })),
    );
  }

  /** The day a lost patient counted as lost: the `days`-th day without progress after the last progress. */
  const lostOn = (row: StalledPatientRow, days: number) => plusDays(row.last_progress_on, days);

  /** Days of the lost report's range: the last 12 months (from the first of the month 11 months ago) unless told. */
  const lostRange = (day: ProgramDay, query: ReportFilters) => ({
    from: query.from ?? monthStart(day.today, -11),
    to: query.to ?? day.today,
  });

  /**
   * Lost: never operated (no surgery date) and no progress for `days` days; counted lost on the day after
   * the last progress plus `days`, which from/to filter.
   */
  function lostWhere(scope: StaffScope, day: ProgramDay, query: LostCriteria): SQL[] {
    const days = query.days ?? LOST_DEFAULT_DAYS;
    const { from, to } = lostRange(day, query);
    // Lost by today (no progress since the day after today − days), and lost_on in [from, to] ⇔ the last
    // progress's day in [from − days, to − days]: no progress since the day after the later bound, some
    // since the earlier one. Each bound on the parts of the last progress, so the last tick is never
    // computed to filter (only to sort and show).
    const until = to < day.today ? to : day.today;
    const conditions = [
      ...filtered(scope, query),
      isNull(patients.surgery_date),
      ...quietSince(dayStart(plusDays(until, 1 - days), day.zone)),
      progressSince(dayStart(plusDays(from, -days), day.zone)),
    ];
    if (query.checklist_item) conditions.push(openItemTitled(query.checklist_item));
    return conditions;
  }

  const lostTable: ReportTable<LostPatientsExcelQuery, LostPatientRow> = {
    where: lostWhere,
    order: (query) => orderOf<LostSort>(PROGRESS_SORTS, query),
    async rows(scope, day, some, query) {
      const days = query.days ?? LOST_DEFAULT_DAYS;
      return (await progressRows(scope, day, some)).map((row) => ({ ...row, lost_on: lostOn(row, days) }));
    },
  };

  /** Stalled: active patients with no progress for `days` days; from/to on the day of the last progress. */
  const stalledTable: ReportTable<StalledPatientsExcelQuery, StalledPatientRow> = {
    where(scope, day, query) {
      const days = query.days ?? STALLED_DEFAULT_DAYS;
      const conditions = [...filtered(scope, query), ...quietSince(dayStart(plusDays(day.today, 1 - days), day.zone))];
      if (query.from) conditions.push(progressSince(dayStart(query.from, day.zone)));
      if (query.to) conditions.push(...quietSince(dayStart(plusDays(query.to, 1), day.zone)));
      if (query.checklist_item) conditions.push(openItemTitled(query.checklist_item));
      return conditions;
    },
    order: (query) => orderOf<StalledSort>(PROGRESS_SORTS, query),
    rows: (scope, day, some) => progressRows(scope, day, some),
  };

  // -------------------------------------------------------------------------------------------
  // Pre-Op: upcoming surgeries and their checklist readiness
  // -------------------------------------------------------------------------------------------

  const surgeryDateTable: ReportTable<SurgeryDatePatientsExcelQuery, SurgeryDatePatientRow> = {
    where(scope, day, query) {
      const from = query.from ?? day.today;
      const to = query.to ?? plusDays(day.today, 90);
      return [...filtered(scope, query), sql`${patients.surgery_date} between ${from}::date and ${to}::date`];
    },
    order: (query) =>
      orderOf<SurgeryDateSort>(
        {
          surgery_date: [patients.surgery_date, ...NAME_ORDER],
          name: NAME_ORDER,
          checklist_percent: [patients.checklist_percent],
          type_of_surgery: [patients.type_of_surgery],
        },
        query,
      ),
    async rows(scope, day, some, _query, now) {
      const [rows, items, next] = await Promise.all([
        readPatients(scope, some, { surgery_date: patients.surgery_date, checklist_percent: patients.checklist_percent }),
        // The current stage's checklist, as checklist_percent counts it.
        db
          .select({
            id: patientChecklistItems.patient_id,
            open: sql<number>`(count(*) filter (where ${patientChecklistItems.completed_at} is null))::int`,
            overdue: sql<number>`(count(*) filter (where ${patientChecklistItems.completed_at} is null and ${patientChecklistItems.due_date} < ${day.today}::date))::int`,
          })
          .from(patientChecklistItems)
          .innerJoin(patients, and(eq(patients.id, patientChecklistItems.patient_id), eq(patients.current_stage, patientChecklistItems.stage)))
          .where(and(eq(patientChecklistItems.program_id, scope.programId), inArray(patientChecklistItems.patient_id, [...some])))
          .groupBy(patientChecklistItems.patient_id),
        db
          .selectDistinctOn([patientChecklistItems.patient_id], {
            id: patientChecklistItems.patient_id,
            title: patientChecklistItems.title,
            due: patientChecklistItems.due_date,
          })
          .from(patientChecklistItems)
          .innerJoin(patients, and(eq(patients.id, patientChecklistItems.patient_id), eq(patients.current_stage, patientChecklistItems.stage)))
          .where(
            and(
              eq(patientChecklistItems.program_id, scope.programId),
              inArray(patientChecklistItems.patient_id, [...some]),
              isNull(patientChecklistItems.completed_at),
            ),
          )
          .orderBy(patientChecklistItems.patient_id, sql`${patientChecklistItems.due_date} asc nulls last`, patientChecklistItems.position, patientChecklistItems.id),
      ]);
      const counts = new Map(items.map((row) => [row.id, row]));
      const nextOf = new Map(next.map((row) => [row.id, row]));
      const todayOf = DateTime.fromJSDate(now, { zone: day.zone });
      return inOrder(
        some,
        rows.map((row) => ({
          ...row,
          stage: stageIdOf(row.stage),
          surgery_date: row.surgery_date!,
          surgery_date_difference: surgeryDateDifference(row.surgery_date, todayOf),
          open_items: counts.get(row.id)?.open ?? 0,
          overdue_items: counts.get(row.id)?.overdue ?? 0,
          next_item_title: nextOf.get(row.id)?.title ?? null,
          next_item_due: nextOf.get(row.id)?.due ?? null,
        })),
      );
    },
  };

  // -------------------------------------------------------------------------------------------
  // Post-Op: operated patients and their weight outcome
  // -------------------------------------------------------------------------------------------

  const postOpRange = (day: ProgramDay, query: ReportFilters) => {
    const to = query.to ?? day.today;
    // Post-op means operated: a range reaching into the future stops at today.
    return { from: query.from ?? plusDays(day.today, -730), to: to < day.today ? to : day.today };
  };

  const postOpTable: ReportTable<PostOpPatientsExcelQuery, PostOpPatientRow> = {
    where(scope, day, query) {
      const { from, to } = postOpRange(day, query);
      return [...filtered(scope, query), sql`${patients.surgery_date} between ${from}::date and ${to}::date`];
    },
    order: (query) =>
      orderOf<PostOpSort>(
        {
          surgery_date: [patients.surgery_date, ...NAME_ORDER],
          name: NAME_ORDER,
          type_of_surgery: [patients.type_of_surgery],
          current_weight: [patients.current_weight],
          weight_lost: [sql`${patients.starting_weight} - ${patients.current_weight}`],
        },
        query,
      ),
    async rows(scope, day, some) {
      const [rows, weighIns] = await Promise.all([
        readPatients(scope, some, {
          surgery_date: patients.surgery_date,
          days_since_surgery: sql<number>`(${day.today}::date - ${patients.surgery_date})::int`,
          starting_weight: patients.starting_weight,
          current_weight: patients.current_weight,
          height: patients.hight,
        }),
        db
          .selectDistinctOn([weightLogs.patient_id], { id: weightLogs.patient_id, on: weightLogs.logged_on, weight: weightLogs.weight })
          .from(weightLogs)
          .where(and(eq(weightLogs.program_id, scope.programId), inArray(weightLogs.patient_id, [...some])))
          .orderBy(weightLogs.patient_id, desc(weightLogs.logged_on), desc(weightLogs.id)),
      ]);
      const lastOf = new Map(weighIns.map((row) => [row.id, row]));
      return inOrder(
        some,
        rows.map(({ height, starting_weight, current_weight, email: _email, phone: _phone, ...row }) => {
          const start = pounds(starting_weight);
          const current = pounds(current_weight);
          const outcome = weightOutcome(start, current, pounds(height));
          const last = lastOf.get(row.id);
          return {
            ...row,
            stage: stageIdOf(row.stage),
            surgery_date: row.surgery_date!,
            starting_weight: start,
            current_weight: current,
            weight_lost: start === null || current === null ? null : round1(start - current),
            twl: round1(outcome.twl),
            ewl: round1(outcome.ewl),
            last_weigh_in_on: last?.on ?? null,
            last_weigh_in_weight: last ? pounds(last.weight) : null,
          };
        }),
      );
    },
  };

  // -------------------------------------------------------------------------------------------
  // Never used the app
  // -------------------------------------------------------------------------------------------

  const notConnectedTable: ReportTable<NotConnectedPatientsExcelQuery, NotConnectedPatientRow> = {
    where(scope, day, query) {
      const conditions = [...filtered(scope, query), isNull(patients.last_app_activity_at)];
      if (query.from) conditions.push(sql`${patients.created_at} >= ${dayStart(query.from, day.zone)}`);
      if (query.to) conditions.push(sql`${patients.created_at} < ${dayStart(plusDays(query.to, 1), day.zone)}`);
      return conditions;
    },
    order: (query) =>
      orderOf<NotConnectedSort>(
        { name: NAME_ORDER, added_on: [patients.created_at], email: [patients.email], invited: [patients.is_invited, ...NAME_ORDER] },
        query,
      ),
    async rows(scope, day, some) {
      const rows = await readPatients(scope, some, {
        invited: patients.is_invited,
        added_on: dateText(dayOf(patients.created_at, day.zone)),
      });
      return inOrder(
        some,
        rows.map(({ type_of_surgery: _type, ...row }) => ({ ...row, stage: stageIdOf(row.stage), invited: row.invited === 1 ? (1 as const) : (0 as const) })),
      );
    },
  };

  // -------------------------------------------------------------------------------------------
  // Surgery volume
  // -------------------------------------------------------------------------------------------

  const volumeRange = (day: ProgramDay, query: ReportFilters) => ({
    from: query.from ?? monthStart(day.today, -11),
    to: query.to ?? day.today,
  });

  const volumeWhere = (scope: StaffScope, day: ProgramDay, query: ReportFilters) => {
    const { from, to } = volumeRange(day, query);
    return [...filtered(scope, query), sql`${patients.surgery_date} between ${from}::date and ${to}::date`];
  };

  const volumeTable: ReportTable<SurgeryVolumeExcelQuery, SurgeryVolumeRow> = {
    where: volumeWhere,
    order: (query) =>
      orderOf<SurgeryVolumeSort>(
        { surgery_date: [patients.surgery_date, ...NAME_ORDER], name: NAME_ORDER, type_of_surgery: [patients.type_of_surgery] },
        query,
      ),
    async rows(scope, _day, some) {
      const rows = await readPatients(scope, some, {
        surgery_date: patients.surgery_date,
        starting_weight: patients.starting_weight,
        current_weight: patients.current_weight,
      });
      return inOrder(
        some,
        rows.map(({ email: _email, phone: _phone, ...row }) => ({
          ...row,
          stage: stageIdOf(row.stage),
          surgery_date: row.surgery_date!,
          starting_weight: pounds(row.starting_weight),
          current_weight: pounds(row.current_weight),
        })),
      );
    },
  };

  return {
    /** The program's day (for file names). */
    today,

    /** Distinct titles (any case, trimmed) of the live items of the program's live templates, by stage. */
    async checklistItemNames(scope: StaffScope, stage: StageId | undefined): Promise<ChecklistItemName[]> {
      const key = sql`lower(trim(${checklistTemplateItems.title}))`;
      const rows = await db
        .select({ stage: checklistTemplates.stage, title: sql<string>`min(trim(${checklistTemplateItems.title}))` })
        .from(checklistTemplateItems)
        .innerJoin(checklistTemplates, eq(checklistTemplates.id, checklistTemplateItems.template_id))
        .where(
          and(
            eq(checklistTemplates.program_id, scope.programId),
            isNull(checklistTemplates.deleted_at),
            isNull(checklistTemplateItems.deleted_at),
            stage === undefined ? undefined : eq(checklistTemplates.stage, stage),
          ),
        )
        .groupBy(checklistTemplates.stage, key)
        .orderBy(checklistTemplates.stage, key);
      return rows.map((row) => ({ stage: stageIdOf(row.stage), title: row.title }));
    },

    /** Lost patients per period of their lost day, every period of the range (zeros too). */
    async lostGraph(scope: StaffScope, query: LostCriteria & { time_gap: TimeGap }): Promise<LostGraph> {
      const day = await today(scope);
      const days = query.days ?? LOST_DEFAULT_DAYS;
      const { from, to } = lostRange(day, query);
      const gap = query.time_gap;
      const period = sql<string>`to_char(date_trunc(${gap}, (${dayOf(progressAt, day.zone)} + ${days}::int)::timestamp), 'YYYY-MM-DD')`;
      const counted = await db
        .select({ period, lost: sql<number>`count(*)::int` })
        .from(patients)
        .where(and(...lostWhere(scope, day, query)))
        .groupBy(sql`1`);
      const byPeriod = new Map(counted.map((row) => [row.period, row.lost]));
      const points: LostGraph['points'] = [];
      const last = DateTime.fromISO(to, { zone: 'UTC' }).startOf(gap);
      for (let at = DateTime.fromISO(from, { zone: 'UTC' }).startOf(gap); at <= last; at = at.plus({ [gap]: 1 })) {
        const key = at.toISODate()!;
        points.push({ period: key, lost: byPeriod.get(key) ?? 0 });
      }
      return { time_gap: gap, from, to, points, total: points.reduce((sum, point) => sum + point.lost, 0) };
    },

    lostPatients: (scope: StaffScope, query: LostPatientsExcelQuery & Paging) => page(lostTable, scope, query),
    stalledPatients: (scope: StaffScope, query: StalledPatientsExcelQuery & Paging) => page(stalledTable, scope, query),
    surgeryDatePatients: (scope: StaffScope, query: SurgeryDatePatientsExcelQuery & Paging) => page(surgeryDateTable, scope, query),
    postOpPatients: (scope: StaffScope, query: PostOpPatientsExcelQuery & Paging) => page(postOpTable, scope, query),
    notConnectedPatients: (scope: StaffScope, query: NotConnectedPatientsExcelQuery & Paging) => page(notConnectedTable, scope, query),
    surgeryVolumeList: (scope: StaffScope, query: SurgeryVolumeExcelQuery & Paging) => page(volumeTable, scope, query),

    /** Surgeries per month of the range by type (types told apart ignoring case and spaces). */
    async surgeryVolumeChart(scope: StaffScope, query: ReportFilters): Promise<SurgeryVolumeChart> {
      const day = await today(scope);
      const { from, to } = volumeRange(day, query);
      const typeKey = sql`lower(trim(coalesce(${patients.type_of_surgery}, '')))`;
      const rows = await db
        .select({
          month: sql<string>`to_char(${patients.surgery_date}, 'YYYY-MM')`,
          type: sql<string>`min(trim(coalesce(${patients.type_of_surgery}, '')))`,
          n: sql<number>`count(*)::int`,
        })
        .from(patients)
        .where(and(...volumeWhere(scope, day, query)))
        .groupBy(sql`1`, typeKey);
      const months: string[] = [];
      const last = DateTime.fromISO(to, { zone: 'UTC' }).startOf('month');
      for (let at = DateTime.fromISO(from, { zone: 'UTC' }).startOf('month'); at <= last; at = at.plus({ months: 1 })) {
        months.push(at.toFormat('yyyy-MM'));
      }
      const series = new Map<string, { surgery_type: string; counts: number[] }>();
      for (const row of rows) {
        const name = row.type === '' ? UNSPECIFIED_SURGERY_TYPE : row.type;
        const key = row.type === '' ? '' : name.toLowerCase();
        const entry = series.get(key) ?? { surgery_type: name, counts: months.map(() => 0) };
        // One spelling per type over the months, the same the filters list (pre-load-filters: the least).
        if (name < entry.surgery_type) entry.surgery_type = name;
        series.set(key, entry);
        const index = months.indexOf(row.month);
        if (index >= 0) entry.counts[index] = (entry.counts[index] ?? 0) + row.n;
      }
      // Types by name; surgeries without a type last.
      const ordered = [...series.entries()].sort(([a], [b]) => (a === '' ? 1 : b === '' ? -1 : a.localeCompare(b))).map(([, entry]) => entry);
      return { from, to, months, series: ordered, total: rows.reduce((sum, row) => sum + row.n, 0) };
    },

    /** Whether each of `ids` is the program's patient, active, and has used the app (the invite's checks). */
    async inviteCandidates(scope: StaffScope, ids: readonly number[]) {
      const rows = await db
        .select({ id: patients.id, status: patients.status, usesApp: sql<boolean>`${patients.last_app_activity_at} is not null` })
        .from(patients)
        .where(and(eq(patients.program_id, scope.programId), inArray(patients.id, [...ids])));
      return new Map(rows.map((row) => [row.id, row]));
    },

    /** What the exports read (the export kit's count and chunks). */
    sheets: {
      lost: exportOf(lostTable),
      stalled: exportOf(stalledTable),
      surgeryDate: exportOf(surgeryDateTable),
      postOp: exportOf(postOpTable),
      notConnected: exportOf(notConnectedTable),
      volume: exportOf(volumeTable),
    },
  };
}

export type SeminarReportsRepository = ReturnType<typeof createSeminarReportsRepository>;

// ---------------------------------------------------------------------------------------------
// The Excel files: what each table shows, in its order, with every row the filters keep
// ---------------------------------------------------------------------------------------------

/** Patients read per query while writing (the export kit reads the next chunk while one is written). */
const EXPORT_CHUNK = 500;

const text = (header: string, width = 24): SheetColumn => ({ header, kind: 'text', width });
const number = (header: string, numFmt = '#,##0', width = 12): SheetColumn => ({ header, kind: 'number', width, numFmt });
const day = (header: string): SheetColumn => ({ header, kind: 'date', width: 13 });
const lb = (header: string) => number(header, '#,##0.0');
const stageName = (stage: StageId) => stageLabel(stage) ?? null;
const phoneText = (phone: string | null) => (phone === null ? null : formatPhone(phone));

const PROGRESS_COLUMNS = [
  text('Name', 28),
  text('Stage', 18),
  text('E-mail', 30),
  text('Phone', 15),
  text('Pipeline status'),
  text('Insurance coordinator'),
  text('Surgery type'),
  number('Checklist %'),
  day('In stage since'),
  day('Last progress'),
  number('Days without progress'),
];
const progressCells = (row: StalledPatientRow): SheetCell[] => [
  row.name,
  stageName(row.stage),
  row.email,
  phoneText(row.phone),
  row.pipeline_status,
  row.coordinator,
  row.type_of_surgery,
  row.checklist_percent,
  dateCell(row.stage_entered_on),
  dateCell(row.last_progress_on),
  row.days_without_progress,
];

/** One report's file: its name, sheet, columns and cells, and the repository's reads behind it. */
interface SheetSpec<Q, R> {
  kind: string;
  action: string;
  sheet: string;
  columns: SheetColumn[];
  cells: (row: R) => SheetCell[];
  reads: { count: (scope: StaffScope, query: Q) => Promise<number>; ids: (scope: StaffScope, query: Q) => Promise<number[]>; rows: (scope: StaffScope, query: Q, ids: readonly number[]) => Promise<R[]> };
}

function defineSheet<Q extends Record<string, unknown>, R extends { id: number }>(kit: ReportExports, spec: SheetSpec<Q, R>) {
  kit.define<Q>({
    kind: spec.kind,
    format: 'xlsx',
    area: 'reports',
    sheet: spec.sheet,
    columns: spec.columns,
    audit: (query) => ({ action: spec.action, entity: 'patient', detail: reportCriteria(query) }),
    fileName: (_scope, _query, today) => `${spec.kind}-${today}.xlsx`,
    count: spec.reads.count,
    async *rows(scope, query, signal) {
      const all = await spec.reads.ids(scope, query);
      for await (const { rows, ids } of chunksOf(all, EXPORT_CHUNK, (some) => spec.reads.rows(scope, query, some))) {
        if (signal.aborted) return;
        yield { cells: rows.map(spec.cells), patientIds: ids };
      }
    },
  });
}

/** The kinds of the seminar2surgery exports (the route of each hands its query to the kit by this name). */
export const SEMINAR_EXPORTS = {
  lost: 'lost-patients',
  stalled: 'stalled-patients',
  surgeryDate: 'surgery-date-patients',
  postOp: 'post-op-patients',
  notConnected: 'not-connected-patients',
  volume: 'surgery-volume',
} as const;

function defineExports(kit: ReportExports, reports: SeminarReportsRepository) {
  defineSheet<LostPatientsExcelQuery, LostPatientRow>(kit, {
    kind: SEMINAR_EXPORTS.lost,
    action: 'report.lost-patients.excel',
    sheet: 'Lost patients',
    columns: [...PROGRESS_COLUMNS, day('Lost on')],
    cells: (row) => [...progressCells(row), dateCell(row.lost_on)],
    reads: reports.sheets.lost,
  });
  defineSheet<StalledPatientsExcelQuery, StalledPatientRow>(kit, {
    kind: SEMINAR_EXPORTS.stalled,
    action: 'report.stalled-patients.excel',
    sheet: 'Stalled patients',
    columns: PROGRESS_COLUMNS,
    cells: progressCells,
    reads: reports.sheets.stalled,
  });
  defineSheet<SurgeryDatePatientsExcelQuery, SurgeryDatePatientRow>(kit, {
    kind: SEMINAR_EXPORTS.surgeryDate,
    action: 'report.surgery-date-patients.excel',
    sheet: 'Pre-Op',
    columns: [
      text('Name', 28),
      text('Stage', 18),
      text('E-mail', 30),
      text('Phone', 15),
      day('Surgery date'),
      text('Until surgery', 20),
      text('Surgery type'),
      text('Insurance coordinator'),
      number('Checklist %'),
      number('Open items'),
      number('Overdue items'),
      text('Next item', 30),
      day('Next item due'),
    ],
    cells: (row) => [
      row.name,
      stageName(row.stage),
      row.email,
      phoneText(row.phone),
      dateCell(row.surgery_date),
      row.surgery_date_difference,
      row.type_of_surgery,
      row.coordinator,
      row.checklist_percent,
      row.open_items,
      row.overdue_items,
      row.next_item_title,
      dateCell(row.next_item_due),
    ],
    reads: reports.sheets.surgeryDate,
  });
  defineSheet<PostOpPatientsExcelQuery, PostOpPatientRow>(kit, {
    kind: SEMINAR_EXPORTS.postOp,
    action: 'report.post-op-patients.excel',
    sheet: 'Post-Op',
    columns: [
      text('Name', 28),
      text('Stage', 18),
      day('Surgery date'),
      number('Days since surgery'),
      text('Surgery type'),
      text('Insurance coordinator'),
      lb('Starting weight (lb)'),
      lb('Current weight (lb)'),
      lb('Weight lost (lb)'),
      number('%TWL', '0.0'),
      number('%EWL', '0.0'),
      day('Last weigh-in'),
      lb('Last weigh-in (lb)'),
    ],
    cells: (row) => [
      row.name,
      stageName(row.stage),
      dateCell(row.surgery_date),
      row.days_since_surgery,
      row.type_of_surgery,
      row.coordinator,
      row.starting_weight,
      row.current_weight,
      row.weight_lost,
      row.twl,
      row.ewl,
      dateCell(row.last_weigh_in_on),
      row.last_weigh_in_weight,
    ],
    reads: reports.sheets.postOp,
  });
  defineSheet<NotConnectedPatientsExcelQuery, NotConnectedPatientRow>(kit, {
    kind: SEMINAR_EXPORTS.notConnected,
    action: 'report.not-connected-patients.excel',
    sheet: 'Never used app',
    columns: [text('Name', 28), text('Stage', 18), text('E-mail', 30), text('Phone', 15), text('Invited', 9), day('Added'), text('Insurance coordinator')],
    cells: (row) => [row.name, stageName(row.stage), row.email, phoneText(row.phone), row.invited === 1 ? 'Yes' : 'No', dateCell(row.added_on), row.coordinator],
    reads: reports.sheets.notConnected,
  });
  defineSheet<SurgeryVolumeExcelQuery, SurgeryVolumeRow>(kit, {
    kind: SEMINAR_EXPORTS.volume,
    action: 'report.surgery-volume.excel',
    sheet: 'Surgery volume',
    columns: [text('Name', 28), text('Stage', 18), day('Surgery date'), text('Surgery type'), text('Insurance coordinator'), lb('Starting weight (lb)'), lb('Current weight (lb)')],
    cells: (row) => [row.name, stageName(row.stage), dateCell(row.surgery_date), row.type_of_surgery, row.coordinator, row.starting_weight, row.current_weight],
    reads: reports.sheets.volume,
  });
}

export default fp(
  async (fastify) => {
    const reports = createSeminarReportsRepository(fastify.db, fastify.clock);
    defineExports(fastify.reportExports, reports);
    fastify.decorate('seminarReports', reports);
  },
  { name: 'seminar-reports', dependencies: ['database', 'report-exports'] },
);
