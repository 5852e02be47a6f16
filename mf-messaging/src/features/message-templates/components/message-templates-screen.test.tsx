import { screen, waitFor, within } from '@testing-library/react';
import { MESSAGE_TEMPLATE_MESSAGES } from '@baridesk/contracts';
import { chooseOption, chooseRowDelete, pageOf, renderScreen, startFakeApi, type FakeApi } from '@baridesk/testing';
import { buildMessageTemplate } from '../../../test/factories';
import MessageTemplatesScreen from './message-templates-screen';

const LIST = 'GET /alerts/message-templates' as const;

const welcome = buildMessageTemplate({
  id: 1,
  title: 'Welcome',
  message: 'Welcome to the program! '.repeat(6).trim(),
  updated_at: '2026-03-05T10:00:00.000Z',
});
const reminder = buildMessageTemplate({ id: 2, title: 'Support group reminder', message: 'See you tonight.', status: 0 });
// The 80th character falls inside the phone number.
const callUs = buildMessageTemplate({
  id: 3,
  title: 'Call us',
  message: 'Your surgery date is confirmed. If anything changes, please call the clinic at 555-123-4567 or write to us.',
});

let api: FakeApi;

beforeEach(async () => {
  api = await startFakeApi();
  api.on(LIST, () => ({ status: 200, json: pageOf([welcome, reminder, callUs], { total: 12 }) }));
});

afterEach(async () => {
  await api.close();
});

const table = () => screen.getByRole('table', { name: 'Message templates' });
const rowOf = (title: string) => within(table()).getByRole('row', { name: new RegExp(title) });

async function renderList() {
  const view = await renderScreen(<MessageTemplatesScreen />);
  await screen.findByRole('cell', { name: 'Welcome' });
  return view;
}

test('lists the templates of the first page with an excerpt, a status badge and the update date', async () => {
  await renderList();
  expect(screen.getByRole('heading', { level: 1, name: 'Message Templates' })).toBeInTheDocument();
  const welcomeRow = rowOf('Welcome');
  expect(within(welcomeRow).getByRole('cell', { name: welcome.message }).querySelector('[aria-hidden]')).toHaveTextContent(/^(Welcome to the program! ){3}Welcome…$/);
  expect(within(welcomeRow).getByText('Active')).toBeInTheDocument();
  expect(within(welcomeRow).getByText('Mar 05, 2026')).toBeInTheDocument();
  expect(within(rowOf('Support group reminder')).getByText('Inactive')).toBeInTheDocument();
  expect(screen.getByText('Page 1 of 2')).toBeInTheDocument();

  const [first] = api.calls(LIST);
  expect(Object.fromEntries(first!.query)).toEqual({ page: '1', perPage: '10', sort: 'title', direction: 'asc' });
});

test('a long message is cut between words, never inside a phone number, and stays whole for a screen reader and the pointer', async () => {
  await renderList();
  const cell = within(rowOf('Call us')).getByRole('cell', { name: callUs.message });
  const shown = cell.querySelector('[aria-hidden]')!;
  expect(shown).toHaveTextContent(/^Your surgery date is confirmed\. If anything changes, please call the clinic at…$/);
  expect(cell.querySelector('[title]')).toHaveAttribute('title', callUs.message);
  // A short one is shown as it is, once.
  expect(within(rowOf('Support group reminder')).getByRole('cell', { name: 'See you tonight.' })).toHaveTextContent(/^See you tonight\.$/);
});

test('searches, filters by status, sorts and pages on the server', async () => {
  const { user } = await renderList();

  await user.type(screen.getByRole('searchbox', { name: 'Search templates' }), 'welcome');
  await waitFor(() => expect(api.calls(LIST).at(-1)!.query.get('search')).toBe('welcome'));
  // Debounced: one request for the whole word, not one per key.
  expect(api.calls(LIST).filter((call) => call.query.has('search'))).toHaveLength(1);

  await chooseOption(user, screen.getByRole('combobox', { name: 'Status' }), 'Inactive');
  await waitFor(() => expect(api.calls(LIST).at(-1)!.query.get('status')).toBe('0'));

  await user.click(within(table()).getByRole('button', { name: /Updated/ }));
  await waitFor(() => expect(api.calls(LIST).at(-1)!.query.get('sort')).toBe('updated_at'));

  await user.click(screen.getByRole('button', { name: /next page/i }));
  await waitFor(() => expect(api.calls(LIST).at(-1)!.query.get('page')).toBe('2'));
  expect(Object.fromEntries(api.calls(LIST).at(-1)!.query)).toMatchObject({ search: 'welcome', status: '0', direction: 'asc' });
});

test('shows an empty state and a failed load', async () => {
  api.on(LIST, () => ({ status: 200, json: pageOf([]) }));
  await renderScreen(<MessageTemplatesScreen />);
  expect(await screen.findByText('No templates yet. Add the first one.')).toBeInTheDocument();

  await api.close();
  api = await startFakeApi();
  api.on(LIST, () => ({ status: 500, json: { message: 'The database is unavailable.' } }));
  await renderScreen(<MessageTemplatesScreen />);
  expect(await screen.findByText('The templates could not be loaded.')).toBeInTheDocument();
  expect(screen.getByText('The database is unavailable.')).toBeInTheDocument();
});

test('creates a template: required fields, the character count, a server field error, then success', async () => {
  let attempts = 0;
  api.on('POST /alerts/message-templates/store', ({ body }) => {
    attempts += 1;
    if (attempts === 1) return { status: 422, json: { message: 'The given data was invalid.', errors: { title: [MESSAGE_TEMPLATE_MESSAGES.titleTaken] } } };
    return { status: 201, json: { data: buildMessageTemplate(body as object), message: MESSAGE_TEMPLATE_MESSAGES.created } };
  });
  const { user } = await renderList();
  const listCalls = api.calls(LIST).length;

  await user.click(screen.getByRole('button', { name: 'Add Template' }));
  const dialog = await screen.findByRole('dialog', { name: 'Add Template' });
  await user.click(within(dialog).getByRole('button', { name: 'Add Template' }));
  expect(await within(dialog).findByText('Title is required.')).toBeInTheDocument();
  expect(within(dialog).getByText('Message is required.')).toBeInTheDocument();
  expect(api.calls('POST /alerts/message-templates/store')).toHaveLength(0);

  await user.type(within(dialog).getByRole('textbox', { name: 'Title' }), 'Welcome');
  await user.type(within(dialog).getByRole('textbox', { name: 'Message' }), 'Hello there!');
  expect(within(dialog).getByText('12 / 2000 characters')).toBeInTheDocument();
  expect(within(dialog).getByRole('switch', { name: 'Active' })).toBeChecked();

  await user.click(within(dialog).getByRole('button', { name: 'Add Template' }));
  expect(await within(dialog).findByText(MESSAGE_TEMPLATE_MESSAGES.titleTaken)).toBeInTheDocument();
  expect(within(dialog).getByRole('textbox', { name: 'Title' })).toHaveAttribute('aria-invalid', 'true');

  await user.clear(within(dialog).getByRole('textbox', { name: 'Title' }));
  await user.type(within(dialog).getByRole('textbox', { name: 'Title' }), 'Welcome aboard');
  await user.click(within(dialog).getByRole('button', { name: 'Add Template' }));

  expect(await screen.findByText(MESSAGE_TEMPLATE_MESSAGES.created)).toBeInTheDocument();
  await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add Template' })).not.toBeInTheDocument());
  expect(api.calls('POST /alerts/message-templates/store').at(-1)!.body).toEqual({
    title: 'Welcome aboard',
    message: 'Hello there!',
    status: 1,
  });
  await waitFor(() => expect(api.calls(LIST).length).toBeGreaterThan(listCalls));
});

test('edits a template, switching it off', async () => {
  api.on('POST /alerts/message-templates/update', ({ body }) => ({
    status: 200,
    json: { data: { ...reminder, ...(body as object) }, message: MESSAGE_TEMPLATE_MESSAGES.updated },
  }));
  const { user } = await renderList();

  await user.click(within(rowOf('Welcome')).getByRole('button', { name: 'Edit Welcome' }));
  const dialog = await screen.findByRole('dialog', { name: 'Edit Template' });
  expect(within(dialog).getByRole('textbox', { name: 'Title' })).toHaveValue('Welcome');
  expect(within(dialog).getByText(`${welcome.message.length} / 2000 characters`)).toBeInTheDocument();

  const message = within(dialog).getByRole('textbox', { name: 'Message' });
  await user.clear(message);
  await user.type(message, 'Welcome!');
  await user.click(within(dialog).getByRole('switch', { name: 'Active' }));
  expect(within(dialog).getByRole('switch', { name: 'Active' })).not.toBeChecked();
  await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));

  expect(await screen.findByText(MESSAGE_TEMPLATE_MESSAGES.updated)).toBeInTheDocument();
  expect(api.calls('POST /alerts/message-templates/update').at(-1)!.body).toEqual({
    id: 1,
    title: 'Welcome',
    message: 'Welcome!',
    status: 0,
  });
});

test('a failed save without field errors shows a notice and keeps the form open', async () => {
  api.on('POST /alerts/message-templates/update', () => ({ status: 500, json: { message: 'Saving failed, try again.' } }));
  const { user } = await renderList();
  await user.click(within(rowOf('Welcome')).getByRole('button', { name: 'Edit Welcome' }));
  const dialog = await screen.findByRole('dialog', { name: 'Edit Template' });
  await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
  expect(await screen.findByText('Saving failed, try again.')).toBeInTheDocument();
  expect(screen.getByRole('dialog', { name: 'Edit Template' })).toBeInTheDocument();
});

test('deletes a template only after confirmation', async () => {
  api.on('POST /alerts/message-templates/delete', () => ({ status: 200, json: { message: MESSAGE_TEMPLATE_MESSAGES.deleted } }));
  const { user } = await renderList();
  const listCalls = api.calls(LIST).length;

  await chooseRowDelete(user, 'Welcome', rowOf('Welcome'));
  let question = await screen.findByRole('alertdialog', { name: 'Delete template' });
  expect(question).toHaveTextContent('Delete "Welcome"?');
  await user.click(within(question).getByRole('button', { name: 'Cancel' }));
  await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
  expect(api.calls('POST /alerts/message-templates/delete')).toHaveLength(0);

  await chooseRowDelete(user, 'Welcome', rowOf('Welcome'));
  question = await screen.findByRole('alertdialog', { name: 'Delete template' });
  await user.click(within(question).getByRole('button', { name: 'Delete' }));

  expect(await screen.findByText(MESSAGE_TEMPLATE_MESSAGES.deleted)).toBeInTheDocument();
  expect(api.calls('POST /alerts/message-templates/delete')[0]!.body).toEqual({ id: 1 });
  await waitFor(() => expect(api.calls(LIST).length).toBeGreaterThan(listCalls));
});

test('a failed delete shows the server message', async () => {
  api.on('POST /alerts/message-templates/delete', () => ({ status: 404, json: { message: MESSAGE_TEMPLATE_MESSAGES.notFound } }));
  const { user } = await renderList();
  await chooseRowDelete(user, 'Welcome', rowOf('Welcome'));
  const question = await screen.findByRole('alertdialog', { name: 'Delete template' });
  await user.click(within(question).getByRole('button', { name: 'Delete' }));
  expect(await screen.findByText(MESSAGE_TEMPLATE_MESSAGES.notFound)).toBeInTheDocument();
});
