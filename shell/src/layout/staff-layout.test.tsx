import { act, screen, waitFor, within } from '@testing-library/react';
import { bus } from '@baridesk/event-bus';
import { appStore, STORAGE_KEY } from '@baridesk/store';
import { toaster } from '@baridesk/ui';
import { VALIDATION_ERROR_NOTICE } from '@baridesk/contracts';
import { StaffLayout } from './staff-layout';
import { findNotice, startFakeApi, type FakeApi } from '@baridesk/testing';
import { createProgramUser, createSection, createSidebarMenu, createSubUser, menuFlags } from '../test/factories';
import { renderLayout } from '../test/render-layout';

let api: FakeApi;
const initialState = appStore.getState();

beforeEach(async () => {
  api = await startFakeApi();
  api.on('POST /logout', { status: 200, json: { message: 'Logged out.' } });
});

afterEach(async () => {
  act(() => toaster.remove());
  appStore.setState(initialState, true);
  localStorage.clear();
  await api.close();
});

const subUser = createSubUser();
const limitedUser = createProgramUser();

async function renderStaff(path = '/dashboard', user = subUser, width?: number) {
  return renderLayout({ layout: <StaffLayout />, path, user, baseUrl: api.baseUrl, width });
}

const mainMenu = () => screen.getByRole('navigation', { name: 'Main menu' });

describe('staff sidebar', () => {
  it('shows beside Alerts how many alerts wait, read after its name', async () => {
    api.on('GET /sidebar-menu', { status: 200, json: { data: createSidebarMenu(subUser) } });
    api.on('GET /alerts/counts', { status: 200, json: { data: { failed_deliveries: 2, inactive_patients: 7, replies: 3 } } });
    await renderStaff('/dashboard');
    const nav = await screen.findByRole('navigation', { name: 'Main menu' });
    await waitFor(() => expect(api.calls('GET /alerts/counts')).toHaveLength(1));
    const alerts = within(nav).getByRole('link', { name: /^Alerts/ });
    await waitFor(() => expect(alerts).toHaveAccessibleName('Alerts (12 waiting)'));
    expect(alerts).toHaveAttribute('href', '/alerts');
  });

  it('asks for no alert count when the menu has no Alerts', async () => {
    api.on('GET /sidebar-menu', { status: 200, json: { data: createSidebarMenu(limitedUser, { flags: menuFlags(['pipeline_status']) }) } });
    await renderStaff('/dashboard', limitedUser);
    await within(await screen.findByRole('navigation', { name: 'Main menu' })).findByRole('link', { name: 'Dashboard' });
    expect(api.calls('GET /alerts/counts')).toHaveLength(0);
  });

  it('shows a sub user every menu, Content with Add New Section, and marks the current page', async () => {
    api.on('GET /sidebar-menu', { status: 200, json: { data: createSidebarMenu(subUser, { sections: [createSection(9, 'Recipes')] }) } });
    const { user } = await renderStaff('/dashboard');

    const nav = await screen.findByRole('navigation', { name: 'Main menu' });
    const dashboard = await within(nav).findByRole('link', { name: 'Dashboard' });
    expect(dashboard).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('link', { name: 'Patients' })).not.toHaveAttribute('aria-current');
    for (const group of ['Pipeline', 'Reports', 'Messages', 'Templates', 'Content']) {
      expect(within(nav).getByRole('button', { name: group })).toHaveAttribute('aria-expanded', 'false');
    }
    expect(within(nav).queryByRole('button', { name: 'Help' })).not.toBeInTheDocument();
    expect(api.calls('GET /sidebar-menu')[0]?.authorization).toBe('Bearer test-token');

    await user.click(within(nav).getByRole('button', { name: 'Content' }));
    expect(within(nav).getByRole('button', { name: 'Content' })).toHaveAttribute('aria-expanded', 'true');
    expect(within(nav).getByRole('link', { name: 'Manage Menu' })).toHaveAttribute('href', '/manage-menu');
    expect(within(nav).getByRole('link', { name: 'Recipes' })).toHaveAttribute('href', '/dynamic-content-section/9');
    expect(within(nav).getByRole('button', { name: 'Add New Section' })).toBeInTheDocument();

    // The landmarks around the page.
    expect(screen.getByRole('main')).toHaveAttribute('id', 'main');
    expect(screen.getByRole('link', { name: 'Skip to content' })).toHaveAttribute('href', '#main');
    expect(within(screen.getByRole('main')).getByText('Page /dashboard')).toBeInTheDocument();
  });

  it('shows a limited program user only what its flags switch on, and the Help menu', async () => {
    api.on('GET /sidebar-menu', {
      status: 200,
      json: { data: createSidebarMenu(limitedUser, { flags: menuFlags(['pipeline_status', 'event']) }) },
    });
    const { user } = await renderStaff('/dashboard', limitedUser);

    const nav = await screen.findByRole('navigation', { name: 'Main menu' });
    expect(await within(nav).findByRole('link', { name: 'Patient Pipeline' })).toHaveAttribute('href', '/pipeline');
    expect(within(nav).getByRole('link', { name: 'Event Calendar' })).toBeInTheDocument();
    expect(within(nav).queryByRole('link', { name: 'Patients' })).not.toBeInTheDocument();
    expect(within(nav).queryByRole('button', { name: 'Reports' })).not.toBeInTheDocument();
    expect(within(nav).queryByRole('link', { name: 'Alerts' })).not.toBeInTheDocument();

    await user.click(within(nav).getByRole('button', { name: 'Content' }));
    expect(within(nav).queryByRole('link', { name: 'FAQ’s' })).not.toBeInTheDocument();
    expect(within(nav).getByRole('link', { name: 'Check My BMI' })).toBeInTheDocument();
    expect(within(nav).queryByRole('link', { name: 'Manage Menu' })).not.toBeInTheDocument();
    expect(within(nav).queryByRole('button', { name: 'Add New Section' })).not.toBeInTheDocument();

    await user.click(within(nav).getByRole('button', { name: 'Help' }));
    expect(within(nav).getByRole('link', { name: 'Request Vitamin Samples' })).toHaveAttribute(
      'href',
      '/support-messages/vitamin-supplements/store',
    );
  });

  it('opens the group holding the current page, and groups open and close from the keyboard', async () => {
    api.on('GET /sidebar-menu', { status: 200, json: { data: createSidebarMenu(subUser) } });
    const { user } = await renderStaff('/faqs');

    const nav = await screen.findByRole('navigation', { name: 'Main menu' });
    expect(await within(nav).findByRole('link', { name: 'FAQ’s' })).toHaveAttribute('aria-current', 'page');
    const content = within(nav).getByRole('button', { name: 'Content' });
    expect(content).toHaveAttribute('aria-expanded', 'true');

    content.focus();
    await user.keyboard('{Enter}');
    expect(content).toHaveAttribute('aria-expanded', 'false');
    expect(within(nav).queryByRole('link', { name: 'FAQ’s' })).not.toBeInTheDocument();
    await user.keyboard(' ');
    expect(content).toHaveAttribute('aria-expanded', 'true');

    // Following a link of another group opens that one.
    await user.click(within(nav).getByRole('button', { name: 'Reports' }));
    await user.click(within(nav).getByRole('link', { name: 'Checklist Reports' }));
    expect(await screen.findByText('Page /seminar2surgery')).toBeInTheDocument();
    expect(within(nav).getByRole('link', { name: 'Checklist Reports' })).toHaveAttribute('aria-current', 'page');
  });

  it('nests the special program’s content under Weight Management and Weight Loss Surgery', async () => {
    const special = createSubUser({ id: 302, program_id: 302 });
    api.on('GET /sidebar-menu', { status: 200, json: { data: createSidebarMenu(special) } });
    const { user } = await renderStaff('/contact-us?weightLossType=1', special);

    const nav = await screen.findByRole('navigation', { name: 'Main menu' });
    expect(await within(nav).findByRole('button', { name: 'Weight Management' })).toHaveAttribute('aria-expanded', 'true');
    // Each group has its own contacts; only the page's group's link is current.
    const contacts = within(nav).getAllByRole('link', { name: 'Contact Us', hidden: true });
    expect(contacts.map((link) => link.getAttribute('href'))).toEqual(['/contact-us?weightLossType=1', '/contact-us?weightLossType=2']);
    expect(contacts[0]).toHaveAttribute('aria-current', 'page');
    expect(contacts[1]).not.toHaveAttribute('aria-current');
    const surgery = within(nav).getByRole('button', { name: 'Weight Loss Surgery' });
    expect(surgery).toHaveAttribute('aria-expanded', 'false');
    await user.click(surgery);
    expect(within(nav).getByRole('link', { name: 'FAQ’s' })).toHaveAttribute('href', '/faqs');
  });

  it('minimizes to icons and keeps that in the store and browser storage', async () => {
    api.on('GET /sidebar-menu', { status: 200, json: { data: createSidebarMenu(subUser) } });
    const { user } = await renderStaff('/dashboard');
    await within(mainMenu()).findByRole('link', { name: 'Dashboard' });

    await user.click(screen.getByRole('button', { name: 'Minimize sidebar' }));
    expect(appStore.getState().sidebarMinimized).toBe(true);
    expect(JSON.parse(localStorage.getItem(STORAGE_KEY) ?? '{}').state.sidebarMinimized).toBe(true);
    // Still named for screen readers, one entry per top-level item, groups closed.
    expect(within(mainMenu()).getByRole('link', { name: 'Dashboard' })).toHaveAttribute('title', 'Dashboard');
    expect(within(mainMenu()).queryByRole('link', { name: 'Missing Pipeline Patients' })).not.toBeInTheDocument();

    // Choosing a group of the minimized sidebar shows the full sidebar with the group open.
    await user.click(within(mainMenu()).getByRole('button', { name: 'Pipeline' }));
    expect(appStore.getState().sidebarMinimized).toBe(false);
    expect(within(mainMenu()).getByRole('link', { name: 'Missing Pipeline Patients' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Minimize sidebar' }));
    await user.click(screen.getByRole('button', { name: 'Expand sidebar' }));
    expect(appStore.getState().sidebarMinimized).toBe(false);
  });

  it('shows skeleton rows while loading and a retry when the menu fails', async () => {
    let fail = true;
    api.on('GET /sidebar-menu', () =>
      fail ? { status: 500, json: { message: 'Database down.' } } : { status: 200, json: { data: createSidebarMenu(subUser) } },
    );
    const { user } = await renderStaff('/dashboard');
    expect(within(mainMenu()).getByRole('status')).toHaveTextContent('Loading the menu…');

    expect(await within(mainMenu()).findByRole('alert')).toHaveTextContent('The menu could not be loaded.');
    fail = false;
    await user.click(within(mainMenu()).getByRole('button', { name: 'Retry' }));
    expect(await within(mainMenu()).findByRole('link', { name: 'Dashboard' })).toBeInTheDocument();
    expect(within(mainMenu()).queryByRole('alert')).not.toBeInTheDocument();
  });

  it('reloads the menu when the bus says it changed', async () => {
    let sections = [createSection(1, 'Recipes')];
    api.on('GET /sidebar-menu', () => ({ status: 200, json: { data: createSidebarMenu(subUser, { sections }) } }));
    const { user } = await renderStaff('/dashboard');
    await user.click(await within(mainMenu()).findByRole('button', { name: 'Content' }));
    expect(within(mainMenu()).getByRole('link', { name: 'Recipes' })).toBeInTheDocument();

    sections = [...sections, createSection(2, 'Meal Plans')];
    act(() => bus.emit('sidebar:changed'));
    expect(await within(mainMenu()).findByRole('link', { name: 'Meal Plans' })).toHaveAttribute('href', '/dynamic-content-section/2');
    expect(api.calls('GET /sidebar-menu')).toHaveLength(2);
  });

  it('becomes a drawer opened by the menu button below 1200 px', async () => {
    api.on('GET /sidebar-menu', { status: 200, json: { data: createSidebarMenu(subUser) } });
    const { user } = await renderStaff('/dashboard', subUser, 900);

    expect(screen.queryByRole('navigation', { name: 'Main menu' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Minimize sidebar' })).not.toBeInTheDocument();
    const menuButton = screen.getByRole('button', { name: 'Open menu' });
    await user.click(menuButton);
    const drawer = await screen.findByRole('dialog', { name: 'Menu' });
    const nav = within(drawer).getByRole('navigation', { name: 'Main menu' });
    await user.click(await within(nav).findByRole('link', { name: 'Patients' }));
    expect(await screen.findByText('Page /manage-patients')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Menu' })).not.toBeInTheDocument());
  });

  it('moves to the drawer when the window shrinks past the breakpoint', async () => {
    api.on('GET /sidebar-menu', { status: 200, json: { data: createSidebarMenu(subUser) } });
    await renderStaff('/dashboard');
    expect(await within(mainMenu()).findByRole('link', { name: 'Dashboard' })).toBeInTheDocument();

    act(() => {
      Object.defineProperty(window, 'innerWidth', { configurable: true, writable: true, value: 1000 });
      window.dispatchEvent(new Event('resize'));
    });
    expect(await screen.findByRole('button', { name: 'Open menu' })).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Main menu' })).not.toBeInTheDocument();
  });
});

describe('Add New Section', () => {
  async function openForm() {
    const view = await renderStaff('/dashboard');
    await view.user.click(await within(mainMenu()).findByRole('button', { name: 'Content' }));
    await view.user.click(within(mainMenu()).getByRole('button', { name: 'Add New Section' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Dynamic Content Section' });
    return { ...view, dialog };
  }

  it('asks for a name with the validation notice', async () => {
    api.on('GET /sidebar-menu', { status: 200, json: { data: createSidebarMenu(subUser) } });
    const { user, dialog } = await openForm();
    expect(within(dialog).getByRole('switch', { name: 'Active' })).toBeChecked();

    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Name is required.')).toBeInTheDocument();
    await findNotice('Add Dynamic Section', VALIDATION_ERROR_NOTICE);
    expect(api.calls('POST /content/dynamic-content-section/store')).toHaveLength(0);

    // The notice is about this form: closing the form takes it away.
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(screen.queryByText(VALIDATION_ERROR_NOTICE)).not.toBeInTheDocument());
  });

  it('adds the section, says so, closes and reloads the sidebar', async () => {
    let sections = [createSection(1, 'Recipes')];
    api.on('GET /sidebar-menu', () => ({ status: 200, json: { data: createSidebarMenu(subUser, { sections }) } }));
    api.on('POST /content/dynamic-content-section/store', (request) => {
      const created = createSection(2, (request.body as { name: string }).name);
      sections = [...sections, created];
      return { status: 201, json: { data: created, message: 'Dynamic section added successfully' } };
    });
    const { user, dialog } = await openForm();

    await user.type(within(dialog).getByRole('textbox', { name: /Name/ }), 'Meal Plans');
    await user.click(within(dialog).getByRole('switch', { name: 'Active' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    await findNotice('Dynamic Content Sections', 'Dynamic section added successfully');
    expect(api.calls('POST /content/dynamic-content-section/store')[0]?.body).toEqual({ name: 'Meal Plans', status: 0 });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await within(mainMenu()).findByRole('link', { name: 'Meal Plans' })).toHaveAttribute('href', '/dynamic-content-section/2');
    expect(api.calls('GET /sidebar-menu')).toHaveLength(2);
  });

  it('puts the server’s field errors on the field', async () => {
    api.on('GET /sidebar-menu', { status: 200, json: { data: createSidebarMenu(subUser) } });
    api.on('POST /content/dynamic-content-section/store', {
      status: 422,
      json: { message: VALIDATION_ERROR_NOTICE, errors: { name: ['A section with this name already exists.'] } },
    });
    const { user, dialog } = await openForm();

    await user.type(within(dialog).getByRole('textbox', { name: /Name/ }), 'Recipes');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    const field = within(dialog).getByRole('textbox', { name: /Name/ });
    await waitFor(() => expect(field).toHaveAccessibleDescription('A section with this name already exists.'));
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('dialog', { name: 'Add Dynamic Content Section' })).toBeInTheDocument();
    await findNotice('Add Dynamic Section', VALIDATION_ERROR_NOTICE);
  });

  it('shows the server’s message when saving fails otherwise', async () => {
    api.on('GET /sidebar-menu', { status: 200, json: { data: createSidebarMenu(subUser) } });
    api.on('POST /content/dynamic-content-section/store', { status: 500, json: { message: 'Storage unavailable.' } });
    const { user, dialog } = await openForm();

    await user.type(within(dialog).getByRole('textbox', { name: /Name/ }), 'Recipes');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await findNotice('Add Dynamic Section', 'Storage unavailable.');
    expect(screen.getByRole('dialog', { name: 'Add Dynamic Content Section' })).toBeInTheDocument();
  });
});

describe('navbar', () => {
  it('shows the user’s name and program code in the account menu', async () => {
    api.on('GET /sidebar-menu', { status: 200, json: { data: createSidebarMenu(subUser) } });
    const { user } = await renderStaff('/dashboard');
    expect(screen.getByRole('banner')).toHaveTextContent('BariDesk');

    await user.click(screen.getByRole('button', { name: 'Account: Dr. Maya Patel' }));
    const menu = await screen.findByRole('menu');
    expect(menu).toHaveTextContent('Dr. Maya Patel');
    expect(menu).toHaveTextContent('Program Code: NSB-1001');
    expect(within(menu).getByRole('menuitem', { name: 'Change Password' })).toBeInTheDocument();
    expect(within(menu).getByRole('menuitem', { name: 'Logout' })).toBeInTheDocument();

    await user.click(within(menu).getByRole('menuitem', { name: 'Change Password' }));
    expect(await screen.findByText('Page /change-password')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Account: Dr. Maya Patel' }));
    await user.click(within(await screen.findByRole('menu')).getByRole('menuitem', { name: 'Two-Factor Authentication' }));
    expect(await screen.findByText('Page /two-factor-authentication')).toBeInTheDocument();
  });

  it('shows five dashes when the program has no code', async () => {
    const noCode = createProgramUser({ programmer_code: null, sub_user: { id: 101, title: 'Northside', programmer_code: null } });
    api.on('GET /sidebar-menu', { status: 200, json: { data: createSidebarMenu(noCode, { flags: menuFlags([]) }) } });
    const { user } = await renderStaff('/dashboard', noCode);

    await user.click(screen.getByRole('button', { name: 'Account: Lee Limited' }));
    expect(await screen.findByRole('menu')).toHaveTextContent('Program Code: -----');
  });

  it('is operable from the keyboard', async () => {
    api.on('GET /sidebar-menu', { status: 200, json: { data: createSidebarMenu(subUser) } });
    const { user } = await renderStaff('/dashboard');
    screen.getByRole('button', { name: 'Account: Dr. Maya Patel' }).focus();
    await user.keyboard('{Enter}');
    await screen.findByRole('menu');
    await waitFor(() => expect(screen.getByRole('menuitem', { name: 'Change Password' })).toHaveAttribute('data-highlighted'));
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('menuitem', { name: 'Two-Factor Authentication' })).toHaveAttribute('data-highlighted');
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('menuitem', { name: 'Logout' })).toHaveAttribute('data-highlighted');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('menu')).not.toBeInTheDocument());
  });

  it('logs out: tells the server, clears the session and goes to the sign-in page', async () => {
    api.on('GET /sidebar-menu', { status: 200, json: { data: createSidebarMenu(subUser) } });
    appStore.getState().setSavedSearch('eventCalendarMonth', '2025-03');
    const { user } = await renderStaff('/dashboard');

    await user.click(screen.getByRole('button', { name: 'Account: Dr. Maya Patel' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Logout' }));

    expect(await screen.findByText('Sign-in page')).toBeInTheDocument();
    expect(api.calls('POST /logout')).toHaveLength(1);
    expect(api.calls('POST /logout')[0]?.authorization).toBe('Bearer test-token');
    const state = appStore.getState();
    expect(state.token).toBeNull();
    expect(state.user).toBeNull();
    expect(state.sessionCheck).toBe(false);
    expect(state.savedSearches).toEqual({});
    // The signed-out menu is not asked for again.
    expect(api.calls('GET /sidebar-menu')).toHaveLength(1);
  });

  it('logs out even when the server call fails', async () => {
    api.on('GET /sidebar-menu', { status: 200, json: { data: createSidebarMenu(subUser) } });
    api.on('POST /logout', { status: 500, json: { message: 'Down.' } });
    const { user } = await renderStaff('/dashboard');

    await user.click(screen.getByRole('button', { name: 'Account: Dr. Maya Patel' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Logout' }));
    expect(await screen.findByText('Sign-in page')).toBeInTheDocument();
    expect(appStore.getState().token).toBeNull();
  });
});
