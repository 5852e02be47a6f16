import { screen, waitFor, within } from '@testing-library/react';
import { ALERT_MESSAGES, type FailedDelivery, type PatientReply } from '@baridesk/contracts';
import { chooseOption, findNotice, pageOf, renderScreen, startFakeApi, type FakeApi } from '@baridesk/testing';
import { toaster } from '@baridesk/ui';
import AlertsScreen from './alerts-screen';

const failed: FailedDelivery = {
  id: 41,
  message_id: 7,
  message_title: 'Surgery soon',
  patient_id: 5,
  patient_name: 'Ana Lopez',
  channel: 'email',
  error: 'No e-mail address',
  attempts: 1,
  failed_at: '2026-03-05T15:00:00.000Z',
};
const reply: PatientReply = {
  id: 9,
  patient_id: 6,
  patient_name: 'Ben Ode',
  message_id: 7,
  message_title: 'Surgery soon',
  body: 'Can I eat the day before?',
  created_at: '2026-03-05T16:00:00.000Z',
  handled_at: null,
  handled_by_name: null,
};

let api: FakeApi;

beforeEach(async () => {
  api = await startFakeApi({
    'GET /alerts/counts': { status: 200, json: { data: { failed_deliveries: 1, inactive_patients: 0, replies: 1 } } },
    'GET /alerts/failed-deliveries': { status: 200, json: pageOf([failed]) },
    'GET /alerts/inactive-patients': { status: 200, json: pageOf([]) },
    'GET /alerts/replies': { status: 200, json: pageOf([reply]) },
  });
});

afterEach(async () => {
  toaster.remove();
  await api.close();
});

test('shows the counts on the tabs and the failed deliveries with their reason; Retry queues one again', async () => {
  api.on('POST /alerts/failed-deliveries/retry', () => ({ status: 200, json: { data: { retried: 1 }, message: ALERT_MESSAGES.retried } }));
  const { user } = await renderScreen(<AlertsScreen />);
  expect(await screen.findByRole('tab', { name: 'Failed deliveries (1)' })).toHaveAttribute('aria-selected', 'true');
  expect(screen.getByRole('tab', { name: 'Stopped logging (0)' })).toBeInTheDocument();
  const row = await screen.findByRole('row', { name: /Ana Lopez/ });
  expect(within(row).getByText('No e-mail address')).toBeInTheDocument();
  expect(within(row).getByRole('link', { name: 'Ana Lopez' })).toHaveAttribute('href', '/patient-detail/5');
  await user.click(within(row).getByRole('button', { name: 'Retry the E-mail to Ana Lopez' }));
  await waitFor(() => expect(api.calls('POST /alerts/failed-deliveries/retry')).toHaveLength(1));
  expect(api.calls('POST /alerts/failed-deliveries/retry')[0]!.body).toEqual({ ids: [41] });
  await findNotice('Success', ALERT_MESSAGES.retried);
});

test('lists patients who stopped logging for the days chosen', async () => {
  const { user } = await renderScreen(<AlertsScreen />);
  await user.click(await screen.findByRole('tab', { name: /Stopped logging/ }));
  expect(await screen.findByText('Every patient who uses the app has been active in the last 14 days.')).toBeInTheDocument();
  expect(api.calls('GET /alerts/inactive-patients').at(-1)!.query.get('days')).toBe('14');
  await chooseOption(user, screen.getByRole('combobox', { name: 'No app activity and no weigh-in for' }), '30 days');
  await waitFor(() => expect(api.calls('GET /alerts/inactive-patients').at(-1)!.query.get('days')).toBe('30'));
});

test('marks a reply handled', async () => {
  api.on('POST /alerts/replies/9/handled', () => ({ status: 200, json: { data: { ...reply, handled_at: '2026-03-06T09:00:00.000Z' }, message: ALERT_MESSAGES.handled } }));
  const { user } = await renderScreen(<AlertsScreen />);
  await user.click(await screen.findByRole('tab', { name: 'Replies (1)' }));
  const row = await screen.findByRole('row', { name: /Ben Ode/ });
  expect(within(row).getByText('Can I eat the day before?')).toBeInTheDocument();
  expect(api.calls('GET /alerts/replies').at(-1)!.query.get('handled')).toBe('0');
  await user.click(within(row).getByRole('button', { name: 'Mark the reply of Ben Ode handled' }));
  await waitFor(() => expect(api.calls('POST /alerts/replies/9/handled')).toHaveLength(1));
  await findNotice('Success', ALERT_MESSAGES.handled);
});
