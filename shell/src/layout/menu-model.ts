/**
 * What the sidebars show, as pure data: the staff menu from GET /api/sidebar-menu by the rules of
 * staff-area section 6 (user type, the program user's 0/1 flags and self-service, read through the
 * domain's flag table MENU_AREAS as the server and the page guard read them; the program's sub-menu
 * switches), and the admin menu by permission slugs. The components only draw it.
 */
import {
  SPECIAL_PROGRAM_ID,
  hasPermission,
  mayOpenMenuArea,
  type MenuArea,
  type PermissionSlug,
} from '@baridesk/domain';
import { CONTACT_GROUPS, CONTENT_LIBRARY, type AuthUser, type ContentType, type SidebarMenu } from '@baridesk/contracts';

export interface MenuLink {
  label: string;
  to: string;
  /** How many things there wait for the user (Alerts), shown beside the label when above 0. */
  count?: number;
}
export interface MenuGroup {
  label: string;
  /** Links directly under the group, or sub-groups (the special program's content menu). */
  items: (MenuLink | MenuGroup)[];
  /** The sub user's "Add New Section" entry, shown under Content. */
  addSection?: boolean;
}
export type MenuEntry = MenuLink | MenuGroup;

export const isGroup = (entry: MenuEntry): entry is MenuGroup => 'items' in entry;

/** A content type as the sidebar lists it: the registry's entry (contracts CONTENT_LIBRARY) and the path it opens. */
interface ContentLink {
  type: ContentType;
  to: string;
}

/** Every content type, in the registry's order, with its list or page path. */
const CONTENT: ContentLink[] = (CONTENT_LIBRARY as readonly ContentType[]).map((type) => ({
  type,
  to: type.shape === 'list' ? type.screens.list : type.screens.show,
}));

const REPORTS: MenuLink[] = [
  { label: 'Patient Pipeline', to: '/patient-pipeline-report' },
  { label: 'Checklist Reports', to: '/seminar2surgery' },
  { label: 'Pre-Op Report', to: '/surgery-date-patients-report' },
  { label: 'Post-Op Report', to: '/post-op-patients-report' },
  { label: 'Surgery Volume', to: '/surgery-volume' },
  { label: 'Never Used App', to: '/not-connected-patients-report' },
  { label: 'Outcomes', to: '/outcomes-report' },
  { label: 'Follow-up', to: '/follow-up-report' },
  { label: 'Support Group Attendance', to: '/events-rsvp-list' },
];

const HELP: MenuLink[] = [
  { label: 'Product Support', to: '/support-messages/product-support/store' },
  { label: 'Support Group Assistance', to: '/support-messages/support-groups/store' },
  { label: 'Request Vitamin Samples', to: '/support-messages/vitamin-supplements/store' },
];

/** The staff sidebar for the signed-in sub user or program user; `alerts`: the count beside Alerts (GET /api/alerts/counts). */
export function buildStaffMenu(menu: SidebarMenu, { alerts }: { alerts?: number } = {}): MenuEntry[] {
  const user = menu.authUser;
  const sub = user.type === 'sub_user';
  const flags = menu.fromPUsTable;
  const selfService = !sub && user.self_service === 1;
  const holder = { type: user.type, selfService, flags };
  const opens = (area: MenuArea | 'shop') =>
    area === 'shop' ? sub || selfService || flags?.shop_url === 1 : mayOpenMenuArea(holder, area);
  const menuOn = new Map(menu.fromSubMenuManagers.map((m) => [m.sub_menu.title, m.status === 1]));
  const switchedOn = (title: string) => menuOn.get(title) ?? false;

  const entries: MenuEntry[] = [{ label: 'Dashboard', to: '/dashboard' }];
  if (opens('patients')) entries.push({ label: 'Patients', to: '/manage-patients' });
  if (opens('pipeline')) {
    const pipeline: MenuLink[] = [{ label: 'Patient Pipeline', to: '/pipeline' }];
    if (user.administrative_rights === 1) pipeline.push({ label: 'Customize Pipeline', to: '/customize-pipeline' });
    if (sub) pipeline.push({ label: 'Missing Pipeline Patients', to: '/missing-pipeline-patients' });
    entries.push(pipeline.length === 1 ? (pipeline[0] as MenuLink) : { label: 'Pipeline', items: pipeline });
  }
  if (opens('reports')) entries.push({ label: 'Reports', items: REPORTS });
  if (opens('messages')) {
    entries.push(alerts ? { label: 'Alerts', to: '/alerts', count: alerts } : { label: 'Alerts', to: '/alerts' });
    entries.push({
      label: 'Messages',
      items: [
        { label: 'On-Demand Messages', to: '/on-demand-messages' },
        { label: 'Scheduled Messages', to: '/scheduled-messages' },
        { label: 'Automatic Messages', to: '/automatic-messages' },
        { label: 'Weight Reminder', to: '/weight-reminder-message' },
      ],
    });
  }
  // Checklist templates shape the pipeline's checklists; message templates are messages.
  const templates: MenuLink[] = [
    ...(opens('pipeline') ? [{ label: 'Checklist Templates', to: '/checklist-templates' }] : []),
    ...(opens('messages') ? [{ label: 'Message Templates', to: '/message-templates' }] : []),
  ];
  if (templates.length > 0) entries.push({ label: 'Templates', items: templates });
  if (opens('patients')) {
    entries.push({ label: 'Patient Tags', to: '/user-category' });
    // Not in the spec's menu: the coordinators' screens had no way in but the address bar.
    entries.push({ label: 'Insurance Coordinators', to: '/add-insurance-coordinator' });
  }
  if (opens('calendar') && switchedOn('Calendar')) entries.push({ label: 'Event Calendar', to: '/event-calender' });

  // Content: the registry's types whose switch is on (no switch: always), whose area the user may open (a
  // self-service account has every content area) and, for Resources, only the sub user.
  const visible = CONTENT.filter(
    ({ type }) =>
      (type.title === null || switchedOn(type.title)) && (type.area === 'none' || opens(type.area)) && (!type.subUserOnly || sub),
  );
  const link = ({ type, to }: ContentLink): MenuLink => ({ label: type.label, to });
  const manage: MenuLink[] = sub ? [{ label: 'Manage Menu', to: '/manage-menu' }] : [];
  const sections: MenuLink[] = menu.dynamicContentSections.map((s) => ({ label: s.name, to: `/dynamic-content-section/${s.id}` }));

  let contentItems: MenuEntry[];
  if (user.program_id === SPECIAL_PROGRAM_ID) {
    // The special program's patient menus in two groups, each with its own contacts; the program's own
    // settings (logo, resources) stay outside them.
    const patientMenus = visible.filter(({ type }) => type.title !== null);
    const programWide = visible.filter(({ type }) => type.title === null);
    const group = (weightManagement: boolean, weightLossType: number): MenuLink[] =>
      patientMenus
        .filter(({ type }) => type.key === 'contacts' || Boolean(type.weightManagement) === weightManagement)
        .map((entry) => (entry.type.key === 'contacts' ? { label: entry.type.label, to: `/contact-us?weightLossType=${weightLossType}` } : link(entry)));
    contentItems = [
      { label: 'Weight Management', items: group(true, CONTACT_GROUPS.weightManagement) },
      { label: 'Weight Loss Surgery', items: group(false, CONTACT_GROUPS.weightLossSurgery) },
      ...programWide.map(link),
      ...manage,
      ...sections,
    ];
  } else {
    contentItems = [...visible.map(link), ...manage, ...sections];
  }
  if (contentItems.length > 0 || sub) entries.push({ label: 'Content', items: contentItems, addSection: sub });
  if (user.type === 'program_user') entries.push({ label: 'Help', items: HELP });
  return entries;
}

interface AdminItem extends MenuLink {
  permission?: PermissionSlug;
}
interface AdminGroup {
  label: string;
  items: AdminItem[];
}

/**
 * The super-admin sidebar. The spec names Dashboard, Manage Events and Cards & Trophies at the top; the
 * other areas are grouped by what they look after, so some twenty entries stay scannable: what the
 * patients' app shows, the accounts, where support requests go.
 */
const ADMIN: (AdminItem | AdminGroup)[] = [
  { label: 'Dashboard', to: '/admin/dashboard' },
  { label: 'Manage Events', to: '/admin/event', permission: 'manage_events' },
  { label: 'Cards & Trophies', to: '/admin/cards-trophies', permission: 'cards_and_trophies' },
  {
    label: 'Patient App',
    items: [
      { label: 'Dynamic Notifications', to: '/admin/dynamic-notifications', permission: 'manage_dynamic_notifications' },
      { label: 'Banner Ads', to: '/admin/ads-sets', permission: 'banner_ads' },
      { label: 'Discount Ads', to: '/admin/discount-ads', permission: 'discount_ads' },
      { label: 'Bari Resources', to: '/admin/bari-resources', permission: 'manage_resources' },
      { label: 'Recipes', to: '/admin/manage-recipe', permission: 'manage_recipe' },
      { label: 'Shop', to: '/admin/manage-shop/surgical', permission: 'manage_shop' },
      { label: 'How To Use App', to: '/admin/how-to-use-app', permission: 'how_to_use_app' },
      { label: 'Quotes', to: '/admin/quotes', permission: 'manage_quotes' },
      { label: 'Tips', to: '/admin/tips', permission: 'tips' },
      { label: 'Main Menu', to: '/admin/manage-menu', permission: 'manage_main_menu' },
    ],
  },
  {
    label: 'Accounts',
    items: [
      { label: 'Programs', to: '/admin/baritastic-program', permission: 'baritastic_programs' },
      { label: 'Program Users', to: '/admin/program-user', permission: 'program_users' },
      { label: 'Manage Users', to: '/admin/manage-users', permission: 'manage_users' },
      { label: 'Groups', to: '/admin/groups', permission: 'groups' },
      { label: 'Super Admins', to: '/admin/super-admin', permission: 'manage_super_admin' },
    ],
  },
  {
    label: 'Support',
    items: [
      { label: 'Support E-mail', to: '/admin/support-email', permission: 'support_mail' },
      { label: 'Mobile Support Mail', to: '/admin/mobile-support-mail', permission: 'manage_mobile_support_mail' },
    ],
  },
  { label: 'Audit Trail', to: '/admin/audit', permission: 'audit_trail' },
];

/** The super-admin sidebar: each entry with a permission only for those who hold it (id 48 holds all); a group with none of its entries left is left out. */
export function buildAdminMenu(user: AuthUser): MenuEntry[] {
  const holder = { id: user.id, type: user.type, permissions: user.permissions.map((p) => p.slug) };
  const held = (items: AdminItem[]): MenuLink[] =>
    items.filter((item) => !item.permission || hasPermission(holder, item.permission)).map(({ label, to }) => ({ label, to }));
  return ADMIN.flatMap((entry): MenuEntry[] => {
    if (!('items' in entry)) return held([entry]);
    const items = held(entry.items);
    return items.length > 0 ? [{ label: entry.label, items }] : [];
  });
}
