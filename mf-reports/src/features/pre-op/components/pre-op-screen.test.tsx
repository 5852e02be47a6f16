import type { ComponentType } from 'react';
import { screen, waitFor, within } from '@testing-library/react';
import { chooseOption, pageOf, renderScreen, startFakeApi, type FakeApi, type RouteKey } from '@baridesk/testing';
import { screens } from '../../../routes';
import { REPORT_RANGES } from '../../../report-kit';
import { cleanUp, createSurgeryDateRow, fileReply, lastQuery, preLoadFilters, staff, watchDownloads } from '../../../test/seminar-report-factories';

const LIST: RouteKey = 'GET /seminar2surgery/surgery-date-patients';
let Screen: ComponentType;
let api: FakeApi;
let saved: string[];

beforeAll(async () => {
  Screen = (await screens['/surgery-date-patients-report']()).default;
});
beforeEach(async () => {
  api = await startFakeApi({
    'GET /reports/filters': { status: 200, json: { data: preLoadFilters } },
    [LIST]: { status: 200, json: pageOf([createSurgeryDateRow({ id: 21 }), createSurgeryDateRow({ id: 22, name: 'Zed Ready', overdue_items: 0, next_item_title: null, next_item_due: null })], { total: 1234 }) },
  });
  saved = watchDownloads();
});
afterEach(() => cleanUp(api));

const open = (path = '/surgery-date-patients-report') => renderScreen(<Screen />, { route: '/surgery-date-patients-report', path, store: staff() });

test('lists the surgeries of the next 90 days with how far off they are and the checklist’s readiness', async () => {
  await open();
  expect(screen.getByRole('heading', { level: 1, name: 'Pre-Op Report' })).toBeInTheDocument();
  const row = await screen.findByRole('row', { name: /Priya Preop/ });
  expect(within(row).getByRole('link', { name: 'Priya Preop' })).toHaveAttribute('href', '/patient-detail/21');
  expect(within(row).getAllByRole('cell').map((cell) => cell.textContent)).toEqual([
    'Priya Preop',
    'Apr 02, 2026',
    '23 days',
    'Sleeve',
    '75.0%',
    '3',
    '1',
    'Psych evaluation, Mar 12, 2026',
  ]);
  expect(screen.getByRole('row', { name: /Zed Ready/ })).toHaveTextContent('0');
  expect(screen.getByText('1,234 patients')).toBeInTheDocument();
  expect(screen.getByText('Page 1 of 124')).toBeInTheDocument();
  expect(lastQuery(api, LIST)).toEqual({ ...REPORT_RANGES.preOp(), page: '1', perPage: '10', sort: 'surgery_date', direction: 'asc' });
});

test('filters, sorts and pages through the server; Excel is the list as filtered', async () => {
  api.on('GET /seminar2surgery/surgery-date-patients/excel', fileReply('pre-op-2026-03-10.xlsx'));
  const { user } = await open();
  await screen.findByRole('row', { name: /Priya Preop/ });
  await chooseOption(user, screen.getByRole('combobox', { name: 'Surgery type' }), 'Gastric Bypass');
  await waitFor(() => expect(lastQuery(api, LIST)).toMatchObject({ surgery_type: 'Gastric Bypass' }));
  await user.click(screen.getByRole('button', { name: 'Checklist' }));
  await waitFor(() => expect(lastQuery(api, LIST)).toMatchObject({ sort: 'checklist_percent', direction: 'asc' }));
  await chooseOption(user, screen.getByRole('combobox', { name: /per page/i }), '50');
  await waitFor(() => expect(lastQuery(api, LIST)).toMatchObject({ perPage: '50' }));
  await user.click(screen.getByRole('button', { name: 'Download Excel' }));
  await waitFor(() => expect(saved).toEqual(['pre-op-2026-03-10.xlsx']));
  const { page: _p, perPage: _pp, ...shown } = lastQuery(api, LIST);
  expect(lastQuery(api, 'GET /seminar2surgery/surgery-date-patients/excel')).toEqual(shown);
});

test('no surgery in the dates says so', async () => {
  api.on(LIST, { status: 200, json: pageOf([], { total: 0 }) });
  await open('/surgery-date-patients-report?from=2030-01-01&to=2030-02-01');
  expect(await screen.findByText('No surgery in these dates.')).toBeInTheDocument();
  expect(lastQuery(api, LIST)).toMatchObject({ from: '2030-01-01', to: '2030-02-01' });
  expect(screen.getByRole('button', { name: 'Download Excel' })).toBeDisabled();
});
