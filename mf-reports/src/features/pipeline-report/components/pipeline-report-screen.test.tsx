import { act, screen, waitFor, within } from '@testing-library/react';
import type { AuthUser } from '@baridesk/contracts';
import { PROGRAM_USER_MENU_FLAGS } from '@baridesk/domain';
import { appStore } from '@baridesk/store';
import { chooseOption, createAuthUser, pageOf, renderScreen, startFakeApi, type FakeApi, type RouteKey } from '@baridesk/testing';
import { toaster } from '@baridesk/ui';
import { lastChart } from '@baridesk/ui/test/chart-mock';
import { screens } from '../../../routes';
import { fileReply, recordSavedFiles } from '../../../test/downloads';
import { createPipelineMove, createPipelineReport, createPreLoadFilters } from '../../../test/outcome-factories';
import { pipelineReportRange } from '../api/pipeline-report';

jest.mock('@baridesk/ui/charts', () => jest.requireActual('@baridesk/ui/test/chart-mock'));

const REPORT: RouteKey = 'GET /reports/pipeline';
const MOVES: RouteKey = 'GET /reports/pipeline/moves';
const EXCEL: RouteKey = 'GET /reports/pipeline/moves/excel';

let api: FakeApi;
let saved: string[];
const initial = appStore.getState();
const lastQuery = (route: RouteKey) => Object.fromEntries(api.calls(route).at(-1)!.query);

const jane = createPipelineMove({ id: 41, name: 'Jane Doe', moved_by: 'rule', moved_at: '2026-03-05T15:04:00.000Z' });

beforeEach(async () => {
  api = await startFakeApi({
    'GET /reports/filters': { status: 200, json: { data: createPreLoadFilters() } },
    [REPORT]: { status: 200, json: { data: createPipelineReport() } },
    [MOVES]: { status: 200, json: pageOf([jane, createPipelineMove()], { total: 1204 }) },
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

const open = async (path = '/patient-pipeline-report') => {
  const Screen = (await screens['/patient-pipeline-report']()).default;
  return renderScreen(<Screen />, { route: '/patient-pipeline-report', path });
};

test('opens on the last 90 days with the figures per status, the conversion, the chart and the moves', async () => {
  await open();
  expect(screen.getByRole('heading', { level: 1, name: 'Patient Pipeline Report' })).toBeInTheDocument();
  const range = pipelineReportRange();
  await waitFor(() => expect(api.calls(REPORT)).toHaveLength(1));
  expect(lastQuery(REPORT)).toEqual(range);

  const byStatus = await screen.findByRole('region', { name: 'By status' });
  const preOp = within(byStatus).getByRole('table', { name: /^Pre-Op:/ });
  const rows = within(preOp)
    .getAllByRole('row')
    .slice(1)
    .map((row) => [...row.children].map((cell) => cell.textContent));
  expect(rows).toEqual([
    ['Seminar', '1,200', '340', '12.5 days'],
    ['Insurance', '80', '41', '—'],
  ]);
  expect(within(byStatus).getByRole('table', { name: /^Post-Op:/ })).toHaveTextContent('1 day');
  expect(byStatus).toHaveTextContent('from Dec 10, 2025 to Mar 10, 2026');

  const conversion = screen.getByRole('region', { name: 'Seminar to surgery' });
  expect(conversion).toHaveTextContent('Attended a first seminar1,250');
  expect(conversion).toHaveTextContent('Operated since300');
  expect(conversion).toHaveTextContent('Conversion24.0%');
  expect(conversion).toHaveTextContent('Median time to surgery96 days');

  // A status name two stages share says its stage; the chart is an image named by its title.
  expect(screen.getByRole('img', { name: 'Patients per status' })).toHaveAccessibleDescription(
    '1,285 patients in the pipeline now; 382 moves in the period. The numbers are in the tables By status.',
  );
  expect(lastChart('Patients per status')).toMatchObject({
    kind: 'bar',
    categories: ['Seminar (Pre-Op)', 'Insurance', 'Seminar (Post-Op)'],
    series: [
      { name: 'Patients now', data: [1200, 80, 5] },
      { name: 'Moves in', data: [340, 41, 1] },
    ],
  });

  const moves = screen.getByRole('region', { name: 'Moves in the period' });
  expect(await within(moves).findByText('1,204 moves')).toBeInTheDocument();
  const row = within(moves).getByRole('row', { name: /Jane Doe/ });
  expect(row).toHaveTextContent('Automation rule');
  expect(row).toHaveTextContent(/Mar 05, 2026 \d\d:04(AM|PM)/);
  expect(within(row).getByRole('link', { name: 'Jane Doe' })).toHaveAttribute('href', '/patient-detail/41');
  expect(lastQuery(MOVES)).toMatchObject({ ...range, sort: 'moved_at', direction: 'desc', page: '1' });
});

test('a filter asks again for the figures and the moves', async () => {
  const { user } = await open();
  await screen.findByRole('region', { name: 'By status' });
  api.on(REPORT, { status: 200, json: { data: createPipelineReport({ stages: [createPipelineReport().stages[1]!] }) } });
  await chooseOption(user, screen.getByRole('combobox', { name: 'Stage' }), 'Post-Op');
  await waitFor(() => expect(lastQuery(REPORT)).toMatchObject({ stage: '2' }));
  await waitFor(() => expect(lastQuery(MOVES)).toMatchObject({ stage: '2' }));
  // One stage shown: no name is shared.
  await waitFor(() => expect(lastChart('Patients per status').categories).toEqual(['Seminar']));
});

test('opens with the filters of a shared link', async () => {
  await open('/patient-pipeline-report?from=2026-01-01&to=2026-01-31&surgery_type=Sleeve');
  await waitFor(() => expect(api.calls(REPORT)).toHaveLength(1));
  expect(lastQuery(REPORT)).toEqual({ from: '2026-01-01', to: '2026-01-31', surgery_type: 'Sleeve' });
});

test('downloads the moves as filtered and sorted to Excel', async () => {
  api.on(EXCEL, fileReply('pipeline-moves-2026-03-10.xlsx'));
  const { user } = await open();
  await screen.findByText('1,204 moves');
  await user.click(screen.getByRole('button', { name: 'Download Excel: Moves in the period' }));
  await waitFor(() => expect(saved).toEqual(['pipeline-moves-2026-03-10.xlsx']));
  const { page: _page, perPage: _perPage, ...asShown } = lastQuery(MOVES);
  expect(lastQuery(EXCEL)).toEqual(asShown);
});

test('says when the report could not be loaded, and loads it again', async () => {
  api.on(REPORT, { status: 500, json: { message: 'The pipeline is resting.' } });
  const { user } = await open();
  expect(await screen.findByText('The pipeline report could not be loaded.')).toBeInTheDocument();
  expect(screen.getByText('The pipeline is resting.')).toBeInTheDocument();
  api.on(REPORT, { status: 200, json: { data: createPipelineReport() } });
  await user.click(screen.getByRole('button', { name: 'Try again' }));
  expect(await screen.findByRole('region', { name: 'By status' })).toBeInTheDocument();
});

test('names the patients without links for staff who may not open patient records', async () => {
  const flags = Object.fromEntries(PROGRAM_USER_MENU_FLAGS.map((flag) => [flag, flag === 'seminar_to_surgery' ? 1 : 0]));
  appStore.getState().setUser(createAuthUser({ type: 'program_user', menu_flags: flags as NonNullable<AuthUser['menu_flags']> }));
  await open();
  const row = await screen.findByRole('row', { name: /Jane Doe/ });
  expect(within(row).queryByRole('link')).not.toBeInTheDocument();
});

test('says so when no move falls in the period', async () => {
  api.on(MOVES, { status: 200, json: pageOf([], { total: 0 }) });
  await open();
  expect(await screen.findByText('No moves in the period with these filters.')).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Download Excel: Moves in the period' })).toBeDisabled();
});
