/**
 * Patient logs (staff area: /food-log/:id, /nutrition-report/:id, /weight-log/:id): what a patient logged
 * in the app, read by the program's staff, and the weights staff enter themselves.
 *
 *   GET  /api/nutrition/food-logs?user_id&month&year        the month's food log with the chart figures
 *   GET  /api/nutrition/macro-nutrients?patient_id&month&year the month's carb, protein and fat
 *   GET  /api/reports/water-logs?patientId&month&year        water per day
 *   GET  /api/food-logs/sections                             tabs, meal types and doughnut slices
 *   POST /api/weight-logs/store {patient_id, date, weight}   a weight entered by staff
 *   GET  /api/weight-logs?patient_id                         the weight chart with the outcome measures
 *
 * Weights are pounds, heights inches, water fluid ounces, nutrients grams (calories kcal). Dates are
 * "yyyy-MM-dd" days of the patient's time zone, as the app logs them.
 */
import * as v from 'valibot';
import { FOOD_LOG_TABS, MEAL_TYPES, TOP_FOODS_LIMIT, type FoodLogTabId, type MealType } from '@baridesk/domain';
import { envelope } from './common';
import { isoDate } from './date-rules';
import { invalidValue, required, PATIENT_NOT_FOUND } from './messages';
import { requiredId } from './rules';

// ---------------------------------------------------------------------------------------------
// Constants
// ---------------------------------------------------------------------------------------------

/** Labels of the meal types, as the food log shows them. */
export const MEAL_TYPE_LABELS: Readonly<Record<MealType, string>> = {
  breakfast: 'Breakfast',
  lunch: 'Lunch',
  dinner: 'Dinner',
  snacks: 'Snacks',
  other: 'Other',
};

/**
 * The four slices of the meal doughnut (the spec: "meal chart has 4 slices") for the five meal types:
 * breakfast, lunch and dinner each have their own; snacks and other share the fourth, "Snacks & Other"
 * (both are what is eaten outside the three meals).
 */
export const MEAL_CHART_SLICE_DEFINITIONS = [
  { id: 'breakfast', label: 'Breakfast', meal_types: ['breakfast'] },
  { id: 'lunch', label: 'Lunch', meal_types: ['lunch'] },
  { id: 'dinner', label: 'Dinner', meal_types: ['dinner'] },
  { id: 'snacks', label: 'Snacks & Other', meal_types: ['snacks', 'other'] },
] as const satisfies readonly { id: string; label: string; meal_types: readonly MealType[] }[];
export type MealChartSliceId = (typeof MEAL_CHART_SLICE_DEFINITIONS)[number]['id'];

/** The doughnut slice a meal type counts in. */
export function mealChartSliceOf(mealType: MealType): MealChartSliceId {
  const slice = MEAL_CHART_SLICE_DEFINITIONS.find((s) => (s.meal_types as readonly MealType[]).includes(mealType));
  return slice?.id ?? 'snacks';
}

/** Plausible weights a staff member may enter, in pounds (both ends allowed). */
export const WEIGHT_MIN_LB = 50;
export const WEIGHT_MAX_LB = 1000;
/** Months the food, macro and water reports take: years 2000 to 2100. */
export const LOG_YEAR_MIN = 2000;
export const LOG_YEAR_MAX = 2100;

/** Not in the spec: the messages of the patient-log calls. */
export const PATIENT_LOG_MESSAGES = {
  patientNotFound: PATIENT_NOT_FOUND,
  weightSaved: 'Weight saved successfully.',
  futureDate: 'The date may not be in the future.',
  weightRange: `The weight must be between ${WEIGHT_MIN_LB} and ${WEIGHT_MAX_LB} lb.`,
  month: 'The month must be a whole number from 1 to 12.',
  year: `The year must be a whole number from ${LOG_YEAR_MIN} to ${LOG_YEAR_MAX}.`,
} as const;

// ---------------------------------------------------------------------------------------------
// Building blocks
// ---------------------------------------------------------------------------------------------


/** An optional whole number from min to max (a number or digits); blank or missing gives undefined. */
function wholeNumberIn(min: number, max: number, message: string) {
  return v.optional(
    v.pipe(
      v.union([v.number(), v.string()], message),
      v.transform((value): number | undefined => {
        if (typeof value === 'number') return value;
        const text = value.trim();
        if (text === '') return undefined;
        return /^\d+$/.test(text) ? Number(text) : Number.NaN;
      }),
      v.check((value) => value === undefined || (Number.isInteger(value) && value >= min && value <= max), message),
    ),
  );
}

/** The month and year of a report; each left out takes the current one in the program's time zone. */
const monthEntries = {
  month: wholeNumberIn(1, 12, PATIENT_LOG_MESSAGES.month),
  year: wholeNumberIn(LOG_YEAR_MIN, LOG_YEAR_MAX, PATIENT_LOG_MESSAGES.year),
};

/** A value per food-log tab, keyed by tab id (1 Calories … 8 Water). */
export const foodLogTabValuesSchema = v.object({
  1: v.number(),
  2: v.number(),
  3: v.number(),
  4: v.number(),
  5: v.number(),
  6: v.number(),
  7: v.number(),
  8: v.number(),
});
export type FoodLogTabValues = Record<FoodLogTabId, number>;

/** The month a report covers: its number, year and first and last day. */
const monthWindow = {
  month: v.number(),
  year: v.number(),
  from: v.string(),
  to: v.string(),
};

// ---------------------------------------------------------------------------------------------
// GET /api/nutrition/food-logs
// ---------------------------------------------------------------------------------------------

/** GET /api/nutrition/food-logs: user_id (the patient's id), month (1-12) and year; see monthEntries. */
export const foodLogsQuery = v.object({ user_id: requiredId('user_id'), ...monthEntries });
export type FoodLogsQuery = v.InferOutput<typeof foodLogsQuery>;

/** The nutrient columns of a food as logged, per serving (null: not given, counts as 0). */
export const FOOD_NUTRIENT_COLUMNS = [
  'nf_calories',
  'nf_total_carbohydrate',
  'nf_protein',
  'nf_total_fat',
  'nf_sugars',
  'nf_sugar_added',
  'nf_dietary_fiber',
  'nf_water',
] as const;
export type FoodNutrientColumn = (typeof FOOD_NUTRIENT_COLUMNS)[number];

const nullableNumber = v.nullable(v.number());

export const foodLogEntrySchema = v.object({
  id: v.number(),
  date: v.string(),
  meal_type: v.picklist(MEAL_TYPES),
  item_name: v.string(),
  /** The serving size as the app sent it (the spec's spelling). */
  user_serving_Size: v.nullable(v.string()),
  /** The number of servings it counts for: the size when numeric, else 1. */
  servings: v.number(),
  /** Per serving, as logged. */
  nutrients: v.object({
    nf_calories: nullableNumber,
    nf_total_carbohydrate: nullableNumber,
    nf_protein: nullableNumber,
    nf_total_fat: nullableNumber,
    nf_sugars: nullableNumber,
    nf_sugar_added: nullableNumber,
    nf_dietary_fiber: nullableNumber,
    nf_water: nullableNumber,
  }),
  /** Per tab: nutrient × servings, rounded to a whole number (a day's value is the sum of these). */
  values: foodLogTabValuesSchema,
});
export type FoodLogEntry = v.InferOutput<typeof foodLogEntrySchema>;

export const foodLogDaySchema = v.object({
  date: v.string(),
  /** Per tab, the day's value: the sum of its entries' values. */
  values: foodLogTabValuesSchema,
  /** The day's entries by meal type, each list in the order they were logged. */
  meals: v.object({
    breakfast: v.array(foodLogEntrySchema),
    lunch: v.array(foodLogEntrySchema),
    dinner: v.array(foodLogEntrySchema),
    snacks: v.array(foodLogEntrySchema),
    other: v.array(foodLogEntrySchema),
  }),
});
export type FoodLogDay = v.InferOutput<typeof foodLogDaySchema>;

export const mealChartSliceSchema = v.object({
  id: v.picklist(MEAL_CHART_SLICE_DEFINITIONS.map((s) => s.id) as [MealChartSliceId, ...MealChartSliceId[]]),
  label: v.string(),
  meal_types: v.array(v.picklist(MEAL_TYPES)),
  /** Per tab, the month's sum of the slice's entry values. */
  values: foodLogTabValuesSchema,
});
export type MealChartSlice = v.InferOutput<typeof mealChartSliceSchema>;

export const topFoodSchema = v.object({ name: v.string(), value: v.number() });
export type TopFood = v.InferOutput<typeof topFoodSchema>;
const topFoodList = v.array(topFoodSchema);

export const foodLogsSchema = v.object({
  patient_id: v.number(),
  ...monthWindow,
  /** The days of the month with at least one entry, in date order. */
  days: v.array(foodLogDaySchema),
  /** Per tab, the mean of the day values over the days whose value is not 0 (0 when none), to 1 decimal. */
  averages: foodLogTabValuesSchema,
  /** The meal doughnut: the four slices of MEAL_CHART_SLICE_DEFINITIONS, in that order. */
  meal_chart: v.array(mealChartSliceSchema),
  /**
   * Per tab, the foods with the largest month total (entries grouped by their trimmed name), largest
   * first, ties by name; at most TOP_FOODS_LIMIT.
   */
  top_foods: v.object({
    1: topFoodList,
    2: topFoodList,
    3: topFoodList,
    4: topFoodList,
    5: topFoodList,
    6: topFoodList,
    7: topFoodList,
    8: topFoodList,
  }),
});
export type FoodLogs = v.InferOutput<typeof foodLogsSchema>;
export const foodLogsResponse = envelope(foodLogsSchema);
export type FoodLogsResponse = v.InferOutput<typeof foodLogsResponse>;

// ---------------------------------------------------------------------------------------------
// GET /api/nutrition/macro-nutrients
// ---------------------------------------------------------------------------------------------

/** GET /api/nutrition/macro-nutrients: patient_id, month, year. */
export const macroNutrientsQuery = v.object({ patient_id: requiredId('patient_id'), ...monthEntries });
export type MacroNutrientsQuery = v.InferOutput<typeof macroNutrientsQuery>;

const macros = v.object({ calories: v.number(), carb: v.number(), protein: v.number(), fat: v.number() });

export const macroNutrientsSchema = v.object({
  patient_id: v.number(),
  ...monthWindow,
  /** Days of the month with at least one food entry. */
  days_logged: v.number(),
  /** The month's sums (of the rounded entry values, as the food log adds them). */
  totals: macros,
  /** Each the mean over the days on which it is not 0, to 1 decimal. */
  averages: macros,
  /**
   * The share of the month's energy from each macro, in percent to 1 decimal (4 kcal per gram of carb
   * and protein, 9 per gram of fat); null when nothing was logged.
   */
  energy_percent: v.object({ carb: nullableNumber, protein: nullableNumber, fat: nullableNumber }),
  /** The patient's daily goals, as set on the patient. */
  goals: v.object({ calories: nullableNumber, protein: nullableNumber, fiber: nullableNumber, water: nullableNumber }),
  /** Per logged day. */
  days: v.array(v.object({ date: v.string(), calories: v.number(), carb: v.number(), protein: v.number(), fat: v.number() })),
});
export type MacroNutrients = v.InferOutput<typeof macroNutrientsSchema>;
export const macroNutrientsResponse = envelope(macroNutrientsSchema);
export type MacroNutrientsResponse = v.InferOutput<typeof macroNutrientsResponse>;

// ---------------------------------------------------------------------------------------------
// GET /api/reports/water-logs
// ---------------------------------------------------------------------------------------------

/** GET /api/reports/water-logs: patientId, month, year. */
export const waterLogsQuery = v.object({ patientId: requiredId('patientId'), ...monthEntries });
export type WaterLogsQuery = v.InferOutput<typeof waterLogsQuery>;

export const waterLogsSchema = v.object({
  patient_id: v.number(),
  ...monthWindow,
  /** The logged days, in date order; total in fluid ounces. */
  days: v.array(v.object({ date: v.string(), total: v.number() })),
  total: v.number(),
  /** The mean over the days with a total above 0, to 1 decimal (0 when none). */
  average: v.number(),
  days_logged: v.number(),
  /** The patient's daily water goal in fluid ounces. */
  goal: nullableNumber,
});
export type WaterLogs = v.InferOutput<typeof waterLogsSchema>;
export const waterLogsResponse = envelope(waterLogsSchema);
export type WaterLogsResponse = v.InferOutput<typeof waterLogsResponse>;

// ---------------------------------------------------------------------------------------------
// GET /api/food-logs/sections
// ---------------------------------------------------------------------------------------------

export const foodLogSectionsSchema = v.object({
  tabs: v.array(v.object({ id: v.number(), label: v.string(), column: v.string() })),
  meal_types: v.array(v.object({ id: v.picklist(MEAL_TYPES), label: v.string() })),
  meal_chart: v.array(v.object({ id: v.string(), label: v.string(), meal_types: v.array(v.picklist(MEAL_TYPES)) })),
  top_foods_limit: v.number(),
});
export type FoodLogSections = v.InferOutput<typeof foodLogSectionsSchema>;
export const foodLogSectionsResponse = envelope(foodLogSectionsSchema);
export type FoodLogSectionsResponse = v.InferOutput<typeof foodLogSectionsResponse>;

/** The answer of GET /api/food-logs/sections: the constants of spec section 3 and 9. */
export const FOOD_LOG_SECTIONS: FoodLogSections = {
  tabs: FOOD_LOG_TABS.map(({ id, label, column }) => ({ id, label, column })),
  meal_types: MEAL_TYPES.map((id) => ({ id, label: MEAL_TYPE_LABELS[id] })),
  meal_chart: MEAL_CHART_SLICE_DEFINITIONS.map(({ id, label, meal_types }) => ({ id, label, meal_types: [...meal_types] })),
  top_foods_limit: TOP_FOODS_LIMIT,
};

// ---------------------------------------------------------------------------------------------
// Weight logs
// ---------------------------------------------------------------------------------------------

/** A weight in pounds: a number or numeric text, from 50 to 1000, kept to 0.1 lb. */
const weightField = v.optional(
  v.pipe(
    v.union([v.number(), v.string()], invalidValue('weight')),
    v.check((value) => !(typeof value === 'string' && value.trim() === ''), required('weight')),
    v.transform((value): number => {
      if (typeof value === 'number') return value;
      const text = value.trim();
      return /^\d+(?:\.\d+)?$|^\.\d+$/.test(text) ? Number(text) : Number.NaN;
    }),
    v.check((value) => Number.isFinite(value), invalidValue('weight')),
    v.check((value) => value >= WEIGHT_MIN_LB && value <= WEIGHT_MAX_LB, PATIENT_LOG_MESSAGES.weightRange),
    v.transform((value) => Math.round(value * 10) / 10),
  ),
  '',
);

/**
 * POST /api/weight-logs/store: patient_id, date ("yyyy-MM-dd", not after today in the program's time
 * zone: that check is the server's, reported on `date` as PATIENT_LOG_MESSAGES.futureDate), weight (lb).
 */
export const weightLogStoreBody = v.object({
  patient_id: requiredId('patient_id'),
  date: isoDate('date'),
  weight: weightField,
});
export type WeightLogStoreBody = v.InferOutput<typeof weightLogStoreBody>;

export const WEIGHT_LOG_SOURCES = ['app', 'staff'] as const;
export type WeightLogSource = (typeof WEIGHT_LOG_SOURCES)[number];

export const weightLogSchema = v.object({
  id: v.number(),
  patient_id: v.number(),
  date: v.string(),
  weight: v.number(),
  /** 'app': logged by the patient; 'staff': entered by the account in entered_by. */
  source: v.picklist(WEIGHT_LOG_SOURCES),
  entered_by: nullableNumber,
  created_at: v.string(),
});
export type WeightLog = v.InferOutput<typeof weightLogSchema>;

/** The answer of the store (201): the log, the patient's current weight after it, and whether it is the latest. */
export const weightLogStoreResponse = v.object({
  data: v.object({ ...weightLogSchema.entries, is_latest: v.boolean(), current_weight: nullableNumber }),
  message: v.string(),
});
export type WeightLogStoreResponse = v.InferOutput<typeof weightLogStoreResponse>;

/** GET /api/weight-logs: patient_id. */
export const weightLogsQuery = v.object({ patient_id: requiredId('patient_id') });
export type WeightLogsQuery = v.InferOutput<typeof weightLogsQuery>;

export const weightChartPointSchema = v.object({
  date: v.string(),
  weight: v.number(),
  source: v.picklist(WEIGHT_LOG_SOURCES),
  /** BMI at this weight, to 1 decimal; null without a height. */
  bmi: nullableNumber,
  /** %TWL from the baseline, to 1 decimal. */
  percent_twl: nullableNumber,
});
export type WeightChartPoint = v.InferOutput<typeof weightChartPointSchema>;

export const weightChartSchema = v.object({
  patient_id: v.number(),
  /** The patient's height in inches. */
  height: nullableNumber,
  /** One point per day with a weigh-in (the last one entered that day), oldest first. */
  series: v.array(weightChartPointSchema),
  /**
   * What the outcomes count from: the patient's starting weight, dated by the consult date (else the day
   * the patient was added), or when there is none, the first weigh-in; null when neither exists.
   */
  baseline: v.nullable(
    v.object({ weight: v.number(), date: v.nullable(v.string()), source: v.picklist(['starting_weight', 'first_log']) }),
  ),
  /** The latest weigh-in, else the patient's current weight (date null). */
  current: v.nullable(v.object({ weight: v.number(), date: v.nullable(v.string()) })),
  /** The goal line: the patient's target weight, and what is left to lose to reach it (negative: below it). */
  goal: v.object({ weight: nullableNumber, remaining: nullableNumber }),
  /** Standard outcome measures of the current weight against the baseline, each to 1 decimal or null. */
  outcomes: v.object({
    weight_lost: nullableNumber,
    baseline_bmi: nullableNumber,
    bmi: nullableNumber,
    percent_twl: nullableNumber,
    percent_ewl: nullableNumber,
    percent_ebmil: nullableNumber,
  }),
});
export type WeightChart = v.InferOutput<typeof weightChartSchema>;
export const weightChartResponse = envelope(weightChartSchema);
export type WeightChartResponse = v.InferOutput<typeof weightChartResponse>;
