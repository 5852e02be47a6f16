import { act, screen, waitFor, within } from '@testing-library/react';
import type { AttendanceOccurrence, AttendancePatient, AuthUser } from '@baridesk/contracts';
import { EVENT_RSVP_MESSAGES } from '@baridesk/contracts';
import { PROGRAM_USER_MENU_FLAGS } from '@baridesk/domain';
import { createAuthUser, findNotice, renderScreen, startFakeApi, type FakeApi, type FakeRequest, type RouteKey } from '@baridesk/testing';
import { toaster } from '@baridesk/ui';
import { EventAttendancePanel } from '../index';

const LIST: RouteKey = 'GET /patient-events/attendance';
const STORE: RouteKey = 'POST /patient-events/store';
const DAY = '2026-03-03';

const occurrence = (overrides: Partial<AttendanceOccurrence> = {}): AttendanceOccurrence => ({
  event_id: 12,
  date: DAY,
  event_title: 'Tuesday Support Group',
  type: 'Support Group',
  time: '18:00',
  end_time: '19:30',
  timezone: 'America/Chicago',
  location_name: 'Main Street Clinic',
  going_count: 2,
  not_going_count: 1,
  attended_count: 0,
  marked_count: 0,
  ...overrides,
});
const patient = (patient_id: number, name: string, overrides: Partial<AttendancePatient> = {}): AttendancePatient => ({
  patient_id,
  name,
  email: null,
  phone: null,
  stage: 1,
  response: 'going',
  responded_at: '2026-03-01T12:00:00.000Z',
  attended: null,
  attendance_marked_at: null,
  ...overrides,
});
const ana = patient(5, 'Ana Lopez');
const ben = patient(6, 'Ben Ode', { attended: 1 });
const cy = patient(7, 'Cy Park', { response: 'not_going', stage: 2 });

/** The panel's list as the server answers it: the going filter gives the patients who answered going. */
const listReply = (rows: AttendancePatient[], counts: Partial<AttendanceOccurrence> = {}, date = DAY) => (request: FakeRequest) => {
  const shown = request.query.get('response') === 'going' ? rows.filter((row) => row.response === 'going') : rows;
  return { status: 200, json: { data: { data: shown, total: shown.length, page: 1, perPage: 10, occurrence: occurrence({ date, ...counts }) } } };
};

let api: FakeApi;

beforeEach(async () => {
  api = await startFakeApi({ [LIST]: listReply([ana, ben, cy], { attended_count: 1, marked_count: 1 }) });
});
afterEach(async () => {
  act(() => toaster.remove());
  await api.close();
});

const staff = (overrides: Partial<AuthUser> = {}) => ({ token: 'tok-staff', user: createAuthUser(overrides) });
const programUser = (...on: string[]) =>
  staff({
    type: 'program_user',
    menu_flags: Object.fromEntries(PROGRAM_USER_MENU_FLAGS.map((flag) => [flag, on.includes(flag) ? 1 : 0])) as NonNullable<AuthUser['menu_flags']>,
  });

const openPanel = (store = staff(), date = DAY) => renderScreen(<EventAttendancePanel eventId={12} date={date} />, { store });
const counts = () => screen.getByText(/going, .* not going, .* attended/);

test('lists who answered with the counts, and links to the day’s report', async () => {
  await openPanel();
  expect(screen.getByRole('region', { name: 'RSVPs and attendance, Mar 03, 2026' })).toBeInTheDocument();
  const table = await screen.findByRole('table', { name: 'Patients who answered or came, Mar 03, 2026' });
  expect(await within(table).findByRole('row', { name: /Cy Park/ })).toHaveTextContent('Not going');
  expect(within(table).getByRole('link', { name: 'Ana Lopez' })).toHaveAttribute('href', '/patient-detail/5');
  expect(within(table).getByRole('button', { name: 'Attended, Ben Ode' })).toHaveAttribute('aria-pressed', 'true');
  expect(counts()).toHaveTextContent('2 going, 1 not going, 1 attended (1 marked).');
  expect(counts()).toHaveAttribute('aria-live', 'polite');
  expect(screen.getByRole('link', { name: 'Open the attendance report' })).toHaveAttribute('href', '/events-rsvp-report/12/2026-03-03');
  expect(Object.fromEntries(api.calls(LIST)[0]!.query)).toEqual({ event_id: '12', event_date: DAY, page: '1', perPage: '10', sort: 'name', direction: 'asc' });
});

test('marks a patient at once on screen, then on the server', async () => {
  api.on(STORE, { status: 200, json: { data: occurrence({ attended_count: 2, marked_count: 2 }), message: EVENT_RSVP_MESSAGES.attendanceSaved }, delayMs: 300 });
  const { user } = await openPanel();
  const attended = await screen.findByRole('button', { name: 'Attended, Ana Lopez' });
  const firstReads = api.calls(LIST).length;
  await user.click(attended);
  // Before the server answers: pressed, and the counts moved.
  expect(attended).toHaveAttribute('aria-pressed', 'true');
  expect(counts()).toHaveTextContent('2 going, 1 not going, 2 attended (2 marked).');
  await waitFor(() => expect(api.calls(STORE)).toHaveLength(1));
  expect(api.calls(STORE)[0]!.body).toEqual({ event_id: 12, event_date: DAY, attendance: [{ patient_id: 5, attended: 1 }] });
  // Once saved, the list is read again.
  await waitFor(() => expect(api.calls(LIST).length).toBeGreaterThan(firstReads));

  // Pressing the mark that is on clears it.
  api.on(STORE, { status: 200, json: { data: occurrence(), message: EVENT_RSVP_MESSAGES.attendanceSaved } });
  const listReads = api.calls(LIST).length;
  await user.click(screen.getByRole('button', { name: 'Attended, Ben Ode' }));
  await waitFor(() => expect(api.calls(STORE)).toHaveLength(2));
  expect(api.calls(STORE)[1]!.body).toMatchObject({ attendance: [{ patient_id: 6, attended: null }] });
  await waitFor(() => expect(api.calls(LIST).length).toBeGreaterThan(listReads));
});

test('a refused mark is put back and the server’s message shown', async () => {
  api.on(STORE, { status: 422, json: { message: EVENT_RSVP_MESSAGES.notYet, errors: { event_date: [EVENT_RSVP_MESSAGES.notYet] } }, delayMs: 100 });
  const { user } = await openPanel();
  const didNot = await screen.findByRole('button', { name: 'Did not attend, Ana Lopez' });
  await user.click(didNot);
  expect(didNot).toHaveAttribute('aria-pressed', 'true');
  expect(await findNotice('Attendance not saved', EVENT_RSVP_MESSAGES.notYet)).toBeInTheDocument();
  await waitFor(() => expect(didNot).toHaveAttribute('aria-pressed', 'false'));
  expect(counts()).toHaveTextContent('2 going, 1 not going, 1 attended (1 marked).');
});

test('marks everyone who answered going as attended after asking, leaving those already marked', async () => {
  api.on(STORE, { status: 200, json: { data: occurrence({ attended_count: 2, marked_count: 2 }), message: EVENT_RSVP_MESSAGES.attendanceSaved } });
  const { user } = await openPanel();
  await user.click(await screen.findByRole('button', { name: 'Mark all who RSVPed going as attended' }));
  const dialog = await screen.findByRole('alertdialog');
  expect(dialog).toHaveTextContent('Mark the 2 patients who RSVPed going as attended?');
  await user.click(within(dialog).getByRole('button', { name: 'Mark attended' }));
  await waitFor(() => expect(api.calls(STORE)).toHaveLength(1));
  expect(api.calls(LIST).some((call) => call.query.get('response') === 'going' && call.query.get('perPage') === 'All')).toBe(true);
  expect(api.calls(STORE)[0]!.body).toEqual({ event_id: 12, event_date: DAY, attendance: [{ patient_id: 5, attended: 1 }] });
  expect(await findNotice('Success', '1 patient marked attended.')).toBeInTheDocument();
});

test('adds a walk-in found by a patient search', async () => {
  api.on('GET /patients', {
    status: 200,
    json: { data: { data: [{ id: 5, name: 'Ana Lopez', email: null }, { id: 9, name: 'Dee Walker', email: 'dee@example.test' }], total: 2, page: 1, perPage: 10 } },
  });
  api.on(STORE, { status: 200, json: { data: occurrence({ attended_count: 2, marked_count: 2 }), message: EVENT_RSVP_MESSAGES.attendanceSaved } });
  const { user } = await openPanel();
  await user.type(await screen.findByRole('searchbox', { name: 'Add a walk-in' }), 'd');
  const matches = await screen.findByRole('list', { name: 'Matching patients' });
  // Ana is on the list already.
  expect(within(matches).getAllByRole('listitem')).toHaveLength(1);
  await user.click(within(matches).getByRole('button', { name: 'Add as attended Dee Walker' }));
  await waitFor(() => expect(api.calls(STORE)).toHaveLength(1));
  expect(api.calls(STORE)[0]!.body).toEqual({ event_id: 12, event_date: DAY, attendance: [{ patient_id: 9, attended: 1 }] });
  expect(await screen.findByText('Dee Walker added as attended.')).toBeInTheDocument();
});

test('before the day, answers are shown but nothing can be marked', async () => {
  api.on(LIST, listReply([ana], {}, '2099-01-06'));
  await openPanel(staff(), '2099-01-06');
  expect(await screen.findByText('Attendance can be marked from the day of the event.')).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Attended, Ana Lopez' })).toBeDisabled();
  expect(screen.getByRole('button', { name: 'Mark all who RSVPed going as attended' })).toBeDisabled();
  expect(screen.queryByRole('searchbox', { name: 'Add a walk-in' })).not.toBeInTheDocument();
});

test('staff without the patients or reports area see the counts but no names', async () => {
  await openPanel(programUser('event'));
  expect(await screen.findByText('2 going, 1 not going, 1 attended (1 marked).')).toBeInTheDocument();
  expect(screen.getByText('Patient names are shown to staff with access to patients or reports.')).toBeInTheDocument();
  expect(screen.queryByText('Ana Lopez')).not.toBeInTheDocument();
  expect(screen.queryByRole('link', { name: 'Open the attendance report' })).not.toBeInTheDocument();
});

test('staff with the reports area but not the patients area see names without links to records', async () => {
  await openPanel(programUser('event', 'seminar_to_surgery'));
  const row = await screen.findByRole('row', { name: /Ana Lopez/ });
  expect(within(row).queryByRole('link')).not.toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Open the attendance report' })).toBeInTheDocument();
});
