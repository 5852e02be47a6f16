import { screen, waitFor, within } from '@testing-library/react';
import { contentItemMessages } from '@baridesk/contracts';
import { chooseOption, chooseRowDelete, createAuthUser, pageOf, renderScreen, startFakeApi, type FakeApi } from '@baridesk/testing';
import { createContentItem } from '../test/content-items';
import { contentScreen } from './content-library-screens';

const TEAM = contentItemMessages('Team member');
const LIST = 'GET /content/doctors' as const;
const STORE = 'POST /content/doctors/store' as const;
const UPDATE = 'POST /content/doctors/update' as const;
const TOGGLE = 'POST /content/doctors/toggle-status' as const;
const DESTROY = 'POST /content/doctors/destroy' as const;
const INDEXES = 'POST /content/doctors/update-indexes' as const;

const nadia = createContentItem({ id: 3, title: 'Dr. Nadia Park', subtitle: 'MD, bariatric surgeon', image: '/uploads/101/0123456789abcdef0123456789abcdef.jpg', phone: '+13125550113' });
const omar = createContentItem({ id: 4, title: 'Omar Reyes', subtitle: 'RD, dietitian', status: 0 });

let api: FakeApi;
beforeEach(async () => {
  api = await startFakeApi();
  api.on(LIST, () => ({ status: 200, json: pageOf([nadia, omar], { total: 2 }) }));
});
afterEach(() => api.close());

const OurTeam = contentScreen('doctors', 'list');
const table = () => screen.getByRole('table', { name: 'Our team' });

async function renderTeam() {
  const view = await renderScreen(<OurTeam />, { route: '/doctors', store: { user: createAuthUser({ program_id: 101 }) } });
  await screen.findByRole('cell', { name: 'Dr. Nadia Park' });
  return view;
}

test('lists the team in their order, with photo, name, credentials and a switch each; no category links', async () => {
  await renderTeam();
  expect(screen.getByRole('heading', { level: 1, name: 'Our Team' })).toBeInTheDocument();
  const row = within(table()).getByRole('row', { name: /Dr. Nadia Park/ });
  expect(within(row).getByText('MD, bariatric surgeon')).toBeInTheDocument();
  expect(row.querySelector('img')).toHaveAttribute('src', nadia.image);
  expect(screen.getByRole('switch', { name: 'Dr. Nadia Park active' })).toBeChecked();
  expect(screen.getByRole('switch', { name: 'Omar Reyes active' })).not.toBeChecked();
  expect(screen.queryByRole('link', { name: 'Categories' })).not.toBeInTheDocument();
  expect(Object.fromEntries(api.calls(LIST)[0]!.query)).toEqual({ page: '1', perPage: '10', sort: 'order_index', direction: 'asc' });
});

test('adds a team member in a dialog whose preview follows the form', async () => {
  api.on(STORE, ({ body }) => ({ status: 201, json: { data: createContentItem(body as object), message: TEAM.created } }));
  const { user } = await renderTeam();
  await user.click(screen.getByRole('button', { name: 'Add Team member' }));
  const dialog = await screen.findByRole('dialog', { name: 'Add Team member' });
  const preview = within(dialog).getByRole('complementary', { name: 'Preview as patient' });
  expect(within(preview).getByText(/Nothing to show yet/)).toBeInTheDocument();

  await user.click(within(dialog).getByRole('button', { name: 'Add Team member' }));
  expect(await within(dialog).findByText('Name is required.')).toBeInTheDocument();
  await user.type(within(dialog).getByRole('textbox', { name: /Name/ }), 'Lena Ortiz');
  await user.type(within(dialog).getByRole('textbox', { name: 'Credentials and specialty' }), 'PhD, psychologist');
  await user.type(within(dialog).getByRole('textbox', { name: 'Phone' }), '(312) 555-0144');
  expect(within(preview).getByRole('heading', { level: 3, name: 'Lena Ortiz' })).toBeInTheDocument();
  expect(within(preview).getByText('PhD, psychologist')).toBeInTheDocument();
  expect(within(preview).getByRole('link', { name: 'Call 312-555-0144' })).toBeInTheDocument();

  await user.click(within(dialog).getByRole('button', { name: 'Add Team member' }));
  expect(await screen.findByText(TEAM.created)).toBeInTheDocument();
  expect(api.calls(STORE)[0]!.body).toMatchObject({ title: 'Lena Ortiz', subtitle: 'PhD, psychologist', phone: '(312) 555-0144', status: 1 });
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
});

test('edits in the dialog, the stored photo in the preview', async () => {
  api.on(UPDATE, ({ body }) => ({ status: 200, json: { data: { ...nadia, ...(body as object) }, message: TEAM.updated } }));
  const { user } = await renderTeam();
  await user.click(screen.getByRole('button', { name: 'Edit Dr. Nadia Park' }));
  const dialog = await screen.findByRole('dialog', { name: 'Edit Team member' });
  expect(within(dialog).getByRole('complementary', { name: 'Preview as patient' }).querySelector('img')).toHaveAttribute('src', nadia.image);
  const name = within(dialog).getByRole('textbox', { name: /Name/ });
  await user.clear(name);
  await user.type(name, 'Dr. Nadia Park-Lee');
  await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
  expect(await screen.findByText(TEAM.updated)).toBeInTheDocument();
  expect(api.calls(UPDATE)[0]!.body).toMatchObject({ id: 3, title: 'Dr. Nadia Park-Lee' });
  expect(api.calls(UPDATE)[0]!.body).not.toHaveProperty('image');
});

test('switches a member off, deletes only after the question', async () => {
  api.on(TOGGLE, ({ body }) => ({ status: 200, json: { data: body, message: TEAM.statusUpdated } }));
  api.on(DESTROY, { status: 200, json: { message: TEAM.deleted } });
  const { user } = await renderTeam();
  await user.click(screen.getByRole('switch', { name: 'Dr. Nadia Park active' }));
  expect(await screen.findByText(TEAM.statusUpdated)).toBeInTheDocument();
  expect(api.calls(TOGGLE)[0]!.body).toEqual({ id: 3, status: 0 });

  await chooseRowDelete(user, 'Omar Reyes');
  let question = await screen.findByRole('alertdialog', { name: 'Delete team member' });
  expect(question).toHaveTextContent('Delete "Omar Reyes"? Patients no longer see it in the app.');
  await user.click(within(question).getByRole('button', { name: 'Cancel' }));
  expect(api.calls(DESTROY)).toHaveLength(0);
  await chooseRowDelete(user, 'Omar Reyes');
  question = await screen.findByRole('alertdialog', { name: 'Delete team member' });
  await user.click(within(question).getByRole('button', { name: 'Delete' }));
  expect(await screen.findByText(TEAM.deleted)).toBeInTheDocument();
  expect(api.calls(DESTROY)[0]!.body).toEqual({ id: 4 });
});

test('Change order moves a member and saves the new order', async () => {
  api.on(INDEXES, ({ body }) => ({ status: 200, json: { data: [], message: TEAM.indexesUpdated, echo: body } }));
  const { user } = await renderTeam();
  await user.click(screen.getByRole('button', { name: 'Change order' }));
  await user.click(await screen.findByRole('button', { name: 'Move down Dr. Nadia Park' }));
  expect(await screen.findByText(TEAM.indexesUpdated)).toBeInTheDocument();
  expect(api.calls(INDEXES)[0]!.body).toEqual({ ids: [4, 3] });
});

describe('a type with categories and sub-categories (/diet)', () => {
  const Diet = contentScreen('diet', 'list');

  test('links to its category screens; the category filter offers the type’s categories', async () => {
    api.on('GET /content/diet', () => ({ status: 200, json: pageOf([createContentItem({ id: 20, title: 'Protein first', category_id: 5, category_name: 'Breakfast' })]) }));
    api.on('GET /content/content-categories/all', () => ({ status: 200, json: { data: [{ id: 5, name: 'Breakfast' }] } }));
    const { user } = await renderScreen(<Diet />, { route: '/diet', store: { user: createAuthUser({ program_id: 101 }) } });
    const row = await screen.findByRole('row', { name: /Protein first/ });
    expect(within(row).getByRole('cell', { name: 'Breakfast' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Categories' })).toHaveAttribute('href', '/diet-categories');
    expect(screen.getByRole('link', { name: 'Sub-categories' })).toHaveAttribute('href', '/diet-sub-categories');
    const filter = screen.getByRole('combobox', { name: 'Category' });
    await within(filter).findByRole('option', { name: 'Breakfast' });
    expect(api.calls('GET /content/content-categories/all')[0]!.query.get('menu')).toBe('diet');
    await chooseOption(user, filter, '5');
    await waitFor(() => expect(api.calls('GET /content/diet').at(-1)!.query.get('category_id')).toBe('5'));
  });
});

describe('program 302’s contacts (/contact-us)', () => {
  const ContactUs = contentScreen('contacts', 'list');
  const special = { user: createAuthUser({ program_id: 302 }) };

  test('?weightLossType=1 lists Weight Management’s contacts, with its coordinator categories and a new contact in it', async () => {
    api.on('GET /content/contacts', () => ({ status: 200, json: pageOf([createContentItem({ id: 30, title: 'Coach Ana', weight_loss_type: 1 })]) }));
    await renderScreen(<ContactUs />, { route: '/contact-us', path: '/contact-us?weightLossType=1', store: special });
    expect(await screen.findByRole('cell', { name: 'Weight Management' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Weight Management Contacts' })).toBeInTheDocument();
    expect(api.calls('GET /content/contacts')[0]!.query.get('weightLossType')).toBe('1');
    expect(screen.getByRole('combobox', { name: 'Group' })).toHaveValue('1');
    expect(screen.getByRole('link', { name: 'Categories' })).toHaveAttribute('href', '/coordinator-categories-1');
    expect(screen.getByRole('link', { name: 'Add Contact' })).toHaveAttribute('href', '/contacts/store?weightLossType=1');
  });

  test('without a group, and in another program, the contacts list has no group', async () => {
    api.on('GET /content/contacts', () => ({ status: 200, json: pageOf([createContentItem({ id: 31, title: 'Front desk' })]) }));
    await renderScreen(<ContactUs />, { route: '/contact-us', path: '/contact-us?weightLossType=1', store: { user: createAuthUser({ program_id: 101 }) } });
    expect(await screen.findByRole('cell', { name: 'Front desk' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Contact Us' })).toBeInTheDocument();
    expect(api.calls('GET /content/contacts')[0]!.query.has('weightLossType')).toBe(false);
    expect(screen.queryByRole('combobox', { name: 'Group' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Categories' })).toHaveAttribute('href', '/coordinator-categories');
  });
});
