import { screen, waitFor, within } from '@testing-library/react';
import { QUOTE_MESSAGES } from '@baridesk/contracts';
import { chooseOption, chooseRowDelete, pageOf, renderScreen, startFakeApi, type FakeApi } from '@baridesk/testing';
import { buildQuote } from '../../../test/factories';
import QuotesScreen from './quotes-screen';

const LIST = 'GET /admin/quotes' as const;
const STORE = 'POST /admin/quotes/store' as const;
const UPDATE = 'POST /admin/quotes/update' as const;
const TOGGLE = 'POST /admin/quotes/toggle-status' as const;
const DELETE = 'POST /admin/quotes/delete' as const;

const march5 = buildQuote({ id: 5, description: 'Progress, not perfection.', date_quote: '2026-03-05', status: 1 });
const march4 = buildQuote({ id: 4, description: 'One day at a time.', date_quote: '2026-03-04', status: 0 });

let api: FakeApi;

beforeEach(async () => {
  api = await startFakeApi();
  api.on(LIST, () => ({ status: 200, json: pageOf([march5, march4], { total: 25 }) }));
});

afterEach(async () => {
  await api.close();
});

const table = () => screen.getByRole('table', { name: 'Quotes' });
const rowOf = (date: string) => within(table()).getByRole('row', { name: new RegExp(date) });

async function renderList() {
  const view = await renderScreen(<QuotesScreen />);
  await screen.findByRole('cell', { name: 'Mar 05, 2026' });
  return view;
}

test('lists the quotes, newest date first, with their status switch', async () => {
  await renderList();
  expect(screen.getByRole('heading', { level: 1, name: 'Quotes' })).toBeInTheDocument();
  expect(within(rowOf('Mar 05, 2026')).getByText('Progress, not perfection.')).toBeInTheDocument();
  expect(screen.getByRole('switch', { name: 'Quote of Mar 05, 2026 active' })).toBeChecked();
  expect(screen.getByRole('switch', { name: 'Quote of Mar 04, 2026 active' })).not.toBeChecked();
  expect(screen.getByText('Page 1 of 3')).toBeInTheDocument();
  expect(Object.fromEntries(api.calls(LIST)[0]!.query)).toEqual({
    page: '1',
    perPage: '10',
    sort: 'date_quote',
    direction: 'desc',
  });
});

test('searches, sorts and pages on the server', async () => {
  const { user } = await renderList();
  await user.type(screen.getByRole('searchbox', { name: 'Search quotes' }), 'progress');
  await waitFor(() => expect(api.calls(LIST).at(-1)!.query.get('search')).toBe('progress'));

  await user.click(within(table()).getByRole('button', { name: /^Quote/ }));
  await waitFor(() => expect(api.calls(LIST).at(-1)!.query.get('sort')).toBe('description'));

  await chooseOption(user, screen.getByRole('combobox', { name: 'Items per page' }), '5');
  await waitFor(() => expect(api.calls(LIST).at(-1)!.query.get('perPage')).toBe('5'));
  await user.click(screen.getByRole('button', { name: 'Next page' }));
  await waitFor(() => expect(api.calls(LIST).at(-1)!.query.get('page')).toBe('2'));
  expect(Object.fromEntries(api.calls(LIST).at(-1)!.query)).toMatchObject({ search: 'progress', direction: 'asc' });
});

test('creates a quote: a server field error on the date, then success', async () => {
  let attempts = 0;
  api.on(STORE, ({ body }) => {
    attempts += 1;
    if (attempts === 1) return { status: 422, json: { message: 'The given data was invalid.', errors: { date_quote: [QUOTE_MESSAGES.dateTaken] } } };
    return { status: 201, json: { data: buildQuote(body as object), message: QUOTE_MESSAGES.created } };
  });
  const { user } = await renderList();
  const listCalls = api.calls(LIST).length;

  await user.click(screen.getByRole('button', { name: 'Add Quote' }));
  const dialog = await screen.findByRole('dialog', { name: 'Add Quote' });
  await user.click(within(dialog).getByRole('button', { name: 'Add Quote' }));
  expect(await within(dialog).findByText('Date is required')).toBeInTheDocument();
  expect(api.calls(STORE)).toHaveLength(0);

  await user.type(within(dialog).getByRole('textbox', { name: 'Quote' }), 'Keep going.');
  expect(within(dialog).getByText('11 / 1000 characters')).toBeInTheDocument();
  await user.type(within(dialog).getByRole('textbox', { name: 'Date' }), '03/05/2026');
  await user.click(within(dialog).getByRole('button', { name: 'Add Quote' }));

  expect(await within(dialog).findByText(QUOTE_MESSAGES.dateTaken)).toBeInTheDocument();
  expect(api.calls(STORE)[0]!.body).toEqual({ description: 'Keep going.', date_quote: '2026-03-05', status: 1 });

  const date = within(dialog).getByRole('textbox', { name: 'Date' });
  await user.clear(date);
  await user.type(date, '03/06/2026');
  await user.click(within(dialog).getByRole('button', { name: 'Add Quote' }));

  expect(await screen.findByText(QUOTE_MESSAGES.created)).toBeInTheDocument();
  await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add Quote' })).not.toBeInTheDocument());
  expect(api.calls(STORE)[1]!.body).toEqual({ description: 'Keep going.', date_quote: '2026-03-06', status: 1 });
  await waitFor(() => expect(api.calls(LIST).length).toBeGreaterThan(listCalls));
});

test('edits a quote', async () => {
  api.on(UPDATE, ({ body }) => ({ status: 200, json: { data: { ...march4, ...(body as object) }, message: QUOTE_MESSAGES.updated } }));
  const { user } = await renderList();

  await user.click(screen.getByRole('button', { name: 'Edit quote of Mar 04, 2026' }));
  const dialog = await screen.findByRole('dialog', { name: 'Edit Quote' });
  expect(within(dialog).getByRole('textbox', { name: 'Quote' })).toHaveValue('One day at a time.');
  expect(within(dialog).getByRole('textbox', { name: 'Date' })).toHaveValue('03/04/2026');
  expect(within(dialog).getByRole('switch', { name: 'Active' })).not.toBeChecked();

  await user.type(within(dialog).getByRole('textbox', { name: 'Quote' }), ' Always.');
  await user.click(within(dialog).getByRole('switch', { name: 'Active' }));
  await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));

  expect(await screen.findByText(QUOTE_MESSAGES.updated)).toBeInTheDocument();
  expect(api.calls(UPDATE)[0]!.body).toEqual({
    id: 4,
    description: 'One day at a time. Always.',
    date_quote: '2026-03-04',
    status: 1,
  });
});

test('switches a quote off, and back on when the server refuses', async () => {
  api.on(TOGGLE, ({ body }) => ({ status: 200, delayMs: 300, json: { data: body, message: QUOTE_MESSAGES.statusUpdated } }));
  const { user } = await renderList();

  await user.click(screen.getByRole('switch', { name: 'Quote of Mar 05, 2026 active' }));
  await waitFor(() => expect(screen.getByRole('switch', { name: 'Quote of Mar 05, 2026 active' })).not.toBeChecked(), {
    timeout: 250,
  });
  expect(await screen.findByText(QUOTE_MESSAGES.statusUpdated)).toBeInTheDocument();
  expect(api.calls(TOGGLE)[0]!.body).toEqual({ id: 5, status: 0 });

  api.on(TOGGLE, () => ({ status: 500, delayMs: 300, json: { message: 'The status could not be saved.' } }));
  await user.click(screen.getByRole('switch', { name: 'Quote of Mar 04, 2026 active' }));
  await waitFor(() => expect(screen.getByRole('switch', { name: 'Quote of Mar 04, 2026 active' })).toBeChecked(), {
    timeout: 250,
  });
  expect(await screen.findByText('The status could not be saved.')).toBeInTheDocument();
  await waitFor(() => expect(screen.getByRole('switch', { name: 'Quote of Mar 04, 2026 active' })).not.toBeChecked());
});

test('deletes a quote only after confirmation', async () => {
  api.on(DELETE, () => ({ status: 200, json: { message: QUOTE_MESSAGES.deleted } }));
  const { user } = await renderList();
  const listCalls = api.calls(LIST).length;

  await chooseRowDelete(user, 'quote of Mar 05, 2026');
  let question = await screen.findByRole('alertdialog', { name: 'Delete quote' });
  expect(question).toHaveTextContent('Delete the quote of Mar 05, 2026?');
  await user.click(within(question).getByRole('button', { name: 'Cancel' }));
  await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
  expect(api.calls(DELETE)).toHaveLength(0);

  await chooseRowDelete(user, 'quote of Mar 05, 2026');
  question = await screen.findByRole('alertdialog', { name: 'Delete quote' });
  await user.click(within(question).getByRole('button', { name: 'Delete' }));
  expect(await screen.findByText(QUOTE_MESSAGES.deleted)).toBeInTheDocument();
  expect(api.calls(DELETE)[0]!.body).toEqual({ id: 5 });
  await waitFor(() => expect(api.calls(LIST).length).toBeGreaterThan(listCalls));
});

test('shows a failed load', async () => {
  api.on(LIST, () => ({ status: 500, json: { message: 'The quotes are unavailable.' } }));
  await renderScreen(<QuotesScreen />);
  expect(await screen.findByText('The quotes could not be loaded.')).toBeInTheDocument();
  expect(screen.getByText('The quotes are unavailable.')).toBeInTheDocument();
});
