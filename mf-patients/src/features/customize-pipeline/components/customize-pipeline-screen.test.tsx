import { act, screen, waitFor, within } from '@testing-library/react';
import { PIPELINE_MESSAGES, required, type PipelineRuleRecord, type PipelineStatus } from '@baridesk/contracts';
import { appStore, STORAGE_KEY } from '@baridesk/store';
import { chooseOption, chooseRowDelete, createAuthUser, findNotice, renderScreen, startFakeApi, type FakeApi } from '@baridesk/testing';
import { toaster } from '@baridesk/ui';
import { createPipelineRule, createPipelineStatus, createRuleSettings } from '../../../test/pipeline-factories';
import CustomizePipelineScreen from './customize-pipeline-screen';

const STATUSES = 'GET /pipelines';
const STORE = 'POST /pipelines/store';
const UPDATE = 'POST /pipelines/update';
const REORDER = 'POST /pipelines/reorder';
const DELETE = 'POST /pipelines/delete';
const RULES = 'GET /pipeline-automation-rule';
const SETTINGS = 'GET /pipeline-automation-rule/new-todo-settings';
const RULE_STORE = 'POST /pipeline-automation-rule/store';
const RULE_UPDATE = 'PUT /pipeline-automation-rule/update';
const RULE_DELETE = 'DELETE /pipeline-automation-rule/delete';
const RULE_TOGGLE = 'POST /pipeline-automation-rule/toggle-active';
const RULE_PRIORITY = 'POST /pipeline-automation-rule/update-priority';

const seminar = createPipelineStatus({ id: 11, name: 'Seminar', is_default: 1, patient_count: 5, position: 1 });
const workup = createPipelineStatus({ id: 12, name: 'Work-up', patient_count: 1, position: 2 });
const ready = createPipelineStatus({ id: 13, name: 'Ready for Surgery', patient_count: 0, position: 3 });
const statusList = (statuses: PipelineStatus[]) => ({
  status: 200,
  json: { data: { data: statuses, default: statuses.find((status) => status.is_default === 1)?.id ?? null } },
});

const byPercent = createPipelineRule({ id: 31, type: 4, type_label: 'Checklist % Complete', to_status_id: 13, percent: 100, description: 'Checklist % Complete reaches 100% → Ready for Surgery' });
const afterSurgery = createPipelineRule({ id: 32, type: 1, type_label: 'Surgery Date passed x days', from_status_id: 13, to_status_id: 12, days: 30, status: 0, description: 'Surgery Date passed 30 days → Work-up' });
const ruleList = (rules: PipelineRuleRecord[]) => ({ status: 200, json: { data: rules } });
const settings = createRuleSettings({
  statuses: [seminar, workup, ready].map(({ id, name }) => ({ id, name })),
  checklist_items: [
    { id: 71, title: 'Psych evaluation', template_id: 7, template_name: 'Pre-Op basics' },
    { id: 72, title: 'Nutrition class', template_id: 7, template_name: 'Pre-Op basics' },
    { id: 81, title: 'Sleep study', template_id: 8, template_name: 'Insurance' },
  ],
});

let api: FakeApi;
const initial = appStore.getState();
beforeAll(async () => {
  api = await startFakeApi();
});
afterAll(() => api.close());
beforeEach(() => {
  api.reset({
    [STATUSES]: statusList([seminar, workup, ready]),
    [RULES]: ruleList([byPercent, afterSurgery]),
    [SETTINGS]: { status: 200, json: settings },
  });
  localStorage.clear();
  appStore.setState(initial, true);
  appStore.getState().signIn({ token: 'tok', user: createAuthUser() });
});
afterEach(() => act(() => toaster.remove()));

const statusRows = () => within(screen.getByRole('list', { name: 'Statuses of Pre-Op' })).getAllByRole('listitem');
const ruleRows = () => within(screen.getByRole('list', { name: 'Automation rules of Pre-Op' })).getAllByRole('listitem');
/** The names in the list's rows, in order (each row's first paragraph). */
const namesIn = (rows: HTMLElement[]) => rows.map((row) => row.querySelector('p')?.textContent);

async function openStatuses(path = '/customize-pipeline') {
  const view = await renderScreen(<CustomizePipelineScreen />, { route: '/customize-pipeline', path });
  await screen.findByRole('button', { name: 'Edit Seminar' });
  return view;
}

async function openRules() {
  appStore.getState().setCustomizePipelineTab(1);
  const view = await renderScreen(<CustomizePipelineScreen />, { route: '/customize-pipeline' });
  await screen.findByRole('button', { name: `Edit ${byPercent.description}` });
  return view;
}

describe('statuses', () => {
  it('lists the stage’s statuses in order with their patients and the default', async () => {
    await openStatuses();
    expect(screen.getByRole('heading', { level: 1, name: 'Customize Pipeline' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Pre-Op' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tab', { name: 'Statuses' })).toHaveAttribute('aria-selected', 'true');
    expect(Object.fromEntries(api.calls(STATUSES)[0]!.query)).toEqual({ stage: '1' });
    expect(statusRows().map((row) => row.textContent)).toEqual([
      expect.stringContaining('SeminarDefault5 patients'),
      expect.stringContaining('Work-up1 patient'),
      expect.stringContaining('Ready for Surgery0 patients'),
    ]);
    expect(screen.getByRole('button', { name: 'Move up Seminar' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Move down Ready for Surgery' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Make default Seminar' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to the pipeline' })).toHaveAttribute('href', '/pipeline?stage=1');
  });

  it('shows the stage of the address and changes stage by its tab', async () => {
    const { user } = await openStatuses('/customize-pipeline?stage=2');
    expect(screen.getByRole('tab', { name: 'Post-Op' })).toHaveAttribute('aria-selected', 'true');
    expect(Object.fromEntries(api.calls(STATUSES)[0]!.query)).toEqual({ stage: '2' });
    await user.click(screen.getByRole('tab', { name: 'Weight-Management' }));
    await waitFor(() => expect(Object.fromEntries(api.calls(STATUSES).at(-1)!.query)).toEqual({ stage: '3' }));
  });

  it('adds a status, the default for new patients', async () => {
    api.on(STORE, ({ body }) => ({ status: 200, json: { data: { ...seminar, id: 14, ...(body as object) }, message: PIPELINE_MESSAGES.statusCreated } }));
    const { user } = await openStatuses();
    await user.click(screen.getByRole('button', { name: 'Add status' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add status' });
    await user.type(within(dialog).getByRole('textbox', { name: /Name/ }), '  Consult ');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Default for new patients' }));
    const before = api.calls(STATUSES).length;
    await user.click(within(dialog).getByRole('button', { name: 'Add status' }));

    expect(await findNotice('Success', PIPELINE_MESSAGES.statusCreated)).toBeInTheDocument();
    expect(api.calls(STORE)[0]!.body).toEqual({ stage: 1, name: 'Consult', is_default: 1 });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(api.calls(STATUSES).length).toBeGreaterThan(before));
  });

  it('puts the server’s refusal of a name under the field', async () => {
    api.on(STORE, { status: 422, json: { message: 'The given data was invalid.', errors: { name: [PIPELINE_MESSAGES.duplicateName] } } });
    const { user } = await openStatuses();
    await user.click(screen.getByRole('button', { name: 'Add status' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add status' });
    await user.click(within(dialog).getByRole('button', { name: 'Add status' }));
    expect(await within(dialog).findByText(required('name'))).toBeInTheDocument();
    expect(api.calls(STORE)).toHaveLength(0);

    await user.type(within(dialog).getByRole('textbox', { name: /Name/ }), 'seminar');
    await user.click(within(dialog).getByRole('button', { name: 'Add status' }));
    expect(await within(dialog).findByText(PIPELINE_MESSAGES.duplicateName)).toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: /Name/ })).toHaveAttribute('aria-invalid', 'true');
  });

  it('renames a status, and makes another the default', async () => {
    api.on(UPDATE, ({ body }) => ({ status: 200, json: { data: { ...seminar, ...(body as object) }, message: PIPELINE_MESSAGES.statusUpdated } }));
    const { user } = await openStatuses();
    await user.click(screen.getByRole('button', { name: 'Edit Seminar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit status' });
    const name = within(dialog).getByRole('textbox', { name: /Name/ });
    expect(name).toHaveValue('Seminar');
    expect(within(dialog).queryByRole('checkbox')).not.toBeInTheDocument();
    await user.clear(name);
    await user.type(name, 'Info Seminar');
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    expect(await findNotice('Success', PIPELINE_MESSAGES.statusUpdated)).toBeInTheDocument();
    expect(api.calls(UPDATE)[0]!.body).toEqual({ id: 11, name: 'Info Seminar', is_default: 1 });

    await user.click(screen.getByRole('button', { name: 'Make default Work-up' }));
    await waitFor(() => expect(api.calls(UPDATE)).toHaveLength(2));
    expect(api.calls(UPDATE)[1]!.body).toEqual({ id: 12, name: 'Work-up', is_default: 1 });
  });

  it('re-orders with Move up and Move down: at once, then saved', async () => {
    api.on(REORDER, ({ body }) => ({
      status: 200,
      delayMs: 100,
      json: { data: (body as { ids: number[] }).ids.map((id) => [seminar, workup, ready].find((status) => status.id === id)), message: PIPELINE_MESSAGES.statusesReordered },
    }));
    const { user } = await openStatuses();
    api.on(STATUSES, statusList([workup, seminar, ready]));
    await user.click(screen.getByRole('button', { name: 'Move down Seminar' }));
    expect(namesIn(statusRows())).toEqual(['Work-up', 'Seminar', 'Ready for Surgery']);
    expect(screen.getByRole('button', { name: 'Move down Seminar' })).toHaveFocus();
    expect(await findNotice('Success', PIPELINE_MESSAGES.statusesReordered)).toBeInTheDocument();
    expect(api.calls(REORDER)[0]!.body).toEqual({ stage: 1, ids: [12, 11, 13] });

    api.on(REORDER, { status: 422, json: { message: PIPELINE_MESSAGES.reorderMismatch } });
    await user.click(screen.getByRole('button', { name: 'Move up Ready for Surgery' }));
    expect(await findNotice('Error', PIPELINE_MESSAGES.reorderMismatch)).toBeInTheDocument();
    await waitFor(() => expect(namesIn(statusRows())).toEqual(['Work-up', 'Seminar', 'Ready for Surgery']));
  });

  it('keeps Delete out of the row, in its "More actions" menu, and deletes an empty status after a confirmation', async () => {
    api.on(DELETE, { status: 200, json: { message: PIPELINE_MESSAGES.statusDeleted, data: { moved_patients: 0 } } });
    const { user } = await openStatuses();
    expect(screen.getByRole('button', { name: 'Edit Ready for Surgery' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Delete/ })).not.toBeInTheDocument();
    await chooseRowDelete(user, 'Ready for Surgery');
    const question = await screen.findByRole('alertdialog', { name: 'Delete status' });
    expect(question).toHaveTextContent('Delete the status "Ready for Surgery"? It has no patients; it will be gone from the board and the lists. This cannot be undone.');
    expect(within(question).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await user.click(within(question).getByRole('button', { name: 'Delete status' }));
    expect(await findNotice('Success', PIPELINE_MESSAGES.statusDeleted)).toBeInTheDocument();
    expect(api.calls(DELETE)[0]!.body).toEqual({ id: 13 });
  });

  it('asks where the patients of a deleted status go', async () => {
    api.on(DELETE, { status: 200, json: { message: PIPELINE_MESSAGES.statusDeleted, data: { moved_patients: 5 } } });
    const { user } = await openStatuses();
    await chooseRowDelete(user, 'Seminar');
    const question = await screen.findByRole('alertdialog', { name: 'Delete status' });
    expect(question).toHaveTextContent('Delete the status "Seminar"? It has 5 patients: choose the status they move to.');
    expect(within(question).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    const target = within(question).getByRole('combobox', { name: /Move its patients to/ });
    expect(within(target).getAllByRole('option').map((option) => option.textContent)).toEqual(['Choose a status', 'Work-up', 'Ready for Surgery']);

    // The button says what it does, and to how many patients.
    const confirm = within(question).getByRole('button', { name: 'Delete and move 5 patients' });
    await user.click(confirm);
    expect(await within(question).findByText(PIPELINE_MESSAGES.chooseTarget)).toBeInTheDocument();
    expect(api.calls(DELETE)).toHaveLength(0);

    await chooseOption(user, target, 'Work-up');
    expect(question).toHaveTextContent('5 patients will move from "Seminar" to "Work-up", and "Seminar" will be gone. This cannot be undone.');
    await user.click(confirm);
    expect(await findNotice('Success', PIPELINE_MESSAGES.statusDeleted)).toBeInTheDocument();
    expect(api.calls(DELETE)[0]!.body).toEqual({ id: 11, move_to_status_id: 12 });
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
  });

  it('shows why a status named by rules cannot go', async () => {
    api.on(DELETE, { status: 409, json: { message: PIPELINE_MESSAGES.usedByRules } });
    const { user } = await openStatuses();
    await chooseRowDelete(user, 'Ready for Surgery');
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete status' }));
    expect(await findNotice('Error', PIPELINE_MESSAGES.usedByRules)).toBeInTheDocument();

    await chooseRowDelete(user, 'Work-up');
    const question = await screen.findByRole('alertdialog', { name: 'Delete status' });
    await chooseOption(user, within(question).getByRole('combobox', { name: /Move its patients to/ }), 'Seminar');
    api.on(DELETE, { status: 422, json: { message: 'The given data was invalid.', errors: { move_to_status_id: [PIPELINE_MESSAGES.targetInvalid] } } });
    await user.click(within(question).getByRole('button', { name: /^Delete and move/ }));
    expect(await within(question).findByText(PIPELINE_MESSAGES.targetInvalid)).toBeInTheDocument();
  });
});

describe('the saved tab', () => {
  it('opens on the tab kept in browser storage, and keeps the one chosen', async () => {
    const { user } = await openRules();
    expect(screen.getByRole('tab', { name: 'Automation rules' })).toHaveAttribute('aria-selected', 'true');
    await user.click(screen.getByRole('tab', { name: 'Statuses' }));
    await screen.findByRole('button', { name: 'Edit Seminar' });
    expect(appStore.getState().customizePipelineTab).toBe(0);
    expect(JSON.parse(localStorage.getItem(STORAGE_KEY)!).state.customizePipelineTab).toBe(0);
    await user.click(screen.getByRole('tab', { name: 'Automation rules' }));
    expect(JSON.parse(localStorage.getItem(STORAGE_KEY)!).state.customizePipelineTab).toBe(1);
  });

  it('falls back to the first tab for a stored index it does not have', async () => {
    appStore.getState().setCustomizePipelineTab(5);
    await openStatuses();
    expect(screen.getByRole('tab', { name: 'Statuses' })).toHaveAttribute('aria-selected', 'true');
  });
});

describe('automation rules', () => {
  it('lists the rules in priority order with their switch', async () => {
    await openRules();
    expect(Object.fromEntries(api.calls(RULES)[0]!.query)).toEqual({ stage: '1' });
    expect(namesIn(ruleRows())).toEqual([byPercent.description, afterSurgery.description]);
    expect(screen.getByRole('switch', { name: `${byPercent.description} active` })).toBeChecked();
    expect(screen.getByRole('switch', { name: `${afterSurgery.description} active` })).not.toBeChecked();
  });

  it('switches a rule on, and re-orders and deletes rules', async () => {
    api.on(RULE_TOGGLE, { status: 200, delayMs: 100, json: { data: { ...afterSurgery, status: 1 }, message: PIPELINE_MESSAGES.ruleOn } });
    api.on(RULE_PRIORITY, { status: 200, json: { data: [{ ...afterSurgery, status: 1 }, byPercent], message: PIPELINE_MESSAGES.prioritiesSaved } });
    api.on(RULE_DELETE, { status: 200, json: { message: PIPELINE_MESSAGES.ruleDeleted } });
    const { user } = await openRules();

    await user.click(screen.getByRole('switch', { name: `${afterSurgery.description} active` }));
    expect(screen.getByRole('switch', { name: `${afterSurgery.description} active` })).toBeChecked();
    expect(await findNotice('Success', PIPELINE_MESSAGES.ruleOn)).toBeInTheDocument();
    expect(api.calls(RULE_TOGGLE)[0]!.body).toEqual({ id: 32 });
    act(() => toaster.remove());

    await user.click(screen.getByRole('button', { name: `Move up ${afterSurgery.description}` }));
    expect(await findNotice('Success', PIPELINE_MESSAGES.prioritiesSaved)).toBeInTheDocument();
    expect(api.calls(RULE_PRIORITY)[0]!.body).toEqual({ stage: 1, ids: [32, 31] });
    act(() => toaster.remove());

    await chooseRowDelete(user, byPercent.description);
    const question = await screen.findByRole('alertdialog', { name: 'Delete automation rule' });
    await user.click(within(question).getByRole('button', { name: 'Delete' }));
    expect(await findNotice('Success', PIPELINE_MESSAGES.ruleDeleted)).toBeInTheDocument();
    expect(Object.fromEntries(api.calls(RULE_DELETE)[0]!.query)).toEqual({ id: '31' });
  });

  it('shows only the setting the chosen type needs, and sends only it', async () => {
    api.on(RULE_STORE, { status: 200, json: { data: byPercent, message: PIPELINE_MESSAGES.ruleCreated } });
    const { user } = await openRules();
    await user.click(screen.getByRole('button', { name: 'Add rule' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add automation rule' });
    const type = within(dialog).getByRole('combobox', { name: /Type/ });
    expect(within(type).getAllByRole('option').map((option) => option.textContent)).toEqual([
      'Choose what moves the patient',
      'Surgery Date passed x days',
      'Surgery Date added',
      'Checklist Item completed',
      'Checklist % Complete',
      'Days in Stage',
    ]);
    const from = within(dialog).getByRole('combobox', { name: 'From status' });
    expect(within(from).getAllByRole('option').map((option) => option.textContent)).toEqual(['Any status', 'Seminar', 'Work-up', 'Ready for Surgery']);
    const settingFields = () => ({
      days: within(dialog).queryByRole('spinbutton', { name: /Days/ }) !== null,
      item: within(dialog).queryByRole('combobox', { name: /Checklist item/ }) !== null,
      percent: within(dialog).queryByRole('spinbutton', { name: /Percentage/ }) !== null,
    });
    expect(settingFields()).toEqual({ days: false, item: false, percent: false });

    await chooseOption(user, type, 'Surgery Date passed x days');
    expect(settingFields()).toEqual({ days: true, item: false, percent: false });
    await user.type(within(dialog).getByRole('spinbutton', { name: /Days/ }), '14');
    await chooseOption(user, type, 'Days in Stage');
    expect(settingFields()).toEqual({ days: true, item: false, percent: false });
    await chooseOption(user, type, 'Checklist Item completed');
    expect(settingFields()).toEqual({ days: false, item: true, percent: false });
    const item = within(dialog).getByRole('combobox', { name: /Checklist item/ });
    expect(within(item).getByRole('group', { name: 'Pre-Op basics' })).toHaveTextContent('Psych evaluationNutrition class');
    expect(within(item).getByRole('group', { name: 'Insurance' })).toHaveTextContent('Sleep study');
    await chooseOption(user, type, 'Surgery Date added');
    expect(settingFields()).toEqual({ days: false, item: false, percent: false });
    await chooseOption(user, type, 'Checklist % Complete');
    expect(settingFields()).toEqual({ days: false, item: false, percent: true });

    await chooseOption(user, within(dialog).getByRole('combobox', { name: /To status/ }), 'Ready for Surgery');
    await user.click(within(dialog).getByRole('button', { name: 'Add rule' }));
    expect(await within(dialog).findByText(required('percent'))).toBeInTheDocument();
    expect(api.calls(RULE_STORE)).toHaveLength(0);
    await user.type(within(dialog).getByRole('spinbutton', { name: /Percentage/ }), '100');
    await user.click(within(dialog).getByRole('button', { name: 'Add rule' }));

    expect(await findNotice('Success', PIPELINE_MESSAGES.ruleCreated)).toBeInTheDocument();
    expect(api.calls(RULE_STORE)[0]!.body).toEqual({ stage: 1, type: 4, to_status_id: 13, percent: 100 });
  });

  it('sends a checklist item rule and puts the server’s field messages under the fields', async () => {
    api.on(RULE_STORE, {
      status: 422,
      json: { message: 'The given data was invalid.', errors: { checklist_item_id: [PIPELINE_MESSAGES.itemNotFound], to_status_id: [PIPELINE_MESSAGES.sameFromAndTo] } },
    });
    const { user } = await openRules();
    await user.click(screen.getByRole('button', { name: 'Add rule' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add automation rule' });
    await chooseOption(user, within(dialog).getByRole('combobox', { name: /Type/ }), 'Checklist Item completed');
    await chooseOption(user, within(dialog).getByRole('combobox', { name: 'From status' }), 'Seminar');
    await chooseOption(user, within(dialog).getByRole('combobox', { name: /To status/ }), 'Work-up');
    await chooseOption(user, within(dialog).getByRole('combobox', { name: /Checklist item/ }), 'Sleep study');
    await user.click(within(dialog).getByRole('button', { name: 'Add rule' }));

    expect(await within(dialog).findByText(PIPELINE_MESSAGES.itemNotFound)).toBeInTheDocument();
    expect(within(dialog).getByText(PIPELINE_MESSAGES.sameFromAndTo)).toBeInTheDocument();
    expect(api.calls(RULE_STORE)[0]!.body).toEqual({ stage: 1, type: 2, from_status_id: 11, to_status_id: 12, checklist_item_id: 81 });
  });

  it('changes a rule in its form', async () => {
    api.on(RULE_UPDATE, { status: 200, json: { data: afterSurgery, message: PIPELINE_MESSAGES.ruleUpdated } });
    const { user } = await openRules();
    await user.click(screen.getByRole('button', { name: `Edit ${afterSurgery.description}` }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit automation rule' });
    expect(within(dialog).getByRole('combobox', { name: /Type/ })).toHaveValue('1');
    expect(within(dialog).getByRole('combobox', { name: 'From status' })).toHaveValue('13');
    const days = within(dialog).getByRole('spinbutton', { name: /Days/ });
    expect(days).toHaveValue(30);
    await user.clear(days);
    await user.type(days, '45');
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    expect(await findNotice('Success', PIPELINE_MESSAGES.ruleUpdated)).toBeInTheDocument();
    expect(api.calls(RULE_UPDATE)[0]!.body).toEqual({ id: 32, type: 1, from_status_id: 13, to_status_id: 12, days: 45 });
  });
});
