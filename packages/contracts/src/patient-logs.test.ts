import * as v from 'valibot';
import { FOOD_LOG_TABS, MEAL_CHART_SLICES, MEAL_TYPES } from '@baridesk/domain';
import {
  FOOD_LOG_SECTIONS,
  MEAL_CHART_SLICE_DEFINITIONS,
  PATIENT_LOG_MESSAGES,
  foodLogSectionsSchema,
  foodLogsQuery,
  mealChartSliceOf,
  weightLogStoreBody,
} from './patient-logs';
import { toFieldErrors } from './errors';

const errorsOf = (schema: v.GenericSchema, input: unknown) => {
  const result = v.safeParse(schema, input, { abortPipeEarly: true });
  return result.success ? null : toFieldErrors(result.issues);
};

describe('food-log constants', () => {
  it('has four doughnut slices that cover each meal type once', () => {
    expect(MEAL_CHART_SLICE_DEFINITIONS).toHaveLength(MEAL_CHART_SLICES);
    const covered = MEAL_CHART_SLICE_DEFINITIONS.flatMap((s) => [...s.meal_types]);
    expect([...covered].sort()).toEqual([...MEAL_TYPES].sort());
    expect(MEAL_TYPES.map(mealChartSliceOf)).toEqual(['breakfast', 'lunch', 'dinner', 'snacks', 'snacks']);
  });

  it('answers the sections from the domain tabs', () => {
    expect(v.is(foodLogSectionsSchema, FOOD_LOG_SECTIONS)).toBe(true);
    expect(FOOD_LOG_SECTIONS.tabs.map((t) => t.id)).toEqual(FOOD_LOG_TABS.map((t) => t.id));
  });
});

describe('foodLogsQuery', () => {
  it('reads ids, months and years from the query string; blank month and year are left out', () => {
    expect(v.parse(foodLogsQuery, { user_id: '7', month: '02', year: '2031' })).toEqual({ user_id: 7, month: 2, year: 2031 });
    expect(v.parse(foodLogsQuery, { user_id: 7, month: '', year: ' ' })).toEqual({ user_id: 7, month: undefined, year: undefined });
  });

  it('refuses what is not a patient, month or year', () => {
    expect(errorsOf(foodLogsQuery, {})).toEqual({ user_id: ['User ID is required.'] });
    expect(errorsOf(foodLogsQuery, { user_id: '0' })).toEqual({ user_id: ['The id must be a positive integer.'] });
    expect(errorsOf(foodLogsQuery, { user_id: 1, month: '13' })).toEqual({ month: [PATIENT_LOG_MESSAGES.month] });
    expect(errorsOf(foodLogsQuery, { user_id: 1, month: 'feb' })).toEqual({ month: [PATIENT_LOG_MESSAGES.month] });
    expect(errorsOf(foodLogsQuery, { user_id: 1, year: '2101' })).toEqual({ year: [PATIENT_LOG_MESSAGES.year] });
  });
});

describe('weightLogStoreBody', () => {
  it('keeps weights to 0.1 lb, from text or numbers, 50 to 1000 included', () => {
    expect(v.parse(weightLogStoreBody, { patient_id: 3, date: '2031-02-01', weight: ' 180.26 ' })).toEqual({
      patient_id: 3,
      date: '2031-02-01',
      weight: 180.3,
    });
    expect(v.parse(weightLogStoreBody, { patient_id: 3, date: '2031-02-01', weight: 50 }).weight).toBe(50);
    expect(v.parse(weightLogStoreBody, { patient_id: 3, date: '2031-02-01', weight: 1000 }).weight).toBe(1000);
  });

  it('refuses implausible or malformed weights', () => {
    const body = { patient_id: 3, date: '2031-02-01' };
    expect(errorsOf(weightLogStoreBody, { ...body, weight: 49.99 })).toEqual({ weight: [PATIENT_LOG_MESSAGES.weightRange] });
    expect(errorsOf(weightLogStoreBody, { ...body, weight: '-5' })).toEqual({ weight: ['Please enter valid weight.'] });
    expect(errorsOf(weightLogStoreBody, { ...body, weight: '180 lb' })).toEqual({ weight: ['Please enter valid weight.'] });
    expect(errorsOf(weightLogStoreBody, { ...body, weight: Number.NaN })).toEqual({ weight: ['Please enter valid weight.'] });
    expect(errorsOf(weightLogStoreBody, { ...body, weight: '' })).toEqual({ weight: ['Weight is required.'] });
  });
});
