import { act, screen, waitFor, within } from '@testing-library/react';
import { appStore } from '@baridesk/store';
import { chooseOption, createAuthUser, pageOf, renderScreen, startFakeApi, type FakeApi, type RouteKey } from '@baridesk/testing';
import { toaster } from '@baridesk/ui';
import { lastChart } from '@baridesk/ui/test/chart-mock';
import { screens } from '../../../routes';
import { fileReply, recordSavedFiles } from '../../../test/downloads';
import { createOutcomeCohorts, createOutcomePatient, createPreLoadFilters } from '../../../test/outcome-factories';

jest.mock('@baridesk/ui/charts', () => jest.requireActual('@baridesk/ui/test/chart-mock'));

const COHORTS: RouteKey = 'GET /reports/outcomes/cohorts';
const PATIENTS: RouteKey = 'GET /reports/outcomes/patients';
const EXCEL: RouteKey = 'GET /reports/outcomes/patients/excel';

let api: FakeApi;
let saved: string[];
const initial = appStore.getState();
const lastQuery = (route: RouteKey) => Object.fromEntries(api.calls(route).at(-1)!.query);
const ana = createOutcomePatient({ id: 77, name: 'Ana Lopez' });

beforeEach(async () => {
  api = await startFakeApi({
    'GET /reports/filters': { status: 200, json: { data: createPreLoadFilters() } },
    [COHORTS]: { status: 200, json: { data: createOutcomeCohorts() } },
    [PATIENTS]: { status: 200, json: pageOf([ana], { total: 1462 }) },
  });
  appStore.setState(initial, true);
  appStore.getState().signIn({ token: 'tok-staff', user: createAuthUser() });
  saved = recordSavedFiles();
});
afterEach(async () => {
  act(() => toaster.remove());
  jest.restoreAllMocks();
  await api.close();
});

const open = async (path = '/outcomes-report') => {
  const Screen = (await screens['/outcomes-report']()).default;
  return renderScreen(<Screen />, { route: '/outcomes-report', path });
};

/** A table's body rows, cell by cell. */
const bodyRows = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .slice(2)
    .map((row) => [...row.children].map((cell) => cell.textContent));

test('shows the cohort table with the patients behind each figure, few patients marked and read as such', async () => {
  await open();
  expect(screen.getByRole('heading', { level: 1, name: 'Outcomes' })).toBeInTheDocument();
  const section = await screen.findByRole('region', { name: 'Outcomes by surgery type' });
  expect(lastQuery(COHORTS)).toEqual({ group: 'surgery_type' });
  const table = within(section).getByRole('table');
  expect(within(table).getByRole('columnheader', { name: '12 months' })).toHaveAttribute('colspan', '3');
  const [sleeve, bypass, all] = bodyRows(table);
  expect(sleeve!.slice(0, 5)).toEqual(['Sleeve', '1,450', '15.0% n = 1,200', '40.2% n = 1,200', '45.1% n = 1,200']);
  // No patient at 24 months: a dash, read as "no patient".
  expect(sleeve!.at(-1)).toBe('—no patient');
  // 9 and 4 patients: under 10, marked with * and read as few.
  expect(bypass!.slice(0, 3)).toEqual(['Gastric Bypass', '12', '17.5%* n = 9, few patients']);
  expect(all!.slice(0, 3)).toEqual(['All patients', '1,462', '15.1% n = 1,209']);
  expect(section).toHaveTextContent('* Fewer than 10 patients: read the figure with care.');
});

test('draws the chosen measure of each cohort across the milestones, and regroups by quarter', async () => {
  const { user } = await open();
  await screen.findByRole('region', { name: 'Outcomes by surgery type' });
  expect(screen.getByRole('img', { name: 'Mean %TWL by surgery type' })).toBeInTheDocument();
  expect(lastChart('Mean %TWL')).toMatchObject({
    kind: 'line',
    unit: '%',
    categories: ['3 months', '6 months', '12 months', '24 months'],
    series: [
      { name: 'Sleeve', data: [15.04, 22.5, 28.25, null] },
      { name: 'Gastric Bypass', data: [17.5, 25.1, null, null] },
      { name: 'All patients', data: [15.1, 22.6, 28.25, null] },
    ],
  });

  await chooseOption(user, screen.getByRole('combobox', { name: 'Measure' }), '%EBMIL');
  expect(await screen.findByRole('img', { name: 'Mean %EBMIL by surgery type' })).toBeInTheDocument();
  expect(lastChart('Mean %EBMIL').series[0]!.data).toEqual([45.1, 60.3, 71, null]);
  // The measure is the screen's: the API is not asked again.
  expect(api.calls(COHORTS)).toHaveLength(1);
  expect(screen.getByRole('columnheader', { name: '%EBMIL at 3 mo' })).toBeInTheDocument();

  api.on(COHORTS, {
    status: 200,
    json: { data: createOutcomeCohorts({ rows: [{ ...createOutcomeCohorts().rows[0]!, cohort: '2025 Q1' }] }) },
  });
  await chooseOption(user, screen.getByRole('combobox', { name: 'Group by' }), 'Surgery quarter');
  await waitFor(() => expect(lastQuery(COHORTS)).toEqual({ group: 'surgery_quarter' }));
  const section = await screen.findByRole('region', { name: 'Outcomes by surgery quarter' });
  expect(within(section).getByRole('rowheader', { name: '2025 Q1' })).toBeInTheDocument();
});

test('lists the patients with the measure and weight at each milestone, filtered with the cohorts, to Excel', async () => {
  api.on(EXCEL, fileReply('outcomes-2026-03-10.xlsx'));
  const { user } = await open('/outcomes-report?surgery_type=Sleeve&from=2025-01-01');
  const patients = await screen.findByRole('region', { name: 'Patients' });
  expect(await within(patients).findByText('1,462 patients')).toBeInTheDocument();
  const row = within(patients).getByRole('row', { name: /Ana Lopez/ });
  expect(row).toHaveTextContent('Mar 01, 2025');
  expect(row).toHaveTextContent('1,250 lb');
  expect(row).toHaveTextContent('15.2% 1,060 lb');
  expect(within(row).getByRole('link', { name: 'Ana Lopez' })).toHaveAttribute('href', '/patient-detail/77');
  expect(lastQuery(PATIENTS)).toMatchObject({ surgery_type: 'Sleeve', from: '2025-01-01', sort: 'surgery_date', direction: 'desc' });
  expect(lastQuery(COHORTS)).toEqual({ surgery_type: 'Sleeve', from: '2025-01-01', group: 'surgery_type' });

  await user.click(screen.getByRole('button', { name: 'Download Excel: Patients' }));
  await waitFor(() => expect(saved).toEqual(['outcomes-2026-03-10.xlsx']));
  const { page: _page, perPage: _perPage, ...asShown } = lastQuery(PATIENTS);
  expect(lastQuery(EXCEL)).toEqual(asShown);
});

test('says when no operated patient matches, and when the outcomes could not be loaded', async () => {
  const none = createOutcomeCohorts({ rows: [], total: { cohort: 'All', patients: 0, figures: [] } });
  api.on(COHORTS, { status: 200, json: { data: none } });
  api.on(PATIENTS, { status: 200, json: pageOf([], { total: 0 }) });
  const { unmount } = await open();
  await waitFor(() => expect(screen.getAllByText('No operated patient with these filters.')).toHaveLength(2));
  expect(screen.queryByRole('region', { name: /^Outcomes by/ })).not.toBeInTheDocument();
  unmount();

  api.on(COHORTS, { status: 500, json: { message: 'The outcomes are resting.' } });
  const { user } = await open();
  expect(await screen.findByText('The outcomes could not be loaded.')).toBeInTheDocument();
  api.on(COHORTS, { status: 200, json: { data: createOutcomeCohorts() } });
  await user.click(screen.getByRole('button', { name: 'Try again' }));
  expect(await screen.findByRole('region', { name: 'Outcomes by surgery type' })).toBeInTheDocument();
});
