import { act, screen, waitFor, within } from '@testing-library/react';
import { EVENT_LOCATION_MESSAGES } from '@baridesk/contracts';
import { TIME_ZONE_LOOKUP_DELAY_MS } from '@baridesk/ui/resources';
import { pageOf, renderScreen, startFakeApi, type FakeApi } from '@baridesk/testing';
import { buildEventLocation } from '../../../test/factories';
import EventLocationsScreen from './event-locations-screen';

const LIST = 'GET /event-calendar/location' as const;
const STORE = 'POST /event-calendar/location/store' as const;
const UPDATE = 'POST /event-calendar/location/update' as const;
const TIMEZONE = 'POST /event-calendar/location/timezone' as const;

const hall = buildEventLocation({ id: 4, name: 'Community Hall', address: '12 Lake Street', timezone: 'America/Chicago' });
const annex = buildEventLocation({ id: 5, name: 'Clinic Annex', latitude: 40.7128, longitude: -74.006, timezone: 'America/New_York', status: 0 });

let api: FakeApi;
beforeEach(async () => {
  api = await startFakeApi();
  api.on(LIST, { status: 200, json: pageOf([hall, annex]) });
  api.on(TIMEZONE, ({ body }) => {
    const { longitude } = body as { latitude: number; longitude: number };
    return { status: 200, json: { data: { timezone: longitude < -80 ? 'America/Chicago' : 'America/New_York' } } };
  });
});
afterEach(() => api.close());

async function renderList() {
  const view = await renderScreen(<EventLocationsScreen />, { route: '/event-calender/locations' });
  await screen.findByRole('cell', { name: 'Community Hall' });
  return view;
}

const timeZoneBox = (dialog: HTMLElement) => within(dialog).getByRole('textbox', { name: 'Time zone' });

test('lists the locations with their time zones, below the calendar', async () => {
  const { user, path } = await renderList();
  expect(screen.getByRole('heading', { level: 1, name: 'Event Locations' })).toBeInTheDocument();
  const table = screen.getByRole('table', { name: 'Event locations' });
  expect(within(within(table).getByRole('row', { name: /Community Hall/ })).getByText('America/Chicago')).toBeInTheDocument();
  expect(within(within(table).getByRole('row', { name: /Clinic Annex/ })).getByText('America/New_York')).toBeInTheDocument();
  expect(screen.getByRole('switch', { name: 'Community Hall active' })).toBeChecked();
  expect(screen.getByRole('switch', { name: 'Clinic Annex active' })).not.toBeChecked();

  await user.click(within(table).getByRole('button', { name: /Time zone/ }));
  await waitFor(() => expect(api.calls(LIST).at(-1)!.query.get('sort')).toBe('timezone'));

  await user.click(within(screen.getByRole('navigation', { name: 'Breadcrumb' })).getByRole('link', { name: 'Event Calendar' }));
  expect(path()).toBe('/event-calender');
});

test('adds a location: the time zone is found from the coordinates and shown, read-only', async () => {
  api.on(STORE, ({ body }) => ({
    status: 201,
    json: { data: buildEventLocation({ ...(body as object), id: 9, timezone: 'America/Chicago' }), message: EVENT_LOCATION_MESSAGES.created },
  }));
  const { user } = await renderList();
  await user.click(screen.getByRole('button', { name: 'Add Location' }));
  const dialog = await screen.findByRole('dialog', { name: 'Add Location' });
  const zone = timeZoneBox(dialog);
  expect(zone).toHaveAttribute('readonly');
  expect(zone).toHaveValue('');

  await user.type(within(dialog).getByRole('textbox', { name: /Name/ }), 'Riverside Library');
  await user.type(within(dialog).getByRole('spinbutton', { name: /Latitude/ }), '41.88');
  // One coordinate is not enough to ask.
  await act(() => new Promise((resolve) => setTimeout(resolve, TIME_ZONE_LOOKUP_DELAY_MS + 100)));
  expect(api.calls(TIMEZONE)).toHaveLength(0);

  await user.type(within(dialog).getByRole('spinbutton', { name: /Longitude/ }), '-87.63');
  await waitFor(() => expect(zone).toHaveValue('America/Chicago'));
  expect(api.calls(TIMEZONE)).toHaveLength(1);
  expect(api.calls(TIMEZONE)[0]!.body).toEqual({ latitude: 41.88, longitude: -87.63 });
  expect(within(dialog).getByRole('status')).toHaveTextContent('Time zone America/Chicago');

  await user.click(within(dialog).getByRole('button', { name: 'Add Location' }));
  expect(await screen.findByText(EVENT_LOCATION_MESSAGES.created)).toBeInTheDocument();
  expect(api.calls(STORE)[0]!.body).toEqual({ name: 'Riverside Library', latitude: 41.88, longitude: -87.63, status: 1 });
});

test('a coordinate out of range asks nothing and says why', async () => {
  const { user } = await renderList();
  await user.click(screen.getByRole('button', { name: 'Add Location' }));
  const dialog = await screen.findByRole('dialog', { name: 'Add Location' });
  await user.type(within(dialog).getByRole('spinbutton', { name: /Latitude/ }), '95');
  await user.type(within(dialog).getByRole('spinbutton', { name: /Longitude/ }), '10');
  expect(await within(dialog).findByText('Enter a valid latitude and longitude to find the time zone.')).toBeInTheDocument();
  expect(timeZoneBox(dialog)).toHaveValue('');

  await user.type(within(dialog).getByRole('textbox', { name: /Name/ }), 'Nowhere');
  await user.click(within(dialog).getByRole('button', { name: 'Add Location' }));
  expect(await within(dialog).findByText('Latitude must be between -90 and 90.')).toBeInTheDocument();
  expect(api.calls(TIMEZONE)).toHaveLength(0);
  expect(api.calls(STORE)).toHaveLength(0);
});

test('editing shows the stored zone, and a new one once the coordinates change', async () => {
  api.on(UPDATE, ({ body }) => ({ status: 200, json: { data: { ...annex, ...(body as object) }, message: EVENT_LOCATION_MESSAGES.updated } }));
  const { user } = await renderList();
  await user.click(screen.getByRole('button', { name: 'Edit Clinic Annex' }));
  const dialog = await screen.findByRole('dialog', { name: 'Edit Location' });
  expect(timeZoneBox(dialog)).toHaveValue('America/New_York');
  await act(() => new Promise((resolve) => setTimeout(resolve, TIME_ZONE_LOOKUP_DELAY_MS + 100)));
  expect(api.calls(TIMEZONE)).toHaveLength(0);

  const longitude = within(dialog).getByRole('spinbutton', { name: /Longitude/ });
  await user.clear(longitude);
  await user.type(longitude, '-87.9');
  await waitFor(() => expect(timeZoneBox(dialog)).toHaveValue('America/Chicago'));

  await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
  expect(await screen.findByText(EVENT_LOCATION_MESSAGES.updated)).toBeInTheDocument();
  expect(api.calls(UPDATE)[0]!.body).toMatchObject({ id: 5, latitude: 40.7128, longitude: -87.9, status: 0 });
});

test('a failed zone lookup shows the server message under the time zone', async () => {
  api.on(TIMEZONE, { status: 500, json: { message: 'The time zone could not be found.' } });
  const { user } = await renderList();
  await user.click(screen.getByRole('button', { name: 'Add Location' }));
  const dialog = await screen.findByRole('dialog', { name: 'Add Location' });
  await user.type(within(dialog).getByRole('spinbutton', { name: /Latitude/ }), '41.88');
  await user.type(within(dialog).getByRole('spinbutton', { name: /Longitude/ }), '-87.63');
  expect(await within(dialog).findByText('The time zone could not be found.')).toBeInTheDocument();
});
