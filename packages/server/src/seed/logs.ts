/**
 * Demo food, weight and water logs: the last 90 days of a patient who uses the app, made from a seeded
 * generator of its own (so adding logs never changes the demo patients). Dates are days of the patient's
 * time zone, none after today. The latest weigh-in equals the patient's current weight, as it would after
 * real use of the app.
 */
import { DateTime } from 'luxon';
import type { MealType } from '@baridesk/domain';
import type { foodLogEntries, waterLogs, weightLogs } from '../db/schema';
import { foodsFor } from './foods';
import { createRng, type Rng } from './random';

export type FoodLogRow = typeof foodLogEntries.$inferInsert;
export type WeightLogRow = typeof weightLogs.$inferInsert;
export type WaterLogRow = typeof waterLogs.$inferInsert;

/** Days of history each logging patient gets. */
export const DEMO_LOG_DAYS = 90;

export interface LoggingPatient {
  id: number;
  programId: number;
  timezone: string;
  /** Pounds, as text (numeric columns). */
  startingWeight: string | null;
  currentWeight: string | null;
  createdAt: Date;
  /** Daily water goal in fluid ounces. */
  waterGoal: number | null;
  /** Whether the patient logs food and water too (not only weigh-ins). */
  logsFood: boolean;
  /** The staff account that enters a weight now and then at a clinic visit. */
  staffAccountId: number;
}

export interface PatientLogs {
  food: FoodLogRow[];
  weight: WeightLogRow[];
  water: WaterLogRow[];
}

/** How many items are logged at each meal, on a day the patient logs food: [chance of the meal, most items]. */
const MEAL_PLAN: readonly (readonly [MealType, number, number])[] = [
  ['breakfast', 0.85, 2],
  ['lunch', 0.8, 3],
  ['dinner', 0.85, 3],
  ['snacks', 0.6, 2],
  ['other', 0.35, 2],
];

/** Serving sizes as patients type them: mostly numbers, sometimes words (which count as 1) or nothing. */
const SERVINGS: readonly (readonly [string | null, number])[] = [
  ['1', 55],
  ['2', 8],
  ['0.5', 10],
  ['1.5', 6],
  ['0.75', 4],
  ['', 5],
  [null, 5],
  ['1 cup', 3],
  ['half', 2],
  ['3', 2],
];

const num = (value: number | null) => (value === null ? null : value.toFixed(2));
const oneDecimal = (value: number) => (Math.round(value * 10) / 10).toFixed(1);

/** The generator of one patient's logs: the same seed and patient number always give the same logs. */
export function logRng(seed: number, patientNumber: number): Rng {
  return createRng((Math.imul(seed + 1, 1_000_003) + Math.imul(patientNumber, 10_007)) >>> 0);
}

/** A patient's last {@link DEMO_LOG_DAYS} days of logs, up to today in their time zone. */
export function generatePatientLogs(rng: Rng, patient: LoggingPatient, now: Date): PatientLogs {
  const today = DateTime.fromJSDate(now, { zone: patient.timezone }).startOf('day');
  const dayOf = (daysAgo: number) => today.minus({ days: daysAgo }).toISODate() as string;
  // A logged row's creation time: that day, in the morning to evening of the patient's time zone.
  const stamp = (daysAgo: number, hour: number) => {
    const at = today.minus({ days: daysAgo }).plus({ hours: hour, minutes: rng.int(0, 59) }).toJSDate();
    return at > now ? now : at;
  };
  const result: PatientLogs = { food: [], weight: [], water: [] };
  const registered = DateTime.fromJSDate(patient.createdAt, { zone: patient.timezone }).startOf('day');
  const history = Math.min(DEMO_LOG_DAYS - 1, Math.max(0, Math.floor(today.diff(registered, 'days').days)));

  // Weigh-ins every 3 to 9 days, the latest within the last 6 days and equal to the current weight.
  const current = patient.currentWeight === null ? null : Number(patient.currentWeight);
  const starting = patient.startingWeight === null ? current : Number(patient.startingWeight);
  if (current !== null && starting !== null) {
    const daysSinceStart = Math.max(DEMO_LOG_DAYS, Math.floor(today.diff(registered, 'days').days));
    const perDay = (starting - current) / daysSinceStart;
    for (let daysAgo = rng.int(0, Math.min(6, history)); daysAgo <= history; daysAgo += rng.int(3, 9)) {
      const latest = result.weight.length === 0;
      const trend = current + perDay * daysAgo;
      const weight = latest ? current : Math.min(Math.max(trend + rng.float(-1.2, 1.2), 80), 990);
      const byStaff = !latest && rng.chance(0.1);
      result.weight.push({
        program_id: patient.programId,
        patient_id: patient.id,
        logged_on: dayOf(daysAgo),
        weight: oneDecimal(weight),
        source: byStaff ? 'staff' : 'app',
        entered_by: byStaff ? patient.staffAccountId : null,
        created_at: stamp(daysAgo, rng.int(6, 9)),
      });
    }
  }
  if (!patient.logsFood) return result;

  const waterGoal = patient.waterGoal ?? 64;
  for (let daysAgo = history; daysAgo >= 0; daysAgo--) {
    const date = dayOf(daysAgo);
    if (rng.chance(0.8)) {
      const at = stamp(daysAgo, 20);
      result.water.push({
        program_id: patient.programId,
        patient_id: patient.id,
        logged_on: date,
        total: oneDecimal(Math.round(waterGoal * rng.float(0.35, 1.25))),
        created_at: at,
        updated_at: at,
      });
    }
    // Food is logged on about three days in four.
    if (!rng.chance(0.75)) continue;
    for (const [meal, chance, most] of MEAL_PLAN) {
      if (!rng.chance(chance)) continue;
      const foods = foodsFor(meal);
      const hour = meal === 'breakfast' ? 7 : meal === 'lunch' ? 12 : meal === 'dinner' ? 18 : rng.int(9, 21);
      const items = rng.int(1, most);
      for (let k = 0; k < items; k++) {
        const food = rng.pick(foods);
        const at = stamp(daysAgo, hour);
        result.food.push({
          program_id: patient.programId,
          patient_id: patient.id,
          logged_on: date,
          meal_type: meal,
          item_name: food.name,
          user_serving_size: rng.weighted(SERVINGS),
          nf_calories: num(food.calories),
          nf_total_carbohydrate: num(food.carb),
          nf_protein: num(food.protein),
          nf_total_fat: num(food.fat),
          nf_sugars: num(food.sugars),
          nf_sugar_added: num(food.addedSugar),
          nf_dietary_fiber: num(food.fiber),
          nf_water: num(food.water),
          created_at: at,
          updated_at: at,
        });
      }
    }
  }
  return result;
}
