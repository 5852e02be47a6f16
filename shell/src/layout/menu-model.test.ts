import { MENU_AREAS, MENU_AREA_NAMES, PROGRAM_USER_MENU_FLAGS, SUB_MENU_TITLES } from '@baridesk/domain';
import { CONTENT_LIBRARY, type AuthUser, type ContentType, type SidebarMenu } from '@baridesk/contracts';
import { buildAdminMenu, buildStaffMenu, isGroup, type MenuEntry, type MenuLink } from './menu-model';
import { decideAccess } from '../routes/access';
import { ROUTES } from '../routes/route-table';

const baseUser: AuthUser = {
  id: 101, name: 'Dr. Maya Patel', email: 'subuser@northside.test', created: '2025-01-01T00:00:00Z', type: 'sub_user',
  program_id: 101, popup_msg1: null, popup_status: 0, programmer_code: 'NSB-1001',
  sub_user: { id: 101, title: 'Northside Bariatrics', programmer_code: 'NSB-1001' }, permissions: [],
  administrative_rights: 1, self_service: 0, terms_and_conditions_check: 1, is_password_changed: 1, menu_flags: null,
};
type Flags = NonNullable<SidebarMenu['fromPUsTable']>;
const flags = (on: string[]): Flags =>
  Object.fromEntries(
    [...PROGRAM_USER_MENU_FLAGS, 'shop_url', 'administrative_rights'].map((f) => [f, on.includes(f) ? 1 : 0]),
  ) as Flags;
const menus = (off: string[] = []) =>
  SUB_MENU_TITLES.map((title, i) => ({ id: i + 1, status: (off.includes(title) ? 0 : 1) as 0 | 1, sub_menu: { id: i + 1, title } }));

const menu = (over: Partial<SidebarMenu> = {}, user: Partial<AuthUser> = {}): SidebarMenu => ({
  fromPUsTable: null,
  fromSubMenuManagers: menus(),
  authUser: { ...baseUser, ...user },
  dynamicContentSections: [],
  ...over,
});

/** Every link of a menu, groups flattened. */
const links = (entries: MenuEntry[]): MenuLink[] => entries.flatMap((e) => (isGroup(e) ? links(e.items) : [e]));

/** The route-table entry a link opens (its path without the query, matched against the patterns). */
const routeOf = (to: string) => {
  const path = to.split('?')[0] ?? to;
  return ROUTES.find((r) => new RegExp(`^${r.path.replace(/:[A-Za-z]+\??/gu, '[^/]+').replace(/\/\*$/u, '(?:/.*)?')}$`, 'u').test(path));
};

/** Every link label, groups flattened as "Group › Label". */
const labels = (entries: MenuEntry[], prefix = ''): string[] =>
  entries.flatMap((e) => (isGroup(e) ? labels(e.items, `${prefix}${e.label} › `) : [`${prefix}${e.label}`]));

describe('staff menu', () => {
  it('shows a sub user every menu, including the sub-user-only ones, and Add New Section', () => {
    const entries = buildStaffMenu(menu({ dynamicContentSections: [{ id: 9, name: 'Recipes', status: 1, created_at: '', updated_at: '' }] }));
    const all = labels(entries);
    for (const label of ['Dashboard', 'Patients', 'Pipeline › Missing Pipeline Patients', 'Pipeline › Customize Pipeline', 'Reports › Checklist Reports', 'Alerts', 'Templates › Message Templates', 'Patient Tags', 'Insurance Coordinators', 'Messages › Weight Reminder', 'Event Calendar', 'Content › Shop', 'Content › Manage Menu', 'Content › Resources', 'Content › Recipes']) {
      expect(all).toContain(label);
    }
    expect(all.some((l) => l.startsWith('Help'))).toBe(false);
    const content = entries.find((e) => e.label === 'Content');
    expect(content && isGroup(content) && content.addSection).toBe(true);
    expect(labels(entries).find((l) => l === 'Content › Recipes')).toBeDefined();
  });

  it('puts the alerts count beside Alerts, and nothing while there is none', () => {
    const alerts = (entries: MenuEntry[]) => links(entries).find((link) => link.to === '/alerts');
    expect(alerts(buildStaffMenu(menu(), { alerts: 12 }))).toEqual({ label: 'Alerts', to: '/alerts', count: 12 });
    expect(alerts(buildStaffMenu(menu(), { alerts: 0 }))).toEqual({ label: 'Alerts', to: '/alerts' });
    expect(alerts(buildStaffMenu(menu()))).toEqual({ label: 'Alerts', to: '/alerts' });
  });

  it('hides content the program switched off', () => {
    const all = labels(buildStaffMenu(menu({ fromSubMenuManagers: menus(['Shop', 'Videos', 'Calendar']) })));
    expect(all).not.toContain('Content › Shop');
    expect(all).not.toContain('Content › Videos');
    expect(all).not.toContain('Event Calendar');
    expect(all).toContain('Content › FAQ’s');
  });

  it('shows a program user only what its flags switch on, and the Help menu', () => {
    const all = labels(buildStaffMenu(menu({ fromPUsTable: flags(['pipeline_status', 'event']) }, { type: 'program_user', id: 202, administrative_rights: 0 })));
    expect(all).toContain('Patient Pipeline');
    expect(all).toContain('Event Calendar');
    expect(all).not.toContain('Patients');
    expect(all).not.toContain('Alerts');
    expect(all.some((l) => l.startsWith('Reports'))).toBe(false);
    expect(all).not.toContain('Content › FAQ’s');
    // Items that need only the program's switch.
    expect(all).toContain('Content › Diabetes Education');
    expect(all).toContain('Content › Check My BMI');
    expect(all).toContain('Content › Patient Portals');
    expect(all).toContain('Content › Education');
    expect(all).not.toContain('Content › Manage Menu');
    expect(all).toContain('Help › Request Vitamin Samples');
  });

  it('shows limited@northside.test (pipeline and calendar only) no patient, tag, coordinator or message screen', () => {
    const all = labels(buildStaffMenu(menu({ fromPUsTable: flags(['pipeline_status', 'event']) }, { type: 'program_user', id: 202, administrative_rights: 0 })));
    for (const hidden of ['Patients', 'Patient Tags', 'Insurance Coordinators', 'Templates › Message Templates', 'Alerts']) expect(all).not.toContain(hidden);
    expect(all).toContain('Templates › Checklist Templates');
    expect(all).toContain('Patient Pipeline');
  });

  it('shows a program user exactly the links the page guard lets it open, flag by flag', () => {
    for (const area of MENU_AREA_NAMES) {
      const on = [MENU_AREAS[area].flag];
      const user = { ...baseUser, type: 'program_user' as const, id: 202, administrative_rights: 0 as const, menu_flags: { ...flags(on) } };
      const shown = links(buildStaffMenu(menu({ fromPUsTable: flags(on) }, user)));
      for (const link of shown) {
        const entry = routeOf(link.to);
        expect({ area, link: link.to, routed: entry !== undefined }).toEqual({ area, link: link.to, routed: true });
        const allowed = entry ? decideAccess(entry.access, user, entry.path).allow : false;
        expect({ area, link: link.to, allowed }).toEqual({ area, link: link.to, allowed: true });
      }
      // And every page of the area that the menu links to directly is shown.
      const shownPaths = new Set(shown.map((l) => l.to));
      const listed = MENU_AREAS[area].screens.filter((screen) => ['/manage-patients', '/pipeline', '/alerts', '/event-calender', '/faqs', '/videos'].includes(screen));
      for (const screen of listed) expect({ area, screen, shown: shownPaths.has(screen) }).toEqual({ area, screen, shown: true });
    }
  });

  it('hides patients, reports, alerts, templates and tags from self-service staff, and shows them the content', () => {
    const all = labels(buildStaffMenu(menu({ fromPUsTable: flags(['self_service', 'manage_user', 'seminar_to_surgery', 'alert_notification']) }, { type: 'program_user', self_service: 1 })));
    for (const hidden of ['Patients', 'Alerts', 'Patient Tags', 'Insurance Coordinators', 'Messages › Weight Reminder']) expect(all).not.toContain(hidden);
    expect(all.some((l) => l.startsWith('Reports') || l.startsWith('Templates'))).toBe(false);
    expect(all).toContain('Content › FAQ’s');
    expect(all).toContain('Content › Videos');
  });

  it('groups the special program 302 content under Weight Management and Weight Loss Surgery', () => {
    const entries = buildStaffMenu(menu({}, { id: 302, program_id: 302 }));
    const all = labels(entries);
    expect(all).toContain('Content › Weight Management › Contact Us');
    expect(all).toContain('Content › Weight Management › Non-Surgical Weight Loss');
    expect(all).toContain('Content › Weight Loss Surgery › FAQ’s');
    const content = entries.find((e) => e.label === 'Content');
    const wm = content && isGroup(content) ? content.items.find((e) => e.label === 'Weight Management') : undefined;
    expect(wm && isGroup(wm) ? wm.items[0] : undefined).toEqual({ label: 'Contact Us', to: '/contact-us?weightLossType=1' });
    const wls = content && isGroup(content) ? content.items.find((e) => e.label === 'Weight Loss Surgery') : undefined;
    expect(wls && isGroup(wls) ? wls.items[0] : undefined).toEqual({ label: 'Contact Us', to: '/contact-us?weightLossType=2' });
    // The program's own settings stay outside the patients' groups.
    expect(all).toContain('Content › Program Logo');
    expect(all).toContain('Content › Resources');
  });

  it('follows a content type’s sub-menu switch, flag and sub-user rule from the registry', () => {
    const user = { type: 'program_user' as const, administrative_rights: 0 as const };
    const listed = (over: Partial<SidebarMenu>) => labels(buildStaffMenu(menu(over, user)));
    expect(listed({ fromPUsTable: flags(['faq']) })).toContain('Content › FAQ’s');
    expect(listed({ fromPUsTable: flags(['faq']), fromSubMenuManagers: menus(['FAQ\u2019s']) })).not.toContain('Content › FAQ’s');
    expect(listed({ fromPUsTable: flags([]) })).not.toContain('Content › FAQ’s');
    // No flag guards Education; its switch alone decides.
    expect(listed({ fromPUsTable: flags([]) })).toContain('Content › Education');
    expect(listed({ fromPUsTable: flags([]), fromSubMenuManagers: menus(['Education']) })).not.toContain('Content › Education');
    // Resources are the sub user's only.
    expect(listed({ fromPUsTable: flags(PROGRAM_USER_MENU_FLAGS.filter((f) => f !== 'self_service')) })).not.toContain('Content › Resources');
  });
});

describe('content registry', () => {
  it('gives every content screen a page of mf_content, in the area its type names', () => {
    for (const type of CONTENT_LIBRARY as readonly ContentType[]) {
      for (const path of Object.values(type.screens)) {
        const route = ROUTES.find((r) => r.path === path);
        expect(route?.remote).toBe('mf_content');
        if (type.area !== 'none' && type.area !== 'shop') expect(MENU_AREAS[type.area].screens).toContain(path);
      }
    }
  });
});

describe('admin menu', () => {
  const admin = (id: number, slugs: string[]): AuthUser => ({
    ...baseUser, id, type: 'super_admin', program_id: null, sub_user: null, programmer_code: null,
    permissions: slugs.map((slug, i) => ({ id: i + 1, name: slug, slug: slug as never })),
  });

  /** Each top-level entry, a group as "label: its links". */
  const shape = (entries: MenuEntry[]) => entries.map((e) => (isGroup(e) ? `${e.label}: ${e.items.map((i) => i.label).join(', ')}` : e.label));

  it('shows Manage Events and Cards & Trophies only with their permission, and no group without an entry', () => {
    expect(shape(buildAdminMenu(admin(49, [])))).toEqual(['Dashboard']);
    expect(shape(buildAdminMenu(admin(49, ['manage_events', 'cards_and_trophies'])))).toEqual(['Dashboard', 'Manage Events', 'Cards & Trophies']);
  });

  it('groups the other areas, each entry only with its permission', () => {
    expect(shape(buildAdminMenu(admin(49, ['tips', 'groups', 'manage_mobile_support_mail'])))).toEqual([
      'Dashboard',
      'Patient App: Tips',
      'Accounts: Groups',
      'Support: Mobile Support Mail',
    ]);
  });

  it('shows id 48 everything, each link an admin screen of the route table with the same permission', () => {
    const entries = buildAdminMenu(admin(48, []));
    expect(shape(entries)).toEqual([
      'Dashboard',
      'Manage Events',
      'Cards & Trophies',
      'Patient App: Dynamic Notifications, Banner Ads, Discount Ads, Bari Resources, Recipes, Shop, How To Use App, Quotes, Tips, Main Menu',
      'Accounts: Programs, Program Users, Manage Users, Groups, Super Admins',
      'Support: Support E-mail, Mobile Support Mail',
      'Audit Trail',
    ]);
    for (const { label, to } of links(entries)) {
      const route = routeOf(to);
      expect([label, route?.remote]).toEqual([label, 'mf_admin']);
      // Holding only the route's permission (none: the dashboard) is enough to see the link.
      const needs = route?.access.kind === 'admin' ? route.access.permission : undefined;
      expect([label, links(buildAdminMenu(admin(49, needs ? [needs] : []))).map((l) => l.label)]).toEqual([label, expect.arrayContaining([label])]);
    }
  });
});
