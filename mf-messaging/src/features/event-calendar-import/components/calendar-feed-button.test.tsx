import { screen, waitFor, within } from '@testing-library/react';
import { CALENDAR_IMPORT_MESSAGES } from '@baridesk/contracts';
import { renderScreen, startFakeApi, type FakeApi } from '@baridesk/testing';
import { CalendarFeedButton } from './calendar-feed-button';

const FEED = 'GET /scheduler/api/event-calendar/feed' as const;
const RENEW = 'POST /scheduler/api/event-calendar/feed' as const;
const FIRST = 'https://baridesk.test/api/calendar-feed/first-token.ics';
const SECOND = 'https://baridesk.test/api/calendar-feed/second-token.ics';

let api: FakeApi;
beforeEach(async () => {
  api = await startFakeApi();
});
afterEach(() => api.close());

async function openDialog() {
  const view = await renderScreen(<CalendarFeedButton />);
  await view.user.click(screen.getByRole('button', { name: 'Subscribe' }));
  return { ...view, dialog: await screen.findByRole('dialog', { name: 'Subscribe to the calendar' }) };
}

test('makes the first feed address, which can be copied', async () => {
  api.on(FEED, { status: 200, json: { data: { url: null } } });
  api.on(RENEW, { status: 200, json: { data: { url: FIRST }, message: CALENDAR_IMPORT_MESSAGES.feedCreated } });
  const { user, dialog } = await openDialog();
  expect(await within(dialog).findByText('There is no feed address yet.')).toBeInTheDocument();
  expect(within(dialog).getByText(/Google Calendar/)).toHaveTextContent('Outlook');

  // No question for the first address: nothing is subscribed yet.
  await user.click(within(dialog).getByRole('button', { name: 'Create link' }));
  expect(await screen.findByText(CALENDAR_IMPORT_MESSAGES.feedCreated)).toBeInTheDocument();
  expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  const address = within(dialog).getByRole('textbox', { name: 'Private feed address' });
  expect(address).toHaveValue(FIRST);
  expect(address).toHaveAttribute('readonly');

  // user-event puts its own clipboard in place as it starts: watch that one.
  const writeText = jest.spyOn(navigator.clipboard, 'writeText');
  await user.click(within(dialog).getByRole('button', { name: 'Copy' }));
  expect(writeText).toHaveBeenCalledWith(FIRST);
  expect(within(dialog).getByRole('status')).toHaveTextContent('Feed address copied.');
});

test('resets the address only after saying that old subscriptions stop', async () => {
  api.on(FEED, { status: 200, json: { data: { url: FIRST } } });
  api.on(RENEW, { status: 200, json: { data: { url: SECOND }, message: CALENDAR_IMPORT_MESSAGES.feedRotated } });
  const { user, dialog } = await openDialog();
  expect(await within(dialog).findByRole('textbox', { name: 'Private feed address' })).toHaveValue(FIRST);

  await user.click(within(dialog).getByRole('button', { name: 'Reset link' }));
  let question = await screen.findByRole('alertdialog', { name: 'Reset the feed link' });
  expect(question).toHaveTextContent('Calendars subscribed with the old address stop updating');
  await user.click(within(question).getByRole('button', { name: 'Cancel' }));
  await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
  expect(api.calls(RENEW)).toHaveLength(0);

  await user.click(within(dialog).getByRole('button', { name: 'Reset link' }));
  question = await screen.findByRole('alertdialog', { name: 'Reset the feed link' });
  await user.click(within(question).getByRole('button', { name: 'Reset link' }));
  expect(await screen.findByText(CALENDAR_IMPORT_MESSAGES.feedRotated)).toBeInTheDocument();
  expect(within(dialog).getByRole('textbox', { name: 'Private feed address' })).toHaveValue(SECOND);
  expect(api.calls(RENEW)).toHaveLength(1);
});
