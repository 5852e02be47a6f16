import { screen, waitFor, within } from '@testing-library/react';
import { EVENT_MESSAGES } from '@baridesk/contracts';
import { findNotice, renderScreen, startFakeApi, type FakeApi } from '@baridesk/testing';
import { toaster } from '@baridesk/ui';
import { buildCalendarEvent, buildOccurrence } from '../../../test/event-factories';
import EventViewScreen from './event-view-screen';

const MONTH = 'GET /scheduler/api/event-calendar' as const;
const DELETE = 'POST /scheduler/api/event-calendar/delete' as const;
const TOGGLE = 'POST /scheduler/api/event-calendar/toggle-status' as const;
const ROUTE = '/event-calender/view/:id';

let api: FakeApi;

/** Every Tuesday of the months asked for, as days of series 7 (the 16th of March changed: row 8). */
const tuesdays = (request: { query: URLSearchParams }) => {
  const year = Number(request.query.get('year'));
  const month = Number(request.query.get('month'));
  const days: string[] = [];
  for (let day = 1; day <= 31; day++) {
    const date = new Date(Date.UTC(year, month - 1, day));
    if (date.getUTCMonth() === month - 1 && date.getUTCDay() === 2) days.push(date.toISOString().slice(0, 10));
  }
  const rows = days.map((date) => buildOccurrence({ event_id: 7, id: date === '2099-03-17' ? 8 : 7, series_id: 7, is_recurring: true, date }));
  return { status: 200, json: { data: { data: [...rows, buildOccurrence({ event_id: 99, date: days[0] })], month, year } } };
};

beforeEach(async () => {
  api = await startFakeApi();
  api.on(MONTH, tuesdays);
});

afterEach(async () => {
  toaster.remove();
  await api.close();
});

const series = buildCalendarEvent({
  id: 7,
  event_title: 'Tuesday support group',
  date: '2099-03-03',
  time: '18:00',
  end_time: '19:30',
  rrule: 'FREQ=WEEKLY;BYDAY=TU',
  stages: [1, 2],
  patient_type: 'existing',
  custom_reminder_message: 'We are starting Tuesday support group in 5 minutes.',
});

test('shows a series’ day: when, where, who for, the reminder, the rule in words and the coming days', async () => {
  api.on('GET /scheduler/api/event-calendar/7', { status: 200, json: { data: series } });
  await renderScreen(<EventViewScreen />, { route: ROUTE, path: '/event-calender/view/7?date=2099-03-10' });

  expect(await screen.findByRole('heading', { level: 1, name: 'Tuesday support group' })).toBeInTheDocument();
  expect(screen.getByText('Mar 10, 2099, 06:00 PM to 07:30 PM (America/Chicago)')).toBeInTheDocument();
  expect(screen.getByText('Every week on Tuesday')).toBeInTheDocument();
  expect(screen.getByText('Northside Clinic, 100 Main St, Chicago')).toBeInTheDocument();
  expect(screen.getByText('Pre-Op, Post-Op; Existing patients; weight loss: All')).toBeInTheDocument();
  expect(screen.getByText('We are starting Tuesday support group in 5 minutes.')).toBeInTheDocument();

  const coming = screen.getByRole('region', { name: 'Coming days of the series' });
  const links = await within(coming).findAllByRole('link');
  expect(links).toHaveLength(8);
  expect(links[0]).toHaveTextContent('Mar 10, 2099');
  expect(links[1]).toHaveAttribute('href', '/event-calender/view/8?date=2099-03-17');
  expect(links[1]).toHaveTextContent('(changed)');
  expect(screen.getByRole('link', { name: 'Edit' })).toHaveAttribute('href', '/event-calender/form/7?date=2099-03-10');
  // The day's RSVPs and attendance are asked for by the occurrence key: the series and the day.
  await waitFor(() => expect(api.calls('GET /patient-events/attendance').length).toBeGreaterThan(0));
  expect(Object.fromEntries(api.calls('GET /patient-events/attendance')[0]!.query)).toMatchObject({ event_id: '7', event_date: '2099-03-10' });
});

test('deletes one day of a series after asking, sending the scope and the day', async () => {
  api.on('GET /scheduler/api/event-calendar/7', { status: 200, json: { data: series } });
  api.on(DELETE, { status: 200, json: { message: EVENT_MESSAGES.occurrenceDeleted } });
  const { user, path } = await renderScreen(<EventViewScreen />, { route: ROUTE, path: '/event-calender/view/7?date=2099-03-10' });
  await user.click(await screen.findByRole('button', { name: 'Delete' }));
  const question = await screen.findByRole('alertdialog', { name: 'Delete a repeating event' });
  await user.click(within(question).getByRole('button', { name: 'This event only' }));
  await waitFor(() => expect(api.calls(DELETE)).toHaveLength(1));
  expect(api.calls(DELETE)[0]!.body).toEqual({ id: 7, scope: 'occurrence', occurrence_date: '2099-03-10' });
  await findNotice('Success', EVENT_MESSAGES.occurrenceDeleted);
  await waitFor(() => expect(path()).toBe('/event-calender'));
});

test('a single event: the Active switch sends its status, Delete asks once and deletes the event', async () => {
  const single = buildCalendarEvent({ id: 12, event_title: 'Nutrition seminar', venue_type: 'online', location_id: null, location_name: null, location: null, meeting_url: 'https://meet.example.test/n' });
  api.on('GET /scheduler/api/event-calendar/12', { status: 200, json: { data: single } });
  api.on(TOGGLE, { status: 200, json: { data: { ...single, status: 0 }, message: EVENT_MESSAGES.statusUpdated } });
  api.on(DELETE, { status: 200, json: { message: EVENT_MESSAGES.deleted } });
  const { user } = await renderScreen(<EventViewScreen />, { route: ROUTE, path: '/event-calender/view/12' });

  expect(await screen.findByText('Does not repeat')).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'https://meet.example.test/n' })).toBeInTheDocument();
  expect(screen.queryByRole('region', { name: 'Coming days of the series' })).not.toBeInTheDocument();

  await user.click(screen.getByRole('switch', { name: 'Active' }));
  await waitFor(() => expect(api.calls(TOGGLE)).toHaveLength(1));
  expect(api.calls(TOGGLE)[0]!.body).toEqual({ id: 12, status: 0 });
  await findNotice('Success', EVENT_MESSAGES.statusUpdated);

  await user.click(screen.getByRole('button', { name: 'Delete' }));
  const question = await screen.findByRole('alertdialog', { name: 'Delete event' });
  await user.click(within(question).getByRole('button', { name: 'Delete' }));
  await waitFor(() => expect(api.calls(DELETE)).toHaveLength(1));
  expect(api.calls(DELETE)[0]!.body).toEqual({ id: 12, scope: 'series', occurrence_date: null });
});

test('an address naming no event says so under the page heading, with the way back', async () => {
  await renderScreen(<EventViewScreen />, { route: ROUTE, path: '/event-calender/view/abc' });
  expect(screen.getByRole('heading', { level: 1, name: 'Event' })).toBeInTheDocument();
  expect(screen.getByRole('alert')).toHaveTextContent('This address does not name an event.');
  expect(screen.getByRole('link', { name: 'Back to the calendar' })).toHaveAttribute('href', '/event-calender');
});

test('a failed load of the event offers Try again', async () => {
  let calls = 0;
  api.on('GET /scheduler/api/event-calendar/7', () => (++calls === 1 ? { status: 500, json: { message: 'The server is down.' } } : { status: 200, json: { data: series } }));
  const { user } = await renderScreen(<EventViewScreen />, { route: ROUTE, path: '/event-calender/view/7' });
  expect(await screen.findByText('The event could not be loaded.')).toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: 'Try again' }));
  expect(await screen.findByRole('heading', { level: 1, name: 'Tuesday support group' })).toBeInTheDocument();
});
