import type { ComponentType } from 'react';
import { screen, waitFor, within } from '@testing-library/react';
import { chooseOption, pageOf, renderScreen, startFakeApi, type FakeApi, type RouteKey } from '@baridesk/testing';
import { lastChart } from '@baridesk/ui/test/chart-mock';
import { screens } from '../../../routes';
import { REPORT_RANGES } from '../../../report-kit';
import { cleanUp, createSurgeryVolumeRow, fileReply, lastQuery, preLoadFilters, staff, watchDownloads } from '../../../test/seminar-report-factories';

jest.mock('@baridesk/ui/charts', () => jest.requireActual('@baridesk/ui/test/chart-mock'));

const CHART: RouteKey = 'GET /seminar2surgery/surgery-volume/chart';
const LIST: RouteKey = 'GET /seminar2surgery/surgery-volume/list';
let Screen: ComponentType;
let api: FakeApi;
let saved: string[];

const volume = {
  from: '2025-04-01',
  to: '2026-03-10',
  months: ['2026-01', '2026-02', '2026-03'],
  series: [
    { surgery_type: 'Sleeve', counts: [4, 1000, 0] },
    { surgery_type: 'Gastric Bypass', counts: [1, 2, 3] },
  ],
  total: 1010,
};

beforeAll(async () => {
  Screen = (await screens['/surgery-volume']()).default;
});
beforeEach(async () => {
  api = await startFakeApi({
    'GET /reports/filters': { status: 200, json: { data: preLoadFilters } },
    [CHART]: { status: 200, json: { data: volume } },
    [LIST]: { status: 200, json: pageOf([createSurgeryVolumeRow({ id: 51 })], { total: 1010 }) },
  });
  saved = watchDownloads();
});
afterEach(() => cleanUp(api));

const open = () => renderScreen(<Screen />, { route: '/surgery-volume', store: staff() });

test('stacked bars of surgeries per month by type, their numbers with totals, and the patients operated', async () => {
  await open();
  expect(screen.getByRole('heading', { level: 1, name: 'Surgery Volume' })).toBeInTheDocument();
  const chart = await screen.findByRole('img', { name: 'Surgeries per month by type' });
  expect(chart).toHaveAccessibleDescription('1,010 surgeries from Apr 01, 2025 to Mar 10, 2026.');
  expect(lastChart('Surgeries per month by type')).toMatchObject({
    kind: 'bar',
    stacked: true,
    categories: ['January 2026', 'February 2026', 'March 2026'],
    series: [
      { name: 'Sleeve', data: [4, 1000, 0] },
      { name: 'Gastric Bypass', data: [1, 2, 3] },
    ],
  });
  const numbers = screen.getByRole('table', { name: 'Surgeries per month by type: numbers' });
  expect(within(numbers).getAllByRole('columnheader').map((header) => header.textContent)).toEqual(['Month', 'Sleeve', 'Gastric Bypass', 'Total']);
  expect(within(numbers).getByRole('row', { name: 'February 2026 1,000 2 1,002' })).toBeInTheDocument();

  const row = await screen.findByRole('row', { name: /Vera Volume/ });
  expect(within(row).getByRole('link', { name: 'Vera Volume' })).toHaveAttribute('href', '/patient-detail/51');
  expect(row).toHaveTextContent('Feb 14, 2026');
  expect(screen.getByText('1,010 surgeries')).toBeInTheDocument();
  const range = REPORT_RANGES.surgeryVolume();
  expect(lastQuery(api, CHART)).toEqual(range);
  expect(lastQuery(api, LIST)).toEqual({ ...range, page: '1', perPage: '10', sort: 'surgery_date', direction: 'desc' });
});

test('a filter applies to the chart and the list; Excel is the list as filtered', async () => {
  api.on('GET /seminar2surgery/surgery-volume/excel', fileReply('surgery-volume-2026-03-10.xlsx'));
  const { user } = await open();
  await screen.findByRole('row', { name: /Vera Volume/ });
  await chooseOption(user, screen.getByRole('combobox', { name: 'Stage' }), 'Post-Op');
  await waitFor(() => expect(lastQuery(api, CHART)).toMatchObject({ stage: '2' }));
  await waitFor(() => expect(lastQuery(api, LIST)).toMatchObject({ stage: '2', page: '1' }));
  await user.click(screen.getByRole('button', { name: 'Download Excel: Patients operated' }));
  await waitFor(() => expect(saved).toEqual(['surgery-volume-2026-03-10.xlsx']));
  expect(lastQuery(api, 'GET /seminar2surgery/surgery-volume/excel')).toMatchObject({ stage: '2', sort: 'surgery_date' });
});

test('no surgery: the chart says so instead of drawing empty bars', async () => {
  api.on(CHART, { status: 200, json: { data: { ...volume, series: [], total: 0 } } });
  api.on(LIST, { status: 200, json: pageOf([], { total: 0 }) });
  await open();
  await waitFor(() => expect(screen.getAllByText('No surgery in these dates.')).toHaveLength(2));
  expect(screen.queryByRole('img', { name: 'Surgeries per month by type' })).not.toBeInTheDocument();
});
