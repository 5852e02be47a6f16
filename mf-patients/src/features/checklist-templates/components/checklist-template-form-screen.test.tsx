import { act, screen, waitFor, within } from '@testing-library/react';
import { CHECKLIST_MESSAGES } from '@baridesk/contracts';
import { toaster } from '@baridesk/ui';
import { chooseOption, renderScreen, startFakeApi, type FakeApi } from '@baridesk/testing';
import { createChecklistTemplateDetail, createTemplateItem, stageNames } from '../../../test/checklist-factories';
import { screens } from '../../../routes';
import {
  CopyChecklistTemplateScreen,
  EditChecklistTemplateScreen,
  StoreChecklistTemplateScreen,
} from './checklist-template-form-screen';

const STORE = 'POST /checklist/templates/store' as const;
const UPDATE = 'POST /checklist/templates/update' as const;

const template = createChecklistTemplateDetail({
  id: 40,
  stage: 3,
  name: 'Habit tracker',
  description: 'Weekly habits.',
  status: 1,
  is_default: 1,
  items: [
    createTemplateItem({ id: 71, title: 'Food diary', position: 1, due_anchor: 'stage_start', due_days: 7 }),
    createTemplateItem({ id: 72, title: 'Walk 30 minutes', description: 'Daily.', position: 2 }),
    createTemplateItem({ id: 73, title: 'Blood work', position: 3, due_anchor: 'surgery_date', due_days: -14 }),
  ],
});

let api: FakeApi;
beforeEach(async () => {
  api = await startFakeApi({
    'GET /checklist/stage-names': { status: 200, json: stageNames('Healthy Habits') },
    'GET /checklist/templates/40': { status: 200, json: { data: template } },
  });
});
afterEach(async () => {
  // Notices outlive a test: the toaster is one for the page.
  act(() => toaster.remove());
  await api.close();
});

const item = (position: number) => screen.getByRole('group', { name: `Item ${position}` });
const titleOf = (position: number) => within(item(position)).getByRole('textbox', { name: /Title/ });
const savedAnswer = (body: unknown, message: string) => ({ status: 201, json: { data: { ...template, ...(body as object) }, message } });

test('the three addresses load one form each', async () => {
  expect((await screens['/checklist-template/:id/store']()).default).toBe(StoreChecklistTemplateScreen);
  expect((await screens['/checklist-template/:id/edit/:rowId']()).default).toBe(EditChecklistTemplateScreen);
  expect((await screens['/checklist-template/:id/copy/:rowId']()).default).toBe(CopyChecklistTemplateScreen);
});

test('adds a template: items added, re-ordered and removed, each with its due-date rule, then back to the stage', async () => {
  api.on(STORE, ({ body }) => savedAnswer(body, CHECKLIST_MESSAGES.templateCreated));
  const { user, path } = await renderScreen(<StoreChecklistTemplateScreen />, {
    route: '/checklist-template/:id/store',
    path: '/checklist-template/3/store',
  });
  expect(await screen.findByRole('heading', { level: 1, name: 'Add Healthy Habits Checklist Template' })).toBeInTheDocument();
  expect(screen.getByRole('switch', { name: 'Active' })).toBeChecked();
  expect(screen.getByRole('checkbox', { name: 'Default for patients entering this stage' })).not.toBeChecked();
  expect(within(item(1)).getByRole('button', { name: 'Remove item 1' })).toBeDisabled();

  // Nothing is sent while the name and the item's title are missing.
  await user.click(screen.getByRole('button', { name: 'Add Template' }));
  expect(await screen.findByText('Name is required.')).toBeInTheDocument();
  expect(within(item(1)).getByText('Title is required.')).toBeInTheDocument();
  expect(api.calls(STORE)).toHaveLength(0);

  await user.type(screen.getByRole('textbox', { name: /Name/ }), 'Habits');
  await user.type(titleOf(1), 'Food diary');
  // Item 1: 7 days after the start of the stage.
  await chooseOption(user, within(item(1)).getByRole('combobox', { name: 'Due date' }), 'stage_start');
  await user.type(within(item(1)).getByRole('textbox', { name: /Days/ }), '7');

  await user.click(screen.getByRole('button', { name: 'Add item' }));
  expect(titleOf(2)).toHaveFocus();
  await user.type(titleOf(2), 'Blood work');
  await user.type(within(item(2)).getByRole('textbox', { name: /Description/ }), 'Fasting.');
  // Item 2: 14 days before the surgery date.
  await chooseOption(user, within(item(2)).getByRole('combobox', { name: 'Due date' }), 'surgery_date');
  await user.type(within(item(2)).getByRole('textbox', { name: /Days/ }), '14');
  await chooseOption(user, within(item(2)).getByRole('combobox', { name: 'Before or after' }), 'before');

  await user.click(screen.getByRole('button', { name: 'Add item' }));
  await user.type(titleOf(3), 'Walk');

  // Blood work first: by keyboard, the focus stays on the moved item.
  within(item(2)).getByRole('button', { name: 'Move up item 2' }).focus();
  await user.keyboard('{Enter}');
  expect(titleOf(1)).toHaveValue('Blood work');
  expect(titleOf(2)).toHaveValue('Food diary');
  expect(within(item(1)).getByRole('button', { name: 'Move down item 1' })).toHaveFocus();
  expect(within(item(1)).getByRole('textbox', { name: /Days/ })).toHaveValue('14');
  expect(within(item(1)).getByRole('combobox', { name: 'Before or after' })).toHaveValue('before');
  expect(screen.getByText('Item moved to position 1 of 3.')).toBeInTheDocument();

  await user.click(within(item(3)).getByRole('button', { name: 'Remove item 3' }));
  expect(screen.queryByRole('group', { name: 'Item 3' })).not.toBeInTheDocument();

  await user.click(screen.getByRole('button', { name: 'Add Template' }));
  expect(await screen.findByText(CHECKLIST_MESSAGES.templateCreated)).toBeInTheDocument();
  expect(api.calls(STORE)[0]!.body).toEqual({
    stage: 3,
    name: 'Habits',
    status: 1,
    is_default: 0,
    items: [
      { title: 'Blood work', description: 'Fasting.', due_anchor: 'surgery_date', due_days: -14 },
      { title: 'Food diary', due_anchor: 'stage_start', due_days: 7 },
    ],
  });
  await waitFor(() => expect(path()).toBe('/checklist-templates'));
});

test('a due date needs its days, and "No due date" sends none', async () => {
  api.on(STORE, ({ body }) => savedAnswer(body, CHECKLIST_MESSAGES.templateCreated));
  const { user } = await renderScreen(<StoreChecklistTemplateScreen />, { route: '/checklist-template/:id/store', path: '/checklist-template/1/store' });
  await user.type(await screen.findByRole('textbox', { name: /Name/ }), 'Basics');
  await user.type(titleOf(1), 'Consult');
  await chooseOption(user, within(item(1)).getByRole('combobox', { name: 'Due date' }), 'consult_date');
  await user.click(screen.getByRole('button', { name: 'Add Template' }));
  expect(await within(item(1)).findByText(CHECKLIST_MESSAGES.dueAnchorWithoutDays)).toBeInTheDocument();
  await user.type(within(item(1)).getByRole('textbox', { name: /Days/ }), 'x');
  expect(await within(item(1)).findByText(CHECKLIST_MESSAGES.dueDays)).toBeInTheDocument();
  expect(api.calls(STORE)).toHaveLength(0);

  await chooseOption(user, within(item(1)).getByRole('combobox', { name: 'Due date' }), '');
  expect(within(item(1)).queryByRole('textbox', { name: /Days/ })).not.toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: 'Add Template' }));
  expect(await screen.findByText(CHECKLIST_MESSAGES.templateCreated)).toBeInTheDocument();
  expect(api.calls(STORE)[0]!.body).toEqual({
    stage: 1,
    name: 'Basics',
    status: 1,
    is_default: 0,
    items: [{ title: 'Consult', due_anchor: null, due_days: null }],
  });
});

test('edits a template keeping its items’ ids; the server’s messages land under the form’s and the items’ fields', async () => {
  let attempts = 0;
  api.on(UPDATE, ({ body }) => {
    attempts += 1;
    if (attempts === 1)
      return {
        status: 422,
        json: {
          message: CHECKLIST_MESSAGES.duplicateName,
          errors: {
            name: [CHECKLIST_MESSAGES.duplicateName],
            'items.1.title': ['Title is too long.'],
            'items.2.due_days': [CHECKLIST_MESSAGES.dueDays],
            items: [CHECKLIST_MESSAGES.itemNotInTemplate],
          },
        },
      };
    return { status: 200, json: { data: { ...template, ...(body as object) }, message: CHECKLIST_MESSAGES.templateUpdated } };
  });
  const { user, path } = await renderScreen(<EditChecklistTemplateScreen />, {
    route: '/checklist-template/:id/edit/:rowId',
    path: '/checklist-template/3/edit/40',
  });
  expect(await screen.findByRole('heading', { level: 1, name: 'Edit Healthy Habits Checklist Template' })).toBeInTheDocument();
  const name = await screen.findByRole('textbox', { name: /Name/ });
  expect(name).toHaveValue('Habit tracker');
  expect(screen.getByRole('checkbox', { name: 'Default for patients entering this stage' })).toBeChecked();
  expect(titleOf(3)).toHaveValue('Blood work');
  expect(within(item(3)).getByRole('combobox', { name: 'Due date' })).toHaveValue('surgery_date');
  expect(within(item(3)).getByRole('textbox', { name: /Days/ })).toHaveValue('14');
  expect(within(item(3)).getByRole('combobox', { name: 'Before or after' })).toHaveValue('before');
  expect(within(item(2)).queryByRole('textbox', { name: /Days/ })).not.toBeInTheDocument();

  await user.click(screen.getByRole('button', { name: 'Save Changes' }));
  await waitFor(() => expect(name).toHaveAccessibleDescription(CHECKLIST_MESSAGES.duplicateName));
  expect(titleOf(2)).toHaveAccessibleDescription('Title is too long.');
  expect(within(item(3)).getByRole('textbox', { name: /Days/ })).toHaveAccessibleDescription(CHECKLIST_MESSAGES.dueDays);
  expect(within(screen.getByRole('region', { name: 'Items' })).getByRole('alert')).toHaveTextContent(CHECKLIST_MESSAGES.itemNotInTemplate);
  expect(api.calls(UPDATE)[0]!.body).toEqual({
    id: 40,
    name: 'Habit tracker',
    description: 'Weekly habits.',
    status: 1,
    is_default: 1,
    items: [
      { id: 71, title: 'Food diary', due_anchor: 'stage_start', due_days: 7 },
      { id: 72, title: 'Walk 30 minutes', description: 'Daily.', due_anchor: null, due_days: null },
      { id: 73, title: 'Blood work', due_anchor: 'surgery_date', due_days: -14 },
    ],
  });

  await user.type(name, ' 2');
  await user.click(within(item(2)).getByRole('button', { name: 'Remove item 2' }));
  await user.click(screen.getByRole('button', { name: 'Add item' }));
  await user.type(titleOf(3), 'Sleep log');
  await user.click(screen.getByRole('button', { name: 'Save Changes' }));
  expect(await screen.findByText(CHECKLIST_MESSAGES.templateUpdated)).toBeInTheDocument();
  expect(api.calls(UPDATE)[1]!.body).toEqual({
    id: 40,
    name: 'Habit tracker 2',
    description: 'Weekly habits.',
    status: 1,
    is_default: 1,
    items: [
      { id: 71, title: 'Food diary', due_anchor: 'stage_start', due_days: 7 },
      { id: 73, title: 'Blood work', due_anchor: 'surgery_date', due_days: -14 },
      { title: 'Sleep log', due_anchor: null, due_days: null },
    ],
  });
  await waitFor(() => expect(path()).toBe('/checklist-templates'));
});

test('copies a template: renamed, not the default, its items without ids, saved as a new one', async () => {
  api.on(STORE, ({ body }) => savedAnswer(body, CHECKLIST_MESSAGES.templateCreated));
  const { user, path } = await renderScreen(<CopyChecklistTemplateScreen />, {
    route: '/checklist-template/:id/copy/:rowId',
    path: '/checklist-template/3/copy/40',
  });
  expect(await screen.findByRole('heading', { level: 1, name: 'Copy Healthy Habits Checklist Template' })).toBeInTheDocument();
  expect(await screen.findByRole('textbox', { name: /Name/ })).toHaveValue('Copy of Habit tracker');
  expect(screen.getByRole('checkbox', { name: 'Default for patients entering this stage' })).not.toBeChecked();

  await user.click(screen.getByRole('button', { name: 'Save Copy' }));
  expect(await screen.findByText(CHECKLIST_MESSAGES.templateCreated)).toBeInTheDocument();
  expect(api.calls(STORE)[0]!.body).toEqual({
    stage: 3,
    name: 'Copy of Habit tracker',
    description: 'Weekly habits.',
    status: 1,
    is_default: 0,
    items: [
      { title: 'Food diary', due_anchor: 'stage_start', due_days: 7 },
      { title: 'Walk 30 minutes', description: 'Daily.', due_anchor: null, due_days: null },
      { title: 'Blood work', due_anchor: 'surgery_date', due_days: -14 },
    ],
  });
  expect(api.calls(UPDATE)).toHaveLength(0);
  await waitFor(() => expect(path()).toBe('/checklist-templates'));
});

test('says when the address is wrong or the template cannot be loaded, and a failed save is a notice', async () => {
  const first = await renderScreen(<EditChecklistTemplateScreen />, { route: '/checklist-template/:id/edit/:rowId', path: '/checklist-template/4/edit/40' });
  expect(screen.getByRole('alert')).toHaveTextContent('This address does not name a checklist template.');
  first.unmount();

  api.on('GET /checklist/templates/40', { status: 404, json: { message: CHECKLIST_MESSAGES.templateNotFound } });
  const second = await renderScreen(<CopyChecklistTemplateScreen />, { route: '/checklist-template/:id/copy/:rowId', path: '/checklist-template/3/copy/40' });
  expect(await screen.findByText('The template could not be loaded.')).toBeInTheDocument();
  expect(screen.getByText(CHECKLIST_MESSAGES.templateNotFound)).toBeInTheDocument();
  second.unmount();

  api.on(STORE, { status: 500, json: { message: 'The server is down.' } });
  const { user, path } = await renderScreen(<StoreChecklistTemplateScreen />, { route: '/checklist-template/:id/store', path: '/checklist-template/2/store' });
  await user.type(await screen.findByRole('textbox', { name: /Name/ }), 'Anything');
  await user.type(titleOf(1), 'Something');
  await user.click(screen.getByRole('button', { name: 'Add Template' }));
  expect(await screen.findByText('The server is down.')).toBeInTheDocument();
  expect(path()).toBe('/checklist-template/2/store');
});
