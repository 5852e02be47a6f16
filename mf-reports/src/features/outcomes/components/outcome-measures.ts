import type { OutcomeFigure } from '@baridesk/contracts';
import { REFERENCE_BMI } from '@baridesk/domain';

/**
 * The three measures, each with the count of patients behind its mean: %TWL needs a start weight, %EWL and
 * %EBMIL also a height and a start above BMI 25 (the API's `excess_patients`).
 */
export const OUTCOME_MEASURES = [
  { key: 'twl', label: '%TWL', help: 'Percent total weight loss: weight lost ÷ start weight.', count: 'patients' },
  { key: 'ewl', label: '%EWL', help: `Percent excess weight loss: weight lost ÷ (start weight − weight at BMI ${REFERENCE_BMI}).`, count: 'excess_patients' },
  { key: 'ebmil', label: '%EBMIL', help: `Percent excess BMI loss: BMI lost ÷ (start BMI − ${REFERENCE_BMI}).`, count: 'excess_patients' },
] as const satisfies readonly { key: keyof OutcomeFigure; label: string; help: string; count: keyof OutcomeFigure }[];

export type OutcomeMeasure = (typeof OUTCOME_MEASURES)[number];
export type OutcomeMeasureKey = OutcomeMeasure['key'];

export const measureOf = (key: string): OutcomeMeasure => OUTCOME_MEASURES.find((measure) => measure.key === key) ?? OUTCOME_MEASURES[0];

/**
 * Below this many patients a mean moves a lot with one patient more or less: such a figure is marked and
 * read as "few patients" (a cohort's first quarters, a rare surgery type).
 */
export const FEW_PATIENTS = 10;

export const milestoneLabel = (months: number) => `${months} months`;
