import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql, type SQL } from 'drizzle-orm';
import {
  FOOD_NUTRIENT_COLUMNS,
  MEAL_CHART_SLICE_DEFINITIONS,
  type FoodLogDay,
  type FoodLogEntry,
  type FoodLogs,
  type FoodLogTabValues,
  type MacroNutrients,
  type MealChartSliceId,
  type TopFood,
  type WaterLogs,
  type WeightChart,
  type WeightLog,
  type WeightLogSource,
} from '@baridesk/contracts';
import {
  FOOD_LOG_TABS,
  TOP_FOODS_LIMIT,
  bmiFromImperial,
  percentExcessBmiLoss,
  percentExcessWeightLoss,
  percentTotalWeightLoss,
  round1,
  type FoodLogTabId,
  type MealType,
} from '@baridesk/domain';
import { queryRows, type Db, type Tx } from '../../../db/client';
import { programDay } from '../../../lib/program-day';
import { staffScope, type StaffScope } from '../../../lib/scope';
import { patientNotFound } from '../patient-not-found';

declare module 'fastify' {
  interface FastifyInstance {
    patientLogs: PatientLogsRepository;
  }
}

/** The patient a log call is about, with what the reports need of it; found only within the caller's program. */
export interface LoggedPatient {
  id: number;
  /** The program's time zone, and today's date there. */
  timezone: string;
  today: string;
  hight: number | null;
  starting_weight: number | null;
  current_weight: number | null;
  target_weight: number | null;
  /** The day the starting weight is dated by: the consult date, else the day the patient was added (program time). */
  baseline_date: string;
  protien: number | null;
  calories: number | null;
  fiber: number | null;
  water: number | null;
}

/** The first and last day of a month: "yyyy-MM-dd". */
export interface MonthWindow {
  month: number;
  year: number;
  from: string;
  to: string;
}

/** The month asked for; a part left out is taken from `today` ("yyyy-MM-dd", the program's today). */
export function monthWindow(today: string, month?: number, year?: number): MonthWindow {
  const y = year ?? Number(today.slice(0, 4));
  const m = month ?? Number(today.slice(5, 7));
  const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
  const mm = String(m).padStart(2, '0');
  return { month: m, year: y, from: `${y}-${mm}-01`, to: `${y}-${mm}-${String(last).padStart(2, '0')}` };
}

const LB_TO_KG = 0.45359237;
const IN_TO_M = 0.0254;

/** numeric columns arrive as text (pg) or text too (PGlite): numbers or null. */
const num = (value: string | number | null | undefined): number | null =>
  value === null || value === undefined ? null : Number(value);

/**
 * The serving count of an entry, as the domain's servingSize() reads it: a plain decimal (after trimming)
 * such as "2", "0.5", ".5", "1e1"; anything else (empty, "1 cup", null) counts as 1. Exponents are
 * limited to two digits so that the cast can never overflow.
 */
const SERVINGS = sql.raw(
  `(case when f.user_serving_size ~ '^\\s*[+-]?([0-9]+\\.?[0-9]*|\\.[0-9]+)([eE][+-]?[0-9]{1,2})?\\s*$' ` +
    `then f.user_serving_size::numeric else 1 end)`,
);

/** The table columns behind the tabs, in tab order (tab 6 "nutrition_meal_second.nf_sugar_added" is nf_sugar_added here). */
const TAB_COLUMNS = FOOD_LOG_TABS.map((tab) => tab.column.replace(/^.*\./, '')) as FoodNutrientColumnName[];
type FoodNutrientColumnName = (typeof FOOD_NUTRIENT_COLUMNS)[number];

/**
 * One entry's value on each tab: nutrient (null counts as 0) × servings, rounded half up to a whole
 * number exactly as Math.round does (floor(x + 0.5)), so a day's value is the sum of the values shown.
 */
const TAB_VALUES = sql.raw(
  TAB_COLUMNS.map((column, i) => `floor(coalesce(f.${column}, 0) * s.servings + 0.5) as v${i + 1}`).join(', '),
);
const V = (prefix = '') => FOOD_LOG_TABS.map((_, i) => `${prefix}v${i + 1}`);
const sumsOf = (prefix = '') => sql.raw(V(prefix).map((v) => `sum(${v}) as ${v.replace(/^.*\./, '')}`).join(', '));
const arrayOf = (items: string[]) => sql.raw(`json_build_array(${items.join(', ')})`);

/** The month's entries of one patient, with their servings and tab values; scoped to the program. */
function monthEntries(scope: StaffScope, patientId: number, window: MonthWindow): SQL {
  return sql`
    select f.id, f.logged_on, f.meal_type, f.item_name, f.user_serving_size, f.created_at,
      ${sql.raw(FOOD_NUTRIENT_COLUMNS.map((c) => `f.${c}`).join(', '))},
      s.servings, ${TAB_VALUES}
    from food_log_entries f
    cross join lateral (select ${SERVINGS} as servings) s
    where f.program_id = ${scope.programId} and f.patient_id = ${patientId}
      and f.logged_on between ${window.from}::date and ${window.to}::date`;
}

/** Eight numbers (tab order) as the tab-keyed object of the contracts. */
function byTab(values: readonly (number | string | null)[]): FoodLogTabValues {
  return Object.fromEntries(FOOD_LOG_TABS.map((tab, i) => [tab.id, Number(values[i] ?? 0)])) as FoodLogTabValues;
}

const emptyMeals = (): FoodLogDay['meals'] => ({ breakfast: [], lunch: [], dinner: [], snacks: [], other: [] });

interface EntryJson {
  id: number;
  date: string;
  meal_type: MealType;
  item_name: string;
  user_serving_size: string | null;
  servings: number | string;
  n: (number | string | null)[];
  v: (number | string)[];
}

interface FoodLogRow {
  entries: EntryJson[];
  days: { date: string; v: (number | string)[] }[];
  averages: (number | string)[];
  slices: { slice: MealChartSliceId; v: (number | string)[] }[];
  top: { tab: FoodLogTabId; name: string; value: number | string }[];
}

/** The patient, if it belongs to the caller's program, with its program's time zone and today's date there. */
async function findPatient(
  tx: Tx,
  scope: StaffScope,
  patientId: number,
  now: Date,
  forUpdate = false,
): Promise<LoggedPatient | null> {
  const { zone, today } = await programDay(tx, scope.programId, now);
  const rows = await queryRows<{
    id: number;
    hight: string | null;
    starting_weight: string | null;
    current_weight: string | null;
    target_weight: string | null;
    baseline_date: string;
    protien: number | null;
    calories: number | null;
    fiber: number | null;
    water: number | null;
  }>(
    tx,
    sql`select p.id, p.hight, p.starting_weight, p.current_weight, p.target_weight,
          coalesce(p.consult_date, (p.created_at at time zone ${zone}::text)::date)::text as baseline_date,
          p.protien, p.calories, p.fiber, p.water
        from patients p
        where p.id = ${patientId} and p.program_id = ${scope.programId}
        ${forUpdate ? sql`for update of p` : sql``}`,
  );
  const row = rows[0];
  if (!row) return null;
  return {
    ...row,
    timezone: zone,
    today,
    hight: num(row.hight),
    starting_weight: num(row.starting_weight),
    current_weight: num(row.current_weight),
    target_weight: num(row.target_weight),
  };
}

/** Everything about a program's patients' logs; every method is bound to scope.programId. */
export function createPatientLogsRepository(db: Db) {
  return {
    /** The patient, if it belongs to the caller's program, with its program's time zone and today's date there. */
    findPatient: (scope: StaffScope, patientId: number, now: Date) => findPatient(db, scope, patientId, now),

    /** The month's food log with every chart figure, aggregated by the database in one statement. */
    async foodLogs(scope: StaffScope, patient: LoggedPatient, window: MonthWindow): Promise<FoodLogs> {
      const unpivot = sql.raw(FOOD_LOG_TABS.map((tab, i) => `(${tab.id}, e.v${i + 1})`).join(', '));
      const [row] = await queryRows<FoodLogRow>(
        db,
        sql`with e as (${monthEntries(scope, patient.id, window)}),
          d as (select logged_on, ${sumsOf()} from e group by logged_on)
          select
            (select coalesce(json_agg(json_build_object(
                'id', id, 'date', logged_on::text, 'meal_type', meal_type, 'item_name', item_name,
                'user_serving_size', user_serving_size, 'servings', servings,
                'n', ${arrayOf([...FOOD_NUTRIENT_COLUMNS])}, 'v', ${arrayOf(V())})
              order by logged_on, created_at, id), '[]'::json) from e) as entries,
            (select coalesce(json_agg(json_build_object('date', logged_on::text, 'v', ${arrayOf(V())}) order by logged_on), '[]'::json)
              from d) as days,
            (select ${arrayOf(V().map((v) => `coalesce(round(avg(${v}) filter (where ${v} <> 0), 1), 0)`))} from d) as averages,
            (select coalesce(json_agg(json_build_object('slice', slice, 'v', ${arrayOf(V())})), '[]'::json)
              from (select case when meal_type in ('snacks', 'other') then 'snacks' else meal_type end as slice, ${sumsOf()}
                    from e group by 1) m) as slices,
            (select coalesce(json_agg(json_build_object('tab', tab, 'name', name, 'value', value)
                order by tab, value desc, name collate "C"), '[]'::json)
              from (select tab, name, value,
                      row_number() over (partition by tab order by value desc, name collate "C") as rank
                    from (select t.tab, regexp_replace(e.item_name, '^\\s+|\\s+$', '', 'g') as name, sum(t.value) as value
                          from e cross join lateral (values ${unpivot}) as t(tab, value)
                          group by 1, 2) g
                    where name <> '') r
              where rank <= ${TOP_FOODS_LIMIT}) as top`,
      );
      const result = row ?? { entries: [], days: [], averages: [], slices: [], top: [] };

      const days = new Map<string, FoodLogDay>(
        result.days.map((day) => [day.date, { date: day.date, values: byTab(day.v), meals: emptyMeals() }]),
      );
      for (const entry of result.entries) {
        const item: FoodLogEntry = {
          id: Number(entry.id),
          date: entry.date,
          meal_type: entry.meal_type,
          item_name: entry.item_name,
          user_serving_Size: entry.user_serving_size,
          servings: Number(entry.servings),
          nutrients: Object.fromEntries(
            FOOD_NUTRIENT_COLUMNS.map((column, i) => [column, num(entry.n[i])]),
          ) as FoodLogEntry['nutrients'],
          values: byTab(entry.v),
        };
        days.get(entry.date)?.meals[entry.meal_type].push(item);
      }
      const slices = new Map(result.slices.map((s) => [s.slice, s.v]));
      const top = Object.fromEntries(FOOD_LOG_TABS.map((tab) => [tab.id, [] as TopFood[]])) as FoodLogs['top_foods'];
      for (const food of result.top) top[food.tab].push({ name: food.name, value: Number(food.value) });

      return {
        patient_id: patient.id,
        ...window,
        days: [...days.values()],
        averages: byTab(result.averages),
        meal_chart: MEAL_CHART_SLICE_DEFINITIONS.map(({ id, label, meal_types }) => ({
          id,
          label,
          meal_types: [...meal_types],
          values: byTab(slices.get(id) ?? []),
        })),
        top_foods: top,
      };
    },

    /** The month's calories, carb, protein and fat: per day, totals and averages over the days logged. */
    async macroNutrients(scope: StaffScope, patient: LoggedPatient, window: MonthWindow): Promise<MacroNutrients> {
      // Tabs 1 to 4: Calories, Carb, Protein, Fat.
      const [row] = await queryRows<{
        days: { date: string; v: (number | string)[] }[];
        totals: (number | string)[];
        averages: (number | string)[];
      }>(
        db,
        sql`with e as (${monthEntries(scope, patient.id, window)}),
          d as (select logged_on, sum(v1) as v1, sum(v2) as v2, sum(v3) as v3, sum(v4) as v4 from e group by logged_on)
          select
            (select coalesce(json_agg(json_build_object('date', logged_on::text, 'v', json_build_array(v1, v2, v3, v4))
              order by logged_on), '[]'::json) from d) as days,
            (select json_build_array(coalesce(sum(v1), 0), coalesce(sum(v2), 0), coalesce(sum(v3), 0), coalesce(sum(v4), 0)) from d) as totals,
            (select ${arrayOf(['v1', 'v2', 'v3', 'v4'].map((v) => `coalesce(round(avg(${v}) filter (where ${v} <> 0), 1), 0)`))}
              from d) as averages`,
      );
      const macros = (values: readonly (number | string)[] = []) => ({
        calories: Number(values[0] ?? 0),
        carb: Number(values[1] ?? 0),
        protein: Number(values[2] ?? 0),
        fat: Number(values[3] ?? 0),
      });
      const totals = macros(row?.totals);
      const energy = { carb: totals.carb * 4, protein: totals.protein * 4, fat: totals.fat * 9 };
      const energyTotal = energy.carb + energy.protein + energy.fat;
      const share = (part: number) => (energyTotal > 0 ? round1((part / energyTotal) * 100) : null);
      return {
        patient_id: patient.id,
        ...window,
        days_logged: row?.days.length ?? 0,
        totals,
        averages: macros(row?.averages),
        energy_percent: { carb: share(energy.carb), protein: share(energy.protein), fat: share(energy.fat) },
        goals: { calories: patient.calories, protein: patient.protien, fiber: patient.fiber, water: patient.water },
        days: (row?.days ?? []).map((day) => ({ date: day.date, ...macros(day.v) })),
      };
    },

    /** The month's water per day, with the month's total and its average over the days above 0. */
    async waterLogs(scope: StaffScope, patient: LoggedPatient, window: MonthWindow): Promise<WaterLogs> {
      const [row] = await queryRows<{
        days: { date: string; total: number | string }[];
        total: number | string;
        average: number | string;
      }>(
        db,
        sql`select coalesce(json_agg(json_build_object('date', logged_on::text, 'total', total) order by logged_on), '[]'::json) as days,
              coalesce(sum(total), 0)::text as total,
              coalesce(round(avg(total) filter (where total > 0), 1), 0)::text as average
            from water_logs
            where program_id = ${scope.programId} and patient_id = ${patient.id}
              and logged_on between ${window.from}::date and ${window.to}::date`,
      );
      const days = (row?.days ?? []).map((day) => ({ date: day.date, total: Number(day.total) }));
      return {
        patient_id: patient.id,
        ...window,
        days,
        total: Number(row?.total ?? 0),
        average: Number(row?.average ?? 0),
        days_logged: days.length,
        goal: patient.water,
      };
    },

    /**
     * Saves a weight a staff member entered, and makes it the patient's current weight when it is now the
     * latest weigh-in (latest date; on the same date, the last entered). Null when the patient is not the
     * program's; 'future' when the date is after today in the program's time zone.
     */
    async storeWeight(
      scope: StaffScope,
      input: { patient_id: number; date: string; weight: number },
      now: Date,
    ): Promise<null | 'future' | { log: WeightLog; isLatest: boolean; currentWeight: number | null }> {
      return db.transaction(async (tx) => {
        // Locks the patient: two weights saved at once update current_weight in turn.
        const patient = await findPatient(tx, scope, input.patient_id, now, true);
        if (!patient) return null;
        if (input.date > patient.today) return 'future';
        const [inserted] = await queryRows<{ id: number | string; created_at: string }>(
          tx,
          sql`insert into weight_logs (program_id, patient_id, logged_on, weight, source, entered_by, created_at)
              values (${scope.programId}, ${patient.id}, ${input.date}::date, ${input.weight.toFixed(1)}::numeric, 'staff',
                ${scope.accountId}, ${now.toISOString()}::timestamptz)
              returning id, created_at::text`,
        );
        const id = Number(inserted?.id);
        const [latest] = await queryRows<{ id: number | string }>(
          tx,
          sql`select id from weight_logs where program_id = ${scope.programId} and patient_id = ${patient.id}
              order by logged_on desc, created_at desc, id desc limit 1`,
        );
        const isLatest = Number(latest?.id) === id;
        let currentWeight = patient.current_weight;
        if (isLatest) {
          const weight = input.weight.toFixed(1);
          await tx.execute(sql`
            update patients set
              current_weight = ${weight}::numeric,
              weight_loss_gain = case when current_weight is null then weight_loss_gain else ${weight}::numeric - current_weight end,
              total_weight_lost = case when starting_weight is null then total_weight_lost else starting_weight - ${weight}::numeric end,
              version = version + 1,
              updated_at = ${now.toISOString()}::timestamptz
            where id = ${patient.id} and program_id = ${scope.programId}`);
          currentWeight = input.weight;
        }
        return {
          log: {
            id,
            patient_id: patient.id,
            date: input.date,
            weight: input.weight,
            source: 'staff',
            entered_by: scope.accountId,
            created_at: now.toISOString(),
          },
          isLatest,
          currentWeight,
        };
      });
    },

    /** The weight chart: one point per day, the baseline, the current weight, the goal and the outcome measures. */
    async weightChart(scope: StaffScope, patient: LoggedPatient): Promise<WeightChart> {
      const rows = await queryRows<{ date: string; weight: string; source: WeightLogSource }>(
        db,
        sql`select distinct on (logged_on) logged_on::text as date, weight::text as weight, source
            from weight_logs where program_id = ${scope.programId} and patient_id = ${patient.id}
            order by logged_on, created_at desc, id desc`,
      );
      const first = rows[0];
      const last = rows[rows.length - 1];
      const baseline: WeightChart['baseline'] =
        patient.starting_weight !== null
          ? { weight: patient.starting_weight, date: patient.baseline_date, source: 'starting_weight' }
          : first
            ? { weight: Number(first.weight), date: first.date, source: 'first_log' }
            : null;
      const current: WeightChart['current'] = last
        ? { weight: Number(last.weight), date: last.date }
        : patient.current_weight !== null
          ? { weight: patient.current_weight, date: null }
          : null;
      const height = patient.hight;
      const bmiOf = (weight: number | null | undefined) => bmiFromImperial(weight, height);
      const baselineBmi = bmiOf(baseline?.weight);
      const currentBmi = bmiOf(current?.weight);
      const kg = (lb: number | null | undefined) => (lb == null ? null : lb * LB_TO_KG);
      return {
        patient_id: patient.id,
        height,
        series: rows.map((row) => {
          const weight = Number(row.weight);
          return {
            date: row.date,
            weight,
            source: row.source,
            bmi: round1(bmiOf(weight)),
            percent_twl: round1(percentTotalWeightLoss(baseline?.weight, weight)),
          };
        }),
        baseline,
        current,
        goal: {
          weight: patient.target_weight,
          remaining:
            patient.target_weight !== null && current ? round1(current.weight - patient.target_weight) : null,
        },
        outcomes: {
          weight_lost: baseline && current ? round1(baseline.weight - current.weight) : null,
          baseline_bmi: round1(baselineBmi),
          bmi: round1(currentBmi),
          percent_twl: round1(percentTotalWeightLoss(baseline?.weight, current?.weight)),
          percent_ewl: round1(
            percentExcessWeightLoss(kg(baseline?.weight), kg(current?.weight), height === null ? null : height * IN_TO_M),
          ),
          percent_ebmil: round1(percentExcessBmiLoss(baselineBmi, currentBmi)),
        },
      };
    },
  };
}

export type PatientLogsRepository = ReturnType<typeof createPatientLogsRepository>;

export default fp(
  async (fastify) => {
    fastify.decorate('patientLogs', createPatientLogsRepository(fastify.db));
  },
  { name: 'patient-logs-repository', dependencies: ['database'] },
);

/**
 * The patient of a log call, found within the caller's program, or a 404 (another program's patient
 * is simply not found). The refusal is audited too, with the id asked for, so probing shows in the log.
 */
export async function patientForLogs(
  fastify: FastifyInstance,
  request: FastifyRequest,
  patientId: number,
  action: string,
): Promise<LoggedPatient> {
  const patient = await fastify.patientLogs.findPatient(staffScope(request.scope), patientId, fastify.clock.now());
  return patient ?? patientNotFound(fastify, request, patientId, action);
}

/** What a month report of a patient's logs is asked for, and how it is read and counted. */
export interface MonthReadOptions<T> {
  /** The audit action, for the read and for a refusal. */
  action: string;
  patientId: number;
  month?: number;
  year?: number;
  /** Reads the report of the month (the caller's program, the patient, the month's first and last day). */
  read: (scope: StaffScope, patient: LoggedPatient, window: MonthWindow) => Promise<T>;
  /** How many days the report covers, for the audit record. */
  days: (data: T) => number;
}

/**
 * A month report's handler: the patient within the caller's program (or the audited 404 of
 * patientForLogs), the month asked for (a part left out is the program's current one), the report,
 * and the read audited with its month, year and days. Answers `{ data }`.
 */
export async function readPatientMonth<T>(
  fastify: FastifyInstance,
  request: FastifyRequest,
  { action, patientId, month, year, read, days }: MonthReadOptions<T>,
): Promise<{ data: T }> {
  const patient = await patientForLogs(fastify, request, patientId, action);
  const window = monthWindow(patient.today, month, year);
  const data = await read(staffScope(request.scope), patient, window);
  await fastify.audit.record(request, {
    action,
    entity: 'patient',
    entityId: patient.id,
    patientId: patient.id,
    detail: { month: window.month, year: window.year, days: days(data) },
  });
  return { data };
}

