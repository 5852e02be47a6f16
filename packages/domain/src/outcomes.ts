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

/** Weight at which a person of this height (inches) has the target BMI, in pounds: BMI × in² / 703. */
export function idealWeightLbAtBmi(heightIn: Measure, targetBmi: Measure = REFERENCE_BMI): number | null {
  if (!positive(heightIn) || !positive(targetBmi)) return null;
  return finiteOrNull((targetBmi * heightIn * heightIn) / IMPERIAL_BMI_FACTOR);
}

/** The three outcome measures of one weigh-in against the start, in percent, unrounded; each null when undefined. */
export interface WeightOutcome {
  twl: number | null;
  ewl: number | null;
  ebmil: number | null;
}

/**
 * %TWL, %EWL and %EBMIL of a weigh-in in the units US programs chart in (pounds, inches). %EWL counts the
 * excess above the BMI-25 weight at the patient's height, so without a height only %TWL is known. With the
 * ideal weight taken at BMI 25, %EWL and %EBMIL are the same number (BMI is weight times a constant at a fixed
 * height); both are reported because programs and papers quote one or the other.
 */
export function weightOutcome(startLb: Measure, weightLb: Measure, heightIn: Measure): WeightOutcome {
  const ideal = idealWeightLbAtBmi(heightIn);
  let ewl: number | null = null;
  if (ideal !== null && positive(startLb) && positive(weightLb) && startLb - ideal > 0) {
    ewl = finiteOrNull(((startLb - weightLb) / (startLb - ideal)) * 100);
  }
  return {
    twl: percentTotalWeightLoss(startLb, weightLb),
    ewl,
    ebmil: percentExcessBmiLoss(bmiFromImperial(startLb, heightIn), bmiFromImperial(weightLb, heightIn)),
  };
}

/** Mean of the known values, with how many there were; null mean when none. */
export function meanOf(values: readonly (number | null | undefined)[]): { mean: number | null; count: number } {
  const known = values.filter((v): v is number => typeof v === 'number' && Number.isFinite(v));
  if (known.length === 0) return { mean: null, count: 0 };
  return { mean: withoutNegativeZero(known.reduce((sum, v) => sum + v, 0) / known.length), count: known.length };
}

/** Days after surgery: a window's first and last day (inclusive) and the day it aims at. */
export interface DayWindow {
  open: number;
  target: number;
  close: number;
}

/**
 * The outcome milestones (months after surgery) and the weigh-in that stands for each: the one nearest the
 * target day inside the window. Clinic visits drift further from the plan the longer after surgery, so the
 * window widens: ±45 days at 3 and 6 months, ±90 at 12, ±120 at 24 (the windows do not overlap).
 */
export const OUTCOME_MILESTONES = [3, 6, 12, 24] as const;
export type OutcomeMilestone = (typeof OUTCOME_MILESTONES)[number];
export const OUTCOME_MILESTONE_WINDOWS: Readonly<Record<OutcomeMilestone, DayWindow>> = {
  3: { open: 46, target: 91, close: 136 },
  6: { open: 137, target: 182, close: 227 },
  12: { open: 275, target: 365, close: 455 },
  24: { open: 610, target: 730, close: 850 },
};

/**
 * MBSAQIP follow-up points: 30 days, 6 months, 1 year, then yearly (the registry's long-term follow-up). The
 * registry does not fix a visit's open and close days for a program's clinic, so BariDesk uses: 30 days from
 * day 7 to day 60 (the first post-op visit, with a month's grace), 6 months from day 120 to 240, 1 year from
 * day 300 to 455 (10 to 15 months), and year N from 365·N − 90 to 365·N + 90. The windows do not overlap.
 * A patient is due from the window's first day to its target day, overdue after the target day while not
 * seen (the window may already have closed: a missed visit stays on the list), and seen when a weigh-in or
 * an attended event falls inside the window.
 */
export const FOLLOW_UP_YEARS = 5;
export const FOLLOW_UP_WINDOW_IDS = ['30d', '6m', '1y', '2y', '3y', '4y', '5y'] as const;
export type FollowUpWindowId = (typeof FOLLOW_UP_WINDOW_IDS)[number];

export interface FollowUpWindow extends DayWindow {
  id: FollowUpWindowId;
  label: string;
}

function yearly(year: number): FollowUpWindow {
  const target = 365 * year;
  return { id: `${year}y` as FollowUpWindowId, label: `${year} years`, open: target - 90, target, close: target + 90 };
}

export const FOLLOW_UP_WINDOWS: readonly FollowUpWindow[] = [
  { id: '30d', label: '30 days', open: 7, target: 30, close: 60 },
  { id: '6m', label: '6 months', open: 120, target: 182, close: 240 },
  { id: '1y', label: '1 year', open: 300, target: 365, close: 455 },
  ...Array.from({ length: FOLLOW_UP_YEARS - 1 }, (_, i) => yearly(i + 2)),
];

export type FollowUpState = 'due' | 'overdue' | 'seen';

/**
 * A patient's state in one window on a day (`daysSinceSurgery` of today), given whether a visit fell inside the
 * window: null while the window has not opened.
 */
export function followUpState(window: DayWindow, daysSinceSurgery: number, seen: boolean): FollowUpState | null {
  if (seen) return 'seen';
  if (daysSinceSurgery < window.open) return null;
  return daysSinceSurgery <= window.target ? 'due' : 'overdue';
}
