import { screen, waitFor, within } from '@testing-library/react';
import { contentItemMessages } from '@baridesk/contracts';
import { createAuthUser, renderScreen, startFakeApi, type FakeApi } from '@baridesk/testing';
import { createContentItem } from '../test/content-items';
import { contentScreen } from './content-library-screens';

type User = Awaited<ReturnType<typeof renderScreen>>['user'];

const PORTALS = contentItemMessages('Patient portal');
const mychart = createContentItem({
  id: 7,
  title: 'MyChart',
  link: 'https://mychart.example.test',
  image: '/uploads/101/0123456789abcdef0123456789abcdef.png',
  body: '<p>See your <strong>results</strong> and message your team.</p>',
});

let api: FakeApi;
beforeEach(async () => {
  api = await startFakeApi({ 'GET /content/member-portals/7': { status: 200, json: { data: mychart } } });
});
afterEach(() => api.close());

const northside = { user: createAuthUser({ program_id: 101 }) };
const special = { user: createAuthUser({ program_id: 302 }) };
const preview = () => screen.getByRole('complementary', { name: 'Preview as patient' });

/** One key per call: ProseMirror in jsdom loses keys typed in one call (see the editor's tests). */
async function typeIn(user: User, text: string) {
  for (const key of text) await user.keyboard(key);
}

describe('member portals on their store, edit and show paths', () => {
  const Store = contentScreen('member-portals', 'store');
  const Edit = contentScreen('member-portals', 'edit');
  const Show = contentScreen('member-portals', 'show');

  test('adds a portal on its page with the preview beside, then shows it', async () => {
    api.on('POST /content/member-portals/store', ({ body }) => ({
      status: 201,
      json: { data: createContentItem({ ...(body as object), id: 9 }), message: PORTALS.created },
    }));
    const { user, path } = await renderScreen(<Store />, { route: '/patient-portals/store', store: northside });
    expect(screen.getByRole('heading', { level: 1, name: 'Add Patient portal' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Patient Portals' })).toHaveAttribute('href', '/patient-portals');

    await user.type(screen.getByRole('textbox', { name: /Name/ }), 'Lab results');
    await user.type(screen.getByRole('textbox', { name: /Portal address/ }), 'lab.example');
    // Not yet an address: the app's button is there, without a target.
    expect(within(preview()).getByRole('button', { name: 'Portal address' })).toBeDisabled();
    await user.click(screen.getByRole('textbox', { name: 'Description' }));
    await typeIn(user, 'Results in two days');
    expect(within(preview()).getByRole('heading', { level: 3, name: 'Lab results' })).toBeInTheDocument();
    expect(within(preview()).getByText('Results in two days')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Add Patient portal' }));
    expect(await screen.findByText('Please enter valid portal address.')).toBeInTheDocument();
    expect(api.calls('POST /content/member-portals/store')).toHaveLength(0);
    const link = screen.getByRole('textbox', { name: /Portal address/ });
    await user.clear(link);
    await user.type(link, 'https://lab.example.test');
    expect(within(preview()).getByRole('link', { name: 'Portal address' })).toHaveAttribute('href', 'https://lab.example.test');

    await user.click(screen.getByRole('button', { name: 'Add Patient portal' }));
    expect(await screen.findByText(PORTALS.created)).toBeInTheDocument();
    expect(api.calls('POST /content/member-portals/store')[0]!.body).toMatchObject({
      title: 'Lab results',
      link: 'https://lab.example.test',
      body: '<p>Results in two days</p>',
      status: 1,
    });
    await waitFor(() => expect(path()).toBe('/patient-portals/9/show'));
  });

  test('shows a portal: its values, and beside them the portal as patients see it, with Edit', async () => {
    const { user, path } = await renderScreen(<Show />, { route: '/patient-portals/:id/show', path: '/patient-portals/7/show', store: northside });
    expect(await screen.findByRole('heading', { level: 1, name: 'MyChart' })).toBeInTheDocument();
    const term = (name: string) => screen.getByText(name, { selector: 'dt' }).nextElementSibling;
    expect(term('Portal address')).toHaveTextContent('https://mychart.example.test');
    expect(term('Status')).toHaveTextContent('Active');
    expect(within(preview()).getByText('results').tagName).toBe('STRONG');
    expect(within(preview()).getByRole('link', { name: 'Portal address' })).toHaveAttribute('href', 'https://mychart.example.test');
    await user.click(screen.getByRole('link', { name: 'Edit' }));
    expect(path()).toBe('/patient-portals/7/edit');
  });

  test('edits a portal; Cancel and saving go to its page; a wrong address says so', async () => {
    api.on('POST /content/member-portals/update', ({ body }) => ({ status: 200, json: { data: { ...mychart, ...(body as object) }, message: PORTALS.updated } }));
    const { user, path, unmount } = await renderScreen(<Edit />, { route: '/patient-portals/:id/edit', path: '/patient-portals/7/edit', store: northside });
    const name = await screen.findByRole('textbox', { name: /Name/ });
    expect(name).toHaveValue('MyChart');
    expect(preview().querySelector('img')).toHaveAttribute('src', mychart.image);
    await user.clear(name);
    await user.type(name, 'MyChart portal');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText(PORTALS.updated)).toBeInTheDocument();
    expect(api.calls('POST /content/member-portals/update')[0]!.body).toMatchObject({ id: 7, title: 'MyChart portal' });
    await waitFor(() => expect(path()).toBe('/patient-portals/7/show'));
    unmount();

    await renderScreen(<Edit />, { route: '/patient-portals/:id/edit', path: '/patient-portals/abc/edit', store: northside });
    expect(screen.getByRole('alert')).toHaveTextContent('This address does not name a patient portal.');
  });
});

describe('contacts of the special program', () => {
  const Store = contentScreen('contacts', 'store');

  test('a contact added from a group starts in it; other programs are not asked', async () => {
    api.on('POST /content/contacts/store', ({ body }) => ({ status: 201, json: { data: createContentItem({ id: 12, ...(body as object) }), message: 'Contact created successfully.' } }));
    const { user, path, unmount } = await renderScreen(<Store />, { route: '/contacts/store', path: '/contacts/store?weightLossType=1', store: special });
    expect(screen.getByRole('combobox', { name: /Weight loss type/ })).toHaveValue('1');
    await user.type(screen.getByRole('textbox', { name: /Name/ }), 'Intake coordinator');
    await user.click(screen.getByRole('button', { name: 'Add Contact' }));
    await waitFor(() => expect(path()).toBe('/contacts/12/show'));
    expect(api.calls('POST /content/contacts/store')[0]!.body).toMatchObject({ title: 'Intake coordinator', weight_loss_type: 1 });
    unmount();

    const other = await renderScreen(<Store />, { route: '/contacts/store', store: northside });
    expect(screen.queryByRole('combobox', { name: /Weight loss type/ })).not.toBeInTheDocument();
    await other.user.type(screen.getByRole('textbox', { name: /Name/ }), 'Front desk');
    await other.user.click(screen.getByRole('button', { name: 'Add Contact' }));
    await waitFor(() => expect(api.calls('POST /content/contacts/store')).toHaveLength(2));
    expect(api.calls('POST /content/contacts/store')[1]!.body).toMatchObject({ title: 'Front desk', weight_loss_type: null });
  });
});
