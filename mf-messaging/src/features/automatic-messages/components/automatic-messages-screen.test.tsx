import { screen, waitFor, within } from '@testing-library/react';
import { AUTOMATIC_MESSAGES } from '@baridesk/contracts';
import { chooseOption, chooseRowDelete, findNotice, pageOf, renderScreen, startFakeApi, type FakeApi } from '@baridesk/testing';
import { toaster } from '@baridesk/ui';
import { buildAutomaticRule } from '../../../test/factories';
import AutomaticMessagesScreen from './automatic-messages-screen';

const LIST = 'GET /automatic-messages' as const;
const CREATE = 'POST /automatic-messages' as const;
const STATUS = 'PUT /AutomaticMessages/message-field-status/update' as const;

const surgery = buildAutomaticRule({ id: 1, title: 'Three days to go', channels: ['inbox', 'email'], sent_count: 1234 });
const weight = buildAutomaticRule({ id: 2, title: 'Weight reminder', trigger: 'no_weight_logged', days: 7, status: 0 });
const stage = buildAutomaticRule({ id: 3, title: 'Two weeks Post-Op', trigger: 'days_in_stage', stage: 2, days: 14 });

let api: FakeApi;

beforeEach(async () => {
  api = await startFakeApi();
  api.on(LIST, () => ({ status: 200, json: pageOf([surgery, weight, stage]) }));
});

afterEach(async () => {
  toaster.remove();
  await api.close();
});

const table = () => screen.getByRole('table', { name: 'Automatic messages' });
const rowOf = (title: string) => within(table()).getByRole('row', { name: new RegExp(title) });

async function renderList() {
  const view = await renderScreen(<AutomaticMessagesScreen />);
  await screen.findByText('Three days to go');
  return view;
}

test('lists the rules with when they send, their channels, how many they reached and their switch', async () => {
  await renderList();
  expect(screen.getByRole('heading', { level: 1, name: 'Automatic Messages' })).toBeInTheDocument();
  const first = rowOf('Three days to go');
  expect(within(first).getByText('3 days before surgery')).toBeInTheDocument();
  expect(within(first).getByText('App inbox, E-mail')).toBeInTheDocument();
  expect(within(first).getByText('1,234')).toBeInTheDocument();
  expect(within(first).getByRole('switch', { name: 'Three days to go on' })).toBeChecked();
  expect(within(rowOf('Weight reminder')).getByText('No weight logged for 7 days')).toBeInTheDocument();
  expect(within(rowOf('Weight reminder')).getByRole('switch', { name: 'Weight reminder on' })).not.toBeChecked();
  expect(within(rowOf('Two weeks Post-Op')).getByText('14 days in Post-Op')).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'weight reminder' })).toHaveAttribute('href', '/weight-reminder-message');
  expect(Object.fromEntries(api.calls(LIST)[0]!.query)).toEqual({ page: '1', perPage: '10', sort: 'created_at', direction: 'asc' });
});

test('switches a rule off with the spec’s call and shows the server’s notice', async () => {
  api.on(STATUS, () => ({ status: 200, json: { data: { ...surgery, status: 0 }, message: AUTOMATIC_MESSAGES.switchedOff } }));
  const { user } = await renderList();
  await user.click(within(rowOf('Three days to go')).getByRole('switch', { name: 'Three days to go on' }));
  await waitFor(() => expect(api.calls(STATUS)).toHaveLength(1));
  expect(api.calls(STATUS)[0]!.body).toEqual({ id: 1, message_field_status: 0 });
  await findNotice('Success', AUTOMATIC_MESSAGES.switchedOff);
});

test('adds a rule: the stage appears for "Days in a stage", the server’s field errors go under their fields', async () => {
  api.on(CREATE, () => ({ status: 422, json: { message: 'The given data was invalid.', errors: { title: ['Title is taken.'] } } }));
  const { user } = await renderList();
  await user.click(screen.getByRole('button', { name: 'Add automatic message' }));
  const dialog = await screen.findByRole('dialog', { name: 'Add automatic message' });

  // Nothing filled in: the form's own messages, nothing sent.
  await user.click(within(dialog).getByRole('button', { name: 'Add automatic message' }));
  expect(await within(dialog).findByText('Please choose when the message is sent.')).toBeInTheDocument();
  expect(within(dialog).getByText('Title is required.')).toBeInTheDocument();
  expect(api.calls(CREATE)).toHaveLength(0);

  await user.type(within(dialog).getByRole('textbox', { name: /Title/ }), 'Two weeks after');
  await chooseOption(user, within(dialog).getByRole('combobox', { name: /Send when/ }), 'Days in a stage');
  await chooseOption(user, within(dialog).getByRole('combobox', { name: /Stage/ }), 'Post-Op');
  await user.type(within(dialog).getByRole('spinbutton', { name: /Days/ }), '14');
  await user.type(within(dialog).getByRole('textbox', { name: /Message/ }), 'How are you doing?');
  await user.click(within(dialog).getByRole('checkbox', { name: 'Push notification' }));
  await user.click(within(dialog).getByRole('button', { name: 'Add automatic message' }));

  await waitFor(() => expect(api.calls(CREATE)).toHaveLength(1));
  expect(api.calls(CREATE)[0]!.body).toEqual({
    trigger: 'days_in_stage',
    days: 14,
    stage: 2,
    checklist_item_id: null,
    title: 'Two weeks after',
    message: 'How are you doing?',
    channels: ['inbox', 'push'],
    status: 1,
  });
  expect(await within(dialog).findByText('Title is taken.')).toBeInTheDocument();
});

test('refuses to save without a channel', async () => {
  const { user } = await renderList();
  await user.click(within(rowOf('Three days to go')).getByRole('button', { name: 'Edit Three days to go' }));
  const dialog = await screen.findByRole('dialog', { name: 'Edit automatic message' });
  expect(within(dialog).getByRole('textbox', { name: /Title/ })).toHaveValue('Three days to go');
  await user.click(within(dialog).getByRole('checkbox', { name: 'App inbox' }));
  await user.click(within(dialog).getByRole('checkbox', { name: 'E-mail' }));
  await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
  expect(await within(dialog).findByText(AUTOMATIC_MESSAGES.channelsRequired)).toBeInTheDocument();
});

test('asks before deleting, then deletes', async () => {
  api.on('DELETE /automatic-messages/2', () => ({ status: 200, json: { message: AUTOMATIC_MESSAGES.deleted } }));
  const { user } = await renderList();
  await chooseRowDelete(user, 'Weight reminder', rowOf('Weight reminder'));
  const confirm = await screen.findByRole('alertdialog', { name: 'Delete automatic message' });
  expect(confirm).toHaveTextContent('It is the weight reminder: the reminder is switched off.');
  expect(api.calls('DELETE /automatic-messages/2')).toHaveLength(0);
  await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
  await waitFor(() => expect(api.calls('DELETE /automatic-messages/2')).toHaveLength(1));
  await findNotice('Success', AUTOMATIC_MESSAGES.deleted);
});

test('Run now queues the run and says so', async () => {
  api.on('POST /automatic-messages/run', () => ({ status: 202, json: { message: AUTOMATIC_MESSAGES.runQueued, queued: true } }));
  const { user } = await renderList();
  await user.click(screen.getByRole('button', { name: 'Run now' }));
  await findNotice('Success', AUTOMATIC_MESSAGES.runQueued);
});
