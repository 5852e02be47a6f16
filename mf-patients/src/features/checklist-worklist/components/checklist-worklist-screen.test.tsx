import { act, screen, waitFor, within } from '@testing-library/react';
import { toaster } from '@baridesk/ui';
import { pageOf, renderScreen, startFakeApi, type FakeApi } from '@baridesk/testing';
import { createWorklistItem, stageNames } from '../../../test/checklist-factories';
import { ChecklistWorklistScreen } from './checklist-worklist-screen';

const LIST = 'GET /checklist-items' as const;

const late = createWorklistItem({ id: 11, patient_id: 7, patient_name: 'Maria Okafor', title: 'Blood work', due_date: '2026-03-01', overdue: true });
const own = createWorklistItem({ id: 12, patient_id: 8, patient_name: 'Tom Baker', title: 'Sleep study', template_name: null, due_date: null });
const done = createWorklistItem({
  id: 13,
  patient_id: 9,
  patient_name: 'Ana Lima',
  title: 'Food diary',
  completed_at: '2026-03-04T10:00:00.000Z',
  completed_by: { id: 201, name: 'Jordan Ellis' },
});

let api: FakeApi;
beforeEach(async () => {
  api = await startFakeApi({
    [LIST]: ({ query }) => ({ status: 200, json: pageOf(query.get('status') === 'completed' ? [done] : [late, own], { total: 12 }) }),
  });
});
afterEach(async () => {
  // Notices outlive a test: the toaster is one for the page.
  act(() => toaster.remove());
  await api.close();
});

const renderList = async (path = '/checklist-items/3', names = stageNames('Healthy Habits').data) => {
  const view = await renderScreen(<ChecklistWorklistScreen stageNames={names} renderTick={(row) => <span>{`tick ${row.id}`}</span>} />, {
    route: '/checklist-items/:tempStage',
    path,
  });
  await screen.findByText('Blood work');
  return view;
};
const table = (name: string) => screen.getByRole('table', { name });
const lastQuery = () => Object.fromEntries(api.calls(LIST).at(-1)!.query);

test('lists the stage’s open items across patients, titled by the program’s checklist name', async () => {
  await renderList();
  expect(screen.getByRole('heading', { level: 1, name: 'Healthy Habits checklist items' })).toBeInTheDocument();
  expect(Object.fromEntries(api.calls(LIST)[0]!.query)).toEqual({ stage: '3', status: 'open', page: '1', perPage: '10', sort: 'due_date', direction: 'asc' });
  const rows = within(table('Open Healthy Habits checklist items')).getAllByRole('row');
  expect(rows[1]).toHaveTextContent('Maria Okafor');
  expect(within(rows[1]!).getByRole('link', { name: 'Maria Okafor' })).toHaveAttribute('href', '/checklists/7?stage=3');
  expect(within(rows[1]!).getByText('Overdue')).toBeInTheDocument();
  expect(rows[1]).toHaveTextContent('Mar 01, 2026');
  expect(rows[1]).toHaveTextContent('tick 11');
  expect(rows[2]).toHaveTextContent('Added for this patient');
  expect(rows[2]).toHaveTextContent('No due date');
  expect(within(rows[2]!).queryByText('Overdue')).not.toBeInTheDocument();
  expect(screen.getByText('Page 1 of 2')).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Healthy Habits templates' })).toHaveAttribute('href', '/checklist-templates?stage=3');
});

test('filters open, overdue and done items, searches, sorts and pages on the server', async () => {
  const { user } = await renderList();
  const show = screen.getByRole('group', { name: 'Show' });
  expect(within(show).getByRole('button', { name: 'Open' })).toHaveAttribute('aria-pressed', 'true');

  await user.click(within(show).getByRole('button', { name: 'Overdue' }));
  await waitFor(() => expect(lastQuery().status).toBe('overdue'));
  expect(within(show).getByRole('button', { name: 'Overdue' })).toHaveAttribute('aria-pressed', 'true');

  await user.click(within(show).getByRole('button', { name: 'Done' }));
  expect(await screen.findByText('Jordan Ellis on Mar 04, 2026')).toBeInTheDocument();
  expect(lastQuery().status).toBe('completed');

  await user.type(screen.getByRole('searchbox', { name: 'Search patients or items' }), 'ana');
  await waitFor(() => expect(lastQuery().search).toBe('ana'));
  await user.click(within(table('Done Healthy Habits checklist items')).getByRole('button', { name: /^Patient/ }));
  await waitFor(() => expect(lastQuery().sort).toBe('patient'));
  await user.click(within(table('Done Healthy Habits checklist items')).getByRole('button', { name: /^Done by/ }));
  await waitFor(() => expect(lastQuery().sort).toBe('completed_at'));
  await user.click(screen.getByRole('button', { name: 'Next page' }));
  await waitFor(() => expect(lastQuery().page).toBe('2'));
  expect(lastQuery()).toMatchObject({ stage: '3', status: 'completed', search: 'ana', sort: 'completed_at' });

  await user.click(within(show).getByRole('button', { name: 'Open' }));
  await waitFor(() => expect(lastQuery()).toMatchObject({ status: 'open', page: '1' }));
});

test('the stage’s own name until the program’s names arrive; an empty list, a failed one, a wrong address', async () => {
  api.on(LIST, () => ({ status: 200, json: pageOf([]) }));
  const first = await renderScreen(<ChecklistWorklistScreen renderTick={() => null} />, { route: '/checklist-items/:tempStage', path: '/checklist-items/1' });
  expect(screen.getByRole('heading', { level: 1, name: 'Pre-Op checklist items' })).toBeInTheDocument();
  expect(await screen.findByText('No open items: every item of these checklists is done.')).toBeInTheDocument();
  first.unmount();

  api.on(LIST, () => ({ status: 500, json: { message: 'The items are unavailable.' } }));
  const second = await renderScreen(<ChecklistWorklistScreen renderTick={() => null} />, { route: '/checklist-items/:tempStage', path: '/checklist-items/2' });
  expect(await screen.findByText('The checklist items could not be loaded.')).toBeInTheDocument();
  expect(screen.getByText('The items are unavailable.')).toBeInTheDocument();
  second.unmount();

  await renderScreen(<ChecklistWorklistScreen renderTick={() => null} />, { route: '/checklist-items/:tempStage', path: '/checklist-items/7' });
  expect(screen.getByRole('alert')).toHaveTextContent('This address does not name a checklist.');
  expect(api.calls(LIST)).toHaveLength(2);
});
