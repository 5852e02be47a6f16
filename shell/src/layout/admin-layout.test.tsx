import { act, screen, within } from '@testing-library/react';
import { appStore } from '@baridesk/store';
import { toaster } from '@baridesk/ui';
import { AdminLayout } from './admin-layout';
import { StaffLayout } from './staff-layout';
import { startFakeApi, type FakeApi } from '@baridesk/testing';
import { createSuperAdmin } from '../test/factories';
import { renderLayout } from '../test/render-layout';

let api: FakeApi;
const initialState = appStore.getState();

beforeEach(async () => {
  api = await startFakeApi();
});

afterEach(async () => {
  act(() => toaster.remove());
  appStore.setState(initialState, true);
  localStorage.clear();
  await api.close();
});

const linksOf = (nav: HTMLElement) => within(nav).getAllByRole('link').map((link) => link.textContent);

describe('admin sidebar', () => {
  it('shows Manage Events and Cards & Trophies only with their permission', async () => {
    await renderLayout({ layout: <AdminLayout />, path: '/admin/dashboard', user: createSuperAdmin(['manage_events']), baseUrl: api.baseUrl });
    const nav = screen.getByRole('navigation', { name: 'Main menu' });
    expect(linksOf(nav)).toEqual(['Dashboard', 'Manage Events']);
    expect(within(nav).getByRole('link', { name: 'Dashboard' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('link', { name: 'Manage Events' })).toHaveAttribute('href', '/admin/event');
  });

  it('shows an admin without permissions the dashboard only, and the user with id 48 everything', async () => {
    const { unmount } = await renderLayout({ layout: <AdminLayout />, path: '/admin/dashboard', user: createSuperAdmin([]), baseUrl: api.baseUrl });
    expect(linksOf(screen.getByRole('navigation', { name: 'Main menu' }))).toEqual(['Dashboard']);
    unmount();

    await renderLayout({ layout: <AdminLayout />, path: '/admin/event', user: createSuperAdmin([], { id: 48 }), baseUrl: api.baseUrl });
    const nav = screen.getByRole('navigation', { name: 'Main menu' });
    // The groups are closed unless they hold the current page.
    expect(linksOf(nav)).toEqual(['Dashboard', 'Manage Events', 'Cards & Trophies', 'Audit Trail']);
    expect(within(nav).getAllByRole('button', { expanded: false }).map((b) => b.textContent)).toEqual(['Patient App', 'Accounts', 'Support']);
    expect(within(nav).getByRole('link', { name: 'Manage Events' })).toHaveAttribute('aria-current', 'page');
  });

  it('opens the group of the current page, and the others on a click', async () => {
    const { user } = await renderLayout({ layout: <AdminLayout />, path: '/admin/tips', user: createSuperAdmin([], { id: 48 }), baseUrl: api.baseUrl });
    const nav = screen.getByRole('navigation', { name: 'Main menu' });
    expect(within(nav).getByRole('button', { name: 'Patient App' })).toHaveAttribute('aria-expanded', 'true');
    expect(within(nav).getByRole('link', { name: 'Tips' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).queryByRole('link', { name: 'Groups' })).not.toBeInTheDocument();

    await user.click(within(nav).getByRole('button', { name: 'Accounts' }));
    expect(within(nav).getByRole('link', { name: 'Groups' })).toHaveAttribute('href', '/admin/groups');
  });

  it('has the navbar without a program code; Change Password and Two-Factor Authentication go to the admin pages', async () => {
    const { user } = await renderLayout({ layout: <AdminLayout />, path: '/admin/dashboard', user: createSuperAdmin(), baseUrl: api.baseUrl });
    expect(screen.getByRole('main')).toHaveAttribute('id', 'main');

    await user.click(screen.getByRole('button', { name: 'Account: Ada Admin' }));
    const menu = await screen.findByRole('menu');
    expect(menu).toHaveTextContent('Ada Admin');
    expect(menu).not.toHaveTextContent('Program Code');
    await user.click(within(menu).getByRole('menuitem', { name: 'Change Password' }));
    expect(await screen.findByText('Page /admin/change-password')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Account: Ada Admin' }));
    await user.click(within(await screen.findByRole('menu')).getByRole('menuitem', { name: 'Two-Factor Authentication' }));
    expect(await screen.findByText('Page /admin/two-factor-authentication')).toBeInTheDocument();
  });

  it('gives a super admin on a page of any signed-in user the admin menu, without asking for the staff one', async () => {
    await renderLayout({ layout: <StaffLayout />, path: '/change-password', user: createSuperAdmin(['cards_and_trophies']), baseUrl: api.baseUrl });
    expect(linksOf(screen.getByRole('navigation', { name: 'Main menu' }))).toEqual(['Dashboard', 'Cards & Trophies']);
    expect(api.calls('GET /sidebar-menu')).toHaveLength(0);
  });
});
