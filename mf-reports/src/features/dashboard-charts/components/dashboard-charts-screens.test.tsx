import { screen, within } from '@testing-library/react';
import type { AuthUser } from '@baridesk/contracts';
import { PROGRAM_USER_MENU_FLAGS } from '@baridesk/domain';
import { appStore } from '@baridesk/store';
import { createAuthUser, renderScreen, startFakeApi, type FakeApi } from '@baridesk/testing';
import { lastChart } from '@baridesk/ui/test/chart-mock';
import { createDashboardWidgets } from '../../../test/outcome-factories';
import { screens } from '../../../routes';

jest.mock('@baridesk/ui/charts', () => jest.requireActual('@baridesk/ui/test/chart-mock'));

const WIDGETS = 'GET /dashboard/widgets' as const;
let api: FakeApi;
const initial = appStore.getState();

beforeAll(async () => {
  api = await startFakeApi();
});
afterAll(() => api.close());
beforeEach(() => {
  api.reset({ [WIDGETS]: { status: 200, json: { data: createDashboardWidgets() } } });
  appStore.setState(initial, true);
  appStore.getState().signIn({ token: 'tok-staff', user: createAuthUser() });
});

const open = async (path: '/charts' | '/widgets') => {
  const Screen = (await screens[path]()).default;
  return renderScreen(<Screen />, { route: path });
};

/** The rows of a table as text, cell by cell. */
const rowsOf = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => [...row.children].map((cell) => cell.textContent));

describe('/widgets', () => {
  it('shows the figures with thousands commas, each patient figure opening the list filtered to it', async () => {
    await open('/widgets');
    expect(screen.getByRole('heading', { level: 1, name: 'Widgets' })).toBeInTheDocument();
    const stages = await screen.findByRole('region', { name: 'Patients by stage' });
    expect(within(stages).getByRole('link', { name: /^Active patients / })).toHaveTextContent('Active patients1,234All stages');
    expect(within(stages).getByRole('link', { name: /^Pre-Op / })).toHaveAttribute('href', '/manage-patients?status=1&stage=1');
    expect(within(stages).getByRole('link', { name: /^Pre-Op / })).toHaveTextContent('56.7% of active patients');

    const month = screen.getByRole('region', { name: 'This month (March 2026)' });
    expect(within(month).getByRole('group', { name: 'New patients' })).toHaveTextContent('New patients141,204 in February 2026');
    expect(within(month).getByRole('link', { name: /^Surgeries this month / })).toHaveAttribute(
      'href',
      '/manage-patients?status=1&surgery_from=2026-03-01&surgery_to=2026-03-31',
    );

    const app = screen.getByRole('region', { name: 'App use' });
    expect(within(app).getByRole('group', { name: 'Used the app in the last 30 days' })).toHaveTextContent('80064.8% of active patients');
    expect(within(app).getByRole('link', { name: /^Never used the app / })).toHaveAttribute('href', '/manage-patients?status=1&app=never_used');

    expect(screen.getByRole('group', { name: 'Weight lost in total' })).toHaveTextContent('45,210.5 lb');
    expect(screen.getByRole('group', { name: 'Weight lost in total' })).toHaveTextContent('By 412 active patients below their starting weight');
  });

  it('shows placeholders while loading, then an error with Try again', async () => {
    api.on(WIDGETS, { status: 500, json: { message: 'The figures are resting.' }, delayMs: 150 });
    const { user } = await open('/widgets');
    expect(screen.getByRole('status')).toHaveTextContent('Loading the figures…');
    expect(await screen.findByText('The figures could not be loaded.')).toBeInTheDocument();
    expect(screen.getByText('The figures are resting.')).toBeInTheDocument();
    api.on(WIDGETS, { status: 200, json: { data: createDashboardWidgets() } });
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('region', { name: 'Patients by stage' })).toBeInTheDocument();
  });

  it('tells staff without reports why, and asks nothing', async () => {
    const flags = Object.fromEntries(PROGRAM_USER_MENU_FLAGS.map((flag) => [flag, flag === 'manage_user' ? 1 : 0]));
    appStore.getState().setUser(createAuthUser({ type: 'program_user', menu_flags: flags as NonNullable<AuthUser['menu_flags']> }));
    await open('/widgets');
    expect(screen.getByText('Reports are not switched on for your account.')).toBeInTheDocument();
    expect(api.calls(WIDGETS)).toHaveLength(0);
  });
});

describe('/charts', () => {
  it('draws each chart named by its title, with its numbers in a table', async () => {
    await open('/charts');
    expect(screen.getByRole('heading', { level: 1, name: 'Charts' })).toBeInTheDocument();
    const stages = await screen.findByRole('region', { name: 'Patients by stage' });
    expect(within(stages).getByRole('img', { name: 'Patients by stage' })).toHaveAccessibleDescription('1,234 active patients.');
    expect(lastChart('Patients by stage')).toMatchObject({ kind: 'donut', categories: ['Pre-Op', 'Post-Op', 'Weight-Management'], series: [{ data: [700, 434, 100] }] });
    expect(rowsOf(within(stages).getByRole('table'))).toEqual([
      ['Pre-Op', '700', '56.7%'],
      ['Post-Op', '434', '35.2%'],
      ['Weight-Management', '100', '8.1%'],
    ]);

    const added = screen.getByRole('region', { name: 'New patients per month' });
    expect(lastChart('New patients per month')).toMatchObject({ kind: 'bar', series: [{ name: 'New patients' }] });
    expect(lastChart('New patients per month').categories[0]).toBe('April 2025');
    const rows = rowsOf(within(added).getByRole('table'));
    expect(rows).toHaveLength(12);
    expect(rows[10]).toEqual(['February 2026', '1,204']);
    expect(added).toHaveTextContent('1,397 in all.');

    const surgeries = screen.getByRole('region', { name: 'Surgeries per month' });
    expect(surgeries).toHaveTextContent('9 this month');
    const app = screen.getByRole('region', { name: 'App use' });
    expect(rowsOf(within(app).getByRole('table'))).toEqual([
      ['Used the app in the last 30 days', '800', '64.8%'],
      ['Used it before, not lately', '378', '30.6%'],
      ['Never used the app', '56', '4.5%'],
    ]);
    expect(app).toHaveTextContent('Weight lost in total: 45,210.5 lb by 412 of them.');
  });

  it('says so instead of an empty chart when the program has no active patients', async () => {
    const none = createDashboardWidgets({ byStage: { 1: 0, 2: 0, 3: 0 }, appUse: { total: 0, activeRecently: 0, lapsed: 0, neverUsed: 0 } });
    api.on(WIDGETS, { status: 200, json: { data: none } });
    await open('/charts');
    const stages = await screen.findByRole('region', { name: 'Patients by stage' });
    expect(stages).toHaveTextContent('No active patients yet.');
    expect(within(stages).queryByRole('img')).not.toBeInTheDocument();
  });
});
