import { screen, waitFor, within } from '@testing-library/react';
import { PATIENT_LOG_MESSAGES as MESSAGES, type WeightChart, type WeightChartPoint } from '@baridesk/contracts';
import { findNotice, renderScreen, startFakeApi, type FakeApi } from '@baridesk/testing';
import { createPatientRecord, createWeightChart } from '../../../test/patient-log-factories';
import { drawnCharts } from '@baridesk/ui/test/chart-mock';
import WeightLogScreen from './weight-log-screen';

jest.mock('@baridesk/ui/charts', () => jest.requireActual('@baridesk/ui/test/chart-mock'));
const weightChart = () => drawnCharts.at(-1)!;

const point = (date: string, weight: number, source: WeightChartPoint['source'] = 'app'): WeightChartPoint => ({
  date,
  weight,
  source,
  bmi: Math.round(((703 * weight) / 65 ** 2) * 10) / 10,
  percent_twl: Math.round(((290 - weight) / 290) * 1000) / 10,
});

const maria = createWeightChart({
  series: [point('2026-01-05', 290, 'staff'), point('2026-02-01', 270), point('2026-03-01', 250)],
  baseline: { weight: 290, date: '2026-01-05', source: 'starting_weight' },
  current: { weight: 250, date: '2026-03-01' },
  goal: { weight: 180, remaining: 70 },
  outcomes: { weight_lost: 40, baseline_bmi: 48.3, bmi: 41.6, percent_twl: 13.8, percent_ewl: null, percent_ebmil: 28.6 },
});

let api: FakeApi;
let current: WeightChart;
beforeEach(async () => {
  current = maria;
  api = await startFakeApi({
    'GET /patients/7': { status: 200, json: { data: createPatientRecord({ id: 7, name: 'Maria Lopez' }) } },
    'GET /weight-logs': () => ({ status: 200, json: { data: current } }),
  });
});
afterEach(() => api.close());

const renderWeightLog = (path = '/weight-log/7') => renderScreen(<WeightLogScreen />, { route: '/weight-log/:id', path });
const term = (name: string) => screen.getByText(name, { selector: 'dt' }).nextElementSibling as HTMLElement;
const rowsOf = (table: HTMLElement) => within(table).getAllByRole('row').slice(1).map((row) => row.textContent);

test('draws the weigh-ins with the starting and goal weights as lines, beside the outcomes with their definitions and the baseline', async () => {
  await renderWeightLog();
  expect(await screen.findByRole('heading', { level: 1, name: 'Weight log: Maria Lopez' })).toBeInTheDocument();
  expect(await screen.findByRole('heading', { name: 'Outcomes' })).toBeInTheDocument();
  expect(api.calls('GET /weight-logs')[0]!.query.toString()).toBe('patient_id=7');

  const drawn = weightChart();
  expect(drawn).toMatchObject({ kind: 'line', timeAxis: true, unit: 'lb' });
  expect(drawn.categories).toEqual(['2026-01-05', '2026-02-01', '2026-03-01']);
  expect(drawn.series).toEqual([{ name: 'Weight', data: [290, 270, 250] }]);
  expect(drawn.lines).toEqual([
    { label: 'Starting weight', value: 290 },
    { label: 'Goal weight', value: 180 },
  ]);
  expect(drawn.timeRange).toBeUndefined();
  // The chart in words, as its description: where the range starts and ends, and the reference weights.
  expect(screen.getByRole('img', { name: /^Weight over time/ })).toHaveAccessibleDescription(
    '3 weigh-ins from 290 lb on Jan 05, 2026 to 250 lb on Mar 01, 2026: 40 lb lost. Starting weight 290 lb, goal weight 180 lb.',
  );

  expect(term('Baseline weight')).toHaveTextContent('290 lb on Jan 05, 2026 (starting weight)');
  expect(term('Current weight')).toHaveTextContent('250 lb on Mar 01, 2026');
  expect(term('Goal weight')).toHaveTextContent('180 lb (70 lb to go)');
  expect(term('Weight lost')).toHaveTextContent('40 lb');
  expect(term('BMI')).toHaveTextContent('41.6');
  expect(term('BMI')).toHaveTextContent('Body mass index at the current weight: 703 × weight (lb) ÷ height (in)².');
  expect(term('%TWL')).toHaveTextContent('13.8%');
  expect(term('%TWL')).toHaveTextContent('Percent total weight loss');
  // Not computable (e.g. no excess weight at the baseline): a dash, not 0.
  expect(within(term('%EWL')).getByText('—')).toBeInTheDocument();
  expect(term('%EWL')).toHaveTextContent('Percent excess weight loss: weight lost ÷ (baseline weight − weight at BMI 25) × 100.');
  expect(term('%EBMIL')).toHaveTextContent('28.6%');

  expect(rowsOf(screen.getByRole('table', { name: 'Weigh-ins, newest first' }))).toEqual([
    'Mar 01, 2026250-2041.613.8%Patient (app)',
    'Feb 01, 2026270-2044.96.9%Patient (app)',
    'Jan 05, 2026290—48.30%Staff',
  ]);
});

/** The day `days` days before today, "yyyy-MM-dd" in the browser's zone (the ranges count back from today). */
const daysAgo = (days: number) => {
  const day = new Date();
  day.setDate(day.getDate() - days);
  return `${day.getFullYear()}-${String(day.getMonth() + 1).padStart(2, '0')}-${String(day.getDate()).padStart(2, '0')}`;
};

test('the user picks the range: 3 months, 6 months, 1 year, since surgery or all', async () => {
  current = createWeightChart({
    series: [point(daysAgo(500), 300), point(daysAgo(300), 280), point(daysAgo(150), 262), point(daysAgo(40), 250), point(daysAgo(5), 247)],
    baseline: { weight: 305, date: daysAgo(520), source: 'starting_weight' },
    current: { weight: 247, date: daysAgo(5) },
    goal: { weight: 200, remaining: 47 },
  });
  api.on('GET /patients/7', { status: 200, json: { data: createPatientRecord({ id: 7, name: 'Maria Lopez', surgery_date: daysAgo(320) }) } });
  const { user } = await renderWeightLog();
  const ranges = await screen.findByRole('group', { name: 'Range' });
  await screen.findByRole('button', { name: 'Since surgery' });
  expect(within(ranges).getAllByRole('button').map((button) => button.textContent)).toEqual(['3 months', '6 months', '1 year', 'Since surgery', 'All']);
  expect(within(ranges).getByRole('button', { name: 'All' })).toHaveAttribute('aria-pressed', 'true');
  expect(weightChart().series[0]!.data).toEqual([300, 280, 262, 250, 247]);

  await user.click(within(ranges).getByRole('button', { name: '3 months' }));
  expect(within(ranges).getByRole('button', { name: '3 months' })).toHaveAttribute('aria-pressed', 'true');
  expect(within(ranges).getByRole('button', { name: 'All' })).toHaveAttribute('aria-pressed', 'false');
  expect(weightChart().series[0]!.data).toEqual([250, 247]);
  expect(weightChart().categories).toEqual([daysAgo(40), daysAgo(5)]);
  // The axis spans the whole range, and the starting weight stays on the chart as its line.
  expect(weightChart().timeRange?.to).toBe(daysAgo(0));
  expect(weightChart().timeRange!.from >= daysAgo(93) && weightChart().timeRange!.from <= daysAgo(89)).toBe(true);
  expect(weightChart().lines).toContainEqual({ label: 'Starting weight', value: 305 });
  expect(screen.getByRole('img', { name: /^Weight over time/ })).toHaveAccessibleDescription(expect.stringMatching(/^2 weigh-ins from 250 lb on .* to 247 lb on .*: 3 lb lost\. Starting weight 305 lb, goal weight 200 lb\.$/));

  await user.click(within(ranges).getByRole('button', { name: '6 months' }));
  expect(weightChart().series[0]!.data).toEqual([262, 250, 247]);
  await user.click(within(ranges).getByRole('button', { name: '1 year' }));
  expect(weightChart().series[0]!.data).toEqual([280, 262, 250, 247]);
  await user.click(within(ranges).getByRole('button', { name: 'Since surgery' }));
  expect(weightChart().series[0]!.data).toEqual([280, 262, 250, 247]);
  expect(weightChart().timeRange).toEqual({ from: daysAgo(320), to: daysAgo(0) });
});

test('a range without weigh-ins says so; without a surgery date there is no "since surgery"', async () => {
  current = createWeightChart({
    series: [point(daysAgo(400), 300), point(daysAgo(300), 280)],
    baseline: { weight: 300, date: daysAgo(400), source: 'first_log' },
    current: { weight: 280, date: daysAgo(300) },
  });
  api.on('GET /patients/7', { status: 200, json: { data: createPatientRecord({ id: 7, name: 'Maria Lopez', surgery_date: null }) } });
  const { user } = await renderWeightLog();
  const ranges = await screen.findByRole('group', { name: 'Range' });
  expect(within(ranges).queryByRole('button', { name: 'Since surgery' })).toBeNull();
  const drawn = drawnCharts.length;
  await user.click(within(ranges).getByRole('button', { name: '3 months' }));
  expect(screen.getByText('No weigh-ins in this range. Starting weight 300 lb.')).toBeInTheDocument();
  expect(drawnCharts).toHaveLength(drawn);
  expect(screen.queryByRole('img', { name: /^Weight over time/ })).toBeNull();
});

test('without weigh-ins or measures: says so and shows dashes', async () => {
  current = createWeightChart();
  await renderWeightLog();
  expect(await screen.findByText('No weights logged yet.')).toBeInTheDocument();
  expect(term('Baseline weight')).toHaveTextContent('None yet');
  expect(within(term('BMI')).getByText('—')).toBeInTheDocument();
  expect(drawnCharts).toHaveLength(0);
});

test('the server’s messages show under the fields, and nothing is added', async () => {
  api.on('POST /weight-logs/store', {
    status: 422,
    json: { message: MESSAGES.futureDate, errors: { date: [MESSAGES.futureDate], weight: [MESSAGES.weightRange] } },
  });
  const { user } = await renderWeightLog();
  const weight = await screen.findByRole('textbox', { name: /Weight \(lb\)/ });
  await user.type(weight, '245');
  await user.click(screen.getByRole('button', { name: 'Save weight' }));
  await waitFor(() => expect(weight).toHaveAccessibleDescription(expect.stringContaining(MESSAGES.weightRange)));
  expect(screen.getByRole('textbox', { name: /Date/ })).toHaveAccessibleDescription(expect.stringContaining(MESSAGES.futureDate));
  expect(api.calls('GET /weight-logs')).toHaveLength(1);
});

test('a saved weight shows its notice, and the chart, outcomes and table are reloaded', async () => {
  api.on('POST /weight-logs/store', ({ body }) => {
    current = {
      ...maria,
      series: [...maria.series, point('2026-03-10', 245.5, 'staff')],
      current: { weight: 245.5, date: '2026-03-10' },
      goal: { weight: 180, remaining: 65.5 },
    };
    return {
      status: 201,
      json: {
        data: { id: 40, patient_id: 7, date: '2026-03-10', weight: 245.5, source: 'staff', entered_by: 3, created_at: '2026-03-10T12:00:00.000Z', is_latest: true, current_weight: 245.5, ...(body as object) },
        message: MESSAGES.weightSaved,
      },
    };
  });
  const { user } = await renderWeightLog();
  const date = await screen.findByRole('textbox', { name: /Date/ });
  await user.clear(date);
  await user.type(date, '03/10/2026');
  await user.type(screen.getByRole('textbox', { name: /Weight \(lb\)/ }), '245.5');
  await user.click(screen.getByRole('button', { name: 'Save weight' }));

  expect(await findNotice('Success', MESSAGES.weightSaved)).toBeInTheDocument();
  expect(api.calls('POST /weight-logs/store')[0]!.body).toEqual({ patient_id: 7, date: '2026-03-10', weight: 245.5 });
  await waitFor(() => expect(weightChart().series[0]!.data).toEqual([290, 270, 250, 245.5]));
  expect(term('Goal weight')).toHaveTextContent('180 lb (65.5 lb to go)');
  expect(rowsOf(screen.getByRole('table', { name: 'Weigh-ins, newest first' }))[0]).toBe('Mar 10, 2026245.5-4.540.815.3%Staff');
  expect(screen.getByRole('textbox', { name: /Weight \(lb\)/ })).toHaveValue('');
});

test('a patient that is not found', async () => {
  api.on('GET /weight-logs', { status: 404, json: { message: MESSAGES.patientNotFound } });
  api.on('GET /patients/7', { status: 404, json: { message: MESSAGES.patientNotFound } });
  await renderWeightLog();
  expect(await screen.findByRole('heading', { level: 1, name: 'Patient not found' })).toBeInTheDocument();
});
