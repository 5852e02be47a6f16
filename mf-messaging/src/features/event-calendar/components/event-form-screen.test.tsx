import { screen, waitFor, within } from '@testing-library/react';
import { EVENT_MESSAGES } from '@baridesk/contracts';
import { appStore } from '@baridesk/store';
import { chooseOption, findNotice, renderScreen, startFakeApi, type FakeApi } from '@baridesk/testing';
import { toaster } from '@baridesk/ui';
import { buildCalendarEvent } from '../../../test/event-factories';
import EventFormScreen from './event-form-screen';

const STORE = 'POST /scheduler/api/event-calendar/store' as const;
const UPDATE = 'POST /scheduler/api/event-calendar/update' as const;
const LOCATIONS = 'GET /event-calendar/location/all' as const;

let api: FakeApi;

beforeEach(async () => {
  api = await startFakeApi();
  api.on(LOCATIONS, {
    status: 200,
    json: { data: [{ id: 3, name: 'Northside Clinic', address: '100 Main St', timezone: 'America/Chicago', shared: false }, { id: 9, name: 'Library', address: null, timezone: null, shared: true }] },
  });
});

afterEach(async () => {
  toaster.remove();
  appStore.getState().clearSavedSearches();
  await api.close();
});

test('creates a weekly event with every field: the rule in words, the default reminder text, the spec names sent', async () => {
  const saved = buildCalendarEvent({ id: 41, date: '2027-03-02', rrule: 'FREQ=WEEKLY;BYDAY=TU' });
  api.on(STORE, { status: 201, json: { data: saved, message: EVENT_MESSAGES.created } });
  const { user, path } = await renderScreen(<EventFormScreen />, { route: '/event-calender/form' });

  await user.type(screen.getByLabelText(/^Event Title/), 'Tuesday support group');
  await user.type(screen.getByLabelText(/^Description/), 'Share and learn.');
  await chooseOption(user, screen.getByLabelText(/^Type/), 'Support Group');
  await user.type(screen.getByRole('textbox', { name: /^Date/ }), '03/02/2027');
  await user.type(screen.getByRole('textbox', { name: /^Start Time/ }), '06:00 PM');
  await user.type(screen.getByRole('textbox', { name: /^End Time/ }), '07:30 PM');
  await chooseOption(user, screen.getByLabelText(/^Time Zone/), 'America/Chicago');
  await chooseOption(user, screen.findByLabelText(/^Location/), '3');
  await user.click(screen.getByRole('checkbox', { name: 'Pre-Op' }));
  await user.click(screen.getByRole('checkbox', { name: 'Post-Op' }));
  await chooseOption(user, screen.getByLabelText(/^Patient Type/), 'existing');
  await user.type(screen.getByLabelText(/^Hosted By/), 'Dr. Rivera');
  await user.type(screen.getByLabelText(/^Contact E-mail/), 'groups@northside.test');
  await user.click(screen.getByRole('checkbox', { name: 'Send a push notification' }));
  await user.click(screen.getByRole('checkbox', { name: 'Remind patients 5 minutes before it starts' }));
  await waitFor(() => expect(screen.getByLabelText(/^Reminder Text/)).toHaveValue('We are starting Tuesday support group in 5 minutes.'));
  await chooseOption(user, screen.getByLabelText('Repeat'), 'weekly');
  await user.click(screen.getByRole('checkbox', { name: 'Tuesday' }));
  expect(screen.getByTestId('repeat-summary')).toHaveTextContent('Repeats: Every week on Tuesday');

  await user.click(screen.getByRole('button', { name: 'Create Event' }));
  await waitFor(() => expect(api.calls(STORE)).toHaveLength(1));
  expect(api.calls(STORE)[0]!.body).toEqual({
    event_title: 'Tuesday support group',
    event_description: 'Share and learn.',
    type: 'Support Group',
    date: '2027-03-02',
    time: '18:00',
    end_time: '19:30',
    timezone: 'America/Chicago',
    venue_type: 'in_person',
    location_id: 3,
    meeting_url: null,
    stages: expect.arrayContaining([expect.any(Number)]),
    patient_type: 'existing',
    weight_loss_type: 'all',
    hosted_by: 'Dr. Rivera',
    email: 'groups@northside.test',
    push_notification: 1,
    five_minute_earlier_reminder: 1,
    custom_reminder_message: 'We are starting Tuesday support group in 5 minutes.',
    status: 1,
    rrule: 'FREQ=WEEKLY;BYDAY=TU',
  });
  expect((api.calls(STORE)[0]!.body as { stages: number[] }).stages).toHaveLength(2);
  await findNotice('Success', EVENT_MESSAGES.created);
  await waitFor(() => expect(path()).toBe('/event-calender'));
  expect(appStore.getState().savedSearches.eventCalendarMonth).toBe('2027-03');
});

test('checks the times and where before sending, and puts the server’s field errors under their fields', async () => {
  api.on(STORE, { status: 422, json: { message: 'The given data was invalid.', errors: { meeting_url: ['The meeting link does not answer.'] } } });
  const { user } = await renderScreen(<EventFormScreen />, { route: '/event-calender/form' });
  await user.click(screen.getByRole('button', { name: 'Create Event' }));
  expect(await screen.findByText('Start Time is required')).toBeInTheDocument();
  expect(screen.getByText('End Time is required')).toBeInTheDocument();
  expect(screen.getByText(EVENT_MESSAGES.stagesRequired)).toBeInTheDocument();

  await user.type(screen.getByLabelText(/^Event Title/), 'Webinar');
  await chooseOption(user, screen.getByLabelText(/^Type/), 'Webinar');
  await user.type(screen.getByRole('textbox', { name: /^Date/ }), '03/04/2027');
  await user.type(screen.getByRole('textbox', { name: /^Start Time/ }), '07:00 PM');
  await user.type(screen.getByRole('textbox', { name: /^End Time/ }), '06:00 PM');
  await chooseOption(user, screen.getByLabelText(/^Venue Type/), 'online');
  expect(screen.queryByLabelText(/^Location/)).not.toBeInTheDocument();
  await user.click(screen.getByRole('checkbox', { name: 'Pre-Op' }));
  await user.click(screen.getByRole('button', { name: 'Create Event' }));
  expect(await screen.findByText('End Time must be greater than Start Time')).toBeInTheDocument();
  await user.clear(screen.getByRole('textbox', { name: /^End Time/ }));
  await user.type(screen.getByRole('textbox', { name: /^End Time/ }), '08:00 PM');
  await user.click(screen.getByRole('button', { name: 'Create Event' }));
  expect(await screen.findByText(EVENT_MESSAGES.meetingUrlRequired)).toBeInTheDocument();
  expect(api.calls(STORE)).toHaveLength(0);

  await user.type(screen.getByLabelText(/^Meeting Link/), 'https://meet.example.test/group');
  await user.click(screen.getByRole('button', { name: 'Create Event' }));
  expect(await screen.findByText('The meeting link does not answer.')).toBeInTheDocument();
  expect(api.calls(STORE)[0]!.body).toMatchObject({ venue_type: 'online', location_id: null, meeting_url: 'https://meet.example.test/group', rrule: null });
});

test('a series’ day asks first; "This event only" edits that day without a repeat rule and sends the scope and the day', async () => {
  const series = buildCalendarEvent({ id: 7, event_title: 'Tuesday support group', date: '2027-03-02', rrule: 'FREQ=WEEKLY;BYDAY=TU', stages: [1] });
  api.on('GET /scheduler/api/event-calendar/7', { status: 200, json: { data: series } });
  api.on(UPDATE, { status: 200, json: { data: { ...series, id: 8, series_id: 7, rrule: null, date: '2027-03-16', recurrence_date: '2027-03-16' }, message: EVENT_MESSAGES.occurrenceUpdated } });
  const { user } = await renderScreen(<EventFormScreen />, { route: '/event-calender/form/:id', path: '/event-calender/form/7?date=2027-03-16' });

  const question = await screen.findByRole('group', { name: 'Edit a repeating event' });
  expect(question).toHaveTextContent('“Tuesday support group” repeats.');
  await user.click(within(question).getByRole('button', { name: 'This event only' }));

  // The day stays on its date: shown, not asked.
  expect(await screen.findByText('Mar 16, 2027')).toBeInTheDocument();
  expect(screen.queryByRole('textbox', { name: /^Date/ })).not.toBeInTheDocument();
  expect(screen.queryByLabelText('Repeat')).not.toBeInTheDocument();
  await user.clear(screen.getByRole('textbox', { name: /^Start Time/ }));
  await user.type(screen.getByRole('textbox', { name: /^Start Time/ }), '05:30 PM');
  await user.click(screen.getByRole('button', { name: 'Save Changes' }));
  await waitFor(() => expect(api.calls(UPDATE)).toHaveLength(1));
  expect(api.calls(UPDATE)[0]!.body).toMatchObject({ id: 7, scope: 'occurrence', occurrence_date: '2027-03-16', date: '2027-03-16', time: '17:30', rrule: null });
  await findNotice('Success', EVENT_MESSAGES.occurrenceUpdated);
});

test('"All events in the series" edits the series with its rule', async () => {
  const series = buildCalendarEvent({ id: 7, date: '2027-03-02', rrule: 'FREQ=WEEKLY;BYDAY=TU;COUNT=10' });
  api.on('GET /scheduler/api/event-calendar/7', { status: 200, json: { data: series } });
  api.on(UPDATE, { status: 200, json: { data: series, message: EVENT_MESSAGES.updated } });
  const { user } = await renderScreen(<EventFormScreen />, { route: '/event-calender/form/:id', path: '/event-calender/form/7?date=2027-03-16' });
  await user.click(await screen.findByRole('button', { name: 'All events in the series' }));
  expect(await screen.findByTestId('repeat-summary')).toHaveTextContent('Every week on Tuesday, 10 times');
  expect(screen.getByRole('textbox', { name: /^Date/ })).toHaveValue('03/02/2027');
  await user.click(screen.getByRole('button', { name: 'Save Changes' }));
  await waitFor(() => expect(api.calls(UPDATE)).toHaveLength(1));
  expect(api.calls(UPDATE)[0]!.body).toMatchObject({ id: 7, scope: 'series', occurrence_date: null, rrule: 'FREQ=WEEKLY;BYDAY=TU;COUNT=10' });
});
