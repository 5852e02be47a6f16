import { screen, waitFor, within } from '@testing-library/react';
import { appStore } from '@baridesk/store';
import { renderScreen, startFakeApi, type FakeApi } from '@baridesk/testing';
import { toaster } from '@baridesk/ui';
import { buildOccurrence } from '../../../test/event-factories';
import EventCalendarScreen from './event-calendar-screen';

const MONTH = 'GET /scheduler/api/event-calendar' as const;

let api: FakeApi;

const monthReply = (rows: ReturnType<typeof buildOccurrence>[]) => (request: { query: URLSearchParams }) => ({
  status: 200,
  json: { data: { data: rows, month: Number(request.query.get('month')), year: Number(request.query.get('year')) } },
});

beforeEach(async () => {
  api = await startFakeApi();
  appStore.getState().setSavedSearch('eventCalendarMonth', '2027-03');
});

afterEach(async () => {
  toaster.remove();
  appStore.getState().clearSavedSearches();
  await api.close();
});

test('shows the saved month with every day of a weekly series, each a link to its day', async () => {
  const tuesdays = ['2027-03-02', '2027-03-09', '2027-03-16', '2027-03-23', '2027-03-30'];
  api.on(MONTH, monthReply(tuesdays.map((date) => buildOccurrence({ event_id: 7, id: 7, series_id: null, is_recurring: true, date, event_title: 'Tuesday support group' }))));
  const view = await renderScreen(<EventCalendarScreen />, { route: '/event-calender' });

  expect(await screen.findByText('5 events in March 2027.')).toBeInTheDocument();
  expect(Object.fromEntries(api.calls(MONTH)[0]!.query)).toEqual({ month: '3', year: '2027' });
  const links = screen.getAllByRole('link', { name: /Tuesday support group/ });
  expect(links).toHaveLength(5);
  expect(links[0]).toHaveAttribute('href', '/event-calender/view/7?date=2027-03-02');
  // A day cell is read by its content (its date and its events), not named by its date alone.
  expect(links[0]!.closest('[role="gridcell"]')).not.toHaveAttribute('aria-labelledby');

  await view.user.click(links[2]!);
  await waitFor(() => expect(view.path()).toBe('/event-calender/view/7'));
});

test('moves to the next month from the keyboard (Next, described as Next Month), asks for it and keeps it as the saved month', async () => {
  api.on(MONTH, monthReply([]));
  const { user } = await renderScreen(<EventCalendarScreen />, { route: '/event-calender' });
  expect(await screen.findByText('No events in March 2027. Use New Event to add one.')).toBeInTheDocument();

  expect(screen.getByRole('button', { name: 'Next' })).toHaveAttribute('title', 'Next Month');
  screen.getByRole('button', { name: 'Next' }).focus();
  await user.keyboard('{Enter}');
  expect(await screen.findByText('No events in April 2027. Use New Event to add one.')).toBeInTheDocument();
  expect(api.calls(MONTH).map((call) => call.query.get('month'))).toContain('4');
  expect(appStore.getState().savedSearches.eventCalendarMonth).toBe('2027-04');
});

test('lists the month in the list view, and says so when the month could not be loaded', async () => {
  api.on(MONTH, { status: 500, json: { message: 'The calendar is resting.' } });
  const { user } = await renderScreen(<EventCalendarScreen />, { route: '/event-calender' });
  expect(await screen.findByText('The events could not be loaded.')).toBeInTheDocument();
  expect(screen.getByText('The calendar is resting.')).toBeInTheDocument();

  api.on(MONTH, monthReply([buildOccurrence({ date: '2027-03-04', event_title: 'Nutrition seminar', time: '18:00', end_time: '19:30' })]));
  await user.click(screen.getByRole('button', { name: /Try again/ }));
  await user.click(screen.getByRole('button', { name: 'List' }));
  const table = await screen.findByRole('table');
  expect(within(table).getByRole('link', { name: /Nutrition seminar/ })).toHaveAttribute('href', expect.stringContaining('date=2027-03-04'));
  expect(within(table).getByText(/6:00/)).toBeInTheDocument();
});

test('offers New Event, the calendar import and the feed in its heading', async () => {
  api.on(MONTH, monthReply([]));
  await renderScreen(<EventCalendarScreen />, { route: '/event-calender' });
  expect(screen.getByRole('link', { name: 'New Event' })).toHaveAttribute('href', '/event-calender/form');
  expect(screen.getByRole('button', { name: 'Import .ics' })).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Subscribe' })).toBeInTheDocument();
});
