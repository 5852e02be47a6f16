import { screen, waitFor, within } from '@testing-library/react';
import { GROUP_MESSAGES, type GroupMember } from '@baridesk/contracts';
import { pageOf, renderScreen, startFakeApi, type FakeApi } from '@baridesk/testing';
import GroupsArea from './groups-area';

const SHOW = 'GET /admin/groups/4' as const;
const REMOVE = 'POST /admin/groups/remove-member' as const;
const SEND = 'POST /scheduler/api/manage-users/send-group-message' as const;
const PATIENTS = 'GET /admin/groups/patients' as const;
const STORE = 'POST /admin/groups/store' as const;

const group = { id: 4, name: 'Post-Op Circle', status: 1 as const, members_count: 2, created_at: '2026-03-01T10:00:00.000Z', updated_at: '2026-03-01T10:00:00.000Z' };
const member = (patient_id: number, name: string, program_name: string): GroupMember => ({
  patient_id,
  name,
  email: `${name.split(' ')[0]!.toLowerCase()}@example.test`,
  status: 1,
  program_id: program_name === 'Northside' ? 101 : 102,
  program_name,
  added_at: '2026-03-01T10:00:00.000Z',
});
const dana = member(7, 'Dana Price', 'Northside');
const lee = member(9, 'Lee Park', 'Lakeview');

let api: FakeApi;
beforeEach(async () => {
  api = await startFakeApi();
  api.on(SHOW, { status: 200, json: { data: { group, members: { data: [dana, lee], total: 2, page: 1, perPage: 10 } } } });
});
afterEach(() => api.close());

const renderArea = (path: string) => renderScreen(<GroupsArea />, { route: '/admin/groups/*', path });

test('shows a group’s members of every program, and removes one only after the question', async () => {
  api.on(REMOVE, { status: 200, json: { message: GROUP_MESSAGES.memberRemoved } });
  const { user } = await renderArea('/admin/groups/4/show');
  const table = await screen.findByRole('table', { name: 'Members of Post-Op Circle' });
  expect(within(table).getByRole('row', { name: /Lee Park/ })).toHaveTextContent('Lakeview');
  expect(screen.getByText('2 patients')).toBeInTheDocument();

  await user.click(within(table).getByRole('button', { name: 'Remove Lee Park' }));
  let question = await screen.findByRole('alertdialog', { name: 'Remove from group' });
  expect(question).toHaveTextContent('Remove Lee Park (Lakeview) from Post-Op Circle?');
  await user.click(within(question).getByRole('button', { name: 'Cancel' }));
  await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
  expect(api.calls(REMOVE)).toHaveLength(0);

  await user.click(within(table).getByRole('button', { name: 'Remove Lee Park' }));
  question = await screen.findByRole('alertdialog', { name: 'Remove from group' });
  await user.click(within(question).getByRole('button', { name: 'Remove' }));
  expect(await screen.findByText(GROUP_MESSAGES.memberRemoved)).toBeInTheDocument();
  expect(api.calls(REMOVE)[0]!.body).toEqual({ group_id: 4, patient_id: 9 });
});

test('sends a message to the group on the scheduler service after naming how many get it', async () => {
  api.on(SEND, { status: 201, json: { data: { messages: [{ id: 50, program_id: 101 }, { id: 51, program_id: 102 }], recipients: 2 }, message: GROUP_MESSAGES.sent } });
  const { user } = await renderArea('/admin/groups/4/show');
  await user.click(await screen.findByRole('button', { name: 'Send message' }));
  const dialog = await screen.findByRole('dialog', { name: 'Message Post-Op Circle' });
  await user.click(within(dialog).getByRole('button', { name: 'Send message' }));
  expect(await within(dialog).findByText('Title is required.')).toBeInTheDocument();

  await user.type(within(dialog).getByRole('textbox', { name: /^Title/ }), 'Thursday');
  await user.type(within(dialog).getByRole('textbox', { name: /^Message/ }), 'We meet on Thursday.');
  await user.click(within(dialog).getByRole('checkbox', { name: 'E-mail' }));
  await user.click(within(dialog).getByRole('button', { name: 'Send message' }));
  const question = await screen.findByRole('alertdialog', { name: 'Send group message' });
  expect(question).toHaveTextContent('Send “Thursday” to the 2 patients of Post-Op Circle?');
  await user.click(within(question).getByRole('button', { name: 'Send' }));
  expect(await screen.findByText(`${GROUP_MESSAGES.sent} 2 patients will get it.`)).toBeInTheDocument();
  expect(api.calls(SEND)[0]!.body).toEqual({ group_id: 4, title: 'Thursday', message: 'We meet on Thursday.', channels: ['inbox', 'email'] });
  await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Message Post-Op Circle' })).not.toBeInTheDocument());
});

test('creates a group with patients found across programs; a refusal on the patients shows on the page', async () => {
  api.on(PATIENTS, { status: 200, json: pageOf([{ id: 7, name: 'Dana Price', email: 'dana@example.test', program_name: 'Northside' }]) });
  let attempts = 0;
  api.on(STORE, ({ body }) => {
    attempts += 1;
    if (attempts === 1) return { status: 422, json: { message: GROUP_MESSAGES.noMembers, errors: { user_ids: [GROUP_MESSAGES.noMembers] } } };
    return { status: 201, json: { data: { ...group, id: 4, name: (body as { name: string }).name }, message: GROUP_MESSAGES.created } };
  });
  const { user, path } = await renderArea('/admin/groups/create');
  await user.type(await screen.findByRole('textbox', { name: /^Name/ }), 'Sleep Circle');
  await user.click(screen.getByRole('button', { name: 'Add Group' }));
  expect(await screen.findByText(GROUP_MESSAGES.noMembers)).toBeInTheDocument();

  await user.type(screen.getByRole('searchbox', { name: 'Find patients of every program' }), 'dana');
  const matches = await screen.findByRole('list', { name: 'Matching patients' });
  expect(matches).toHaveTextContent('Northside');
  await user.click(within(matches).getByRole('button', { name: 'Add Dana Price' }));
  expect(screen.getByText('1 patient chosen')).toBeInTheDocument();
  expect(api.calls(PATIENTS).at(-1)!.query.get('search')).toBe('dana');
  await user.click(screen.getByRole('button', { name: 'Add Group' }));
  expect(await screen.findByText(GROUP_MESSAGES.created)).toBeInTheDocument();
  expect(api.calls(STORE)[1]!.body).toEqual({ name: 'Sleep Circle', user_ids: [7], status: 1 });
  await waitFor(() => expect(path()).toBe('/admin/groups/4/show'));
});
