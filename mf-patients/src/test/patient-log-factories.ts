/** Test data of the patient-log screens (food, weight, nutrition), valid by the contracts' types. */
import {
  FOOD_NUTRIENT_COLUMNS,
  MEAL_CHART_SLICE_DEFINITIONS,
  mealChartSliceOf,
  type FoodLogDay,
  type FoodLogEntry,
  type FoodLogs,
  type FoodLogTabValues,
  type MacroNutrients,
  type PatientRecord,
  type WaterLogs,
  type WeightChart,
} from '@baridesk/contracts';
import { mealValue, MEAL_TYPES, servingSize, TOP_FOODS_LIMIT, type FoodLogTabId, type MealType } from '@baridesk/domain';

let nextId = 1000;
const TAB_IDS = [1, 2, 3, 4, 5, 6, 7, 8] as const;
const pad = (n: number) => String(n).padStart(2, '0');
const lastDay = (month: number, year: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();
const tabValues = (value: (tab: FoodLogTabId) => number): FoodLogTabValues =>
  Object.fromEntries(TAB_IDS.map((tab) => [tab, value(tab)])) as FoodLogTabValues;

export type FoodEntryInput = {
  date: string;
  meal_type?: MealType;
  item_name?: string;
  serving?: string | null;
  /** Per serving; tabs in FOOD_NUTRIENT_COLUMNS order (1 calories … 8 water). Missing ones are null. */
  nutrients?: Partial<Record<(typeof FOOD_NUTRIENT_COLUMNS)[number], number | null>>;
};

export function createFoodLogEntry({ date, meal_type = 'breakfast', item_name = 'Oatmeal', serving = '1', nutrients = {} }: FoodEntryInput): FoodLogEntry {
  const full = Object.fromEntries(FOOD_NUTRIENT_COLUMNS.map((column) => [column, nutrients[column] ?? null])) as FoodLogEntry['nutrients'];
  return {
    id: nextId++,
    date,
    meal_type,
    item_name,
    user_serving_Size: serving,
    servings: servingSize(serving),
    nutrients: full,
    values: tabValues((tab) => mealValue(full[FOOD_NUTRIENT_COLUMNS[tab - 1]!], serving)),
  };
}

/** A month's food log computed from its entries as the API does (day values, averages, slices, top foods). */
export function createFoodLogs({ month = 3, year = 2026, patient_id = 7, entries = [] as FoodEntryInput[] } = {}): FoodLogs {
  const built = entries.map(createFoodLogEntry);
  const dates = [...new Set(built.map((entry) => entry.date))].sort();
  const days: FoodLogDay[] = dates.map((date) => {
    const ofDay = built.filter((entry) => entry.date === date);
    const meals = Object.fromEntries(MEAL_TYPES.map((meal) => [meal, ofDay.filter((entry) => entry.meal_type === meal)])) as FoodLogDay['meals'];
    return { date, values: tabValues((tab) => ofDay.reduce((sum, entry) => sum + entry.values[tab], 0)), meals };
  });
  const average = (tab: FoodLogTabId) => {
    const nonZero = days.map((day) => day.values[tab]).filter((value) => value !== 0);
    return nonZero.length === 0 ? 0 : Math.round((nonZero.reduce((a, b) => a + b, 0) / nonZero.length) * 10) / 10;
  };
  const topFoods = (tab: FoodLogTabId) => {
    const totals = new Map<string, number>();
    for (const entry of built) totals.set(entry.item_name.trim(), (totals.get(entry.item_name.trim()) ?? 0) + entry.values[tab]);
    return [...totals]
      .filter(([, value]) => value !== 0)
      .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
      .slice(0, TOP_FOODS_LIMIT)
      .map(([name, value]) => ({ name, value }));
  };
  return {
    patient_id,
    month,
    year,
    from: `${year}-${pad(month)}-01`,
    to: `${year}-${pad(month)}-${pad(lastDay(month, year))}`,
    days,
    averages: tabValues(average),
    meal_chart: MEAL_CHART_SLICE_DEFINITIONS.map((slice) => ({
      id: slice.id,
      label: slice.label,
      meal_types: [...slice.meal_types],
      values: tabValues((tab) => built.filter((entry) => mealChartSliceOf(entry.meal_type) === slice.id).reduce((sum, entry) => sum + entry.values[tab], 0)),
    })),
    top_foods: { 1: topFoods(1), 2: topFoods(2), 3: topFoods(3), 4: topFoods(4), 5: topFoods(5), 6: topFoods(6), 7: topFoods(7), 8: topFoods(8) },
  };
}

export function createMacroNutrients(overrides: Partial<MacroNutrients> = {}): MacroNutrients {
  const month = overrides.month ?? 3;
  const year = overrides.year ?? 2026;
  return {
    patient_id: 7,
    month,
    year,
    from: `${year}-${pad(month)}-01`,
    to: `${year}-${pad(month)}-${pad(lastDay(month, year))}`,
    days_logged: 0,
    totals: { calories: 0, carb: 0, protein: 0, fat: 0 },
    averages: { calories: 0, carb: 0, protein: 0, fat: 0 },
    energy_percent: { carb: null, protein: null, fat: null },
    goals: { calories: null, protein: null, fiber: null, water: null },
    days: [],
    ...overrides,
  };
}

export function createWaterLogs(overrides: Partial<WaterLogs> = {}): WaterLogs {
  const month = overrides.month ?? 3;
  const year = overrides.year ?? 2026;
  return {
    patient_id: 7,
    month,
    year,
    from: `${year}-${pad(month)}-01`,
    to: `${year}-${pad(month)}-${pad(lastDay(month, year))}`,
    days: [],
    total: 0,
    average: 0,
    days_logged: 0,
    goal: null,
    ...overrides,
  };
}

export function createWeightChart(overrides: Partial<WeightChart> = {}): WeightChart {
  return {
    patient_id: 7,
    height: 65,
    series: [],
    baseline: null,
    current: null,
    goal: { weight: null, remaining: null },
    outcomes: { weight_lost: null, baseline_bmi: null, bmi: null, percent_twl: null, percent_ewl: null, percent_ebmil: null },
    ...overrides,
  };
}

export function createPatientRecord(overrides: Partial<PatientRecord> = {}): PatientRecord {
  return {
    id: 7,
    first_name: 'Maria',
    last_name: 'Lopez',
    name: 'Maria Lopez',
    nick_name: null,
    email: 'maria.lopez@example.test',
    phone: null,
    dob: null,
    age: null,
    sex: null,
    city: null,
    state_id: null,
    mrn_number: null,
    hight: 65,
    starting_weight: 290,
    current_weight: 250,
    target_weight: 180,
    current_stage: 2,
    inital_stage: 1,
    surgery_date: null,
    non_surgery_date: null,
    consult_date: '2026-01-05',
    type_of_surgery: null,
    due_date_auto_cal: 0,
    timezone: null,
    location_id: null,
    location_name: null,
    insurance_coordinator_id: null,
    insurance_coordinator_name: null,
    user_cat_id: null,
    user_cat_name: null,
    user_cat_id2: null,
    user_cat_name2: null,
    snooze_status: 0,
    snooze_date: null,
    checklist_deactivate: 0,
    checklist_deactivate_reason: null,
    nutrition: null,
    protien: null,
    fiber: null,
    water: null,
    calories: null,
    weight_loss_gain: null,
    is_invited: 0,
    has_app_password: false,
    chat_status: 0,
    last_app_activity_at: null,
    status: 1,
    matrix_system: null,
    created_by: null,
    created_at: '2026-01-05T10:00:00.000Z',
    updated_at: '2026-01-05T10:00:00.000Z',
    version: 1,
    bmi: null,
    weight_lost: null,
    surgery_date_difference: 'N/A',
    ...overrides,
  };
}
