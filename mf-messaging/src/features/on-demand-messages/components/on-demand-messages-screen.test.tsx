import { screen, waitFor, within } from '@testing-library/react';
import { STAFF_MESSAGE_MESSAGES, type SentMessage } from '@baridesk/contracts';
import { chooseOption, pageOf, renderScreen, startFakeApi, type FakeApi } from '@baridesk/testing';
import { toaster } from '@baridesk/ui';
import OnDemandMessagesScreen from './on-demand-messages-screen';

const LIST = 'GET /on-demand-messages' as const;
const SEND = 'POST /on-demand-messages' as const;
const COUNT = 'POST /on-demand-messages/audience-count' as const;

const sent: SentMessage = {
  id: 3,
  title: 'Clinic closed Friday',
  message: 'The clinic is closed this Friday.',
  channels: ['inbox', 'email'],
  audience: { patient_ids: [1, 2] },
  recipient_count: 1200,
  status: 'sent',
  message_template_id: null,
  created_by_name: 'Jordan Ellis',
  created_at: '2026-11-20T10:00:00.000Z',
  sent_at: '2026-11-20T10:00:03.000Z',
  run_at: null,
};
const template = { id: 9, title: 'Weigh-in reminder', message: 'Please log your weight today.', status: 1, created_at: '', updated_at: '' };
const patient = { id: 41, name: 'Dana Rivera', email: 'dana@example.test' };

let api: FakeApi;

beforeEach(async () => {
  api = await startFakeApi();
  api.on(LIST, () => ({ status: 200, json: pageOf([sent]) }));
  api.on('GET /alerts/message-templates', () => ({ status: 200, json: pageOf([template]) }));
  api.on('GET /patients', () => ({ status: 200, json: pageOf([patient]) }));
  api.on(COUNT, () => ({ status: 200, json: { data: { count: 1 } } }));
});

afterEach(async () => {
  toaster.remove();
  await api.close();
});

test('lists the messages newest first with their channels, recipients and status', async () => {
  await renderScreen(<OnDemandMessagesScreen />);
  const row = await within(screen.getByRole('table', { name: 'On-demand messages' })).findByRole('row', { name: /Clinic closed Friday/ });
  expect(within(row).getByText('App inbox, E-mail')).toBeInTheDocument();
  expect(within(row).getByText('1,200')).toBeInTheDocument();
  expect(within(row).getByText('Sent')).toBeInTheDocument();
  expect(within(row).getByRole('link', { name: 'Clinic closed Friday' })).toHaveAttribute('href', '/on-demand-messages/3/show');
  expect(Object.fromEntries(api.calls(LIST)[0]!.query)).toEqual({ page: '1', perPage: '10', sort: 'created_at', direction: 'desc' });
});

test('composes from a template to a chosen patient and sends after the question naming how many get it', async () => {
  api.on(SEND, () => ({ status: 201, json: { data: { ...sent, id: 4 }, message: STAFF_MESSAGE_MESSAGES.sent } }));
  const { user } = await renderScreen(<OnDemandMessagesScreen />);
  await user.click(await screen.findByRole('button', { name: 'New message' }));
  const dialog = await screen.findByRole('dialog', { name: 'New message' });
  await waitFor(() => expect(within(dialog).getByRole('option', { name: 'Weigh-in reminder' })).toBeInTheDocument());
  await chooseOption(user, within(dialog).getByLabelText('Start from a template'), '9');
  expect(within(dialog).getByLabelText(/^Title/)).toHaveValue('Weigh-in reminder');
  expect(within(dialog).getByLabelText(/^Message/)).toHaveValue('Please log your weight today.');

  // Nothing chosen yet: sending is refused on the recipients.
  await user.click(within(dialog).getByRole('button', { name: 'Send message' }));
  expect(await within(dialog).findByText(STAFF_MESSAGE_MESSAGES.noPatients)).toBeInTheDocument();

  await user.type(within(dialog).getByLabelText('Find patients'), 'Rivera');
  await user.click(await within(dialog).findByRole('button', { name: 'Add Dana Rivera' }));
  expect(within(dialog).getByRole('button', { name: 'Remove Dana Rivera' })).toBeInTheDocument();
  await waitFor(() => expect(within(dialog).getByTestId('audience-count')).toHaveTextContent('1 patient will receive this message.'), { timeout: 5_000 });

  await user.click(within(dialog).getByRole('button', { name: 'Send message' }));
  const question = await screen.findByRole('alertdialog', { name: 'Send this message?' });
  expect(question).toHaveTextContent('1 patient gets this message now.');
  await user.click(within(question).getByRole('button', { name: 'Send' }));
  await waitFor(() => expect(api.calls(SEND)).toHaveLength(1));
  expect(api.calls(SEND)[0]!.body).toEqual({
    title: 'Weigh-in reminder',
    message: 'Please log your weight today.',
    channels: ['inbox'],
    message_template_id: 9,
    patient_ids: [41],
    filter: null,
  });
});
