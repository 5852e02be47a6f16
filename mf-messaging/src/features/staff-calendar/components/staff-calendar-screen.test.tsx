import { screen, waitFor, within } from '@testing-library/react';
import type { AuthUser, StaffCalendarEntry } from '@baridesk/contracts';
import { formatDate, PROGRAM_USER_MENU_FLAGS } from '@baridesk/domain';
import { appStore } from '@baridesk/store';
import { createAuthUser, renderScreen, startFakeApi, type FakeApi } from '@baridesk/testing';
import { screens } from '../../../routes';

const CALENDAR = 'GET /calendar' as const;

let api: FakeApi;
const initial = appStore.getState();

/** The screen opens on today's month: the items are put in it. */
const two = (n: number) => String(n).padStart(2, '0');
const now = new Date();
const month = `${now.getFullYear()}-${two(now.getMonth() + 1)}`;
const lastDay = new Date(now.getFullYear(), now.getMonth() + 1, 0).getDate();
const nextMonth = new Date(now.getFullYear(), now.getMonth() + 1, 1);
const nextMonthKey = `${nextMonth.getFullYear()}-${two(nextMonth.getMonth() + 1)}`;

const items: StaffCalendarEntry[] = [
  { kind: 'surgery', date: `${month}-10`, time: null, title: 'Surgery: Jane Doe (Sleeve)', patient_id: 41 },
  { kind: 'consult', date: `${month}-12`, time: '09:30', title: 'Consult: Robin Roe', patient_id: 42 },
  { kind: 'event', date: `${month}-14`, time: '18:00', title: 'Support group', event_id: 7 },
];

const openScreen = async () => {
  const Screen = (await screens['/calendar']()).default;
  return renderScreen(<Screen />, { route: '/calendar' });
};

beforeEach(async () => {
  api = await startFakeApi({ [CALENDAR]: { status: 200, json: { data: items } } });
  appStore.setState(initial, true);
  appStore.getState().signIn({ token: 'tok-staff', user: createAuthUser() });
});
afterEach(() => api.close());

test('shows surgeries, consults and events of the month, each a link to where it belongs', async () => {
  const { user, path } = await openScreen();
  expect(screen.getByRole('heading', { level: 1, name: 'Calendar' })).toBeInTheDocument();
  expect(await screen.findByText(/^3 items in /)).toBeInTheDocument();
  expect(Object.fromEntries(api.calls(CALENDAR)[0]!.query)).toEqual({ from: `${month}-01`, to: `${month}-${two(lastDay)}` });

  expect(screen.getByRole('link', { name: /Surgery: Jane Doe \(Sleeve\)/ })).toHaveAttribute('href', '/patient-detail/41');
  expect(screen.getByRole('link', { name: /Consult: Robin Roe/ })).toHaveAttribute('href', '/patient-detail/42');
  expect(screen.getByRole('link', { name: /Support group/ })).toHaveAttribute('href', `/event-calender/view/7?date=${month}-14`);

  // The legend names each kind with its count.
  const legend = screen.getByRole('group', { name: 'Show on the calendar' });
  expect(within(legend).getByRole('checkbox', { name: 'Surgeries (1)' })).toBeChecked();
  expect(within(legend).getByRole('checkbox', { name: 'Consults (1)' })).toBeChecked();
  expect(within(legend).getByRole('checkbox', { name: 'Events (1)' })).toBeChecked();

  await user.click(screen.getByRole('link', { name: /Consult: Robin Roe/ }));
  await waitFor(() => expect(path()).toBe('/patient-detail/42'));
});

test('hides a kind from the legend, by keyboard, and shows it again', async () => {
  const { user } = await openScreen();
  await screen.findByRole('link', { name: /Surgery: Jane Doe/ });
  screen.getByRole('checkbox', { name: 'Surgeries (1)' }).focus();
  await user.keyboard(' ');
  expect(screen.getByRole('checkbox', { name: 'Surgeries (1)' })).not.toBeChecked();
  await waitFor(() => expect(screen.queryByRole('link', { name: /Surgery: Jane Doe/ })).not.toBeInTheDocument());
  expect(screen.getByRole('link', { name: /Consult: Robin Roe/ })).toBeInTheDocument();
  await user.keyboard(' ');
  expect(await screen.findByRole('link', { name: /Surgery: Jane Doe/ })).toBeInTheDocument();
});

test('the list view writes days and times as the product does', async () => {
  const { user } = await openScreen();
  await screen.findByText(/^3 items in /);
  await user.click(screen.getByRole('button', { name: 'List' }));
  const list = await screen.findByRole('table');
  expect(within(list).getByText(formatDate(`${month}-14`))).toBeInTheDocument();
  expect(within(list).getByRole('row', { name: /Support group/ })).toHaveTextContent('06:00PM');
  // A surgery has a day, no time.
  expect(within(list).getByRole('row', { name: /Surgery: Jane Doe/ })).toHaveTextContent('all-day');
});

test('asks for the next month from the toolbar', async () => {
  const { user } = await openScreen();
  await screen.findByText(/^3 items in /);
  api.on(CALENDAR, { status: 200, json: { data: [] } });
  await user.click(screen.getByRole('button', { name: 'Next' }));
  expect(await screen.findByText(/^Nothing on the calendar in /)).toBeInTheDocument();
  expect(api.calls(CALENDAR).map((call) => call.query.get('from'))).toContain(`${nextMonthKey}-01`);
});

test('shows staff without patients the events only, and no patient link', async () => {
  const flags = Object.fromEntries(PROGRAM_USER_MENU_FLAGS.map((flag) => [flag, flag === 'event' ? 1 : 0]));
  appStore.getState().setUser(createAuthUser({ type: 'program_user', menu_flags: flags as NonNullable<AuthUser['menu_flags']> }));
  // The API leaves patients out for them; a stray one is not drawn, so nothing opens a page they may not open.
  await openScreen();
  await screen.findByRole('link', { name: /Support group/ });
  expect(screen.queryByRole('checkbox', { name: /Surgeries/ })).not.toBeInTheDocument();
  expect(screen.getByRole('checkbox', { name: 'Events (1)' })).toBeInTheDocument();
  expect(screen.queryAllByRole('link').filter((link) => link.getAttribute('href')?.startsWith('/patient-detail/'))).toEqual([]);
});

test('says when the calendar could not be loaded, and loads it again', async () => {
  api.on(CALENDAR, { status: 500, json: { message: 'The calendar is resting.' } });
  const { user } = await openScreen();
  expect(await screen.findByText('The calendar could not be loaded.')).toBeInTheDocument();
  expect(screen.getByText('The calendar is resting.')).toBeInTheDocument();
  api.on(CALENDAR, { status: 200, json: { data: items } });
  await user.click(screen.getByRole('button', { name: /Try again/ }));
  expect(await screen.findByText(/^3 items in /)).toBeInTheDocument();
});
