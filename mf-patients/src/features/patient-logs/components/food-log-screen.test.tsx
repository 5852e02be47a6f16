import { screen, within } from '@testing-library/react';
import { PATIENT_LOG_MESSAGES } from '@baridesk/contracts';
import { renderScreen, startFakeApi, type FakeApi } from '@baridesk/testing';
import { createFoodLogs, createPatientRecord } from '../../../test/patient-log-factories';
import { lastChart as chart } from '@baridesk/ui/test/chart-mock';
import FoodLogScreen from './food-log-screen';

jest.mock('@baridesk/ui/charts', () => jest.requireActual('@baridesk/ui/test/chart-mock'));

const march = createFoodLogs({
  month: 3,
  year: 2026,
  entries: [
    { date: '2026-03-02', meal_type: 'breakfast', item_name: 'Oatmeal', serving: '2', nutrients: { nf_calories: 150, nf_protein: 5 } },
    { date: '2026-03-02', meal_type: 'lunch', item_name: 'Chicken salad', serving: '1', nutrients: { nf_calories: 350, nf_protein: 30 } },
    { date: '2026-03-05', meal_type: 'dinner', item_name: 'Salmon', serving: '1.5', nutrients: { nf_calories: 400, nf_protein: 40 } },
    { date: '2026-03-05', meal_type: 'snacks', item_name: 'Protein shake', serving: 'one scoop', nutrients: { nf_calories: 160, nf_protein: 30 } },
    { date: '2026-03-09', meal_type: 'other', item_name: 'Sparkling water', serving: '1', nutrients: { nf_water: 16 } },
  ],
});

let api: FakeApi;
beforeEach(async () => {
  api = await startFakeApi({
    'GET /patients/7': { status: 200, json: { data: createPatientRecord({ id: 7, name: 'Maria Lopez' }) } },
    'GET /nutrition/food-logs': ({ query }) =>
      query.get('month') === '2'
        ? { status: 200, json: { data: createFoodLogs({ month: 2, year: 2026 }) } }
        : { status: 200, json: { data: march } },
  });
});
afterEach(() => api.close());

const renderFoodLog = (path = '/food-log/7') => renderScreen(<FoodLogScreen />, { route: '/food-log/:id', path });
const term = (name: string) => screen.getByText(name, { selector: 'dt' }).nextElementSibling;
const rowsOf = (table: HTMLElement) => within(table).getAllByRole('row').slice(1).map((row) => row.textContent);

test('shows the month of the patient: the calories chart, its average over days with a value, meals and top foods', async () => {
  const { user } = await renderFoodLog();
  expect(await screen.findByRole('heading', { level: 1, name: 'Food log: Maria Lopez' })).toBeInTheDocument();
  expect(await screen.findByRole('heading', { level: 2, name: 'March 2026' })).toBeInTheDocument();
  // No month in the address: the server answers the current month of the program.
  expect(api.calls('GET /nutrition/food-logs')[0]!.query.toString()).toBe('user_id=7');

  expect(screen.getByRole('tab', { name: 'Calories', selected: true })).toBeInTheDocument();
  expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['Calories', 'Carb', 'Protein', 'Fat', 'Sugar', 'Added Sugar', 'Fiber', 'Water']);
  // (650 + 760) / 2: the day with 0 kcal does not count.
  expect(term('Average per day')).toHaveTextContent('705 kcal');
  expect(term('Days with calories')).toHaveTextContent('2 of 31');

  const daily = chart('Calories per day');
  expect(daily.kind).toBe('bar');
  expect(daily.categories).toHaveLength(31);
  expect(daily.categories[0]).toBe('Mar 01');
  expect(daily.series[0]!.data.slice(0, 10)).toEqual([null, 650, null, null, 760, null, null, null, 0, null]);
  expect(daily.lines).toEqual([{ label: 'Average', value: 705 }]);

  const meals = chart('Calories by meal');
  expect(meals.categories).toEqual(['Breakfast', 'Lunch', 'Dinner', 'Snacks & Other']);
  expect(meals.series[0]!.data).toEqual([300, 350, 600, 160]);

  expect(rowsOf(screen.getByRole('table', { name: 'Top foods by calories' }))).toEqual([
    '1Salmon600',
    '2Chicken salad350',
    '3Oatmeal300',
    '4Protein shake160',
  ]);
  const entries = screen.getByRole('table', { name: /Food entries of March 2026/ });
  expect(rowsOf(entries)).toContain('Mar 05, 2026SnacksProtein shakeone scoop (counts as 1)160');
  expect(within(entries).getByRole('columnheader', { name: 'Calories (kcal)' })).toBeInTheDocument();

  // Another tab: everything is recomputed from the loaded month, without another call.
  await user.click(screen.getByRole('tab', { name: 'Protein' }));
  expect(term('Average per day')).toHaveTextContent('65 g');
  const protein = chart('Protein per day');
  expect(protein.series[0]!.data.slice(0, 10)).toEqual([null, 40, null, null, 90, null, null, null, 0, null]);
  expect(protein.lines).toEqual([{ label: 'Average', value: 65 }]);
  expect(chart('Protein by meal').series[0]!.data).toEqual([10, 30, 60, 30]);
  expect(rowsOf(screen.getByRole('table', { name: 'Top foods by protein' }))).toEqual([
    '1Salmon60',
    '2Chicken salad30',
    '3Protein shake30',
    '4Oatmeal10',
  ]);
  expect(rowsOf(screen.getByRole('table', { name: /Food entries of March 2026 with protein/ }))).toContain('Mar 05, 2026DinnerSalmon1.560');

  await user.click(screen.getByRole('tab', { name: 'Water' }));
  expect(term('Average per day')).toHaveTextContent('16 fl oz');
  expect(chart('Water per day').series[0]!.data[8]).toBe(16);
  expect(api.calls('GET /nutrition/food-logs')).toHaveLength(1);
});

test('month navigation asks for the previous month and says when nothing was logged', async () => {
  const { user } = await renderFoodLog();
  await screen.findByRole('heading', { level: 2, name: 'March 2026' });
  await user.click(screen.getByRole('button', { name: /Previous month/ }));
  expect(await screen.findByText('No food logged in February 2026.')).toBeInTheDocument();
  expect(screen.getByRole('heading', { level: 2, name: 'February 2026' })).toBeInTheDocument();
  expect(api.calls('GET /nutrition/food-logs')[1]!.query.toString()).toBe('user_id=7&month=2&year=2026');

  await user.click(screen.getByRole('button', { name: /Next month/ }));
  expect(await screen.findByRole('heading', { level: 2, name: 'March 2026' })).toBeInTheDocument();
  expect(api.calls('GET /nutrition/food-logs')[2]!.query.toString()).toBe('user_id=7&month=3&year=2026');
  expect(await screen.findByRole('tablist')).toBeInTheDocument();
});

test('a month from the address is asked for; a patient of another program or none is "Patient not found"', async () => {
  const first = await renderFoodLog('/food-log/7?month=2&year=2026');
  expect(await screen.findByText('No food logged in February 2026.')).toBeInTheDocument();
  expect(api.calls('GET /nutrition/food-logs')[0]!.query.toString()).toBe('user_id=7&month=2&year=2026');
  first.unmount();

  api.on('GET /patients/8', { status: 404, json: { message: PATIENT_LOG_MESSAGES.patientNotFound } });
  api.on('GET /nutrition/food-logs', { status: 404, json: { message: PATIENT_LOG_MESSAGES.patientNotFound } });
  const second = await renderFoodLog('/food-log/8');
  expect(await screen.findByRole('heading', { level: 1, name: 'Patient not found' })).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Back to the patient list' })).toHaveAttribute('href', '/manage-patients');
  second.unmount();

  api.reset();
  await renderFoodLog('/food-log/abc');
  expect(screen.getByRole('heading', { level: 1, name: 'Patient not found' })).toBeInTheDocument();
  expect(api.routesCalled()).toEqual([]);
});

test('a failed load says so with Try again; the patient link goes back to the patient', async () => {
  api.on('GET /nutrition/food-logs', { status: 500, json: { message: 'Server trouble.' } });
  const { user, path } = await renderFoodLog();
  expect(await screen.findByText('The food log could not be loaded.')).toBeInTheDocument();
  expect(screen.getByText('Server trouble.')).toBeInTheDocument();
  await user.click(screen.getByRole('link', { name: 'Back to patient' }));
  expect(path()).toBe('/patient-detail/7');
});
