import * as v from 'valibot';
import { toFieldErrors } from './errors';
import { INVALID_FLAG, INVALID_ID, invalidValue } from './messages';
import { APP_FILTER_MESSAGE, dashboardResponse, patientListItemSchema, patientListQuery } from './index';

const parse = (input: Record<string, unknown>) => v.safeParse(patientListQuery, input, { abortPipeEarly: true });
const errorsOf = (input: Record<string, unknown>) => {
  const result = parse(input);
  return result.success ? {} : toFieldErrors(result.issues);
};

describe('patientListQuery', () => {
  it('defaults to the first page of ten, sorted by name ascending, with no filters', () => {
    const result = parse({});
    expect(result.success).toBe(true);
    expect(result.output).toEqual({ page: 1, perPage: 10, sort: 'name', direction: 'asc' });
  });

  it('reads the filters from query-string text', () => {
    const result = parse({
      page: '2',
      perPage: 'All',
      search: '  smith ',
      sort: 'surgery_date',
      direction: 'desc',
      stage: '2',
      tag: '7',
      surgery_type: ' Sleeve Gastrectomy ',
      surgery_from: '2026-01-01',
      surgery_to: '2026-01-01',
      location: '3',
      coordinator: '4',
      status: '0',
      app: 'never_used',
    });
    expect(result.success).toBe(true);
    expect(result.output).toEqual({
      page: 2,
      perPage: 'All',
      search: 'smith',
      sort: 'surgery_date',
      direction: 'desc',
      stage: 2,
      tag: 7,
      surgery_type: 'Sleeve Gastrectomy',
      surgery_from: '2026-01-01',
      surgery_to: '2026-01-01',
      location: 3,
      coordinator: 4,
      status: 0,
      app: 'never_used',
    });
  });

  it('treats a blank filter as no filter', () => {
    const result = parse({ stage: '', tag: '', surgery_type: ' ', surgery_from: '', surgery_to: '', location: '', coordinator: '', status: '', app: '' });
    expect(result.success).toBe(true);
    expect(result.output).toEqual({ page: 1, perPage: 10, sort: 'name', direction: 'asc' });
  });

  it('names the field of every bad filter', () => {
    expect(errorsOf({ stage: '4' })).toEqual({ stage: [invalidValue('stage')] });
    expect(errorsOf({ stage: 'pre-op' })).toEqual({ stage: [invalidValue('stage')] });
    expect(errorsOf({ tag: 'abc' })).toEqual({ tag: [INVALID_ID] });
    expect(errorsOf({ location: '0' })).toEqual({ location: [INVALID_ID] });
    expect(errorsOf({ coordinator: ['1', '2'] })).toEqual({ coordinator: [INVALID_ID] });
    expect(errorsOf({ status: '2' })).toEqual({ status: [INVALID_FLAG] });
    expect(errorsOf({ app: 'active' })).toEqual({ app: [APP_FILTER_MESSAGE] });
    expect(errorsOf({ surgery_from: '2026-02-30' })).toEqual({ surgery_from: ['Please enter valid surgery from.'] });
    expect(errorsOf({ sort: 'dob', perPage: '7' })).toEqual({
      perPage: ['The perPage must be one of 5, 10, 15, 20, 50, 100 or All.'],
      sort: [expect.stringMatching(/^The sort must be one of name, email, phone/)],
    });
  });

  it('refuses a surgery date range that ends before it starts, on surgery_to', () => {
    expect(errorsOf({ surgery_from: '2026-03-02', surgery_to: '2026-03-01' })).toEqual({
      surgery_to: ['Surgery To must be greater than or equal to Surgery From'],
    });
    expect(parse({ surgery_from: '2026-03-02' }).success).toBe(true);
    expect(parse({ surgery_to: '2026-03-01' }).success).toBe(true);
  });
});

describe('response schemas', () => {
  it('describe a patient row with numeric weights', () => {
    const row = {
      id: 1,
      first_name: 'Ana',
      last_name: 'Diaz',
      name: 'Ana Diaz',
      email: null,
      phone: null,
      mrn_number: null,
      current_stage: 1,
      surgery_date: null,
      type_of_surgery: null,
      starting_weight: 301.5,
      current_weight: null,
      target_weight: null,
      user_cat_name: null,
      user_cat_name2: null,
      location_id: null,
      insurance_coordinator_id: null,
      status: 1,
      is_invited: 0,
      last_app_activity_at: null,
      created_at: '2026-03-02T15:00:00.000Z',
    };
    expect(v.is(patientListItemSchema, row)).toBe(true);
    expect(v.is(patientListItemSchema, { ...row, starting_weight: '301.5' })).toBe(false);
  });

  it('describe the dashboard', () => {
    const data = {
      today: '2026-03-02',
      patients: { total: 3, byStage: { 1: 1, 2: 1, 3: 1 }, neverUsedApp: 0, snoozed: 0 },
      surgeries: { upcoming30Days: 0, last30Days: 1 },
      events: { upcoming: [{ id: 1, event_title: 'Seminar', date: '2026-03-05', time: '18:00:00', location: null }] },
      recentPatients: [{ id: 1, name: 'Ana Diaz', current_stage: 2, created_at: '2026-03-02T15:00:00.000Z' }],
    };
    expect(v.is(dashboardResponse, { data })).toBe(true);
    expect(v.is(dashboardResponse, { data: { ...data, patients: { ...data.patients, total: -1 } } })).toBe(false);
  });
});
