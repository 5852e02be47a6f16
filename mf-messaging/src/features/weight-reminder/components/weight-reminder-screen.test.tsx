import { screen, waitFor, within } from '@testing-library/react';
import {
  DEFAULT_WEIGHT_REMINDER_MESSAGE,
  WEIGHT_REMINDER_MESSAGES,
  type WeightReminderSettings,
} from '@baridesk/contracts';
import { findNotice, renderScreen, startFakeApi, type FakeApi } from '@baridesk/testing';
import { toaster } from '@baridesk/ui';
import WeightReminderScreen from './weight-reminder-screen';

const GET = 'GET /weight-reminder-message' as const;
const SAVE = 'POST /weight-reminder-message/update' as const;
const FIELD_STATUS = 'PUT /weight-reminder/message-field-status/update' as const;

const OWN_TEXT = 'Hi <First Name>, the Northside team misses your weigh-ins!';

const stored = (overrides: Partial<WeightReminderSettings> = {}): WeightReminderSettings => ({
  message: OWN_TEXT,
  status: 1,
  interval_days: 5,
  message_field_status: 1,
  default_message: DEFAULT_WEIGHT_REMINDER_MESSAGE,
  updated_at: '2026-03-05T15:00:00.000Z',
  ...overrides,
});
const defaults = stored({ message: DEFAULT_WEIGHT_REMINDER_MESSAGE, status: 0, interval_days: 7, message_field_status: 0, updated_at: null });

let api: FakeApi;

beforeEach(async () => {
  api = await startFakeApi({ [GET]: { status: 200, json: { data: stored() } } });
});

afterEach(async () => {
  // Notices live in one store for the whole file: start each test without the last one's.
  toaster.remove();
  await api.close();
});

const intervalField = () => screen.getByRole('spinbutton', { name: /Days without a weigh-in before reminding/ });
const messageField = () => screen.getByRole('textbox', { name: /Message/ });
const ownMessageSwitch = () => screen.getByRole('switch', { name: 'Use our own message' });
const preview = () => screen.getByRole('blockquote', { name: 'Reminder preview' });

async function renderSettings() {
  const view = await renderScreen(<WeightReminderScreen />);
  await screen.findByRole('switch', { name: 'Send weight reminders' });
  return view;
}

test("shows the program's settings, its own text with a character count, and a preview with a sample name", async () => {
  const { user } = await renderSettings();
  expect(screen.getByRole('heading', { level: 1, name: 'Automatic Weight Reminder' })).toBeInTheDocument();
  expect(screen.getByText('Last saved Mar 05, 2026.')).toBeInTheDocument();
  expect(screen.getByRole('switch', { name: 'Send weight reminders' })).toBeChecked();
  expect(intervalField()).toHaveValue(5);
  expect(ownMessageSwitch()).toBeChecked();
  expect(messageField()).toHaveValue(OWN_TEXT);
  expect(screen.getByText(`${OWN_TEXT.length} / 1000 characters`)).toBeInTheDocument();
  // The placeholder is explained.
  expect(screen.getByText('<First Name>', { selector: 'code' })).toBeInTheDocument();
  expect(preview()).toHaveTextContent('Hi Sarah, the Northside team misses your weigh-ins!');
  expect(screen.getByText(/What a patient named Sarah receives after 5 days without a weigh-in/)).toBeInTheDocument();
  expect(screen.queryByRole('blockquote', { name: 'Default message' })).not.toBeInTheDocument();

  // The preview follows what is typed, before any save.
  await user.clear(messageField());
  await user.type(messageField(), 'Time to weigh in, <First Name>!');
  expect(preview()).toHaveTextContent('Time to weigh in, Sarah!');
  expect(screen.getByText('You have unsaved changes.')).toBeInTheDocument();
});

test('shows the defaults of a program that saved none, with the default text for reference', async () => {
  api.on(GET, { status: 200, json: { data: defaults } });
  await renderSettings();
  expect(screen.getByText('Not saved yet: the settings below are the defaults.')).toBeInTheDocument();
  expect(screen.getByRole('switch', { name: 'Send weight reminders' })).not.toBeChecked();
  expect(intervalField()).toHaveValue(7);
  expect(ownMessageSwitch()).not.toBeChecked();
  expect(screen.queryByRole('textbox', { name: /Message/ })).not.toBeInTheDocument();
  expect(screen.getByRole('blockquote', { name: 'Default message' })).toHaveTextContent(DEFAULT_WEIGHT_REMINDER_MESSAGE);
  expect(preview()).toHaveTextContent(DEFAULT_WEIGHT_REMINDER_MESSAGE.replace('<First Name>', 'Sarah'));
  expect(screen.getByText('Reminders are off: nothing is sent until you switch them on and save.')).toBeInTheDocument();
});

test('"Use our own message" is saved at once; a refusal puts the switch back', async () => {
  api.on(GET, { status: 200, json: { data: defaults } });
  api.on(FIELD_STATUS, ({ body }) => ({
    status: 200,
    json: {
      data: { ...defaults, message_field_status: (body as { message_field_status: 0 | 1 }).message_field_status, updated_at: '2026-03-06T15:00:00.000Z' },
      message: WEIGHT_REMINDER_MESSAGES.ownMessageOn,
    },
  }));
  const { user } = await renderSettings();

  await user.click(ownMessageSwitch());
  expect(await screen.findByText(WEIGHT_REMINDER_MESSAGES.ownMessageOn)).toBeInTheDocument();
  expect(api.calls(FIELD_STATUS).map((call) => call.body)).toEqual([{ message_field_status: 1 }]);
  expect(ownMessageSwitch()).toBeChecked();
  // The own text starts from the stored one (the default text), ready to be edited.
  expect(messageField()).toHaveValue(DEFAULT_WEIGHT_REMINDER_MESSAGE);
  expect(screen.queryByRole('blockquote', { name: 'Default message' })).not.toBeInTheDocument();
  expect(screen.getByText('Last saved Mar 06, 2026.')).toBeInTheDocument();
  // Nothing else was saved, and the switch is not an unsaved change.
  expect(api.calls(SAVE)).toHaveLength(0);
  expect(screen.queryByText('You have unsaved changes.')).not.toBeInTheDocument();

  api.on(FIELD_STATUS, { status: 500, json: { message: 'The settings could not be saved.' } });
  await user.click(ownMessageSwitch());
  await findNotice('Error', 'The settings could not be saved.');
  await waitFor(() => expect(ownMessageSwitch()).toBeChecked());
  expect(api.calls(FIELD_STATUS).at(-1)!.body).toEqual({ message_field_status: 0 });
});

test('saves every setting and shows the server notice', async () => {
  api.on(SAVE, ({ body }) => ({
    status: 200,
    json: { data: stored({ ...(body as object), updated_at: '2026-03-07T15:00:00.000Z' }), message: WEIGHT_REMINDER_MESSAGES.saved },
  }));
  const { user } = await renderSettings();

  await user.click(screen.getByRole('switch', { name: 'Send weight reminders' }));
  await user.clear(intervalField());
  await user.type(intervalField(), '10');
  await user.clear(messageField());
  await user.type(messageField(), '  Weigh in today, <First Name>.  ');
  expect(screen.getByText('You have unsaved changes.')).toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: 'Save' }));

  expect(await screen.findByText(WEIGHT_REMINDER_MESSAGES.saved)).toBeInTheDocument();
  expect(api.calls(SAVE).map((call) => call.body)).toEqual([
    { message: 'Weigh in today, <First Name>.', status: 0, interval_days: 10, message_field_status: 1 },
  ]);
  expect(screen.getByText('Last saved Mar 07, 2026.')).toBeInTheDocument();
  await waitFor(() => expect(screen.queryByText('You have unsaved changes.')).not.toBeInTheDocument());
  expect(messageField()).toHaveValue('Weigh in today, <First Name>.');
  expect(screen.getByText('Reminders are off: nothing is sent until you switch them on and save.')).toBeInTheDocument();
});

test('checks the fields before sending anything', async () => {
  const { user } = await renderSettings();
  await user.clear(messageField());
  await user.clear(intervalField());
  await user.click(screen.getByRole('button', { name: 'Save' }));
  expect(await screen.findByText(WEIGHT_REMINDER_MESSAGES.intervalRequired)).toBeInTheDocument();

  await user.type(intervalField(), '400');
  await user.type(messageField(), 'Hi <Last Name>');
  await user.click(screen.getByRole('button', { name: 'Save' }));
  expect(await screen.findByText(WEIGHT_REMINDER_MESSAGES.intervalRange)).toBeInTheDocument();
  expect(screen.getByText(WEIGHT_REMINDER_MESSAGES.unknownPlaceholder)).toBeInTheDocument();
  expect(intervalField()).toHaveAttribute('aria-invalid', 'true');

  // The own text is required: checked once the other fields are right.
  await user.clear(intervalField());
  await user.type(intervalField(), '14');
  await user.clear(messageField());
  await user.click(screen.getByRole('button', { name: 'Save' }));
  expect(await screen.findByText(WEIGHT_REMINDER_MESSAGES.messageRequired)).toBeInTheDocument();
  expect(api.calls(SAVE)).toHaveLength(0);
});

test("puts the server's field errors under their fields and keeps what was typed", async () => {
  api.on(SAVE, {
    status: 422,
    json: {
      message: 'Message may not be greater than 1000 characters.',
      errors: { message: ['Message may not be greater than 1000 characters.'], interval_days: ['Pick fewer days.'] },
    },
  });
  const { user } = await renderSettings();
  await user.clear(intervalField());
  await user.type(intervalField(), '12');
  await user.click(screen.getByRole('button', { name: 'Save' }));

  expect(await screen.findByText('Message may not be greater than 1000 characters.')).toBeInTheDocument();
  expect(screen.getByText('Pick fewer days.')).toBeInTheDocument();
  expect(messageField()).toHaveAttribute('aria-invalid', 'true');
  expect(intervalField()).toHaveAttribute('aria-invalid', 'true');
  expect(intervalField()).toHaveValue(12);
  expect(messageField()).toHaveValue(OWN_TEXT);
  expect(screen.getByText('You have unsaved changes.')).toBeInTheDocument();
});

test('shows a notice when saving fails, and keeps what was typed', async () => {
  api.on(SAVE, { status: 500, json: { message: 'Something went wrong on our side. Please try again in a few minutes.' } });
  const { user } = await renderSettings();
  await user.type(messageField(), ' See you soon.');
  await user.click(screen.getByRole('button', { name: 'Save' }));

  await findNotice('Error', 'Something went wrong on our side. Please try again in a few minutes.');
  expect(messageField()).toHaveValue(`${OWN_TEXT} See you soon.`);
  expect(screen.getByRole('button', { name: 'Save' })).toBeEnabled();
});

test('shows the loading state, then a failed load with Try again', async () => {
  api.on(GET, { status: 403, delayMs: 200, json: { message: WEIGHT_REMINDER_MESSAGES.noMessagesAccess } });
  const { user } = await renderScreen(<WeightReminderScreen />);
  expect(screen.getByRole('status', { name: 'Loading the weight reminder settings' })).toBeInTheDocument();

  expect(await screen.findByText('The weight reminder settings could not be loaded.')).toBeInTheDocument();
  expect(screen.getByText(WEIGHT_REMINDER_MESSAGES.noMessagesAccess)).toBeInTheDocument();

  api.on(GET, { status: 200, json: { data: stored() } });
  await user.click(screen.getByRole('button', { name: 'Try again' }));
  expect(await screen.findByRole('switch', { name: 'Send weight reminders' })).toBeChecked();
  expect(within(screen.getByRole('region', { name: 'Automatic Weight Reminder' })).getByRole('button', { name: 'Save' })).toBeInTheDocument();
});
