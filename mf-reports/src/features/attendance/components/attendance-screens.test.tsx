import type { ComponentType } from 'react';
import { act, screen, waitFor, within } from '@testing-library/react';
import type { AuthUser } from '@baridesk/contracts';
import { PROGRAM_USER_MENU_FLAGS } from '@baridesk/domain';
import { chooseOption, createAuthUser, findNotice, pageOf, renderScreen, startFakeApi, type FakeApi, type RouteKey } from '@baridesk/testing';
import { toaster } from '@baridesk/ui';
import { REPORT_PREPARING_MESSAGE } from '@baridesk/ui/overlays';
import { screens } from '../../../routes';
import { createAttendanceOccurrence, createAttendancePatient } from '../../../test/factories';
import { defaultAttendanceRange } from '../utils/attendance-params';

/** The screens as the route table loads them. */
let ListScreen: ComponentType;
let ReportScreen: ComponentType;

const EVENTS: RouteKey = 'GET /patient-events/events';
const PATIENTS: RouteKey = 'GET /patient-events/patients';
const tuesday = createAttendanceOccurrence({ event_id: 12, date: '2026-03-03' });
const seminar = createAttendanceOccurrence({
  event_id: 30,
  date: '2026-02-20',
  event_title: 'Surgery Seminar',
  type: 'Seminar',
  time: '10:00',
  end_time: '11:00',
  going_count: 12,
  not_going_count: 0,
  attended_count: 9,
  marked_count: 12,
});
const ana = createAttendancePatient({ patient_id: 5, name: 'Ana Lopez', email: 'ana@example.test', phone: '5551234567', stage: 2, response: 'going', attended: 1 });
const ben = createAttendancePatient({ patient_id: 6, name: 'Ben Ode', email: null, phone: null, stage: 1, response: null, attended: 1 });

const fileReply = (name: string, delayMs = 100) => ({
  status: 200,
  text: 'PK xlsx',
  contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  headers: { 'content-disposition': `attachment; filename="${name}"` },
  delayMs,
});

let api: FakeApi;
/** What the browser was handed to save: the link's download name. */
let saved: string[];

beforeAll(async () => {
  ListScreen = (await screens['/events-rsvp-list']()).default;
  ReportScreen = (await screens['/events-rsvp-report/:eventId/:eventDate']()).default;
});

beforeEach(async () => {
  api = await startFakeApi({
    [EVENTS]: { status: 200, json: pageOf([tuesday, seminar], { total: 2 }) },
    [PATIENTS]: { status: 200, json: { data: { ...pageOf([ana, ben]).data, occurrence: tuesday } } },
  });
  saved = [];
  URL.createObjectURL = jest.fn(() => 'blob:attendance');
  URL.revokeObjectURL = jest.fn();
  // jsdom does not download: record what the temporary link would have saved.
  jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push(this.download);
  });
});

afterEach(async () => {
  act(() => toaster.remove());
  jest.restoreAllMocks();
  await api.close();
});

const staff = (overrides: Partial<AuthUser> = {}) => ({ token: 'tok-staff', user: createAuthUser(overrides) });
const lastQuery = (route: RouteKey) => Object.fromEntries(api.calls(route).at(-1)!.query);

/** The report banner: a status region with the spec's message and Cancel. */
async function findBanner() {
  const message = await screen.findByText(REPORT_PREPARING_MESSAGE);
  return message.closest<HTMLElement>('[role="status"]')!;
}

test('the default range is the last 90 days to the next 30', () => {
  expect(defaultAttendanceRange(new Date(2026, 2, 10, 23, 30))).toEqual({ from: '2025-12-10', to: '2026-04-09' });
});

describe('/events-rsvp-list', () => {
  test('lists the event dates of the default range with their counts, newest first, each opening its report', async () => {
    const { user, path } = await renderScreen(<ListScreen />, { route: '/events-rsvp-list', store: staff() });
    expect(screen.getByRole('heading', { level: 1, name: 'Support Group Attendance' })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: /Support group attendance/ });
    const row = await within(table).findByRole('row', { name: /Tuesday Support Group/ });
    expect(row).toHaveTextContent('Mar 03, 2026');
    expect(row).toHaveTextContent('06:00PM–07:30PM');
    expect(within(row).getAllByRole('cell').map((cell) => cell.textContent).slice(4)).toEqual(['4', '1', '3']);
    expect(screen.getByText('2 event dates', { exact: false })).toBeInTheDocument();

    const range = defaultAttendanceRange();
    expect(lastQuery(EVENTS)).toEqual({ page: '1', perPage: '10', sort: 'date', direction: 'desc', ...range });

    await user.click(within(row).getByRole('link', { name: 'Tuesday Support Group, Mar 03, 2026' }));
    expect(path()).toBe('/events-rsvp-report/12/2026-03-03');
  });

  test('sorts, searches, pages and narrows the range through the server', async () => {
    const { user } = await renderScreen(<ListScreen />, { route: '/events-rsvp-list', store: staff() });
    await screen.findByRole('row', { name: /Surgery Seminar/ });

    await user.click(screen.getByRole('button', { name: 'Going' }));
    await waitFor(() => expect(lastQuery(EVENTS)).toMatchObject({ sort: 'going_count', direction: 'asc' }));

    await user.type(screen.getByRole('searchbox', { name: 'Search events' }), 'seminar{Enter}');
    await waitFor(() => expect(lastQuery(EVENTS)).toMatchObject({ search: 'seminar', page: '1' }));

    await chooseOption(user, screen.getByRole('combobox', { name: /per page/i }), 'All');
    await waitFor(() => expect(lastQuery(EVENTS)).toMatchObject({ perPage: 'All' }));

    const from = screen.getByRole('textbox', { name: 'From' });
    await user.clear(from);
    await user.type(from, '02/01/2026{Enter}');
    await waitFor(() => expect(lastQuery(EVENTS)).toMatchObject({ from: '2026-02-01' }));
  });

  test('Download Excel shows the report banner and saves the file of the list as shown; Cancel stops it', async () => {
    api.on('GET /patient-events/events/excel', fileReply('support-group-attendance-2026-03-10.xlsx'));
    const { user } = await renderScreen(<ListScreen />, { route: '/events-rsvp-list', store: staff() });
    await screen.findByRole('row', { name: /Surgery Seminar/ });
    await user.click(screen.getByRole('button', { name: 'Download Excel' }));
    const banner = await findBanner();
    expect(banner).toHaveTextContent('Support Group Attendance (Excel)');
    expect(screen.getByRole('button', { name: 'Download Excel' })).toBeDisabled();
    await waitFor(() => expect(saved).toEqual(['support-group-attendance-2026-03-10.xlsx']));
    const { page: _page, perPage: _perPage, ...asShown } = lastQuery(EVENTS);
    expect(lastQuery('GET /patient-events/events/excel')).toEqual(asShown);

    api.on('GET /patient-events/events/excel', fileReply('late.xlsx', 5_000));
    await user.click(screen.getByRole('button', { name: 'Download Excel' }));
    await user.click(within(await findBanner()).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByText(REPORT_PREPARING_MESSAGE)).not.toBeInTheDocument());
    expect(saved).toEqual(['support-group-attendance-2026-03-10.xlsx']);
  });

  test('a failed download shows the server’s message', async () => {
    api.on('GET /patient-events/events/excel', { status: 422, json: { message: 'The from day must not be after the to day.', errors: {} } });
    const { user } = await renderScreen(<ListScreen />, { route: '/events-rsvp-list', store: staff() });
    await screen.findByRole('row', { name: /Surgery Seminar/ });
    await user.click(screen.getByRole('button', { name: 'Download Excel' }));
    expect(await findNotice('Excel export', 'The from day must not be after the to day.')).toBeInTheDocument();
    expect(saved).toEqual([]);
  });
});

describe('/events-rsvp-report/:eventId/:eventDate', () => {
  const openReport = (store = staff(), path = '/events-rsvp-report/12/2026-03-03') =>
    renderScreen(<ReportScreen />, { route: '/events-rsvp-report/:eventId/:eventDate', path, store });

  test('shows the event, its day and time, its counts, and who answered or came', async () => {
    await openReport();
    expect(await screen.findByRole('heading', { level: 1, name: 'Tuesday Support Group' })).toBeInTheDocument();
    expect(screen.getByText(/Support Group · Mar 03, 2026, 06:00PM–07:30PM · America\/Chicago · Main Street Clinic/)).toBeInTheDocument();
    expect(screen.getByText('4 going, 1 not going, 3 attended (5 marked).')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Support Group Attendance' })).toHaveAttribute('href', '/events-rsvp-list');

    const table = screen.getByRole('table', { name: 'Patients who answered or came: Tuesday Support Group, Mar 03, 2026, 06:00PM–07:30PM' });
    const anaRow = within(table).getByRole('row', { name: /Ana Lopez/ });
    expect(within(anaRow).getByRole('link', { name: 'Ana Lopez' })).toHaveAttribute('href', '/patient-detail/5');
    expect(anaRow).toHaveTextContent('ana@example.test · 555-123-4567');
    expect(anaRow).toHaveTextContent('Post-Op');
    expect(anaRow).toHaveTextContent('Going');
    expect(anaRow).toHaveTextContent('Attended');
    expect(within(table).getByRole('row', { name: /Ben Ode/ })).toHaveTextContent('No RSVP (walk-in)');
    expect(lastQuery(PATIENTS)).toEqual({ event_id: '12', event_date: '2026-03-03', page: '1', perPage: '10', sort: 'name', direction: 'asc' });
  });

  test('filters by answer and attendance and searches through the server; Excel takes the same filters', async () => {
    api.on('GET /patient-events/patients/excel', fileReply('attendance-2026-03-03.xlsx'));
    const { user } = await openReport();
    await screen.findByRole('row', { name: /Ana Lopez/ });
    await chooseOption(user, screen.getByRole('combobox', { name: 'Response' }), 'No RSVP (walk-in)');
    await waitFor(() => expect(lastQuery(PATIENTS)).toMatchObject({ response: 'none' }));
    await chooseOption(user, screen.getByRole('combobox', { name: 'Attendance' }), 'Did not attend');
    await waitFor(() => expect(lastQuery(PATIENTS)).toMatchObject({ response: 'none', attended: '0' }));
    await user.type(screen.getByRole('searchbox', { name: 'Search patients' }), 'ben{Enter}');
    await waitFor(() => expect(lastQuery(PATIENTS)).toMatchObject({ search: 'ben' }));

    await user.click(screen.getByRole('button', { name: 'Download Excel' }));
    expect(await findBanner()).toHaveTextContent('Tuesday Support Group (Excel)');
    await waitFor(() => expect(saved).toEqual(['attendance-2026-03-03.xlsx']));
    expect(lastQuery('GET /patient-events/patients/excel')).toEqual({
      event_id: '12',
      event_date: '2026-03-03',
      sort: 'name',
      direction: 'asc',
      search: 'ben',
      response: 'none',
      attended: '0',
    });
  });

  test('staff without the patients area see the names without links to records', async () => {
    const flags = Object.fromEntries(PROGRAM_USER_MENU_FLAGS.map((flag) => [flag, flag === 'seminar_to_surgery' ? 1 : 0]));
    await openReport(staff({ type: 'program_user', menu_flags: flags as NonNullable<AuthUser['menu_flags']> }));
    const row = await screen.findByRole('row', { name: /Ana Lopez/ });
    expect(within(row).queryByRole('link')).not.toBeInTheDocument();
  });

  test('a day the event does not take place shows the server’s answer; an address that names no day says so', async () => {
    api.on(PATIENTS, { status: 422, json: { message: 'This event does not take place on that day.', errors: { event_date: ['This event does not take place on that day.'] } } });
    await openReport(staff(), '/events-rsvp-report/12/2026-03-04');
    expect(await screen.findByText('This event does not take place on that day.')).toBeInTheDocument();
    expect(screen.getByText('The attendance could not be loaded.')).toBeInTheDocument();
  });

  test('an address that names no event date asks for none', async () => {
    await openReport(staff(), '/events-rsvp-report/abc/2026-13-40');
    expect(await screen.findByText(/This address names no event date/)).toBeInTheDocument();
    expect(api.calls(PATIENTS)).toHaveLength(0);
  });
});
