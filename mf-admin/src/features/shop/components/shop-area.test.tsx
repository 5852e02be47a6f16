import { screen, waitFor, within } from '@testing-library/react';
import { pageOf, renderScreen, startFakeApi, type FakeApi } from '@baridesk/testing';
import ShopArea from './shop-area';

const item = (id: number, title: string, more: object = {}) => ({
  id,
  surgery_type: 'surgical',
  title,
  description: null,
  link: `https://shop.example.com/${id}`,
  image: null,
  is_default: 0,
  status: 1,
  created_at: '2026-03-01T10:00:00.000Z',
  updated_at: '2026-03-02T10:00:00.000Z',
  ...more,
});
const vitamins = item(1, 'Bariatric multivitamin', { is_default: 1 });
const shake = item(2, 'Protein shake');
const plate = item(3, 'Portion plate', { status: 0 });

let api: FakeApi;
beforeEach(async () => {
  api = await startFakeApi();
  api.on('GET /admin/manage-shop/surgical', { status: 200, json: pageOf([vitamins, shake, plate]) });
  api.on('GET /admin/manage-shop/non_surgical', { status: 200, json: pageOf([item(4, 'Smart scale', { surgery_type: 'non_surgical' })]) });
});
afterEach(() => api.close());

const renderArea = (path: string) => renderScreen(<ShopArea />, { route: '/admin/manage-shop/*', path });

test('lists one surgery type at its address, with the default’s badge; Make default moves it through the type’s call', async () => {
  api.on('PATCH /admin/manage-shop/make-default/2/surgical', { status: 200, json: { data: { id: 2, is_default: 1, previous: 1 }, message: 'Default shop item updated successfully.' } });
  const { user } = await renderArea('/admin/manage-shop/surgical');
  const first = await screen.findByRole('row', { name: /Bariatric multivitamin/ });
  expect(within(first).getByText('Default')).toBeInTheDocument();
  // The default has no Make default; nor has an item switched off.
  expect(within(first).queryByRole('button', { name: /^Make default/ })).not.toBeInTheDocument();
  expect(within(screen.getByRole('row', { name: /Portion plate/ })).queryByRole('button', { name: /^Make default/ })).not.toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Surgical' })).toHaveAttribute('aria-current', 'page');

  api.on('GET /admin/manage-shop/surgical', { status: 200, json: pageOf([{ ...vitamins, is_default: 0 }, { ...shake, is_default: 1 }, plate]) });
  await user.click(screen.getByRole('button', { name: 'Make default: Protein shake' }));
  expect(await screen.findByText('Default shop item updated successfully.')).toBeInTheDocument();
  await waitFor(() => expect(within(screen.getByRole('row', { name: /Protein shake/ })).getByText('Default')).toBeInTheDocument());
  expect(within(screen.getByRole('row', { name: /Bariatric multivitamin/ })).queryByText('Default')).not.toBeInTheDocument();
  expect(api.calls('PATCH /admin/manage-shop/make-default/2/surgical')).toHaveLength(1);
});

test('the other type’s link lists its own items; Add goes to the type’s form, which stores at the type’s address', async () => {
  api.on('POST /admin/manage-shop/non_surgical', ({ body }) => ({ status: 201, json: { data: item(9, String((body as { title: string }).title), { surgery_type: 'non_surgical' }), message: 'Shop item created successfully.' } }));
  const { user } = await renderArea('/admin/manage-shop/surgical');
  await screen.findByRole('row', { name: /Protein shake/ });
  await user.click(screen.getByRole('link', { name: 'Non-surgical' }));
  expect(await screen.findByRole('row', { name: /Smart scale/ })).toBeInTheDocument();
  await user.click(screen.getByRole('link', { name: 'Add Shop Item' }));
  expect(await screen.findByRole('heading', { name: 'Add Non-surgical Shop Item' })).toBeInTheDocument();
  await user.type(screen.getByRole('textbox', { name: /Title/ }), 'Meal bars');
  await user.type(screen.getByRole('textbox', { name: /Link/ }), 'https://shop.example.com/bars');
  await user.click(screen.getByRole('button', { name: 'Add Shop Item' }));
  expect(await screen.findByText('Shop item created successfully.')).toBeInTheDocument();
  expect(api.calls('POST /admin/manage-shop/non_surgical')[0]!.body).toMatchObject({ title: 'Meal bars', link: 'https://shop.example.com/bars' });
  expect(api.calls('POST /admin/manage-shop/non_surgical')[0]!.body).not.toHaveProperty('surgery_type');
});

test('edits at edit/:id through POST /{id}/{surgery_type}; an unknown surgery type is no page', async () => {
  api.on('GET /admin/manage-shop/2/surgical', { status: 200, json: { data: shake } });
  api.on('POST /admin/manage-shop/2/surgical', { status: 200, json: { data: { ...shake, title: 'Protein shake, chocolate' }, message: 'Shop item updated successfully.' } });
  const { user } = await renderArea('/admin/manage-shop/surgical/edit/2');
  const title = await screen.findByRole('textbox', { name: /Title/ });
  await user.clear(title);
  await user.type(title, 'Protein shake, chocolate');
  await user.click(screen.getByRole('button', { name: 'Save Changes' }));
  expect(await screen.findByText('Shop item updated successfully.')).toBeInTheDocument();
  expect(api.calls('POST /admin/manage-shop/2/surgical')[0]!.body).toMatchObject({ title: 'Protein shake, chocolate' });

  await renderArea('/admin/manage-shop/bariatric');
  expect(await screen.findByText(/There is no such shop page/)).toBeInTheDocument();
});
