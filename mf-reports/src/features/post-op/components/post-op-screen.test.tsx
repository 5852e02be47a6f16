import type { ComponentType } from 'react';
import { screen, waitFor, within } from '@testing-library/react';
import { chooseOption, pageOf, renderScreen, startFakeApi, type FakeApi, type RouteKey } from '@baridesk/testing';
import { screens } from '../../../routes';
import { REPORT_RANGES } from '../../../report-kit';
import { cleanUp, createPostOpRow, fileReply, lastQuery, preLoadFilters, staff, watchDownloads } from '../../../test/seminar-report-factories';

const LIST: RouteKey = 'GET /seminar2surgery/post-op-patients';
let Screen: ComponentType;
let api: FakeApi;
let saved: string[];

beforeAll(async () => {
  Screen = (await screens['/post-op-patients-report']()).default;
});
beforeEach(async () => {
  api = await startFakeApi({
    'GET /reports/filters': { status: 200, json: { data: preLoadFilters } },
    [LIST]: {
      status: 200,
      json: pageOf([
        createPostOpRow({ id: 31 }),
        createPostOpRow({ id: 32, name: 'Una Weighed', starting_weight: null, current_weight: null, weight_lost: null, twl: null, ewl: null, last_weigh_in_on: null, last_weigh_in_weight: null }),
      ]),
    },
  });
  saved = watchDownloads();
});
afterEach(() => cleanUp(api));

const open = () => renderScreen(<Screen />, { route: '/post-op-patients-report', store: staff() });

test('lists the patients operated in the last 2 years with days since surgery and their weight outcome', async () => {
  await open();
  expect(screen.getByRole('heading', { level: 1, name: 'Post-Op Report' })).toBeInTheDocument();
  const row = await screen.findByRole('row', { name: /Omar Postop/ });
  expect(within(row).getAllByRole('cell').map((cell) => cell.textContent)).toEqual([
    'Omar Postop',
    'Sep 10, 2025',
    '181',
    'Gastric Bypass',
    '1,250 lb',
    '1,180.5 lb',
    '69.5 lb',
    '5.6%',
    '12.3%',
    'Mar 01, 2026 · 1,180.5 lb',
  ]);
  // Without weigh-ins the outcome is unknown, not zero.
  expect(within(screen.getByRole('row', { name: /Una Weighed/ })).getAllByRole('cell').slice(4).map((cell) => cell.textContent)).toEqual([
    '—',
    '—',
    '—',
    '—',
    '—',
    '—',
  ]);
  expect(lastQuery(api, LIST)).toEqual({ ...REPORT_RANGES.postOp(), page: '1', perPage: '10', sort: 'surgery_date', direction: 'desc' });
});

test('sorts by weight lost, filters by coordinator, and downloads the list as filtered', async () => {
  api.on('GET /seminar2surgery/post-op-patients/excel', fileReply('post-op-2026-03-10.xlsx'));
  const { user } = await open();
  await screen.findByRole('row', { name: /Omar Postop/ });
  await user.click(screen.getByRole('button', { name: 'Weight lost' }));
  await waitFor(() => expect(lastQuery(api, LIST)).toMatchObject({ sort: 'weight_lost' }));
  await waitFor(() => expect(screen.getByRole('combobox', { name: 'Insurance coordinator' })).toBeEnabled());
  await chooseOption(user, screen.getByRole('combobox', { name: 'Insurance coordinator' }), 'Carla Diaz');
  await waitFor(() => expect(lastQuery(api, LIST)).toMatchObject({ coordinator: '9', sort: 'weight_lost' }));
  await user.click(screen.getByRole('button', { name: 'Download Excel' }));
  await waitFor(() => expect(saved).toEqual(['post-op-2026-03-10.xlsx']));
  expect(lastQuery(api, 'GET /seminar2surgery/post-op-patients/excel')).toMatchObject({ coordinator: '9', sort: 'weight_lost' });
});
