import { screen, waitFor, within } from '@testing-library/react';
import type { ContentPage } from '@baridesk/contracts';
import { renderScreen, startFakeApi, type FakeApi } from '@baridesk/testing';
import { contentPageScreen } from './content-page-screen';
import { SupportGroupMenuTextButton } from './support-group-menu-text';

const BLOG = 'GET /content/blog-website' as const;
const SAVE_BLOG = 'POST /content/blog-website/update' as const;

const page = (over: Partial<ContentPage> = {}): ContentPage => ({
  key: 'blog-website',
  title: 'Our Blog',
  link: 'https://blog.northside.test',
  body: '<p>New posts <strong>every week</strong>.</p>',
  image: null,
  updated_at: '2026-11-20T15:00:00.000Z',
  ...over,
});

let api: FakeApi;
beforeEach(async () => {
  api = await startFakeApi();
});
afterEach(() => api.close());

const preview = () => within(screen.getByRole('complementary', { name: 'Preview as patient' }));

test('shows the page as patients will see it, edits it in place and shows the saved page', async () => {
  api.on(BLOG, () => ({ status: 200, json: { data: page() } }));
  api.on(SAVE_BLOG, ({ body }) => ({
    status: 200,
    json: { data: page({ ...(body as object), updated_at: '2026-11-27T03:00:00.000Z' }), message: 'Our Blog saved.' },
  }));
  const Screen = contentPageScreen('blog-website', 'show');
  const { user } = await renderScreen(<Screen />);

  expect(await screen.findByRole('complementary', { name: 'Preview as patient' })).toBeInTheDocument();
  expect(screen.getByRole('heading', { level: 1, name: 'Our Blog' })).toBeInTheDocument();
  expect(preview().getByRole('heading', { level: 3, name: 'Our Blog' })).toBeInTheDocument();
  expect(preview().getByText('every week').tagName).toBe('STRONG');
  expect(preview().getByRole('link', { name: 'Blog address' })).toHaveAttribute('href', 'https://blog.northside.test');

  await user.click(screen.getByRole('button', { name: 'Edit' }));
  expect(screen.getByRole('heading', { level: 1, name: 'Edit Our Blog' })).toBeInTheDocument();
  const title = screen.getByRole('textbox', { name: /Title/ });
  await waitFor(() => expect(title).toHaveFocus());
  await user.clear(title);
  await user.type(title, 'News from Northside');
  // The preview follows the form as it is typed.
  expect(preview().getByRole('heading', { level: 3, name: 'News from Northside' })).toBeInTheDocument();
  const link = screen.getByRole('textbox', { name: /Blog address/ });
  await user.clear(link);
  await user.type(link, 'not a link');
  await user.click(screen.getByRole('button', { name: 'Save Changes' }));
  expect(await screen.findByText('Please enter valid blog address.')).toBeInTheDocument();
  expect(api.calls(SAVE_BLOG)).toHaveLength(0);

  await user.clear(link);
  await user.type(link, 'https://news.northside.test');
  await user.click(screen.getByRole('button', { name: 'Save Changes' }));
  expect(await screen.findByText('Our Blog saved.')).toBeInTheDocument();
  expect(api.calls(SAVE_BLOG)[0]!.body).toEqual({
    title: 'News from Northside',
    link: 'https://news.northside.test',
    body: '<p>New posts <strong>every week</strong>.</p>',
  });
  await waitFor(() => expect(screen.getByRole('button', { name: 'Edit' })).toHaveFocus());
  expect(screen.getByRole('heading', { level: 1, name: 'Our Blog' })).toBeInTheDocument();
  expect(preview().getByRole('heading', { level: 3, name: 'News from Northside' })).toBeInTheDocument();
});

test('puts the server’s field errors under the fields', async () => {
  api.on(BLOG, () => ({ status: 200, json: { data: page() } }));
  api.on(SAVE_BLOG, () => ({ status: 422, json: { message: 'Title is required.', errors: { title: ['Title is taken by a rule of the server.'] } } }));
  const Screen = contentPageScreen('blog-website', 'show');
  const { user } = await renderScreen(<Screen />);
  await user.click(await screen.findByRole('button', { name: 'Edit' }));
  await user.click(screen.getByRole('button', { name: 'Save Changes' }));
  expect(await screen.findByText('Title is taken by a rule of the server.')).toBeInTheDocument();
});

test('says a page that was never saved is not set up yet, and the shop edits at its own path', async () => {
  api.on('GET /content/shop-website', () => ({
    status: 200,
    json: { data: { key: 'shop-website', title: null, link: null, body: null, image: null, updated_at: null } },
  }));
  const Screen = contentPageScreen('shop-website', 'show');
  await renderScreen(<Screen />);
  expect(await screen.findByText(/Shop has not been set up yet/)).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Edit' })).toHaveAttribute('href', '/shop/edit');
});

test('edits the support group menu text in a dialog', async () => {
  api.on('GET /content/support-group/menu-data', () => ({
    status: 200,
    json: { data: { key: 'support-group-menu', title: null, link: null, body: null, image: null, updated_at: null } },
  }));
  api.on('POST /content/support-group/menu-data', ({ body }) => ({
    status: 200,
    json: { data: { key: 'support-group-menu', link: null, body: null, image: null, ...(body as object), updated_at: '2026-11-27T03:00:00.000Z' }, message: 'Support Group menu text saved.' },
  }));
  const { user } = await renderScreen(<SupportGroupMenuTextButton />);
  await user.click(screen.getByRole('button', { name: 'Menu text' }));
  const dialog = within(await screen.findByRole('dialog', { name: 'Support Group menu text' }));
  await user.type(await dialog.findByRole('textbox', { name: /Heading/ }), 'Meet others');
  await user.click(dialog.getByRole('button', { name: 'Save Changes' }));
  expect(await screen.findByText('Support Group menu text saved.')).toBeInTheDocument();
  expect(api.calls('POST /content/support-group/menu-data')[0]!.body).toEqual({ title: 'Meet others' });
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
});
