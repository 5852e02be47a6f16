/**
 * Patient logs: food log, macro-nutrients, water, food-log sections and weights. The expected figures
 * below are worked out by hand from the rows each test writes (see the comments beside them).
 */
import { and, asc, eq } from 'drizzle-orm';
import { FOOD_LOG_TABS, mealValue, servingSize } from '@baridesk/domain';
import { INVALID_ID, PATIENT_LOG_MESSAGES as MESSAGES, NOT_FOR_SELF_SERVICE, type FoodLogs } from '@baridesk/contracts';
import { createTestApp, type TestApp } from '../../../test/app';
import { auditRecords, foodLogEntries, patients, waterLogs, weightLogs } from '../../../db/schema';

const NORTH = 101;
const LAKE = 102;
const STAFF = 'staff@northside.test';
const SUB = 'subuser@northside.test';
const SELF_SERVICE = 'selfservice@northside.test';
const LAKE_USER = 'subuser@lakeview.test';

/**
 * "Now" for this file: 04:30 UTC on 1 March 2031, which is still 28 February (22:30) in Chicago,
 * Northside's time zone. So the program's current month is February and its today 2031-02-28.
 */
const NOW = new Date('2031-03-01T04:30:00Z');

let t: TestApp;
let tokens: Record<string, string>;
/** Northside patients made here: A has the hand-computed logs, B twelve-plus foods, C nothing. */
let A: number;
let B: number;
let C: number;
/** A Lakeview patient. */
let OTHER: number;

const basePatient = {
  program_id: NORTH,
  current_stage: 2,
  timezone: 'America/Chicago',
  created_at: new Date('2030-05-20T15:00:00Z'),
  updated_at: new Date('2030-05-20T15:00:00Z'),
};

beforeAll(async () => {
  t = await createTestApp();
  t.clock.advance(NOW.getTime() - t.clock.now().getTime());
  tokens = await t.signIn(STAFF, SUB, SELF_SERVICE, LAKE_USER);
  const made = await t.app.db
    .insert(patients)
    .values([
      {
        ...basePatient,
        first_name: 'Ada',
        last_name: 'Logger',
        name: 'Ada Logger',
        hight: '65.0',
        starting_weight: '250.0',
        current_weight: '200.0',
        target_weight: '160.0',
        consult_date: '2030-06-01',
        protien: 80,
        calories: 1200,
        fiber: 25,
        water: 64,
      },
      { ...basePatient, first_name: 'Bo', last_name: 'Foods', name: 'Bo Foods' },
      { ...basePatient, first_name: 'Cy', last_name: 'Empty', name: 'Cy Empty', created_at: new Date('2030-11-30T12:00:00Z') },
      { ...basePatient, program_id: LAKE, first_name: 'Lee', last_name: 'Lake', name: 'Lee Lake' },
    ])
    .returning({ id: patients.id });
  [A, B, C, OTHER] = made.map((row) => row.id) as [number, number, number, number];

  // Food of patient A. Each line: [day, meal, name, serving, calories, carb, protein, fat, sugars, added sugar, fiber, water].
  type Food = [string, 'breakfast' | 'lunch' | 'dinner' | 'snacks' | 'other', string, string | null, ...(number | null)[]];
  const foods: Food[] = [
    ['2031-02-01', 'breakfast', 'Eggs', '2', 90.25, 0.5, 6.25, 5, 0.4, null, 0, 1.7],
    ['2031-02-01', 'breakfast', 'Toast', '', 80.4, 14.5, 4, 1.1, 1.4, 1, 1.9, null],
    ['2031-02-01', 'lunch', 'Chicken', '1 cup', 128, null, 26, 2.5, 0, null, 0, 2],
    ['2031-02-01', 'other', 'Water', null, 0, 0, 0, 0, 0, 0, 0, 8],
    ['2031-02-02', 'dinner', 'Salmon', '0.5', 233, 0, 25.4, 14, 0, null, 0, 2.6],
    ['2031-02-02', 'snacks', ' Eggs ', '1', 90.25, 0.5, 6.25, 5, 0.4, null, 0, 1.7],
    ['2031-02-03', 'snacks', 'Gelatin', '3', 0, 0, 1, 0, 0, 0, 0, 7.5],
    ['2031-02-28', 'snacks', 'Apple', '.5', 95, 25.1, 0.5, 0.3, 18.9, null, 4.4, 5.2],
    // Outside February: the months around it.
    ['2031-03-01', 'lunch', 'Pizza', '1', 300, 30, 12, 10, 4, 2, 2, 1],
    ['2031-01-31', 'dinner', 'Cake', '1', 400, 50, 5, 20, 30, 30, 1, 1],
  ];
  await t.app.db.insert(foodLogEntries).values(
    foods.map(([day, meal, name, serving, ...n], i) => {
      const at = new Date(Date.UTC(2031, 0, 1) + i * 60_000);
      const text = (k: number) => (n[k] === null || n[k] === undefined ? null : String(n[k]));
      return {
        program_id: NORTH,
        patient_id: A,
        logged_on: day,
        meal_type: meal,
        item_name: name,
        user_serving_size: serving,
        nf_calories: text(0),
        nf_total_carbohydrate: text(1),
        nf_protein: text(2),
        nf_total_fat: text(3),
        nf_sugars: text(4),
        nf_sugar_added: text(5),
        nf_dietary_fiber: text(6),
        nf_water: text(7),
        created_at: at,
        updated_at: at,
      };
    }),
  );

  // Patient B: F01..F12 worth 10..120 calories, and Zed and Abe worth 120 (ties with F12).
  const named = [...Array.from({ length: 12 }, (_, i) => [`F${String(i + 1).padStart(2, '0')}`, (i + 1) * 10] as const), ['Zed', 120] as const, ['Abe', 120] as const];
  await t.app.db.insert(foodLogEntries).values(
    named.map(([name, calories]) => ({
      program_id: NORTH,
      patient_id: B,
      logged_on: '2031-02-14',
      meal_type: 'lunch' as const,
      item_name: name,
      user_serving_size: '1',
      nf_calories: String(calories),
    })),
  );

  await t.app.db.insert(waterLogs).values(
    (
      [
        ['2031-02-01', '64'],
        ['2031-02-02', '0'],
        ['2031-02-28', '40.5'],
        ['2031-03-01', '70'],
        ['2031-01-31', '50'],
      ] as const
    ).map(([day, total]) => ({ program_id: NORTH, patient_id: A, logged_on: day, total })),
  );

  await t.app.db.insert(weightLogs).values(
    (
      [
        ['2030-12-01', '230.0', '2030-12-01T14:00:00Z'],
        ['2031-01-15', '215.5', '2031-01-15T14:00:00Z'],
        // The same day, entered later: the day's point.
        ['2031-01-15', '214.0', '2031-01-15T20:00:00Z'],
        ['2031-02-10', '205.0', '2031-02-10T14:00:00Z'],
      ] as const
    ).map(([day, weight, at]) => ({ program_id: NORTH, patient_id: A, logged_on: day, weight, created_at: new Date(at) })),
  );
});
afterAll(() => t.close());

const get = (url: string, who = STAFF) => t.call({ method: 'GET', url, token: tokens[who] });
const post = (url: string, payload: unknown, who = STAFF) =>
  t.call({ method: 'POST', url, token: tokens[who], payload: payload as object });

const auditsOf = (action: string, patientId?: number) =>
  t.app.db
    .select()
    .from(auditRecords)
    .where(patientId === undefined ? eq(auditRecords.action, action) : and(eq(auditRecords.action, action), eq(auditRecords.patient_id, patientId)))
    .orderBy(asc(auditRecords.id));

/** Eight numbers in tab order as the tab-keyed object of the answers. */
const tabs = (...values: number[]) => Object.fromEntries(FOOD_LOG_TABS.map((tab, i) => [String(tab.id), values[i]]));

describe('GET /api/nutrition/food-logs', () => {
  it("answers the month's days, meals, day values, averages, doughnut and top foods, computed as the rules say", async () => {
    const res = await get(`/api/nutrition/food-logs?user_id=${A}&month=2&year=2031`);
    expect(res.statusCode).toBe(200);
    const data = res.json().data as FoodLogs;
    expect(data).toMatchObject({ patient_id: A, month: 2, year: 2031, from: '2031-02-01', to: '2031-02-28' });

    // Day values are sums of the entries' rounded values (nutrient × servings, half rounds up):
    // 1 Feb: Eggs 2 × 90.25 = 180.5 → 181, Toast ('' → 1 serving) 80.4 → 80, Chicken ('1 cup' → 1) 128, Water 0.
    expect(data.days.map((d) => [d.date, d.values])).toEqual([
      ['2031-02-01', tabs(389, 16, 43, 14, 2, 1, 2, 13)],
      ['2031-02-02', tabs(207, 1, 19, 12, 0, 0, 0, 3)],
      ['2031-02-03', tabs(0, 0, 3, 0, 0, 0, 0, 23)],
      ['2031-02-28', tabs(48, 13, 0, 0, 9, 0, 2, 3)],
    ]);
    // Averages over the days whose value is not 0: calories (389 + 207 + 48) / 3 = 214.67 → 214.7;
    // fat (14 + 12) / 2 = 13; water (13 + 3 + 23 + 3) / 4 = 10.5.
    expect(data.averages).toEqual(tabs(214.7, 10, 21.7, 13, 5.5, 1, 2, 10.5));

    const first = data.days[0]!;
    expect(first.meals.breakfast.map((e) => [e.item_name, e.user_serving_Size, e.servings, e.values[1]])).toEqual([
      ['Eggs', '2', 2, 181],
      ['Toast', '', 1, 80],
    ]);
    expect(first.meals.lunch.map((e) => [e.item_name, e.user_serving_Size, e.servings, e.values[4]])).toEqual([['Chicken', '1 cup', 1, 3]]);
    expect(first.meals.lunch[0]?.nutrients).toEqual({
      nf_calories: 128,
      nf_total_carbohydrate: null,
      nf_protein: 26,
      nf_total_fat: 2.5,
      nf_sugars: 0,
      nf_sugar_added: null,
      nf_dietary_fiber: 0,
      nf_water: 2,
    });
    expect(first.meals.other.map((e) => [e.item_name, e.user_serving_Size, e.servings])).toEqual([['Water', null, 1]]);
    expect(first.meals.dinner).toEqual([]);
    expect(first.meals.snacks).toEqual([]);
    expect(data.days[3]?.meals.snacks[0]).toMatchObject({ item_name: 'Apple', servings: 0.5, values: tabs(48, 13, 0, 0, 9, 0, 2, 3) });

    // Four slices; snacks and other share the last.
    expect(data.meal_chart).toEqual([
      { id: 'breakfast', label: 'Breakfast', meal_types: ['breakfast'], values: tabs(261, 16, 17, 11, 2, 1, 2, 3) },
      { id: 'lunch', label: 'Lunch', meal_types: ['lunch'], values: tabs(128, 0, 26, 3, 0, 0, 0, 2) },
      { id: 'dinner', label: 'Dinner', meal_types: ['dinner'], values: tabs(117, 0, 13, 7, 0, 0, 0, 1) },
      { id: 'snacks', label: 'Snacks & Other', meal_types: ['snacks', 'other'], values: tabs(138, 14, 9, 5, 9, 0, 2, 36) },
    ]);

    // Foods grouped by trimmed name (" Eggs " is Eggs): 181 + 90 = 271; ties by name.
    expect(data.top_foods[1]).toEqual([
      { name: 'Eggs', value: 271 },
      { name: 'Chicken', value: 128 },
      { name: 'Salmon', value: 117 },
      { name: 'Toast', value: 80 },
      { name: 'Apple', value: 48 },
      { name: 'Gelatin', value: 0 },
      { name: 'Water', value: 0 },
    ]);
    expect(data.top_foods[8]).toEqual([
      { name: 'Gelatin', value: 23 },
      { name: 'Water', value: 8 },
      { name: 'Eggs', value: 5 },
      { name: 'Apple', value: 3 },
      { name: 'Chicken', value: 2 },
      { name: 'Salmon', value: 1 },
      { name: 'Toast', value: 0 },
    ]);
  });

  it('keeps the top foods to 10, largest first and ties by name', async () => {
    const res = await get(`/api/nutrition/food-logs?user_id=${B}&month=2&year=2031`);
    expect(res.statusCode).toBe(200);
    const top = (res.json().data as FoodLogs).top_foods[1];
    expect(top.map((f) => `${f.name}:${f.value}`)).toEqual([
      'Abe:120',
      'F12:120',
      'Zed:120',
      'F11:110',
      'F10:100',
      'F09:90',
      'F08:80',
      'F07:70',
      'F06:60',
      'F05:50',
    ]);
  });

  it("takes the month of the next and previous entries by their logged day, and defaults to the program's current month", async () => {
    const march = (await get(`/api/nutrition/food-logs?user_id=${A}&month=3&year=2031`)).json().data as FoodLogs;
    expect(march.days.map((d) => [d.date, d.values[1]])).toEqual([['2031-03-01', 300]]);
    const january = (await get(`/api/nutrition/food-logs?user_id=${A}&month=1&year=2031`)).json().data as FoodLogs;
    expect(january).toMatchObject({ from: '2031-01-01', to: '2031-01-31' });
    expect(january.days.map((d) => [d.date, d.values[1]])).toEqual([['2031-01-31', 400]]);
    // It is already March in UTC, still February in Chicago.
    const current = (await get(`/api/nutrition/food-logs?user_id=${A}`)).json().data as FoodLogs;
    expect(current).toMatchObject({ month: 2, year: 2031, from: '2031-02-01', to: '2031-02-28' });
    expect(current.days).toHaveLength(4);
  });

  it('reads serving sizes as the domain rule does: plain decimals, anything else 1', async () => {
    const sizes = ['2', ' 2 ', '.5', '5.', '+1', '-1', '0', '1e1', '1E-1', '1 cup', 'abc', '', '0x10', '1,5', null];
    await t.app.db.insert(foodLogEntries).values(
      sizes.map((size, i) => ({
        program_id: NORTH,
        patient_id: C,
        logged_on: '2030-12-05',
        meal_type: 'snacks' as const,
        item_name: `Item ${i}`,
        user_serving_size: size,
        nf_calories: '10',
        created_at: new Date(Date.UTC(2030, 11, 5, 12, i)),
      })),
    );
    const data = (await get(`/api/nutrition/food-logs?user_id=${C}&month=12&year=2030`)).json().data as FoodLogs;
    const entries = data.days[0]!.meals.snacks;
    expect(entries.map((e) => [e.user_serving_Size, e.servings])).toEqual(sizes.map((size) => [size, servingSize(size)]));
    expect(entries.map((e) => e.values[1])).toEqual(sizes.map((size) => mealValue('10', size)));
  });

  it('answers an empty month with zeros', async () => {
    const res = await get(`/api/nutrition/food-logs?user_id=${C}&month=2&year=2031`);
    expect(res.statusCode).toBe(200);
    const data = res.json().data as FoodLogs;
    expect(data.days).toEqual([]);
    expect(data.averages).toEqual(tabs(0, 0, 0, 0, 0, 0, 0, 0));
    expect(data.meal_chart.map((s) => s.values)).toEqual(Array(4).fill(tabs(0, 0, 0, 0, 0, 0, 0, 0)));
    expect(Object.values(data.top_foods)).toEqual(Array(8).fill([]));
  });

  it('records who read which patient, and when', async () => {
    const before = (await auditsOf('patient.food-logs.read', A)).length;
    await get(`/api/nutrition/food-logs?user_id=${A}&month=2&year=2031`, SUB);
    const records = await auditsOf('patient.food-logs.read', A);
    expect(records).toHaveLength(before + 1);
    expect(records.at(-1)).toMatchObject({
      actor_account_id: 101,
      program_id: NORTH,
      entity: 'patient',
      entity_id: String(A),
      patient_id: A,
      success: true,
      at: NOW,
      detail: { month: 2, year: 2031, days: 4 },
    });
  });

  it('refuses bad parameters with 422 and the field', async () => {
    const cases: [string, string, string][] = [
      ['', 'user_id', 'User ID is required.'],
      ['user_id=abc', 'user_id', INVALID_ID],
      [`user_id=${A}&month=13`, 'month', MESSAGES.month],
      [`user_id=${A}&month=0`, 'month', MESSAGES.month],
      [`user_id=${A}&month=2.5`, 'month', MESSAGES.month],
      [`user_id=${A}&year=1999`, 'year', MESSAGES.year],
    ];
    for (const [query, field, message] of cases) {
      const res = await get(`/api/nutrition/food-logs?${query}`);
      expect({ query, status: res.statusCode, body: res.json() }).toEqual({
        query,
        status: 422,
        body: { message, errors: { [field]: [message] } },
      });
    }
  });
});

describe('GET /api/nutrition/macro-nutrients', () => {
  it("answers the month's calories, carb, protein and fat with averages over the days they are not 0", async () => {
    const res = await get(`/api/nutrition/macro-nutrients?patient_id=${A}&month=2&year=2031`);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({
      patient_id: A,
      month: 2,
      year: 2031,
      from: '2031-02-01',
      to: '2031-02-28',
      days_logged: 4,
      totals: { calories: 644, carb: 30, protein: 65, fat: 26 },
      // carb 30 / 3 days; protein 65 / 3 = 21.67; fat 26 / 2 days.
      averages: { calories: 214.7, carb: 10, protein: 21.7, fat: 13 },
      // 120 + 260 + 234 = 614 kcal: 19.54%, 42.35%, 38.11%.
      energy_percent: { carb: 19.5, protein: 42.3, fat: 38.1 },
      goals: { calories: 1200, protein: 80, fiber: 25, water: 64 },
      days: [
        { date: '2031-02-01', calories: 389, carb: 16, protein: 43, fat: 14 },
        { date: '2031-02-02', calories: 207, carb: 1, protein: 19, fat: 12 },
        { date: '2031-02-03', calories: 0, carb: 0, protein: 3, fat: 0 },
        { date: '2031-02-28', calories: 48, carb: 13, protein: 0, fat: 0 },
      ],
    });
    expect((await auditsOf('patient.macro-nutrients.read', A)).at(-1)).toMatchObject({ actor_account_id: 201, success: true });
  });

  it('gives null shares when nothing was logged', async () => {
    const res = await get(`/api/nutrition/macro-nutrients?patient_id=${C}&month=2&year=2031`);
    expect(res.json().data).toMatchObject({
      days_logged: 0,
      totals: { calories: 0, carb: 0, protein: 0, fat: 0 },
      energy_percent: { carb: null, protein: null, fat: null },
      goals: { calories: null, protein: null, fiber: null, water: null },
    });
  });
});

describe('GET /api/reports/water-logs', () => {
  it('answers water per day with the total and the average over the days above 0', async () => {
    const res = await get(`/api/reports/water-logs?patientId=${A}&month=2&year=2031`);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({
      patient_id: A,
      month: 2,
      year: 2031,
      from: '2031-02-01',
      to: '2031-02-28',
      days: [
        { date: '2031-02-01', total: 64 },
        { date: '2031-02-02', total: 0 },
        { date: '2031-02-28', total: 40.5 },
      ],
      total: 104.5,
      // (64 + 40.5) / 2 = 52.25, half away from zero.
      average: 52.3,
      days_logged: 3,
      goal: 64,
    });
    expect((await auditsOf('patient.water-logs.read', A)).at(-1)).toMatchObject({ detail: { month: 2, year: 2031, days: 3 } });
  });

  it('needs patientId', async () => {
    const res = await get('/api/reports/water-logs?month=2');
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ patientId: ['Patient ID is required.'] });
  });
});

describe('GET /api/food-logs/sections', () => {
  it('answers the tabs, meal types and doughnut slices, to self-service staff too', async () => {
    for (const who of [STAFF, SELF_SERVICE]) {
      const res = await get('/api/food-logs/sections', who);
      expect(res.statusCode).toBe(200);
      const data = res.json().data;
      expect(data.tabs).toEqual(FOOD_LOG_TABS.map(({ id, label, column }) => ({ id, label, column })));
      expect(data.tabs[5]).toEqual({ id: 6, label: 'Added Sugar', column: 'nutrition_meal_second.nf_sugar_added' });
      expect(data.meal_types.map((m: { id: string }) => m.id)).toEqual(['breakfast', 'lunch', 'dinner', 'snacks', 'other']);
      expect(data.meal_chart).toHaveLength(4);
      expect(data.top_foods_limit).toBe(10);
    }
  });
});

describe('weight logs', () => {
  const store = (payload: unknown, who = STAFF) => post('/api/weight-logs/store', payload, who);
  const patientRow = async (id: number) => (await t.app.db.select().from(patients).where(eq(patients.id, id)))[0]!;

  it('saves a staff weight, rounded to 0.1 lb, and makes it the current weight when it is the latest', async () => {
    const before = await patientRow(A);
    const res = await store({ patient_id: A, date: '2031-02-20', weight: '201.25' });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toEqual({
      message: MESSAGES.weightSaved,
      data: {
        id: expect.any(Number),
        patient_id: A,
        date: '2031-02-20',
        weight: 201.3,
        source: 'staff',
        entered_by: 201,
        created_at: NOW.toISOString(),
        is_latest: true,
        current_weight: 201.3,
      },
    });
    const after = await patientRow(A);
    expect(after).toMatchObject({
      current_weight: '201.3',
      // 201.3 - 200.0 since the last weigh-in; 250.0 - 201.3 in all.
      weight_loss_gain: '1.3',
      total_weight_lost: '48.7',
      version: before.version + 1,
    });
    const saved = await t.app.db.select().from(weightLogs).where(eq(weightLogs.id, body.data.id));
    expect(saved[0]).toMatchObject({ program_id: NORTH, patient_id: A, logged_on: '2031-02-20', weight: '201.3', source: 'staff', entered_by: 201 });
    const audit = await t.app.db.select().from(auditRecords).where(eq(auditRecords.action, 'patient.weight-log.create')).orderBy(asc(auditRecords.id));
    expect(audit.at(-1)).toMatchObject({
      actor_account_id: 201,
      program_id: NORTH,
      entity: 'weight_log',
      entity_id: String(body.data.id),
      patient_id: A,
      success: true,
      detail: { date: '2031-02-20', source: 'staff', currentWeightChanged: true },
    });
  });

  it('leaves the current weight alone for an earlier date', async () => {
    const before = await patientRow(A);
    const res = await store({ patient_id: A, date: '2031-01-01', weight: 220 });
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({ is_latest: false, current_weight: 201.3, weight: 220 });
    const after = await patientRow(A);
    expect(after.current_weight).toBe('201.3');
    expect(after.version).toBe(before.version);
  });

  it("accepts today in the program's time zone and refuses tomorrow there, though it is already that day in UTC", async () => {
    const future = await store({ patient_id: C, date: '2031-03-01', weight: 180 });
    expect(future.statusCode).toBe(422);
    expect(future.json()).toEqual({ message: MESSAGES.futureDate, errors: { date: [MESSAGES.futureDate] } });
    expect(await t.app.db.select().from(weightLogs).where(eq(weightLogs.patient_id, C))).toEqual([]);
    const today = await store({ patient_id: C, date: '2031-02-28', weight: 180 });
    expect(today.statusCode).toBe(201);
    expect((await patientRow(C)).current_weight).toBe('180.0');
  });

  it('answers the weight chart: a point per day, baseline, current, goal line and outcomes', async () => {
    const res = await get(`/api/weight-logs?patient_id=${A}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({
      patient_id: A,
      height: 65,
      series: [
        { date: '2030-12-01', weight: 230, source: 'app', bmi: 38.3, percent_twl: 8 },
        { date: '2031-01-01', weight: 220, source: 'staff', bmi: 36.6, percent_twl: 12 },
        // 215.5 was replaced the same day by 214.0.
        { date: '2031-01-15', weight: 214, source: 'app', bmi: 35.6, percent_twl: 14.4 },
        { date: '2031-02-10', weight: 205, source: 'app', bmi: 34.1, percent_twl: 18 },
        { date: '2031-02-20', weight: 201.3, source: 'staff', bmi: 33.5, percent_twl: 19.5 },
      ],
      baseline: { weight: 250, date: '2030-06-01', source: 'starting_weight' },
      current: { weight: 201.3, date: '2031-02-20' },
      goal: { weight: 160, remaining: 41.3 },
      // BMI 703 × 250 / 65² = 41.6 → 703 × 201.3 / 65² = 33.5; %TWL 48.7 / 250; %EWL against BMI 25
      // (68.1 kg at 1.651 m): 22.09 / 45.25 kg; %EBMIL (41.6 − 33.5) / (41.6 − 25).
      outcomes: { weight_lost: 48.7, baseline_bmi: 41.6, bmi: 33.5, percent_twl: 19.5, percent_ewl: 48.8, percent_ebmil: 48.8 },
    });
    expect((await auditsOf('patient.weight-logs.read', A)).at(-1)).toMatchObject({ success: true, detail: { points: 5 } });
  });

  it('counts from the first weigh-in when there is no starting weight', async () => {
    const res = await get(`/api/weight-logs?patient_id=${C}`);
    expect(res.json().data).toMatchObject({
      series: [{ date: '2031-02-28', weight: 180, source: 'staff', bmi: null, percent_twl: 0 }],
      baseline: { weight: 180, date: '2031-02-28', source: 'first_log' },
      current: { weight: 180, date: '2031-02-28' },
      goal: { weight: null, remaining: null },
      outcomes: { weight_lost: 0, bmi: null, percent_twl: 0, percent_ewl: null, percent_ebmil: null },
    });
  });

  it('refuses bad input with 422 and the field', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ date: '2031-02-01', weight: 200 }, 'patient_id', 'Patient ID is required.'],
      [{ patient_id: A, weight: 200 }, 'date', 'Date is required'],
      [{ patient_id: A, date: '2031-02-30', weight: 200 }, 'date', 'Please enter valid date.'],
      [{ patient_id: A, date: '2031-02-01' }, 'weight', 'Weight is required.'],
      [{ patient_id: A, date: '2031-02-01', weight: 'heavy' }, 'weight', 'Please enter valid weight.'],
      [{ patient_id: A, date: '2031-02-01', weight: 49.9 }, 'weight', MESSAGES.weightRange],
      [{ patient_id: A, date: '2031-02-01', weight: 1000.1 }, 'weight', MESSAGES.weightRange],
    ];
    for (const [payload, field, message] of cases) {
      const res = await store(payload);
      expect({ payload, status: res.statusCode, errors: res.json().errors }).toEqual({
        payload,
        status: 422,
        errors: { [field]: [message] },
      });
    }
    expect((await store({ patient_id: A, date: '2031-02-01', weight: 50 })).statusCode).toBe(201);
    expect((await store({ patient_id: A, date: '2031-02-01', weight: 1000 })).statusCode).toBe(201);
    // Those two went before the latest weigh-in: the current weight is still the one of 20 February.
    expect((await patientRow(A)).current_weight).toBe('201.3');
  });
});

describe('scoping', () => {
  const reads = (id: number) => [
    `/api/nutrition/food-logs?user_id=${id}&month=2&year=2031`,
    `/api/nutrition/macro-nutrients?patient_id=${id}&month=2&year=2031`,
    `/api/reports/water-logs?patientId=${id}&month=2&year=2031`,
    `/api/weight-logs?patient_id=${id}`,
  ];

  it("answers 404 for another program's patient and for one that does not exist, and records the attempt", async () => {
    for (const url of [...reads(OTHER), ...reads(2_000_000)]) {
      const res = await get(url);
      expect({ url, status: res.statusCode, body: res.json() }).toEqual({ url, status: 404, body: { message: MESSAGES.patientNotFound } });
    }
    const write = await store404();
    expect(write.statusCode).toBe(404);
    expect(await t.app.db.select().from(weightLogs).where(eq(weightLogs.patient_id, OTHER))).toEqual([]);
    const refused = (await t.app.db.select().from(auditRecords).where(eq(auditRecords.entity_id, String(OTHER)))).filter(
      (r) => r.actor_account_id === 201,
    );
    expect(refused.map((r) => r.action).sort()).toEqual(
      [
        'patient.food-logs.read',
        'patient.macro-nutrients.read',
        'patient.water-logs.read',
        'patient.weight-logs.read',
        'patient.weight-log.create',
      ].sort(),
    );
    expect(refused.every((r) => r.success === false && r.patient_id === null && r.program_id === NORTH)).toBe(true);
  });

  const store404 = () => post('/api/weight-logs/store', { patient_id: OTHER, date: '2031-02-01', weight: 200 });

  it("lets the patient's own program read them", async () => {
    for (const url of reads(OTHER)) expect((await get(url, LAKE_USER)).statusCode).toBe(200);
  });

  it('refuses self-service staff (403) before reading anything, and callers without a session (401)', async () => {
    for (const url of reads(A)) {
      const res = await get(url, SELF_SERVICE);
      expect({ url, status: res.statusCode, body: res.json() }).toEqual({ url, status: 403, body: { message: NOT_FOR_SELF_SERVICE } });
      expect((await t.call({ method: 'GET', url })).statusCode).toBe(401);
    }
    const write = await post('/api/weight-logs/store', { patient_id: A, date: '2031-02-01', weight: 200 }, SELF_SERVICE);
    expect(write.statusCode).toBe(403);
    expect(await auditsOf('patient.food-logs.read').then((rows) => rows.filter((r) => r.actor_account_id === 203))).toEqual([]);
  });
});
