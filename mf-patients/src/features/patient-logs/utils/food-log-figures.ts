import { MEAL_TYPE_LABELS, type FoodLogEntry, type FoodLogs } from '@baridesk/contracts';
import { FOOD_LOG_TABS, MEAL_TYPES, type FoodLogTabId } from '@baridesk/domain';
import { daysOf } from './months';

/** The unit of a tab's values: calories in kcal, water in fluid ounces, the nutrients in grams. */
export const tabUnit = (tab: FoodLogTabId) => (tab === 1 ? 'kcal' : tab === 8 ? 'fl oz' : 'g');

export const tabLabel = (tab: FoodLogTabId) => FOOD_LOG_TABS.find((t) => t.id === tab)?.label ?? '';

/**
 * One tab's figures of the month, all read from the one answer (it holds every tab), so switching tabs
 * recomputes the screen without a call. Every day of the month is a category; a day with no entry has
 * no bar (null), a logged day its value (which may be 0).
 */
export function tabFigures(log: FoodLogs, tab: FoodLogTabId) {
  const byDate = new Map(log.days.map((day) => [day.date, day.values[tab]]));
  const days = daysOf(log);
  const daily = days.map((date) => byDate.get(date) ?? null);
  const daysWithValue = log.days.filter((day) => day.values[tab] !== 0).length;
  const meals = log.meal_chart.map((slice) => ({ id: slice.id, label: slice.label, value: slice.values[tab] }));
  const mealTotal = meals.reduce((sum, slice) => sum + slice.value, 0);
  return {
    days,
    daily,
    average: log.averages[tab],
    daysWithValue,
    meals: meals.map((slice) => ({ ...slice, share: mealTotal > 0 ? Math.round((slice.value / mealTotal) * 1000) / 10 : 0 })),
    mealTotal,
    topFoods: log.top_foods[tab],
  };
}

export type FoodLogRow = FoodLogEntry & { mealLabel: string };

/** Every entry of the month, by day and then meal (breakfast … other), each meal in the order logged. */
export function entryRows(log: FoodLogs): FoodLogRow[] {
  return log.days.flatMap((day) => MEAL_TYPES.flatMap((meal) => day.meals[meal].map((entry) => ({ ...entry, mealLabel: MEAL_TYPE_LABELS[meal] }))));
}

/** The serving as logged, and what it counted for when that differs ("1 cup (counts as 1)"). */
export function servingText(entry: Pick<FoodLogEntry, 'user_serving_Size' | 'servings'>): string {
  const raw = entry.user_serving_Size?.trim() ?? '';
  if (raw === '') return `${entry.servings} (none given)`;
  return Number(raw) === entry.servings ? raw : `${raw} (counts as ${entry.servings})`;
}
