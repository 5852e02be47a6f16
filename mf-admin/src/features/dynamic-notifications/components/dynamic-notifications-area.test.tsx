import { screen, waitFor, within } from '@testing-library/react';
import { chooseOption, pageOf, renderScreen, startFakeApi, type FakeApi } from '@baridesk/testing';
import DynamicNotificationsArea from './dynamic-notifications-area';

const LIST = 'GET /admin/dynamic-notification' as const;
const SHOW = 'GET /admin/dynamic-notification/7' as const;
const STORE = 'POST /admin/dynamic-notification' as const;
const UPDATE = 'POST /admin/dynamic-notification/7' as const;
const RUN = 'POST /admin/dynamic-notification/run' as const;

const weighIn = {
  id: 7,
  rule_type: 'weight',
  metadata: { days: 2, duration: 'week' },
  patient_type: 'surgical',
  stages: [2, 3],
  message: 'Time to weigh in',
  image: null,
  url: 'https://example.org/weigh',
  sent_count: 12,
  status: 1,
  created_at: '2026-11-01T10:00:00.000Z',
  updated_at: '2026-11-02T10:00:00.000Z',
};

let api: FakeApi;
beforeEach(async () => {
  api = await startFakeApi();
  api.on(LIST, { status: 200, json: pageOf([weighIn]) });
  api.on(SHOW, { status: 200, json: { data: weighIn } });
});
afterEach(() => api.close());

const renderArea = (path: string) => renderScreen(<DynamicNotificationsArea />, { route: '/admin/dynamic-notifications/*', path });

test('the list: each rule in words, who it is for, how many it reached; the rule filter; Run now asks first', async () => {
  const { user } = await renderArea('/admin/dynamic-notifications');
  const row = await screen.findByRole('row', { name: /Time to weigh in/ });
  expect(within(row).getByText('No weight logged for 2 weeks')).toBeInTheDocument();
  expect(within(row).getByText('Surgical; Post-Op, Weight-Management')).toBeInTheDocument();
  expect(within(row).getByText('12 patients')).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Add Notification' })).toHaveAttribute('href', '/admin/dynamic-notifications/create');

  await chooseOption(user, screen.getByRole('combobox', { name: 'Rule' }), 'food');
  await waitFor(() => expect(api.calls(LIST).at(-1)!.query.get('rule_type')).toBe('food'));

  api.on(RUN, { status: 202, json: { data: { programs: 3 }, message: 'The notifications run was queued for 3 programs.' } });
  await user.click(screen.getByRole('button', { name: 'Run now…' }));
  const question = await screen.findByRole('alertdialog');
  expect(api.calls(RUN)).toHaveLength(0);
  await user.click(within(question).getByRole('button', { name: 'Run now' }));
  await waitFor(() => expect(api.calls(RUN)).toHaveLength(1));
  expect(await screen.findByText('The notifications run was queued for 3 programs.')).toBeInTheDocument();
});

test("the form shows the chosen rule's own fields, sends them as metadata, and shows the server's error under its field", async () => {
  const { user } = await renderArea('/admin/dynamic-notifications/create');
  expect(await screen.findByText('Choose a rule to set when the notification is sent.')).toBeInTheDocument();
  const rule = screen.getByRole('combobox', { name: /Rule/ });

  await chooseOption(user, rule, 'weight_lost');
  expect(screen.getByRole('spinbutton', { name: /Pounds lost/ })).toBeInTheDocument();
  expect(screen.queryByRole('combobox', { name: /Unit/ })).not.toBeInTheDocument();

  await chooseOption(user, rule, 'surgery_date');
  expect(screen.queryByRole('spinbutton', { name: /Pounds lost/ })).not.toBeInTheDocument();
  const group = screen.getByRole('group', { name: 'Surgery date settings' });
  await chooseOption(user, within(group).getByRole('combobox', { name: /When/ }), 'before');
  await user.type(within(group).getByRole('spinbutton', { name: /How long/ }), '2');
  await chooseOption(user, within(group).getByRole('combobox', { name: /Unit/ }), 'week');
  await user.type(within(group).getByRole('textbox', { name: /Type of surgery/ }), 'Sleeve');
  await user.click(screen.getByRole('checkbox', { name: 'Pre-Op' }));
  await user.type(screen.getByRole('textbox', { name: /Message/ }), 'Two weeks to go');

  api.on(STORE, { status: 422, json: { message: 'Days must be a whole number between 0 and 3650.', errors: { 'metadata.days': ['Days must be a whole number between 0 and 3650.'] } } });
  await user.click(screen.getByRole('button', { name: 'Add Notification' }));
  await waitFor(() => expect(api.calls(STORE)).toHaveLength(1));
  expect(api.calls(STORE)[0]!.body).toMatchObject({
    rule_type: 'surgery_date',
    metadata: { type: 'before', days: '2', duration: 'week', surgery_type: 'Sleeve' },
    stages: [1],
    message: 'Two weeks to go',
  });
  expect(await within(group).findByText('Days must be a whole number between 0 and 3650.')).toBeInTheDocument();
});

test("editing keeps the record's rule, its values and stages, and saves with POST /{id}", async () => {
  const { user } = await renderArea('/admin/dynamic-notifications/7/edit');
  const group = await screen.findByRole('group', { name: 'No weight logged settings' });
  expect(within(group).getByRole('spinbutton', { name: /Not logged for/ })).toHaveValue(2);
  expect(within(group).getByRole('combobox', { name: /Unit/ })).toHaveValue('week');
  expect(screen.getByRole('checkbox', { name: 'Post-Op' })).toBeChecked();
  expect(screen.getByRole('checkbox', { name: 'Pre-Op' })).not.toBeChecked();

  api.on(UPDATE, { status: 200, json: { data: weighIn, message: 'Notification updated successfully.' } });
  await user.click(screen.getByRole('button', { name: 'Save Changes' }));
  await waitFor(() => expect(api.calls(UPDATE)).toHaveLength(1));
  expect(api.calls(UPDATE)[0]!.body).toMatchObject({ rule_type: 'weight', metadata: { days: 2, duration: 'week' }, stages: [2, 3], patient_type: 'surgical' });
});
