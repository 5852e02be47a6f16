import { screen, within } from '@testing-library/react';
import { PATIENT_LOG_MESSAGES } from '@baridesk/contracts';
import { renderScreen, startFakeApi, type FakeApi } from '@baridesk/testing';
import { createMacroNutrients, createPatientRecord, createWaterLogs } from '../../../test/patient-log-factories';
import { lastChart as chart } from '@baridesk/ui/test/chart-mock';
import NutritionReportScreen from './nutrition-report-screen';

jest.mock('@baridesk/ui/charts', () => jest.requireActual('@baridesk/ui/test/chart-mock'));

const macros = createMacroNutrients({
  month: 3,
  year: 2026,
  days_logged: 2,
  totals: { calories: 2410, carb: 220, protein: 160, fat: 90 },
  averages: { calories: 1205, carb: 110, protein: 80, fat: 45 },
  energy_percent: { carb: 41.6, protein: 30.2, fat: 28.2 },
  goals: { calories: 1200, protein: 80, fiber: null, water: 64 },
  days: [
    { date: '2026-03-02', calories: 1100, carb: 100, protein: 70, fat: 40 },
    { date: '2026-03-04', calories: 1310, carb: 120, protein: 90, fat: 50 },
  ],
});
const water = createWaterLogs({ month: 3, year: 2026, days: [{ date: '2026-03-02', total: 48 }, { date: '2026-03-03', total: 64 }], total: 112, average: 56, days_logged: 2, goal: 64 });

let api: FakeApi;
beforeEach(async () => {
  api = await startFakeApi({
    'GET /patients/7': { status: 200, json: { data: createPatientRecord({ id: 7, name: 'Maria Lopez' }) } },
    'GET /nutrition/macro-nutrients': ({ query }) =>
      query.get('month') === '2' ? { status: 200, json: { data: createMacroNutrients({ month: 2 }) } } : { status: 200, json: { data: macros } },
    'GET /reports/water-logs': ({ query }) =>
      query.get('month') === '2' ? { status: 200, json: { data: createWaterLogs({ month: 2 }) } } : { status: 200, json: { data: water } },
  });
});
afterEach(() => api.close());

const renderReport = (path = '/nutrition-report/7') => renderScreen(<NutritionReportScreen />, { route: '/nutrition-report/:id', path });
const term = (name: string) => screen.getByText(name, { selector: 'dt' }).nextElementSibling;

test('shows the month’s macro nutrients and water per day, with averages and goals', async () => {
  await renderReport();
  expect(await screen.findByRole('heading', { level: 1, name: 'Nutrition report: Maria Lopez' })).toBeInTheDocument();
  expect(await screen.findByRole('heading', { level: 2, name: 'March 2026' })).toBeInTheDocument();
  expect(api.calls('GET /nutrition/macro-nutrients')[0]!.query.toString()).toBe('patient_id=7');
  expect(api.calls('GET /reports/water-logs')[0]!.query.toString()).toBe('patientId=7');

  expect(term('Days with food logged')).toHaveTextContent('2 of 31');
  expect(term('Average calories per day')).toHaveTextContent('1,205 kcal (goal 1,200 kcal)');
  expect(term('Average protein per day')).toHaveTextContent('80 g (30.2% of energy) (goal 80 g)');
  expect(term('Average water per day')).toHaveTextContent('56 fl oz (goal 64 fl oz)');

  const macroChart = chart('Carb, protein and fat per day');
  expect(macroChart).toMatchObject({ kind: 'bar', stacked: true, unit: 'g' });
  expect(macroChart.categories).toHaveLength(31);
  expect(macroChart.series.map((s) => [s.name, s.data.slice(0, 4)])).toEqual([
    ['Carb', [null, 100, null, 120]],
    ['Protein', [null, 70, null, 90]],
    ['Fat', [null, 40, null, 50]],
  ]);
  const waterChart = chart('Water per day');
  expect(waterChart.series[0]!.data.slice(0, 4)).toEqual([null, 48, 64, null]);
  expect(waterChart.lines).toEqual([{ label: 'Goal', value: 64 }]);

  const rows = within(screen.getByRole('table', { name: 'Nutrition and water per day, March 2026' }))
    .getAllByRole('row')
    .slice(1)
    .map((row) => row.textContent);
  expect(rows).toEqual(['Mar 02, 20261,100100704048', 'Mar 03, 2026————64', 'Mar 04, 20261,3101209050—']);
});

test('month navigation asks both calls for the previous month; an empty month says so', async () => {
  const { user } = await renderReport();
  await screen.findByRole('heading', { level: 2, name: 'March 2026' });
  await user.click(screen.getByRole('button', { name: /Previous month/ }));
  expect(await screen.findByText('No food or water logged in February 2026.')).toBeInTheDocument();
  expect(api.calls('GET /nutrition/macro-nutrients')[1]!.query.toString()).toBe('patient_id=7&month=2&year=2026');
  expect(api.calls('GET /reports/water-logs')[1]!.query.toString()).toBe('patientId=7&month=2&year=2026');
});

test('a patient that is not found', async () => {
  api.on('GET /nutrition/macro-nutrients', { status: 404, json: { message: PATIENT_LOG_MESSAGES.patientNotFound } });
  await renderReport();
  expect(await screen.findByRole('heading', { level: 1, name: 'Patient not found' })).toBeInTheDocument();
});
