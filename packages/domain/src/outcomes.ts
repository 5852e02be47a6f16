/**
 * Standard bariatric outcome measures. Every function is pure and returns `null` when the value
 * cannot be computed: a missing or non-finite input, a non-positive weight, height or BMI, or a
 * zero or negative denominator. Results are not rounded; pass them through {@link round1} to show them.
 */
import { withoutNegativeZero } from './numeric';

/** A measurement that may be missing. */
type Measure = number | null | undefined;

/** BMI the excess-weight measures count from ("ideal" weight). */
export const REFERENCE_BMI = 25;
/** Factor that turns lb/in² into kg/m² (703.0696…, rounded as is customary). */
export const IMPERIAL_BMI_FACTOR = 703;

function positive(value: Measure): value is number {
  return typeof value === 'number' && Number.isFinite(value) && value > 0;
}

function finiteOrNull(value: number): number | null {
  return Number.isFinite(value) ? withoutNegativeZero(value) : null;
}

/** Body mass index from kilograms and metres: weight / height². */
export function bmi(weightKg: Measure, heightM: Measure): number | null {
  if (!positive(weightKg) || !positive(heightM)) return null;
  return finiteOrNull(weightKg / (heightM * heightM));
}

/** Body mass index from pounds and inches: 703 × weight / height². */
export function bmiFromImperial(weightLb: Measure, heightIn: Measure): number | null {
  if (!positive(weightLb) || !positive(heightIn)) return null;
  return finiteOrNull((IMPERIAL_BMI_FACTOR * weightLb) / (heightIn * heightIn));
}

/** %TWL: (initial − current) / initial × 100. Negative when weight was gained. */
export function percentTotalWeightLoss(initialWeight: Measure, currentWeight: Measure): number | null {
  if (!positive(initialWeight) || !positive(currentWeight)) return null;
  return finiteOrNull(((initialWeight - currentWeight) / initialWeight) * 100);
}

/** Weight at which a person of this height has the target BMI: targetBmi × height² (kg, with metres). */
export function idealWeightAtBmi(heightM: Measure, targetBmi: Measure = REFERENCE_BMI): number | null {
  if (!positive(heightM) || !positive(targetBmi)) return null;
  return finiteOrNull(targetBmi * heightM * heightM);
}

/**
 * %EWL: (initial − current) / (initial − weight at BMI 25) × 100, weights in kg and height in metres.
 * `null` when the initial weight is at or below the BMI-25 weight (there was no excess to lose).
 */
export function percentExcessWeightLoss(
  initialWeight: Measure,
  currentWeight: Measure,
  heightM: Measure,
): number | null {
  if (!positive(initialWeight) || !positive(currentWeight)) return null;
  const ideal = idealWeightAtBmi(heightM);
  if (ideal === null) return null;
  const excess = initialWeight - ideal;
  if (!(excess > 0)) return null;
  return finiteOrNull(((initialWeight - currentWeight) / excess) * 100);
}

/**
 * %EBMIL: (initial BMI − current BMI) / (initial BMI − 25) × 100.
 * `null` when the initial BMI is at or below 25.
 */
export function percentExcessBmiLoss(initialBmi: Measure, currentBmi: Measure): number | null {
  if (!positive(initialBmi) || !positive(currentBmi)) return null;
  const excess = initialBmi - REFERENCE_BMI;
  if (!(excess > 0)) return null;
  return finiteOrNull(((initialBmi - currentBmi) / excess) * 100);
}

/**
 * Rounds to one decimal place, halves away from zero, using the number's shortest decimal form
 * (so 1.45 gives 1.5 even though its binary value is slightly below 1.45). `null` and non-finite give `null`.
 */
export function round1(value: Measure): number | null {
  if (typeof value !== 'number' || !Number.isFinite(value)) return null;
  const magnitude = Math.abs(value);
  let shifted = Number(`${magnitude}e1`);
  if (!Number.isFinite(shifted)) shifted = magnitude * 10; // already in exponent form, e.g. 1e-7
  // Dividing a whole number by 10 gives the double nearest to the intended one-decimal value.
  return withoutNegativeZero((Math.sign(value) * Math.round(shifted)) / 10);
}
