import { screen, waitFor, within } from '@testing-library/react';
import { EVENT_LOCATION_MESSAGES, EVENT_MESSAGES } from '@baridesk/contracts';
import { chooseOption, chooseRowDelete, pageOf, renderScreen, startFakeApi, type FakeApi } from '@baridesk/testing';
import { buildAdminEvent, buildAdminEventLocation, buildAdminEventRow } from '../../../test/factories';
import AdminEventsArea from './admin-events-area';

const LIST = 'GET /admin/event' as const;
const PROGRAMS = 'GET /admin/event/programs' as const;
const SHOW = 'GET /admin/event/7' as const;
const STORE = 'POST /admin/event/store' as const;
const UPDATE = 'POST /admin/event/update' as const;
const TOGGLE = 'POST /admin/event/toggle-status' as const;
const DELETE = 'POST /admin/event/delete' as const;
const LOCATIONS = 'GET /admin/event/location' as const;
const TIMEZONE = 'POST /admin/event/location/timezone' as const;

const group = buildAdminEvent({ id: 7 });
const seminar = buildAdminEvent({
  id: 8,
  program_id: 302,
  program_title: 'Lakeview Weight Center',
  event_title: 'Nutrition Seminar',
  type: 'Seminar',
  date: '2026-04-02',
  rrule: null,
  venue_type: 'online',
  location_id: null,
  location_name: null,
  meeting_url: 'https://meet.example.test/seminar',
  status: 0,
});
const hall = buildAdminEventLocation({ id: 12, name: 'Community Hall' });

let api: FakeApi;
beforeEach(async () => {
  api = await startFakeApi();
  api.on(LIST, { status: 200, json: pageOf([buildAdminEventRow(group), buildAdminEventRow(seminar)], { total: 2 }) });
  api.on(PROGRAMS, {
    status: 200,
    json: {
      data: [
        { id: 302, title: 'Lakeview Weight Center' },
        { id: 301, title: 'Northside Bariatrics' },
      ],
    },
  });
  api.on(SHOW, { status: 200, json: { data: group } });
  api.on(LOCATIONS, { status: 200, json: pageOf([hall]) });
});
afterEach(() => api.close());

/** The event form checks every field of an event: a save takes a while in jsdom. */
const SAVE_MS = 5000;

const renderArea = (path: string) => renderScreen(<AdminEventsArea />, { route: '/admin/event/*', path });

describe('/admin/event', () => {
  test('lists every program’s events, filtered by program and status, searched and sorted on the server', async () => {
    const { user } = await renderArea('/admin/event');
    await screen.findByRole('link', { name: 'Tuesday Support Group' });
    const table = screen.getByRole('table', { name: 'Events of every program' });
    const row = within(table).getByRole('row', { name: /Tuesday Support Group/ });
    expect(within(row).getByText('Northside Bariatrics')).toBeInTheDocument();
    expect(within(row).getByText('Mar 03, 2026, 06:00 PM – 07:00 PM')).toBeInTheDocument();
    expect(within(row).getByText('Every week on Tuesday')).toBeInTheDocument();
    expect(within(within(table).getByRole('row', { name: /Nutrition Seminar/ })).getByText('Online')).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: 'Nutrition Seminar of Lakeview Weight Center active' })).not.toBeChecked();
    expect(Object.fromEntries(api.calls(LIST)[0]!.query)).toEqual({ page: '1', perPage: '10', sort: 'date', direction: 'desc' });

    await chooseOption(user, screen.findByRole('combobox', { name: 'Program' }), 'Lakeview Weight Center');
    await waitFor(() => expect(api.calls(LIST).at(-1)!.query.get('program_id')).toBe('302'));
    await chooseOption(user, screen.getByRole('combobox', { name: 'Status' }), 'Inactive');
    await waitFor(() => expect(api.calls(LIST).at(-1)!.query.get('status')).toBe('0'));
    await user.type(screen.getByRole('searchbox', { name: 'Search events' }), 'seminar');
    await waitFor(() => expect(api.calls(LIST).at(-1)!.query.get('search')).toBe('seminar'));
    await user.click(within(table).getByRole('button', { name: /^Program/ }));
    await waitFor(() => expect(api.calls(LIST).at(-1)!.query.get('sort')).toBe('program_title'));
    expect(Object.fromEntries(api.calls(LIST).at(-1)!.query)).toMatchObject({ program_id: '302', status: '0', search: 'seminar', page: '1' });
  });

  test('switches an event on, and deletes one after asking', async () => {
    api.on(TOGGLE, ({ body }) => ({ status: 200, json: { data: { ...seminar, ...(body as object) }, message: EVENT_MESSAGES.statusUpdated } }));
    api.on(DELETE, { status: 200, json: { message: EVENT_MESSAGES.deleted } });
    const { user } = await renderArea('/admin/event');
    await screen.findByRole('link', { name: 'Tuesday Support Group' });

    await user.click(screen.getByRole('switch', { name: 'Nutrition Seminar of Lakeview Weight Center active' }));
    expect(await screen.findByText(EVENT_MESSAGES.statusUpdated)).toBeInTheDocument();
    expect(api.calls(TOGGLE)[0]!.body).toEqual({ id: 8, status: 1 });

    await chooseRowDelete(user, 'Tuesday Support Group of Northside Bariatrics');
    let question = await screen.findByRole('alertdialog', { name: 'Delete event' });
    expect(question).toHaveTextContent('Delete Tuesday Support Group of Northside Bariatrics and every day of its series?');
    await user.click(within(question).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(api.calls(DELETE)).toHaveLength(0);

    await chooseRowDelete(user, 'Tuesday Support Group of Northside Bariatrics');
    question = await screen.findByRole('alertdialog', { name: 'Delete event' });
    await user.click(within(question).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText(EVENT_MESSAGES.deleted)).toBeInTheDocument();
    expect(api.calls(DELETE)[0]!.body).toEqual({ id: 7 });
  });

  test('opens an event, and goes to the form from Add Event and Edit', async () => {
    const { user, path } = await renderArea('/admin/event');
    await user.click(await screen.findByRole('link', { name: 'Tuesday Support Group' }));
    expect(path()).toBe('/admin/event/7/show');
    await user.click(await screen.findByRole('link', { name: 'Events' }));
    await user.click(await screen.findByRole('link', { name: 'Add Event' }));
    expect(path()).toBe('/admin/event/store');
    expect(await screen.findByRole('heading', { level: 1, name: 'Add Event' })).toBeInTheDocument();
  });
});

describe('/admin/event/:id/show', () => {
  test('shows the event with its program, Edit and the Active switch', async () => {
    api.on(TOGGLE, ({ body }) => ({ status: 200, json: { data: { ...group, ...(body as object) }, message: EVENT_MESSAGES.statusUpdated } }));
    const { user, path } = await renderArea('/admin/event/7/show');
    expect(await screen.findByRole('heading', { level: 1, name: 'Tuesday Support Group' })).toBeInTheDocument();
    const value = (term: string) => screen.getByText(term, { selector: 'dt' }).nextElementSibling;
    expect(value('Program')).toHaveTextContent('Northside Bariatrics');
    expect(value('When')).toHaveTextContent('Mar 03, 2026, 06:00 PM to 07:00 PM (America/Chicago)');
    expect(value('Repeats')).toHaveTextContent('Every week on Tuesday');
    expect(value('Where')).toHaveTextContent('Community Hall, 12 Lake Street');

    await user.click(screen.getByRole('switch', { name: 'Active' }));
    expect(await screen.findByText(EVENT_MESSAGES.statusUpdated)).toBeInTheDocument();
    expect(api.calls(TOGGLE)[0]!.body).toEqual({ id: 7, status: 0 });
    await user.click(screen.getByRole('link', { name: 'Edit' }));
    expect(path()).toBe('/admin/event/7/edit');
  });

  test('deletes the event after asking, then lists the events', async () => {
    api.on(DELETE, { status: 200, json: { message: EVENT_MESSAGES.deleted } });
    const { user, path } = await renderArea('/admin/event/7/show');
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    const question = await screen.findByRole('alertdialog', { name: 'Delete event' });
    await user.click(within(question).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText(EVENT_MESSAGES.deleted)).toBeInTheDocument();
    await waitFor(() => expect(path()).toBe('/admin/event'));
  });

  test('says when the event is not found or the address is wrong', async () => {
    api.on('GET /admin/event/9', { status: 404, json: { message: EVENT_MESSAGES.notFound } });
    const first = await renderArea('/admin/event/9/show');
    expect(await screen.findByText('The event could not be loaded.')).toBeInTheDocument();
    expect(screen.getByText(EVENT_MESSAGES.notFound)).toBeInTheDocument();
    first.unmount();
    await renderArea('/admin/event/abc/show');
    expect(screen.getByRole('alert')).toHaveTextContent('This address does not name an event.');
  });
});

describe('/admin/event/store and /admin/event/:id/edit', () => {
  test('adds an event to the program chosen', async () => {
    api.on(STORE, ({ body }) => ({ status: 201, json: { data: buildAdminEvent({ ...(body as object), id: 20 }), message: EVENT_MESSAGES.created } }));
    api.on('GET /admin/event/20', { status: 200, json: { data: buildAdminEvent({ id: 20, event_title: 'Family Night' }) } });
    const { user, path } = await renderArea('/admin/event/store');
    const form = await screen.findByRole('form', { name: 'New event' });
    await user.click(within(form).getByRole('button', { name: 'Add Event' }));
    expect(await within(form).findByText(/Event title is required/i, {}, { timeout: SAVE_MS })).toBeInTheDocument();
    expect(api.calls(STORE)).toHaveLength(0);

    await chooseOption(user, within(form).getByRole('combobox', { name: /Program/ }), 'Northside Bariatrics');
    await user.type(within(form).getByRole('textbox', { name: /Event Title/ }), 'Family Night');
    await chooseOption(user, within(form).getByRole('combobox', { name: /^Type/ }), 'Seminar');
    await user.type(within(form).getByRole('textbox', { name: /^Date/ }), '04/14/2026');
    await user.type(within(form).getByRole('textbox', { name: /Start Time/ }), '6:00 PM');
    await user.type(within(form).getByRole('textbox', { name: /End Time/ }), '7:30 PM');
    await chooseOption(user, within(form).getByRole('combobox', { name: /Location/ }), 'Community Hall, 100 State Street, Chicago (shared)');
    await user.click(within(form).getByRole('checkbox', { name: 'Pre-Op' }));
    await user.click(within(form).getByRole('button', { name: 'Add Event' }));

    expect(await screen.findByText(EVENT_MESSAGES.created, {}, { timeout: SAVE_MS })).toBeInTheDocument();
    expect(api.calls(STORE)[0]!.body).toMatchObject({
      program_id: 301,
      event_title: 'Family Night',
      type: 'Seminar',
      date: '2026-04-14',
      time: '18:00',
      end_time: '19:30',
      venue_type: 'in_person',
      location_id: 12,
      stages: [1],
      status: 1,
      rrule: null,
    });
    await waitFor(() => expect(path()).toBe('/admin/event/20/show'));
  });

  test('edits an event in its own program: the whole series, the server’s field error shown', async () => {
    let attempts = 0;
    api.on(UPDATE, ({ body }) => {
      attempts += 1;
      if (attempts === 1) return { status: 422, json: { message: 'The given data was invalid.', errors: { end_time: ['End Time must be greater than Start Time'] } } };
      return { status: 200, json: { data: { ...group, ...(body as object) }, message: EVENT_MESSAGES.updated } };
    });
    const { user, path } = await renderArea('/admin/event/7/edit');
    const form = await screen.findByRole('form', { name: 'Edit event' });
    expect(within(form).getByText('Northside Bariatrics')).toBeInTheDocument();
    expect(within(form).queryByRole('combobox', { name: /Program/ })).not.toBeInTheDocument();
    const title = within(form).getByRole('textbox', { name: /Event Title/ });
    expect(title).toHaveValue('Tuesday Support Group');
    await user.clear(title);
    await user.type(title, 'Tuesday Evening Group');
    await user.click(within(form).getByRole('button', { name: 'Save Changes' }));
    expect(await within(form).findByText('End Time must be greater than Start Time', {}, { timeout: SAVE_MS })).toBeInTheDocument();

    await user.click(within(form).getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText(EVENT_MESSAGES.updated, {}, { timeout: SAVE_MS })).toBeInTheDocument();
    expect(api.calls(UPDATE)[1]!.body).toMatchObject({
      id: 7,
      scope: 'series',
      event_title: 'Tuesday Evening Group',
      location_id: 12,
      stages: [1, 2],
      rrule: 'FREQ=WEEKLY;BYDAY=TU',
    });
    await waitFor(() => expect(path()).toBe('/admin/event/7/show'));
  });

  test('a changed day of a series shows its date instead of asking it, and cannot repeat', async () => {
    api.on('GET /admin/event/21', {
      status: 200,
      json: { data: buildAdminEvent({ id: 21, event_title: 'Tuesday Support Group', series_id: 7, recurrence_date: '2026-04-21', date: '2026-04-21', rrule: null }) },
    });
    await renderArea('/admin/event/21/edit');
    const form = await screen.findByRole('form', { name: 'Edit event' });
    expect(within(form).getByRole('note')).toHaveTextContent('This is the changed day Apr 21, 2026 of a series.');
    expect(within(form).queryByRole('textbox', { name: /^Date/ })).not.toBeInTheDocument();
    expect(within(form).getAllByText('Apr 21, 2026').length).toBeGreaterThan(0);
    expect(within(form).queryByLabelText('Repeat')).not.toBeInTheDocument();
  });
});

describe('/admin/event/location', () => {
  test('lists the shared locations and adds one, its time zone from the coordinates', async () => {
    api.on('POST /admin/event/location/store', ({ body }) => ({
      status: 201,
      json: { data: buildAdminEventLocation({ ...(body as object), id: 30, timezone: 'Europe/London' }), message: EVENT_LOCATION_MESSAGES.created },
    }));
    api.on(TIMEZONE, { status: 200, json: { data: { timezone: 'Europe/London' } } });
    const { user, path } = await renderArea('/admin/event/location');
    expect(await screen.findByRole('heading', { level: 1, name: 'Shared Event Locations' })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Shared event locations' });
    expect(within(within(table).getByRole('row', { name: /Community Hall/ })).getByText('America/Chicago')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Add Location' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Location' });
    await user.type(within(dialog).getByRole('textbox', { name: /Name/ }), 'London Clinic');
    await user.type(within(dialog).getByRole('spinbutton', { name: /Latitude/ }), '51.5');
    await user.type(within(dialog).getByRole('spinbutton', { name: /Longitude/ }), '-0.12');
    await waitFor(() => expect(within(dialog).getByRole('textbox', { name: 'Time zone' })).toHaveValue('Europe/London'));
    expect(api.calls(TIMEZONE)[0]!.body).toEqual({ latitude: 51.5, longitude: -0.12 });
    await user.click(within(dialog).getByRole('button', { name: 'Add Location' }));
    expect(await screen.findByText(EVENT_LOCATION_MESSAGES.created)).toBeInTheDocument();

    await user.click(within(screen.getByRole('navigation', { name: 'Breadcrumb' })).getByRole('link', { name: 'Events' }));
    expect(path()).toBe('/admin/event');
  });
});

test('an address below /admin/event that names no screen says so', async () => {
  await renderArea('/admin/event/7/unknown');
  expect(screen.getByRole('alert')).toHaveTextContent('There is no such events page.');
});
