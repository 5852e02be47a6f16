import { act, screen, waitFor, within } from '@testing-library/react';
import { CHECKLIST_MESSAGES, type PatientChecklistItem } from '@baridesk/contracts';
import { toaster } from '@baridesk/ui';
import { chooseOption, createTestQueryClient, renderScreen, startFakeApi, type FakeApi } from '@baridesk/testing';
import { createPatientChecklist, createPatientChecklistItem, stageNames } from '../../../test/checklist-factories';
import { fakeChecklist, type ChecklistFake } from '../../../test/checklist-fake-api';
import { PatientChecklistScreen } from './patient-checklist-screen';

const GET = 'GET /checklists/7' as const;
const UPDATE = 'POST /checklists/update-detail' as const;

const consult = createPatientChecklistItem({
  id: 1,
  title: 'Consult with the surgeon',
  position: 1,
  due_date: '2026-03-01',
  completed: 1,
  completed_at: '2026-03-02T15:00:00.000Z',
  completed_by: { id: 202, name: 'Sam Rivera' },
});
const labs = createPatientChecklistItem({
  id: 2,
  title: 'Blood work',
  description: 'Fasting.',
  position: 2,
  due_date: '2026-03-03',
  overdue: true,
  note_count: 2,
});
const psych = createPatientChecklistItem({ id: 3, title: 'Psych evaluation', position: 3, template_name: null, template_id: null });

let api: FakeApi;
let checklist: ChecklistFake;
/** Changes an item of the fake's checklist (what the next GET answers). */
const changeItem = (id: number, change: Partial<PatientChecklistItem>) =>
  checklist.set({ ...checklist.current(), items: checklist.current().items.map((item) => (item.id === id ? { ...item, ...change } : item)) });
beforeEach(async () => {
  api = await startFakeApi();
  checklist = fakeChecklist(api, createPatientChecklist({ items: [consult, labs, psych] }));
});
afterEach(async () => {
  // Notices outlive a test: the toaster is one for the page.
  act(() => toaster.remove());
  await api.close();
});

async function renderChecklist(path = '/checklists/7', queryClient = createTestQueryClient()) {
  const view = await renderScreen(<PatientChecklistScreen stageNames={stageNames('Healthy Habits').data} />, { route: '/checklists/:id', path, queryClient });
  await screen.findByRole('list', { name: /checklist items/ });
  return view;
}
const itemsList = () => screen.getByRole('list', { name: 'Pre-Op checklist items' });
const itemOf = (title: string) => within(itemsList()).getByRole('checkbox', { name: title }).closest('li') as HTMLElement;

test('shows the patient, the current stage’s checklist with its progress, and the items in order', async () => {
  await renderChecklist();
  expect(screen.getByRole('heading', { level: 1, name: 'Patient Checklist' })).toBeInTheDocument();
  expect(api.calls(GET)[0]!.query.get('stage')).toBeNull();
  const header = screen.getByRole('region', { name: 'Patient' });
  expect(within(header).getByRole('link', { name: 'Maria Okafor' })).toHaveAttribute('href', '/patient-detail/7');
  expect(header).toHaveTextContent('Pipeline statusConsult done');
  expect(header).toHaveTextContent('Current stagePre-Op');

  const tabs = screen.getByRole('tablist', { name: 'Checklist' });
  expect(within(tabs).getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['Pre-Op (current stage)', 'Post-Op', 'Healthy Habits']);
  expect(within(tabs).getByRole('tab', { name: 'Pre-Op (current stage)' })).toHaveAttribute('aria-selected', 'true');

  expect(screen.getByText('1 of 3 done (33%)')).toBeInTheDocument();
  expect(screen.getByRole('progressbar', { name: 'Pre-Op checklist progress' })).toHaveAttribute('aria-valuenow', '33');
  expect(within(itemsList()).getAllByRole('checkbox').map((box) => box.closest('li')!.querySelector('label')?.textContent)).toEqual([
    'Consult with the surgeon',
    'Blood work',
    'Psych evaluation',
  ]);
  expect(within(itemsList()).getByRole('checkbox', { name: 'Consult with the surgeon' })).toBeChecked();
  expect(itemOf('Consult with the surgeon')).toHaveTextContent('Done by Sam Rivera on Mar 02, 2026');
  expect(itemOf('Blood work')).toHaveTextContent('Due Mar 03, 2026');
  expect(within(itemOf('Blood work')).getByText('Overdue')).toBeInTheDocument();
  expect(within(itemOf('Blood work')).getByText('Fasting.')).toBeInTheDocument();
  expect(within(itemOf('Consult with the surgeon')).queryByText('Overdue')).not.toBeInTheDocument();
  expect(itemOf('Psych evaluation')).toHaveTextContent('No due date');
  // Without the notes composed in, an item shows its count.
  expect(within(itemOf('Blood work')).getByText('2 notes')).toBeInTheDocument();
});

test('ticking posts the item and updates the progress; unticking too', async () => {
  const { user } = await renderChecklist();
  await user.click(within(itemsList()).getByRole('checkbox', { name: 'Blood work' }));
  expect(await screen.findByText(CHECKLIST_MESSAGES.ticked)).toBeInTheDocument();
  expect(api.calls(UPDATE)[0]!.body).toEqual({ id: 2, completed: 1 });
  expect(await screen.findByText('2 of 3 done (66%)')).toBeInTheDocument();
  expect(within(itemsList()).getByRole('checkbox', { name: 'Blood work' })).toBeChecked();
  expect(itemOf('Blood work')).toHaveTextContent('Done by Jordan Ellis on Mar 05, 2026');

  await user.click(within(itemsList()).getByRole('checkbox', { name: 'Consult with the surgeon' }));
  expect(await screen.findByText(CHECKLIST_MESSAGES.unticked)).toBeInTheDocument();
  expect(api.calls(UPDATE)[1]!.body).toEqual({ id: 1, completed: 0 });
  expect(await screen.findByText('1 of 3 done (33%)')).toBeInTheDocument();
  expect(within(itemsList()).getByRole('checkbox', { name: 'Consult with the surgeon' })).not.toBeChecked();
});

test('a tick that moves the patient says so, and the pipeline board’s queries refetch', async () => {
  const queryClient = createTestQueryClient();
  queryClient.setQueryData(['pipeline', 'board', 1], { columns: [] });
  checklist.movesOnNextTick([{ rule_id: 9, rule_description: 'Checklist Item completed: “Sleep study”', from_status: { id: 31, name: 'Consult done' }, to_status: { id: 32, name: 'Ready for Surgery' } }]);
  const { user } = await renderChecklist('/checklists/7', queryClient);

  await user.click(within(itemsList()).getByRole('checkbox', { name: 'Psych evaluation' }));
  expect(await screen.findByText('Maria Okafor moved from Consult done to Ready for Surgery by the rule “Checklist Item completed: “Sleep study””.')).toBeInTheDocument();
  expect(screen.getByText('Pipeline status changed')).toBeInTheDocument();
  await waitFor(() => expect(queryClient.getQueryState(['pipeline', 'board', 1])?.isInvalidated).toBe(true));
  await waitFor(() => expect(screen.getByRole('region', { name: 'Patient' })).toHaveTextContent('Pipeline statusReady for Surgery'));
});

test('a refused tick (someone else changed it) shows the server’s message and what the server has', async () => {
  const { user } = await renderChecklist();
  const gets = api.calls(GET).length;
  api.on(UPDATE, { status: 409, delayMs: 100, json: { message: 'This item was changed by someone else. Reload it.' } });
  // Meanwhile a colleague ticked it.
  changeItem(3, { completed: 1, completed_at: '2026-03-05T10:00:00.000Z', completed_by: { id: 203, name: 'Alex Kim' } });
  await user.click(within(itemsList()).getByRole('checkbox', { name: 'Blood work' }));
  expect(await screen.findByText('This item was changed by someone else. Reload it.')).toBeInTheDocument();
  await waitFor(() => expect(api.calls(GET).length).toBeGreaterThan(gets));
  await waitFor(() => expect(within(itemsList()).getByRole('checkbox', { name: 'Blood work' })).not.toBeChecked());
  expect(within(itemsList()).getByRole('checkbox', { name: 'Psych evaluation' })).toBeChecked();
  expect(itemOf('Psych evaluation')).toHaveTextContent('Done by Alex Kim');
});

test('a deactivated checklist shows its reason and cannot be ticked or changed; Activate turns it back on', async () => {
  const off = createPatientChecklist({ items: [consult, labs, psych] });
  checklist.set({ ...off, patient: { ...off.patient, checklist_deactivate: 1, checklist_deactivate_reason: 'Surgery postponed by the patient.' } });
  api.on('POST /checklists/deactivate', ({ body }) => {
    checklist.set({ ...checklist.current(), patient: { ...checklist.current().patient, checklist_deactivate: 0, checklist_deactivate_reason: null } });
    return { status: 200, json: { data: checklist.current(), message: CHECKLIST_MESSAGES.activatedSaved, body } };
  });
  const { user } = await renderChecklist();

  const banner = screen.getByRole('alert');
  expect(banner).toHaveTextContent('This patient’s checklist is deactivated.');
  expect(banner).toHaveTextContent('Reason: Surgery postponed by the patient.');
  for (const box of within(itemsList()).getAllByRole('checkbox')) expect(box).toBeDisabled();
  expect(screen.getByRole('button', { name: 'Add item' })).toBeDisabled();
  expect(screen.getByRole('button', { name: 'Add items from another template' })).toBeDisabled();
  expect(screen.getByRole('button', { name: 'Due date of Blood work' })).toBeDisabled();
  await user.click(within(itemsList()).getByRole('checkbox', { name: 'Blood work' }));
  expect(api.calls(UPDATE)).toHaveLength(0);

  await user.click(screen.getByRole('button', { name: 'Activate checklist' }));
  expect(await screen.findByText(CHECKLIST_MESSAGES.activatedSaved)).toBeInTheDocument();
  expect(api.calls('POST /checklists/deactivate')[0]!.body).toEqual({ patient_id: 7, checklist_deactivate: 0 });
  await waitFor(() => expect(screen.queryByText('This patient’s checklist is deactivated.', { exact: false })).not.toBeInTheDocument());
  expect(within(itemsList()).getByRole('checkbox', { name: 'Blood work' })).toBeEnabled();
});

test('deactivating is a secondary action that says what it stops, and asks for the reason', async () => {
  api.on('POST /checklists/deactivate', ({ body }) => {
    const { checklist_deactivate_reason } = body as { checklist_deactivate_reason: string };
    checklist.set({ ...checklist.current(), patient: { ...checklist.current().patient, checklist_deactivate: 1, checklist_deactivate_reason } });
    return { status: 200, json: { data: checklist.current(), message: CHECKLIST_MESSAGES.deactivatedSaved } };
  });
  const { user } = await renderChecklist();
  // No red button in the header: the only way in is the "Checklist actions" menu.
  await screen.findByRole('button', { name: /Checklist actions/ });
  expect(screen.queryByRole('button', { name: /Deactivate/ })).not.toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: /Checklist actions/ }));
  await user.click(await screen.findByRole('menuitem', { name: 'Deactivate checklist…' }));
  const dialog = await screen.findByRole('dialog', { name: 'Deactivate checklist' });
  const name = checklist.current().patient.name;
  expect(dialog).toHaveTextContent(
    `No item of ${name}’s checklists can be ticked or changed while it is deactivated, and the automation rules about the checklist no longer move ${name}. Nothing is deleted: Activate checklist turns it back on.`,
  );
  await user.click(within(dialog).getByRole('button', { name: 'Deactivate' }));
  expect(await within(dialog).findByText(CHECKLIST_MESSAGES.reasonRequired)).toBeInTheDocument();
  expect(api.calls('POST /checklists/deactivate')).toHaveLength(0);

  await user.type(within(dialog).getByRole('textbox', { name: /Reason/ }), 'Moved away.');
  await user.click(within(dialog).getByRole('button', { name: 'Deactivate' }));
  expect(await screen.findByText(CHECKLIST_MESSAGES.deactivatedSaved)).toBeInTheDocument();
  expect(api.calls('POST /checklists/deactivate')[0]!.body).toEqual({ patient_id: 7, checklist_deactivate: 1, checklist_deactivate_reason: 'Moved away.' });
  expect(await screen.findByText('Reason: Moved away.')).toBeInTheDocument();
  expect(within(itemsList()).getByRole('checkbox', { name: 'Blood work' })).toBeDisabled();
});

test('corrects who checked an item and when', async () => {
  api.on('GET /checklists/checkers', {
    status: 200,
    json: { data: [{ id: 201, name: 'Jordan Ellis' }, { id: 202, name: 'Sam Rivera' }, { id: 204, name: 'Main Clinic' }] },
  });
  api.on('POST /checklists/update_checked_by_in_report', ({ body }) => {
    const { completed_by } = body as { completed_by: number };
    changeItem(1, { completed_by: { id: completed_by, name: 'Main Clinic' }, completed_at: '2026-02-27T12:00:00.000Z' });
    return { status: 200, json: { data: checklist.current().items[0], message: CHECKLIST_MESSAGES.checkerSaved } };
  });
  const { user } = await renderChecklist();
  expect(within(itemOf('Blood work')).queryByRole('button', { name: /Change who checked/ })).not.toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: 'Change who checked Consult with the surgeon' }));
  const dialog = await screen.findByRole('dialog', { name: 'Who checked “Consult with the surgeon”' });
  const who = within(dialog).getByRole('combobox', { name: /Checked by/ });
  await waitFor(() => expect(within(who).getAllByRole('option').map((option) => option.textContent)).toContain('Main Clinic'));
  expect(who).toHaveValue('202');
  const day = within(dialog).getByRole('textbox', { name: /Checked on/ });
  expect(day).toHaveValue('03/02/2026');

  await chooseOption(user, who, '204');
  await user.clear(day);
  await user.type(day, '02/27/2026');
  await user.click(within(dialog).getByRole('button', { name: 'Save' }));
  expect(await screen.findByText(CHECKLIST_MESSAGES.checkerSaved)).toBeInTheDocument();
  expect(api.calls('POST /checklists/update_checked_by_in_report')[0]!.body).toEqual({ id: 1, completed_by: 204, completed_on: '2026-02-27' });
  await waitFor(() => expect(itemOf('Consult with the surgeon')).toHaveTextContent('Done by Main Clinic on Feb 27, 2026'));
});

test('changes an item’s due date', async () => {
  const { user } = await renderChecklist();
  await user.click(screen.getByRole('button', { name: 'Due date of Psych evaluation' }));
  const dialog = await screen.findByRole('dialog', { name: 'Due date of “Psych evaluation”' });
  await user.type(within(dialog).getByRole('textbox', { name: /Due date/ }), '04/01/2026');
  await user.click(within(dialog).getByRole('button', { name: 'Save' }));
  expect(await screen.findByText(CHECKLIST_MESSAGES.detailSaved)).toBeInTheDocument();
  expect(api.calls(UPDATE)[0]!.body).toEqual({ id: 3, due_date: '2026-04-01' });
  await waitFor(() => expect(itemOf('Psych evaluation')).toHaveTextContent('Due Apr 01, 2026'));
});

test('adds an item of this patient only', async () => {
  api.on('POST /checklists/add-item', ({ body }) => {
    const { title, due_date } = body as { title: string; due_date: string | null };
    const added = createPatientChecklistItem({ id: 4, title, due_date, position: 4, template_id: null, template_name: null });
    checklist.set({ ...checklist.current(), items: [...checklist.current().items, added] });
    return { status: 201, json: { data: checklist.current(), message: CHECKLIST_MESSAGES.itemAdded } };
  });
  const { user } = await renderChecklist();
  await user.click(screen.getByRole('button', { name: 'Add item' }));
  const dialog = await screen.findByRole('dialog', { name: 'Add an item to the Pre-Op checklist' });
  await user.click(within(dialog).getByRole('button', { name: 'Add Item' }));
  expect(await within(dialog).findByText('Title is required.')).toBeInTheDocument();
  await user.type(within(dialog).getByRole('textbox', { name: /Title/ }), 'Sleep study');
  await user.click(within(dialog).getByRole('button', { name: 'Add Item' }));
  expect(await screen.findByText(CHECKLIST_MESSAGES.itemAdded)).toBeInTheDocument();
  expect(api.calls('POST /checklists/add-item')[0]!.body).toEqual({ patient_id: 7, stage: 1, title: 'Sleep study', due_date: null });
  expect(await within(itemsList()).findByRole('checkbox', { name: 'Sleep study' })).toBeInTheDocument();
  expect(screen.getByText('1 of 4 done (25%)')).toBeInTheDocument();
});

test('adds the items of another template of the stage', async () => {
  api.on('GET /checklist/templates/other', {
    status: 200,
    json: { data: [{ id: 44, stage: 1, name: 'Bariatric labs', is_default: 0, item_count: 2 }] },
  });
  api.on('POST /checklists/apply-template', () => {
    checklist.set({
      ...checklist.current(),
      items: [
        ...checklist.current().items,
        createPatientChecklistItem({ id: 5, title: 'Vitamin D', template_id: 44, template_name: 'Bariatric labs' }),
        createPatientChecklistItem({ id: 6, title: 'A1C', template_id: 44, template_name: 'Bariatric labs' }),
      ],
    });
    return { status: 200, json: { data: checklist.current(), message: CHECKLIST_MESSAGES.templateApplied } };
  });
  const { user } = await renderChecklist();
  await user.click(screen.getByRole('button', { name: 'Add items from another template' }));
  const dialog = await screen.findByRole('dialog', { name: 'Add items from another Pre-Op template' });
  expect(Object.fromEntries(api.calls('GET /checklist/templates/other')[0]!.query)).toEqual({ patient_id: '7', stage: '1' });
  await chooseOption(user, within(dialog).findByRole('combobox', { name: /Template/ }), 'Bariatric labs (2 items)');
  await user.click(within(dialog).getByRole('button', { name: 'Add Items' }));
  expect(await screen.findByText(CHECKLIST_MESSAGES.templateApplied)).toBeInTheDocument();
  expect(api.calls('POST /checklists/apply-template')[0]!.body).toEqual({ patient_id: 7, template_id: 44 });
  expect(await within(itemsList()).findByRole('checkbox', { name: 'A1C' })).toBeInTheDocument();
  expect(screen.getByText('1 of 5 done (20%)')).toBeInTheDocument();
});

test('says when no other template is left', async () => {
  api.on('GET /checklist/templates/other', { status: 200, json: { data: [] } });
  const { user } = await renderChecklist();
  await user.click(screen.getByRole('button', { name: 'Add items from another template' }));
  const dialog = await screen.findByRole('dialog', { name: 'Add items from another Pre-Op template' });
  expect(await within(dialog).findByText('Every active Pre-Op template is on this checklist already.')).toBeInTheDocument();
});

test('shows the stage of ?stage=, and another stage from its tab', async () => {
  api.on(GET, ({ query }) => {
    const stage = Number(query.get('stage') ?? 1) as 1 | 2 | 3;
    const items = [createPatientChecklistItem({ id: 7 + stage, stage, title: stage === 3 ? 'Habit check-in' : 'Follow-up visit' })];
    return { status: 200, json: { data: createPatientChecklist({ stage, stage_name: stage === 3 ? 'Healthy Habits' : 'Post-Op', items }) } };
  });
  const { user } = await renderChecklist('/checklists/7?stage=2');
  expect(api.calls(GET)[0]!.query.get('stage')).toBe('2');
  expect(screen.getByRole('tab', { name: 'Post-Op' })).toHaveAttribute('aria-selected', 'true');
  expect(within(screen.getByRole('list', { name: 'Post-Op checklist items' })).getByRole('checkbox', { name: 'Follow-up visit' })).toBeInTheDocument();

  await user.click(screen.getByRole('tab', { name: 'Healthy Habits' }));
  expect(await screen.findByRole('list', { name: 'Healthy Habits checklist items' })).toBeInTheDocument();
  expect(api.calls(GET).at(-1)!.query.get('stage')).toBe('3');
});

test('says when the patient is not found or the checklist cannot be loaded', async () => {
  api.on(GET, { status: 404, json: { message: 'Patient not found.' } });
  const first = await renderScreen(<PatientChecklistScreen />, { route: '/checklists/:id', path: '/checklists/7' });
  expect(await screen.findByRole('alert')).toHaveTextContent('This patient was not found.');
  first.unmount();

  api.on(GET, { status: 500, json: { message: 'The checklists are unavailable.' } });
  await renderScreen(<PatientChecklistScreen />, { route: '/checklists/:id', path: '/checklists/7' });
  expect(await screen.findByText('The checklist could not be loaded.')).toBeInTheDocument();
  expect(screen.getByText('The checklists are unavailable.')).toBeInTheDocument();
});
