/** Food-log tabs and the arithmetic behind the per-patient food-log charts. */
import { toFiniteNumber, withoutNegativeZero } from './numeric';

/** Chart tabs: which nutrient column each one plots. */
export const FOOD_LOG_TABS = [
  { id: 1, label: 'Calories', column: 'nf_calories' },
  { id: 2, label: 'Carb', column: 'nf_total_carbohydrate' },
  { id: 3, label: 'Protein', column: 'nf_protein' },
  { id: 4, label: 'Fat', column: 'nf_total_fat' },
  { id: 5, label: 'Sugar', column: 'nf_sugars' },
  { id: 6, label: 'Added Sugar', column: 'nutrition_meal_second.nf_sugar_added' },
  { id: 7, label: 'Fiber', column: 'nf_dietary_fiber' },
  { id: 8, label: 'Water', column: 'nf_water' },
] as const;

export type FoodLogTab = (typeof FOOD_LOG_TABS)[number];
export type FoodLogTabId = FoodLogTab['id'];

export const MEAL_TYPES = ['breakfast', 'lunch', 'dinner', 'snacks', 'other'] as const;
export type MealType = (typeof MEAL_TYPES)[number];

/** Length of the top-foods list. */
export const TOP_FOODS_LIMIT = 10;
/** Number of slices in the per-meal doughnut chart. */
export const MEAL_CHART_SLICES = 4;

/** The tab with this id, or `undefined`. */
export function foodLogTab(id: unknown): FoodLogTab | undefined {
  return FOOD_LOG_TABS.find((tab) => tab.id === id);
}

/**
 * Meal type of a logged meal, read from `type` or else `meal_type.name`, case-insensitively.
 * Anything that is not one of {@link MEAL_TYPES} counts as 'other'.
 */
export function mealTypeOf(meal: { type?: unknown; meal_type?: { name?: unknown } | null }): MealType {
  const raw = typeof meal.type === 'string' && meal.type.trim() !== '' ? meal.type : meal.meal_type?.name;
  if (typeof raw !== 'string') return 'other';
  const name = raw.trim().toLowerCase();
  return MEAL_TYPES.find((type) => type === name) ?? 'other';
}

/** Serving size as a number: empty, null or non-numeric counts as 1. Numeric values (0 included) are kept. */
export function servingSize(value: unknown): number {
  return toFiniteNumber(value) ?? 1;
}

/** Nutrient amount as a number: empty, null or non-numeric counts as 0. */
export function nutrientValue(value: unknown): number {
  return toFiniteNumber(value) ?? 0;
}

/** Value of one logged meal: nutrient times serving size, rounded to a whole number. */
export function mealValue(nutrient: unknown, serving: unknown): number {
  return withoutNegativeZero(Math.round(nutrientValue(nutrient) * servingSize(serving)));
}

export interface LoggedMeal {
  /** Calendar day ("2026-03-05"); a date-time such as "2026-03-05 08:10:00" counts for its first ten characters. */
  date: string;
  nutrient: unknown;
  serving: unknown;
}

export interface DailyTotal {
  date: string;
  total: number;
}

const ISO_DAY = /^\d{4}-\d{2}-\d{2}/;

/** The day a meal belongs to: the yyyy-MM-dd prefix when there is one, else the trimmed text. */
function dayKey(date: string): string {
  const text = date.trim();
  const match = ISO_DAY.exec(text);
  return match ? match[0] : text;
}

/**
 * Total per day. Each meal is rounded first ({@link mealValue}) and the whole numbers are summed,
 * so a day's total always equals the sum of the meal values shown for it.
 * Meals with a blank date are skipped. Days come out in ascending order of their date text.
 */
export function dailyTotals(meals: readonly LoggedMeal[]): DailyTotal[] {
  const totals = new Map<string, number>();
  for (const meal of meals) {
    const day = dayKey(meal.date);
    if (day === '') continue;
    totals.set(day, (totals.get(day) ?? 0) + mealValue(meal.nutrient, meal.serving));
  }
  return [...totals.entries()]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([date, total]) => ({ date, total: withoutNegativeZero(total) }));
}

/** Mean of the non-zero values (non-finite values are ignored); 0 when there are none. Not rounded. */
export function averageOverNonZeroDays(values: readonly number[]): number {
  const counted = values.filter((value) => Number.isFinite(value) && value !== 0);
  if (counted.length === 0) return 0;
  return withoutNegativeZero(counted.reduce((sum, value) => sum + value, 0) / counted.length);
}

export interface FoodAmount {
  name: string;
  value: number;
}

/**
 * The foods with the largest total value: items are grouped by trimmed name (case-sensitive),
 * their values summed (non-finite values count as 0), sorted from largest to smallest
 * (ties by name, A to Z) and cut to `limit` entries (fractions rounded down, NaN or below 1 gives
 * an empty list, Infinity keeps all). Blank names are skipped.
 */
export function topFoods(items: readonly FoodAmount[], limit: number = TOP_FOODS_LIMIT): FoodAmount[] {
  const max = Number.isNaN(limit) ? 0 : Math.max(0, Math.floor(limit));
  const sums = new Map<string, number>();
  for (const item of items) {
    const name = item.name.trim();
    if (name === '') continue;
    const value = Number.isFinite(item.value) ? item.value : 0;
    sums.set(name, (sums.get(name) ?? 0) + value);
  }
  return [...sums.entries()]
    .map(([name, value]) => ({ name, value: withoutNegativeZero(value) }))
    .sort((a, b) => b.value - a.value || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
    .slice(0, max);
}
