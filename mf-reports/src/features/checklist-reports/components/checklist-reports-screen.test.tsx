import type { ComponentType } from 'react';
import { screen, waitFor, within } from '@testing-library/react';
import { chooseOption, pageOf, renderScreen, startFakeApi, type FakeApi, type RouteKey } from '@baridesk/testing';
import { lastChart } from '@baridesk/ui/test/chart-mock';
import { screens } from '../../../routes';
import { REPORT_RANGES } from '../../../report-kit';
import { cleanUp, createLostRow, createStalledRow, fileReply, lastQuery, preLoadFilters, staff, watchDownloads } from '../../../test/seminar-report-factories';
import { periodLabel } from './lost-patients-chart';

jest.mock('@baridesk/ui/charts', () => jest.requireActual('@baridesk/ui/test/chart-mock'));

const GRAPH: RouteKey = 'GET /seminar2surgery/lost-patients-line-graph-stats';
const LOST: RouteKey = 'GET /seminar2surgery/lost-patients';
const STALLED: RouteKey = 'GET /seminar2surgery/stalled-patients/children';
const NAMES: RouteKey = 'GET /seminar2surgery/checklist-item-names';

let Screen: ComponentType;
let api: FakeApi;
let saved: string[];

beforeAll(async () => {
  Screen = (await screens['/seminar2surgery']()).default;
});

beforeEach(async () => {
  api = await startFakeApi({
    'GET /reports/filters': { status: 200, json: { data: preLoadFilters } },
    [NAMES]: {
      status: 200,
      json: {
        data: [
          { stage: 1, title: 'Psych evaluation' },
          { stage: 2, title: 'Psych evaluation' },
          { stage: 1, title: 'Nutrition class' },
        ],
      },
    },
    [GRAPH]: (request) => ({
      status: 200,
      json: {
        data: {
          time_gap: request.query.get('time_gap') ?? 'month',
          from: '2025-04-01',
          to: '2026-03-10',
          points:
            request.query.get('time_gap') === 'quarter'
              ? [{ period: '2026-01-01', lost: 1253 }]
              : [
                  { period: '2026-01-01', lost: 3 },
                  { period: '2026-02-01', lost: 1250 },
                ],
          total: 1253,
        },
      },
    }),
    [LOST]: { status: 200, json: pageOf([createLostRow({ id: 11 })], { total: 1253 }) },
    [STALLED]: { status: 200, json: pageOf([createStalledRow({ id: 12 })]) },
  });
  saved = watchDownloads();
});

afterEach(() => cleanUp(api));

const open = (path = '/seminar2surgery') => renderScreen(<Screen />, { route: '/seminar2surgery', path, store: staff() });

test('periods read as the spec writes dates: a week by its Monday, a month by name, a quarter by number', () => {
  expect(periodLabel('week', '2026-03-02')).toBe('Week of Mar 02, 2026');
  expect(periodLabel('month', '2026-03-01')).toBe('March 2026');
  expect(periodLabel('quarter', '2026-04-01')).toBe('Q2 2026');
});

test('opens on the last 12 months: the lost graph by month with its numbers, the lost and the stalled patients', async () => {
  await open();
  expect(screen.getByRole('heading', { level: 1, name: 'Checklist Reports' })).toBeInTheDocument();
  const chart = await screen.findByRole('img', { name: 'Lost patients over time' });
  expect(chart).toHaveAccessibleDescription('1,253 patients lost from Apr 01, 2025 to Mar 10, 2026, by month.');
  expect(lastChart('Lost patients over time')).toMatchObject({
    kind: 'line',
    categories: ['January 2026', 'February 2026'],
    series: [{ name: 'Lost patients', data: [3, 1250] }],
  });
  const numbers = screen.getByRole('table', { name: 'Lost patients over time: numbers' });
  expect(within(numbers).getByRole('row', { name: 'February 2026 1,250' })).toBeInTheDocument();

  const range = REPORT_RANGES.lost();
  expect(lastQuery(api, GRAPH)).toEqual({ ...range, time_gap: 'month' });
  // Each table asks on its own: under load a call may still be on its way when the graph is drawn.
  await waitFor(() => expect(lastQuery(api, LOST)).toEqual({ ...range, page: '1', perPage: '10', sort: 'last_progress', direction: 'desc' }));
  // Stalled is about now: the lost range does not apply to it.
  await waitFor(() => expect(lastQuery(api, STALLED)).toEqual({ days: '30', page: '1', perPage: '10', sort: 'last_progress', direction: 'asc' }));

  const lost = screen.getByRole('table', { name: /^Lost patients: never operated/ });
  // The lost list answers on its own: the graph may be drawn first.
  const lena = await within(lost).findByRole('row', { name: /Lena Lost/ });
  expect(within(lena).getByRole('link', { name: 'Lena Lost' })).toHaveAttribute('href', '/patient-detail/11');
  expect(lena).toHaveTextContent('Oct 01, 2025');
  expect(lena).toHaveTextContent('Dec 30, 2025');
  expect(lena).toHaveTextContent('40.0%');
  expect(screen.getByText('1,253 lost patients')).toBeInTheDocument();
  const stalled = screen.getByRole('table', { name: /^Stalled patients/ });
  expect(await within(stalled).findByRole('row', { name: /Stan Still/ })).toHaveTextContent('54');
});

test('the time gap, the checklist item and the stalled days change their calls and stay in the address', async () => {
  const { user } = await open();
  await screen.findByRole('img', { name: 'Lost patients over time' });
  await chooseOption(user, screen.getByRole('combobox', { name: 'Time gap' }), 'Week');
  await waitFor(() => expect(lastQuery(api, GRAPH)).toMatchObject({ time_gap: 'week' }));

  const item = screen.getByRole('combobox', { name: 'Checklist item not ticked' });
  await waitFor(() => expect(item).toBeEnabled());
  // One choice per title, whatever the stages it belongs to.
  expect(within(item).getAllByRole('option').map((option) => option.textContent)).toEqual(['Any', 'Nutrition class', 'Psych evaluation']);
  await chooseOption(user, item, 'Psych evaluation');
  await waitFor(() => expect(lastQuery(api, LOST)).toMatchObject({ checklist_item: 'Psych evaluation' }));
  expect(lastQuery(api, STALLED)).toMatchObject({ checklist_item: 'Psych evaluation' });
  expect(lastQuery(api, GRAPH)).toMatchObject({ checklist_item: 'Psych evaluation', time_gap: 'week' });

  await chooseOption(user, screen.getByRole('combobox', { name: 'No progress for' }), '60 days');
  await waitFor(() => expect(lastQuery(api, STALLED)).toMatchObject({ days: '60' }));

  await chooseOption(user, screen.getByRole('combobox', { name: 'Stage' }), 'Post-Op');
  await waitFor(() => expect(lastQuery(api, NAMES)).toEqual({ stage: '2' }));
  expect(lastQuery(api, STALLED)).toMatchObject({ stage: '2', days: '60' });
});

test('a shared link opens the same report', async () => {
  await open('/seminar2surgery?time_gap=quarter&checklist_item=Nutrition+class&stalled_days=90&tag=4');
  await screen.findByRole('img', { name: 'Lost patients over time' });
  expect(lastQuery(api, GRAPH)).toMatchObject({ time_gap: 'quarter', checklist_item: 'Nutrition class', tag: '4' });
  // The stalled table asks on its own: the graph may be drawn before its call goes out.
  await waitFor(() => expect(api.calls(STALLED).length).toBeGreaterThan(0));
  expect(lastQuery(api, STALLED)).toMatchObject({ days: '90', checklist_item: 'Nutrition class', tag: '4' });
  expect(screen.getByRole('combobox', { name: 'Time gap' })).toHaveValue('quarter');
});

test('each list downloads its own Excel file with its filters', async () => {
  api.on('GET /seminar2surgery/lost-patients/excel', fileReply('lost-patients-2026-03-10.xlsx'));
  api.on('GET /seminar2surgery/stalled-patients/children/excel', fileReply('stalled-patients-2026-03-10.xlsx'));
  const { user } = await open('/seminar2surgery?stage=1');
  await screen.findByRole('row', { name: /Lena Lost/ });
  await user.click(screen.getByRole('button', { name: 'Download Excel: Lost patients' }));
  await waitFor(() => expect(saved).toEqual(['lost-patients-2026-03-10.xlsx']));
  const { page: _p, perPage: _pp, ...lostShown } = lastQuery(api, LOST);
  expect(lastQuery(api, 'GET /seminar2surgery/lost-patients/excel')).toEqual(lostShown);

  await user.click(screen.getByRole('button', { name: 'Download Excel: Stalled patients' }));
  await waitFor(() => expect(saved).toHaveLength(2));
  expect(lastQuery(api, 'GET /seminar2surgery/stalled-patients/children/excel')).toEqual({ stage: '1', days: '30', sort: 'last_progress', direction: 'asc' });
});

test('no lost patient: the graph and the list say so; a failed graph says so with Try again', async () => {
  api.on(GRAPH, { status: 200, json: { data: { time_gap: 'month', from: '2025-04-01', to: '2026-03-10', points: [], total: 0 } } });
  api.on(LOST, { status: 200, json: pageOf([], { total: 0 }) });
  await open();
  expect(await screen.findByText('No period in these dates.')).toBeInTheDocument();
  expect(await screen.findByText('No patient was lost in these dates.')).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Download Excel: Lost patients' })).toBeDisabled();

  api.on(GRAPH, { status: 500, json: { message: 'Something went wrong please try again in few minutes.' } });
  const { user } = await open();
  expect(await screen.findByText('The lost patients graph could not be loaded.')).toBeInTheDocument();
  api.on(GRAPH, { status: 200, json: { data: { time_gap: 'month', from: '2025-04-01', to: '2026-03-10', points: [{ period: '2026-01-01', lost: 2 }], total: 2 } } });
  await user.click(screen.getAllByRole('button', { name: 'Try again' })[0]!);
  expect(await screen.findByRole('img', { name: 'Lost patients over time' })).toBeInTheDocument();
});
