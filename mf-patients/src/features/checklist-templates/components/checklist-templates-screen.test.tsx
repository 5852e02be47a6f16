import { act, screen, waitFor, within } from '@testing-library/react';
import { CHECKLIST_MESSAGES } from '@baridesk/contracts';
import { toaster } from '@baridesk/ui';
import { chooseOption, chooseRowDelete, pageOf, renderScreen, startFakeApi, type FakeApi } from '@baridesk/testing';
import { createChecklistTemplate, stageNames } from '../../../test/checklist-factories';
import ChecklistTemplatesScreen from './checklist-templates-screen';

const LIST = 'GET /checklist/templates' as const;
const TOGGLE = 'POST /checklist/templates/toggle-status' as const;
const DELETE = 'POST /checklist/templates/delete' as const;

const basics = createChecklistTemplate({ id: 40, name: 'Pre-surgery basics', is_default: 1, item_count: 12 });
const labs = createChecklistTemplate({ id: 41, name: 'Lab work', status: 0, item_count: 4 });
const habits = createChecklistTemplate({ id: 60, stage: 3, name: 'Habit tracker', item_count: 6 });

let api: FakeApi;
beforeEach(async () => {
  api = await startFakeApi({
    'GET /checklist/stage-names': { status: 200, json: stageNames('Healthy Habits') },
    [LIST]: ({ query }) => ({ status: 200, json: pageOf(query.get('stage') === '3' ? [habits] : [basics, labs], { total: 2 }) }),
  });
});
afterEach(async () => {
  // Notices outlive a test: the toaster is one for the page.
  act(() => toaster.remove());
  await api.close();
});

const table = (name = 'Pre-Op checklist templates') => screen.getByRole('table', { name });
const rowOf = (name: string) => within(table()).getByRole('row', { name: new RegExp(name) });

async function renderList(path = '/checklist-templates') {
  const view = await renderScreen(<ChecklistTemplatesScreen />, { route: '/checklist-templates', path });
  await screen.findByText('Pre-surgery basics');
  return view;
}

test('a tab per stage named like its checklist, the third by the program; each tab lists its stage', async () => {
  const { user } = await renderList();
  expect(screen.getByRole('heading', { level: 1, name: 'Checklist Templates' })).toBeInTheDocument();
  const tabs = screen.getByRole('tablist', { name: 'Checklist' });
  expect(await within(tabs).findByRole('tab', { name: 'Healthy Habits' })).toBeInTheDocument();
  expect(within(tabs).getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['Pre-Op', 'Post-Op', 'Healthy Habits']);
  expect(within(tabs).getByRole('tab', { name: 'Pre-Op' })).toHaveAttribute('aria-selected', 'true');
  expect(Object.fromEntries(api.calls(LIST)[0]!.query)).toEqual({ stage: '1', page: '1', perPage: '10', sort: 'name', direction: 'asc' });

  expect(within(rowOf('Pre-surgery basics')).getByText('Default')).toBeInTheDocument();
  expect(within(rowOf('Pre-surgery basics')).getByRole('cell', { name: '12' })).toBeInTheDocument();
  expect(within(rowOf('Lab work')).queryByText('Default')).not.toBeInTheDocument();
  expect(screen.getByRole('switch', { name: 'Pre-surgery basics active' })).toBeChecked();
  expect(screen.getByRole('switch', { name: 'Lab work active' })).not.toBeChecked();
  expect(screen.getByRole('link', { name: 'Edit Lab work' })).toHaveAttribute('href', '/checklist-template/1/edit/41');
  expect(screen.getByRole('link', { name: 'Copy Lab work' })).toHaveAttribute('href', '/checklist-template/1/copy/41');
  expect(screen.getByRole('link', { name: 'Add Template' })).toHaveAttribute('href', '/checklist-template/1/store');

  await user.click(within(tabs).getByRole('tab', { name: 'Healthy Habits' }));
  expect(await screen.findByRole('table', { name: 'Healthy Habits checklist templates' })).toBeInTheDocument();
  expect(await screen.findByText('Habit tracker')).toBeInTheDocument();
  expect(api.calls(LIST).at(-1)!.query.get('stage')).toBe('3');
  expect(screen.getByRole('link', { name: 'Add Template' })).toHaveAttribute('href', '/checklist-template/3/store');
  expect(screen.getByRole('link', { name: 'Healthy Habits checklist items' })).toHaveAttribute('href', '/checklist-items/3');
});

test('opens on the stage of ?stage=', async () => {
  await renderScreen(<ChecklistTemplatesScreen />, { route: '/checklist-templates', path: '/checklist-templates?stage=3' });
  expect(await screen.findByText('Habit tracker')).toBeInTheDocument();
  expect(screen.getByRole('tab', { name: /Healthy Habits|Weight-Management/ })).toHaveAttribute('aria-selected', 'true');
});

test('searches, filters, sorts and pages on the server', async () => {
  const { user } = await renderList();
  await user.type(screen.getByRole('searchbox', { name: 'Search templates' }), 'lab');
  await waitFor(() => expect(api.calls(LIST).at(-1)!.query.get('search')).toBe('lab'));
  await chooseOption(user, screen.getByRole('combobox', { name: 'Status' }), '0');
  await waitFor(() => expect(api.calls(LIST).at(-1)!.query.get('status')).toBe('0'));
  await user.click(within(table()).getByRole('button', { name: /^Items/ }));
  await waitFor(() => expect(api.calls(LIST).at(-1)!.query.get('sort')).toBe('item_count'));
  await user.click(within(table()).getByRole('button', { name: /^Updated/ }));
  await waitFor(() => expect(api.calls(LIST).at(-1)!.query.get('sort')).toBe('updated_at'));
  expect(within(table()).queryByRole('button', { name: /^Status/ })).not.toBeInTheDocument();
  await chooseOption(user, screen.getByRole('combobox', { name: 'Items per page' }), '5');
  await waitFor(() => expect(api.calls(LIST).at(-1)!.query.get('perPage')).toBe('5'));
  expect(Object.fromEntries(api.calls(LIST).at(-1)!.query)).toMatchObject({ stage: '1', search: 'lab', status: '0', page: '1' });
});

test('shows an empty stage and a failed load', async () => {
  api.on(LIST, () => ({ status: 200, json: pageOf([]) }));
  const { unmount } = await renderScreen(<ChecklistTemplatesScreen />);
  expect(await screen.findByText('No Pre-Op templates yet. Add the first one.')).toBeInTheDocument();
  unmount();

  api.on(LIST, () => ({ status: 500, json: { message: 'The templates are unavailable.' } }));
  await renderScreen(<ChecklistTemplatesScreen />);
  expect(await screen.findByText('The templates could not be loaded.')).toBeInTheDocument();
  expect(screen.getByText('The templates are unavailable.')).toBeInTheDocument();
});

test('switches a template off at once, and back on when the server refuses', async () => {
  api.on(TOGGLE, () => ({ status: 200, delayMs: 200, json: { data: { ...basics, status: 0 }, message: CHECKLIST_MESSAGES.templateOff } }));
  const { user } = await renderList();
  await user.click(screen.getByRole('switch', { name: 'Pre-surgery basics active' }));
  await waitFor(() => expect(screen.getByRole('switch', { name: 'Pre-surgery basics active' })).not.toBeChecked(), { timeout: 150 });
  expect(await screen.findByText(CHECKLIST_MESSAGES.templateOff)).toBeInTheDocument();
  expect(api.calls(TOGGLE)[0]!.body).toEqual({ id: 40 });

  api.on(TOGGLE, () => ({ status: 500, delayMs: 100, json: { message: 'The status could not be saved.' } }));
  await user.click(screen.getByRole('switch', { name: 'Lab work active' }));
  expect(await screen.findByText('The status could not be saved.')).toBeInTheDocument();
  await waitFor(() => expect(screen.getByRole('switch', { name: 'Lab work active' })).not.toBeChecked());
});

test('deletes a template only after confirmation, warning when it is the default', async () => {
  api.on(DELETE, () => ({ status: 200, json: { message: CHECKLIST_MESSAGES.templateDeleted } }));
  const { user } = await renderList();
  const listCalls = api.calls(LIST).length;

  await chooseRowDelete(user, 'Pre-surgery basics');
  let question = await screen.findByRole('alertdialog', { name: 'Delete template' });
  expect(question).toHaveTextContent('Delete the template "Pre-surgery basics"?');
  expect(question).toHaveTextContent('It is the default of the Pre-Op checklist');
  await user.click(within(question).getByRole('button', { name: 'Cancel' }));
  await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
  expect(api.calls(DELETE)).toHaveLength(0);

  await chooseRowDelete(user, 'Lab work');
  question = await screen.findByRole('alertdialog', { name: 'Delete template' });
  expect(question).not.toHaveTextContent('default');
  await user.click(within(question).getByRole('button', { name: 'Delete' }));
  expect(await screen.findByText(CHECKLIST_MESSAGES.templateDeleted)).toBeInTheDocument();
  expect(api.calls(DELETE)[0]!.body).toEqual({ id: 41 });
  await waitFor(() => expect(api.calls(LIST).length).toBeGreaterThan(listCalls));
});
