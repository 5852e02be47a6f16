import { screen, waitFor, within } from '@testing-library/react';
import { STAFF_MESSAGE_MESSAGES, type ScheduledMessage } from '@baridesk/contracts';
import { chooseOption, pageOf, renderScreen, startFakeApi, type FakeApi } from '@baridesk/testing';
import { toaster } from '@baridesk/ui';
import ScheduledMessagesScreen from './scheduled-messages-screen';

const LIST = 'GET /scheduled-messages' as const;
const CREATE = 'POST /scheduled-messages' as const;
const COUNT = 'POST /on-demand-messages/audience-count' as const;

const weekly: ScheduledMessage = {
  id: 7,
  title: 'Monday weigh-in',
  message: 'Step on the scale.',
  channels: ['inbox'],
  audience: { patient_ids: [5] },
  send_at: '2026-12-07T14:00:00.000Z',
  local_send_at: '2026-12-07T08:00',
  timezone: 'America/Chicago',
  patient_timezone: false,
  rrule: 'FREQ=WEEKLY;BYDAY=MO',
  message_template_id: null,
  status: 'active',
  next_run_at: '2026-12-07T14:00:00.000Z',
  last_run_at: null,
  runs_count: 0,
  created_by_name: 'Jordan Ellis',
  created_at: '2026-11-20T10:00:00.000Z',
  updated_at: '2026-11-20T10:00:00.000Z',
};

let api: FakeApi;

beforeEach(async () => {
  api = await startFakeApi();
  api.on(LIST, () => ({ status: 200, json: pageOf([weekly]) }));
  api.on('GET /alerts/message-templates', () => ({ status: 200, json: pageOf([]) }));
  api.on('GET /pre-load-filters', () => ({ status: 200, json: { data: { stages: [], tags: [], coordinators: [], locations: [] } } }));
  api.on(COUNT, () => ({ status: 200, json: { data: { count: 42 } } }));
});

afterEach(async () => {
  toaster.remove();
  await api.close();
});

test('lists the schedules with their rule in words, their next run and status', async () => {
  await renderScreen(<ScheduledMessagesScreen />);
  const row = await within(screen.getByRole('table', { name: 'Scheduled messages' })).findByRole('row', { name: /Monday weigh-in/ });
  expect(within(row).getByText(/America\/Chicago\), every week on monday/)).toBeInTheDocument();
  expect(within(row).getByText('Active')).toBeInTheDocument();
  expect(Object.fromEntries(api.calls(LIST)[0]!.query)).toEqual({ page: '1', perPage: '10', sort: 'next_run_at', direction: 'asc' });
});

test('schedules a weekly message to a filter: the rule said in words, the count in the question, the RRULE in the call', async () => {
  api.on(CREATE, () => ({ status: 201, json: { data: { ...weekly, id: 8 }, message: STAFF_MESSAGE_MESSAGES.scheduled } }));
  const { user } = await renderScreen(<ScheduledMessagesScreen />);
  await user.click(await screen.findByRole('button', { name: 'Schedule a message' }));
  const dialog = await screen.findByRole('dialog', { name: 'Schedule a message' });
  await user.type(within(dialog).getByLabelText(/^Title/), 'Support group');
  await user.type(within(dialog).getByLabelText(/^Message/), 'Thursday at 7.');
  await user.click(within(dialog).getByText('Patients matching filters'));
  await waitFor(() => expect(within(dialog).getByTestId('audience-count')).toHaveTextContent('42 patients will receive this message.'), { timeout: 5_000 });
  await user.type(within(dialog).getByLabelText(/^Date and time/), '2026-12-07T08:00');
  await chooseOption(user, within(dialog).getByLabelText('Repeat'), 'weekly');
  await user.click(within(dialog).getByText('Monday'));
  await user.click(within(dialog).getByText('Thursday'));
  await user.click(within(dialog).getByRole('radio', { name: 'After a number of times' }));
  await user.type(within(dialog).getByLabelText('Number of times'), '4');
  expect(within(dialog).getByTestId('repeat-summary')).toHaveTextContent('Repeats: Every week on Monday and Thursday, 4 times');

  await user.click(within(dialog).getByRole('button', { name: 'Schedule message' }));
  const question = await screen.findByRole('alertdialog', { name: 'Schedule this message?' });
  expect(question).toHaveTextContent('42 patients get this message from 2026-12-07 at 08:00, every week on monday and thursday, 4 times.');
  await user.click(within(question).getByRole('button', { name: 'Schedule' }));
  await waitFor(() => expect(api.calls(CREATE)).toHaveLength(1));
  expect(api.calls(CREATE)[0]!.body).toMatchObject({
    title: 'Support group',
    channels: ['inbox'],
    patient_ids: null,
    filter: {},
    send_at: '2026-12-07T08:00',
    timezone: null,
    rrule: 'FREQ=WEEKLY;BYDAY=MO,TH;COUNT=4',
  });
});
