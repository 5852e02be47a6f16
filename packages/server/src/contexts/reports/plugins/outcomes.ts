/**
 * Weight outcomes after surgery (docs/reports.md): per patient and per cohort, %TWL, %EWL and %EBMIL at 3, 6, 12
 * and 24 months. The database finds each milestone's weigh-in (the one nearest the target day inside the
 * domain's window) in one pass over the operated patients' weigh-ins; the measures and the means are the
 * domain's (weightOutcome, meanOf), so the figures have one definition. Every query is bound to scope.programId.
 */
import fp from 'fastify-plugin';
import { sql, type SQL } from 'drizzle-orm';
import {
  OUTCOME_MILESTONE_WINDOWS,
  OUTCOME_MILESTONES,
  meanOf,
  round1,
  stageIdOf,
  stageLabel,
  weightOutcome,
  type OutcomeMilestone as Milestone,
  type WeightOutcome,
} from '@baridesk/domain';
import type {
  OutcomeCohortRow,
  OutcomeCohorts,
  OutcomeCohortsQuery,
  OutcomeFigure,
  OutcomeMilestone,
  OutcomePatientRow,
  OutcomePatientsExcelQuery,
  OutcomePatientsQuery,
  Page,
} from '@baridesk/contracts';
import { queryRows, type Db } from '../../../db/client';
import { patients, weightLogs } from '../../../db/schema';
import { pageWindow, toPage } from '../../../lib/paging';
import type { StaffScope } from '../../../lib/scope';
import { dateCell, type SheetCell, type SheetColumn } from '../../../lib/xlsx-sheet';
import type { ReportExports } from '..';
import { reportCriteria } from '../report-criteria';
import { operatedPatients, reportDay } from '../report-patients';

declare module 'fastify' {
  interface FastifyInstance {
    outcomes: OutcomesRepository;
  }
}

/** The cohort name of patients whose surgery type is blank. */
export const UNRECORDED_SURGERY_TYPE = 'Not recorded';

/** The milestones' windows as a VALUES list: (months, open, target, close) days after surgery. */
const MILESTONE_VALUES = sql.join(
  OUTCOME_MILESTONES.map((m) => {
    const w = OUTCOME_MILESTONE_WINDOWS[m];
    return sql`(${m}::int, ${w.open}::int, ${w.target}::int, ${w.close}::int)`;
  }),
  sql`, `,
);
const LAST_CLOSE = Math.max(...OUTCOME_MILESTONES.map((m) => OUTCOME_MILESTONE_WINDOWS[m].close));
const FIRST_OPEN = Math.min(...OUTCOME_MILESTONES.map((m) => OUTCOME_MILESTONE_WINDOWS[m].open));

/** An operated patient's measures as the cohort table needs them: the cohort keys and one weight per milestone. */
interface MeasuredRow {
  id: number;
  type_of_surgery: string | null;
  quarter: string;
  start_weight: number | null;
  height: number | null;
  /** `w3`, `w6`, …: the milestone's weight, null without a weigh-in in its window. */
  [weight: `w${number}`]: number | null;
}

/** One operated patient of a page: the record's columns and each milestone's weigh-in (`d3`, `w3`, …). */
interface OperatedRow extends MeasuredRow {
  name: string;
  stage: number;
  surgery_date: string;
  total: number;
  [day: `d${number}`]: string | null;
}

const weightOf = (row: MeasuredRow, months: Milestone) => row[`w${months}`] ?? null;

/**
 * The patients chosen by `chosen` (a select of chosenColumns, `ord` and `total`), with their start weight (the
 * starting weight, else the first weigh-in), height and the weigh-in nearest each milestone's target day in its
 * window (`d3`/`w3`, …). `page`: every column in `ord` order; else only what the cohort table needs, as found
 * (28,000 rows of a large program: fewer columns are read much faster).
 */
function withMilestones(scope: StaffScope, chosen: SQL, page: boolean): SQL {
  const perMilestone = sql.join(
    OUTCOME_MILESTONES.map((m) =>
      page
        ? sql`max(logged_on::text) filter (where months = ${m}::int) as ${sql.identifier(`d${m}`)},
              max(weight) filter (where months = ${m}::int) as ${sql.identifier(`w${m}`)}`
        : sql`max(weight) filter (where months = ${m}::int) as ${sql.identifier(`w${m}`)}`,
    ),
    sql`, `,
  );
  const milestoneColumns = sql.join(
    OUTCOME_MILESTONES.flatMap((m) => (page ? [sql.identifier(`d${m}`), sql.identifier(`w${m}`)] : [sql.identifier(`w${m}`)]).map((c) => sql`pv.${c}`)),
    sql`, `,
  );
  return sql`with chosen as materialized (${chosen}),
    weighins as (
      select distinct on (c.id, m.months) c.id, m.months, w.logged_on, w.weight::float8 as weight
      from chosen c
      join ${weightLogs} w on w.program_id = ${scope.programId} and w.patient_id = c.id
        and w.logged_on between c.surgery_date + ${FIRST_OPEN}::int and c.surgery_date + ${LAST_CLOSE}::int
      join (values ${MILESTONE_VALUES}) as m(months, open, target, close)
        on w.logged_on between c.surgery_date + m.open and c.surgery_date + m.close
      order by c.id, m.months, abs(w.logged_on - (c.surgery_date + m.target)), w.logged_on, w.id desc
    ), pivoted as (
      select id, ${perMilestone} from weighins group by id
    )
    select c.id, c.type_of_surgery, to_char(c.surgery_date, 'YYYY "Q"Q') as quarter,
           coalesce(c.starting_weight, (
             select f.weight from ${weightLogs} f where f.program_id = ${scope.programId} and f.patient_id = c.id
             order by f.logged_on, f.id limit 1))::float8 as start_weight,
           c.hight::float8 as height, ${milestoneColumns}
           ${page ? sql`, c.name, c.stage, c.surgery_date::text as surgery_date, c.total` : sql``}
    from chosen c
    left join pivoted pv on pv.id = c.id
    ${page ? sql`order by c.ord` : sql``}`;
}

const chosenColumns = sql`${patients.id} as id, ${patients.name} as name, ${patients.current_stage}::int as stage,
  ${patients.surgery_date} as surgery_date, ${patients.type_of_surgery} as type_of_surgery,
  ${patients.starting_weight} as starting_weight, ${patients.hight} as hight`;

function milestonesOf(row: OperatedRow): OutcomeMilestone[] {
  return OUTCOME_MILESTONES.map((months) => {
    const date = row[`d${months}`] ?? null;
    const weight = weightOf(row, months);
    if (date === null || weight === null) return { months, date: null, weight: null, twl: null, ewl: null, ebmil: null };
    const o = weightOutcome(row.start_weight, weight, row.height);
    return { months, date, weight, twl: round1(o.twl), ewl: round1(o.ewl), ebmil: round1(o.ebmil) };
  });
}

function patientRow(row: OperatedRow): OutcomePatientRow {
  return {
    id: row.id,
    name: row.name,
    stage: stageIdOf(row.stage),
    surgery_date: row.surgery_date,
    type_of_surgery: row.type_of_surgery,
    start_weight: row.start_weight,
    height: row.height,
    milestones: milestonesOf(row),
  };
}

/** A patient's measures at each milestone (OUTCOME_MILESTONES order), null without a weigh-in in its window. */
type Measures = (WeightOutcome | null)[];

const measuresOf = (row: MeasuredRow): Measures =>
  OUTCOME_MILESTONES.map((months) => {
    const weight = weightOf(row, months);
    return weight === null ? null : weightOutcome(row.start_weight, weight, row.height);
  });

/** A cohort's figures: at each milestone the means of the unrounded measures, and how many patients each is over. */
function cohortRow(cohort: string, patients: readonly Measures[]): OutcomeCohortRow {
  const figures: OutcomeFigure[] = OUTCOME_MILESTONES.map((months: Milestone, i) => {
    const outcomes = patients.flatMap((measures) => (measures[i] ? [measures[i]] : []));
    const twl = meanOf(outcomes.map((o) => o.twl));
    const ewl = meanOf(outcomes.map((o) => o.ewl));
    const ebmil = meanOf(outcomes.map((o) => o.ebmil));
    return { months, patients: twl.count, excess_patients: ewl.count, twl: round1(twl.mean), ewl: round1(ewl.mean), ebmil: round1(ebmil.mean) };
  });
  return { cohort, patients: patients.length, figures };
}

const ORDER = {
  surgery_date: (dir: SQL) => sql`${patients.surgery_date} ${dir}, ${patients.id} ${dir}`,
  name: (dir: SQL) => sql`${patients.last_name} ${dir}, ${patients.first_name} ${dir}, ${patients.id} ${dir}`,
} as const;

export const OUTCOME_PATIENTS_EXPORT = 'outcome-patients';
const EXPORT_CHUNK = 500;
const OUTCOME_COLUMNS: readonly SheetColumn[] = [
  { header: 'Patient', kind: 'text', width: 28 },
  { header: 'Stage', kind: 'text', width: 20 },
  { header: 'Surgery date', kind: 'date', width: 14 },
  { header: 'Surgery type', kind: 'text', width: 18 },
  { header: 'Start weight (lb)', kind: 'number', width: 12, numFmt: '0.0' },
  { header: 'Height (in)', kind: 'number', width: 10, numFmt: '0.0' },
  ...OUTCOME_MILESTONES.flatMap((m): SheetColumn[] => [
    { header: `${m} mo weight (lb)`, kind: 'number', width: 12, numFmt: '0.0' },
    { header: `${m} mo %TWL`, kind: 'number', width: 10, numFmt: '0.0' },
    { header: `${m} mo %EWL`, kind: 'number', width: 10, numFmt: '0.0' },
    { header: `${m} mo %EBMIL`, kind: 'number', width: 10, numFmt: '0.0' },
  ]),
];

const outcomeCells = (row: OutcomePatientRow): SheetCell[] => [
  row.name,
  stageLabel(row.stage),
  dateCell(row.surgery_date),
  row.type_of_surgery,
  row.start_weight,
  row.height,
  ...row.milestones.flatMap((m) => [m.weight, m.twl, m.ewl, m.ebmil]),
];

export function createOutcomesRepository(db: Db, clock: { now(): Date }) {
  /** A page of operated patients in the list's order, with their milestones; `total` from the same read. */
  async function patientsPage(scope: StaffScope, query: OutcomePatientsExcelQuery, window: { limit: number; offset: number }) {
    const day = await reportDay(db, scope, clock.now());
    const dir = query.direction === 'asc' ? sql`asc` : sql`desc`;
    const chosen = sql`select ${chosenColumns}, row_number() over (order by ${ORDER[query.sort](dir)}) as ord, (count(*) over ())::int as total
      from ${patients} where ${operatedPatients(scope, day, query)}
      order by ${ORDER[query.sort](dir)} limit ${window.limit} offset ${window.offset}`;
    return queryRows<OperatedRow>(db, withMilestones(scope, chosen, true));
  }

  async function countPatients(scope: StaffScope, query: OutcomePatientsExcelQuery): Promise<number> {
    const day = await reportDay(db, scope, clock.now());
    const [row] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from ${patients} where ${operatedPatients(scope, day, query)}`);
    return row?.n ?? 0;
  }

  return {
    async cohorts(scope: StaffScope, query: OutcomeCohortsQuery): Promise<{ data: OutcomeCohorts; patientIds: number[] }> {
      const day = await reportDay(db, scope, clock.now());
      const chosen = sql`select ${chosenColumns}, ${patients.id} as ord, 0 as total from ${patients} where ${operatedPatients(scope, day, query)}`;
      const rows = await queryRows<MeasuredRow>(db, withMilestones(scope, chosen, false));
      const keyOf =
        query.group === 'surgery_quarter'
          ? (r: MeasuredRow) => r.quarter
          : (r: MeasuredRow) => r.type_of_surgery?.trim() || UNRECORDED_SURGERY_TYPE;
      const groups = new Map<string, Measures[]>();
      const all: Measures[] = [];
      for (const row of rows) {
        const measures = measuresOf(row);
        all.push(measures);
        const key = keyOf(row);
        const list = groups.get(key);
        if (list) list.push(measures);
        else groups.set(key, [measures]);
      }
      // Quarters newest first; surgery types by size, then name.
      const keys = [...groups.keys()].sort((a, b) =>
        query.group === 'surgery_quarter' ? b.localeCompare(a) : groups.get(b)!.length - groups.get(a)!.length || a.localeCompare(b),
      );
      return {
        data: {
          milestones: [...OUTCOME_MILESTONES],
          rows: keys.map((key) => cohortRow(key, groups.get(key)!)),
          total: cohortRow('All patients', all),
        },
        patientIds: rows.map((r) => r.id),
      };
    },

    async patients(scope: StaffScope, query: OutcomePatientsQuery): Promise<Page<OutcomePatientRow>> {
      const rows = await patientsPage(scope, query, pageWindow(query.page, query.perPage));
      const total = rows[0]?.total ?? (query.page > 1 ? await countPatients(scope, query) : 0);
      return toPage(rows.map(patientRow), total, query.page, query.perPage);
    },

    defineExport(kit: ReportExports) {
      kit.define<OutcomePatientsExcelQuery>({
        kind: OUTCOME_PATIENTS_EXPORT,
        format: 'xlsx',
        area: 'reports',
        sheet: 'Outcomes',
        columns: OUTCOME_COLUMNS,
        audit: (query) => ({ action: 'report.outcome_patients.excel', entity: 'patient', detail: reportCriteria(query) }),
        fileName: (_scope, _query, today) => `outcomes-${today}.xlsx`,
        count: countPatients,
        async *rows(scope, query, signal) {
          for (let offset = 0; !signal.aborted; offset += EXPORT_CHUNK) {
            const rows = (await patientsPage(scope, query, { limit: EXPORT_CHUNK, offset })).map(patientRow);
            if (rows.length === 0) return;
            yield { cells: rows.map(outcomeCells), patientIds: rows.map((r) => r.id) };
            if (rows.length < EXPORT_CHUNK) return;
          }
        },
      });
    },
  };
}

export type OutcomesRepository = ReturnType<typeof createOutcomesRepository>;

export default fp(
  async (fastify) => {
    const repository = createOutcomesRepository(fastify.db, fastify.clock);
    repository.defineExport(fastify.reportExports);
    fastify.decorate('outcomes', repository);
  },
  { name: 'outcomes', dependencies: ['database', 'report-exports'] },
);
