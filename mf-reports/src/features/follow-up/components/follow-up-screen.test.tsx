import { act, screen, waitFor, within } from '@testing-library/react';
import { appStore } from '@baridesk/store';
import { chooseOption, createAuthUser, renderScreen, startFakeApi, type FakeApi, type RouteKey } from '@baridesk/testing';
import { toaster } from '@baridesk/ui';
import { screens } from '../../../routes';
import { fileReply, recordSavedFiles } from '../../../test/downloads';
import { createFollowUpRow, createPreLoadFilters, followUpAnswer } from '../../../test/outcome-factories';
import { followUpRange } from '../api/follow-up';

const LIST: RouteKey = 'GET /reports/follow-up';
const EXCEL: RouteKey = 'GET /reports/follow-up/excel';

let api: FakeApi;
let saved: string[];
const initial = appStore.getState();
const queries = () => api.calls(LIST).map((call) => Object.fromEntries(call.query));
/** The list's calls (the summary's ask for 5 rows without window or state). */
const listQueries = () => queries().filter((query) => query.perPage !== '5');
const summaryQueries = () => queries().filter((query) => query.perPage === '5');

const ana = createFollowUpRow({ id: 91, name: 'Ana Lopez', state: 'overdue', window: '30d', window_label: '30 days', target_date: '2026-02-01', opens: '2026-01-08', closes: '2026-03-01' });
const ben = createFollowUpRow({ id: 92, name: 'Ben Ode', state: 'seen', seen_on: '2026-02-20' });

beforeEach(async () => {
  api = await startFakeApi({
    'GET /reports/filters': { status: 200, json: { data: createPreLoadFilters() } },
    [LIST]: { status: 200, json: followUpAnswer([ana, ben], 1261) },
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

const open = async (path = '/follow-up-report') => {
  const Screen = (await screens['/follow-up-report']()).default;
  return renderScreen(<Screen />, { route: '/follow-up-report', path });
};

test('counts due, overdue and seen per window, and lists the patients with their window and state', async () => {
  await open();
  expect(screen.getByRole('heading', { level: 1, name: 'Follow-up' })).toBeInTheDocument();
  const windows = await screen.findByRole('region', { name: 'Follow-up windows' });
  const rows = within(windows)
    .getAllByRole('row')
    .slice(1)
    .map((row) => [...row.children].map((cell) => cell.textContent));
  expect(rows).toEqual([
    ['30 days', '3', '1', '40'],
    ['6 months', '12', '5', '1,200'],
    ['1 year', '0', '0', '30'],
    ['All windows', '15', '6', '1,270'],
  ]);
  const range = followUpRange();
  expect(summaryQueries()[0]).toEqual({ ...range, perPage: '5' });

  const list = screen.getByRole('region', { name: 'Patients' });
  expect(await within(list).findByText('1,261 follow-ups')).toBeInTheDocument();
  const row = within(list).getByRole('row', { name: /Ana Lopez/ });
  expect(row).toHaveTextContent('30 days');
  expect(row).toHaveTextContent('Feb 01, 2026');
  expect(row).toHaveTextContent('Jan 08, 2026 – Mar 01, 2026');
  expect(row).toHaveTextContent('Overdue');
  expect(row).toHaveTextContent('555-123-4567');
  expect(within(row).getByRole('link', { name: 'Ana Lopez' })).toHaveAttribute('href', '/patient-detail/91');
  expect(within(list).getByRole('row', { name: /Ben Ode/ })).toHaveTextContent('SeenFeb 20, 2026');
  expect(listQueries().at(-1)).toMatchObject({ ...range, sort: 'target_date', direction: 'asc', page: '1' });
});

test('a count lists its window and state; the filters narrow the list but not the counts', async () => {
  const { user } = await open();
  await screen.findByRole('region', { name: 'Follow-up windows' });
  await user.click(screen.getByRole('link', { name: '6 months: 5 overdue' }));
  await waitFor(() => expect(listQueries().at(-1)).toMatchObject({ window: '6m', state: 'overdue' }));
  expect(screen.getByRole('combobox', { name: 'Window' })).toHaveValue('6m');
  expect(screen.getByRole('combobox', { name: 'State' })).toHaveValue('overdue');
  expect(screen.getByRole('link', { name: '6 months: 5 overdue' })).toHaveAttribute('aria-current', 'true');
  // The counts ignore window and state: not asked again.
  expect(summaryQueries()).toHaveLength(1);

  await chooseOption(user, screen.getByRole('combobox', { name: 'State' }), 'Seen');
  await waitFor(() => expect(listQueries().at(-1)).toMatchObject({ window: '6m', state: 'seen' }));
  await chooseOption(user, screen.getByRole('combobox', { name: 'Surgery type' }), 'Sleeve');
  await waitFor(() => expect(summaryQueries().at(-1)).toMatchObject({ surgery_type: 'Sleeve' }));
  expect(listQueries().at(-1)).toMatchObject({ window: '6m', state: 'seen', surgery_type: 'Sleeve' });
});

test('downloads the list as filtered to Excel', async () => {
  api.on(EXCEL, fileReply('follow-up-2026-03-10.xlsx'));
  const { user } = await open('/follow-up-report?window=1y&state=due');
  await screen.findByText('1,261 follow-ups');
  await user.click(screen.getByRole('button', { name: 'Download Excel: Patients' }));
  await waitFor(() => expect(saved).toEqual(['follow-up-2026-03-10.xlsx']));
  const { page: _page, perPage: _perPage, ...asShown } = listQueries().at(-1)!;
  expect(asShown).toMatchObject({ window: '1y', state: 'due' });
  expect(Object.fromEntries(api.calls(EXCEL).at(-1)!.query)).toEqual(asShown);
});

test('shows a placeholder while the counts load', async () => {
  api.on(LIST, (request) => ({ status: 200, json: followUpAnswer([ana], 1), delayMs: request.query.get('perPage') === '5' ? 300 : 0 }));
  await open();
  expect(screen.getByRole('status', { name: 'Loading the follow-up counts' })).toBeInTheDocument();
  expect(await screen.findByRole('region', { name: 'Follow-up windows' })).toBeInTheDocument();
  expect(screen.queryByRole('status', { name: 'Loading the follow-up counts' })).not.toBeInTheDocument();
});

test('says when nothing is due, and when the counts could not be loaded', async () => {
  api.on(LIST, (request) =>
    request.query.get('perPage') === '5'
      ? { status: 500, json: { message: 'The counts are resting.' } }
      : { status: 200, json: followUpAnswer([], 0) },
  );
  const { user } = await open();
  expect(await screen.findByText('No follow-up with these filters.')).toBeInTheDocument();
  expect(await screen.findByText('The follow-up counts could not be loaded.')).toBeInTheDocument();
  api.on(LIST, { status: 200, json: followUpAnswer([], 0) });
  await user.click(screen.getByRole('button', { name: 'Try again' }));
  expect(await screen.findByRole('region', { name: 'Follow-up windows' })).toBeInTheDocument();
});
