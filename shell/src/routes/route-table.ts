/**
 * Every page path of both specs, the remote that owns it, and who may open it. The shell loads a
 * remote's routes module on the first visit of one of its paths; a path whose screen the remote does
 * not provide yet shows the not-found page.
 */
import { menuAreaOfScreen, type MenuAreaOrNone, type PermissionSlug } from '@baridesk/domain';

export type RemoteName = 'mf_auth' | 'mf_patients' | 'mf_reports' | 'mf_messaging' | 'mf_content' | 'mf_admin';

export type Access =
  /** Anyone, signed in or not. */
  | { kind: 'public' }
  /** Only signed-out visitors (login, register, forgot and reset password). */
  | { kind: 'guest' }
  /** Only as a step of signing in (the security question screens). */
  | { kind: 'login-flow' }
  /** Any signed-in user. */
  | { kind: 'signed-in' }
  /** Program staff (sub users and program users). */
  | {
      kind: 'staff';
      /**
       * The menu area of the page (domain MENU_AREAS, looked up by path when the table is built): a program
       * user whose flag is off, or self-service staff in an area closed to them, are sent to the dashboard.
       */
      area?: MenuAreaOrNone;
      /** Needs the administrative-rights flag, else back to /pipeline. */
      administrativeRights?: boolean;
      subUserOnly?: boolean;
      programUserOnly?: boolean;
    }
  /** Super admins, with the permission slug when the screen has one (id 48 passes all). */
  | { kind: 'admin'; permission?: PermissionSlug };

export interface RouteEntry {
  path: string;
  remote: RemoteName;
  access: Access;
}

const staff: Access = { kind: 'staff' };
const admin = (permission?: PermissionSlug): Access => ({ kind: 'admin', permission });

const patients = (...paths: string[]): RouteEntry[] =>
  paths.map((path) => ({ path, remote: 'mf_patients', access: staff }));
const reports = (...paths: string[]): RouteEntry[] =>
  paths.map((path) => ({ path, remote: 'mf_reports', access: staff }));
const content = (...paths: string[]): RouteEntry[] => paths.map((path) => ({ path, remote: 'mf_content', access: staff }));

/** The content menu: list, show, edit and store screens, with categories where the spec has them. */
const CONTENT_PATHS = [
  '/contacts', '/contact-us', '/contacts/:id/show', '/contacts/:id/edit', '/contacts/store',
  '/doctors', '/faqs', '/faq/new', '/faq/:id/edit', '/faq/:id/show',
  '/vitamin-supplement', '/vitamin-supplement/store', '/vitamin-supplement/:id/edit', '/vitamin-supplement/:id/show',
  '/vitamin-supplement/category', '/vitamin-supplement/sub-category',
  '/success-stories', '/diabetes', '/videos', '/resource-manager', '/diet', '/diet-categories', '/diet-sub-categories',
  '/instructions', '/instruction-categories', '/instruction-sub-categories',
  '/non-surgical-weight-loss', '/non-surgical-weight-loss-categories', '/non-surgical-weight-loss-sub-categories',
  '/program-logo', '/check-my-bmi', '/support-service', '/support-service/category', '/support-service/sub-category',
  '/support-group', '/support-group/category', '/support-group/sub-category', '/join-our-facebook', '/shop', '/shop/edit',
  '/our-website', '/newsletter', '/blog', '/patient-portal', '/patient-portals', '/patient-portals/:id/show',
  '/patient-portals/store', '/patient-portals/:id/edit', '/education', '/online-seminar', '/about-surgery',
  '/surgery/:id/show', '/surgery/:id/edit', '/surgery/store', '/surgery-categories', '/surgery-sub-categories',
  '/coordinator-categories', '/coordinator-categories-1', '/coordinator-categories-2',
  '/dynamic-content-section/:id', '/dynamic-section-item/:id/show', '/dynamic-section-item/store/:sectionId',
  '/dynamic-section-item/:sectionId/edit/:itemId', '/dynamic-section-category/:sectionId',
  '/dynamic-section-sub-category/:sectionId', '/:menuTitle/categories', '/:menuTitle/sub-categories',
];

/** A staff page gets the menu area its path has in the domain's flag table, so page and API agree. */
const withMenuArea = (entry: RouteEntry): RouteEntry =>
  entry.access.kind === 'staff' ? { ...entry, access: { ...entry.access, area: menuAreaOfScreen(entry.path) } } : entry;

const PAGES: readonly RouteEntry[] = [
  // Public and sign-in screens.
  { path: '/login', remote: 'mf_auth', access: { kind: 'guest' } },
  { path: '/register', remote: 'mf_auth', access: { kind: 'guest' } },
  // The link of the registration e-mail (not in the spec: registration confirms the address by e-mail).
  { path: '/confirm-email', remote: 'mf_auth', access: { kind: 'guest' } },
  { path: '/forgot-password', remote: 'mf_auth', access: { kind: 'guest' } },
  { path: '/reset-password', remote: 'mf_auth', access: { kind: 'guest' } },
  { path: '/sso', remote: 'mf_auth', access: { kind: 'guest' } },
  { path: '/answer-question', remote: 'mf_auth', access: { kind: 'login-flow' } },
  // Beyond the spec: the second factor after the password (a code, or setting up an authenticator).
  { path: '/two-factor', remote: 'mf_auth', access: { kind: 'login-flow' } },
  { path: '/two-factor-setup', remote: 'mf_auth', access: { kind: 'login-flow' } },
  { path: '/setup-question', remote: 'mf_auth', access: { kind: 'login-flow' } },
  { path: '/terms-and-conditions', remote: 'mf_auth', access: { kind: 'public' } },
  { path: '/home', remote: 'mf_auth', access: { kind: 'public' } },
  { path: '/change-password', remote: 'mf_auth', access: { kind: 'signed-in' } },
  // Beyond the spec: one's own authenticator and recovery codes (staff; super admins under /admin).
  { path: '/two-factor-authentication', remote: 'mf_auth', access: staff },
  { path: '/reset-patient-password', remote: 'mf_auth', access: { kind: 'staff' } },

  // Staff: dashboard, reports and attendance.
  { path: '/dashboard', remote: 'mf_reports', access: staff },
  { path: '/charts', remote: 'mf_reports', access: staff },
  { path: '/widgets', remote: 'mf_reports', access: staff },
  ...reports(
    '/patient-pipeline-report', '/seminar2surgery', '/surgery-date-patients-report', '/post-op-patients-report',
    '/surgery-volume', '/not-connected-patients-report', '/outcomes-report', '/follow-up-report', '/events-rsvp-list',
    '/events-rsvp-report/:eventId/:eventDate',
  ),

  // Staff: patients, pipeline, checklists, tags, coordinators.
  ...patients(
    '/manage-patients', '/add-patient', '/patient-detail/:id', '/patient-detail/:id/edit',
    '/nutrition-report/:id', '/weight-log/:id', '/food-log/:id', '/pipeline',
    '/checklist-templates', '/checklist-template/:id/store', '/checklist-template/:id/edit/:rowId',
    '/checklist-template/:id/copy/:rowId', '/checklists/:id', '/checklist-items/:tempStage',
    '/user-category', '/category-form', '/add-insurance-coordinator', '/insurance-coordinator/:id/edit',
    '/insurance-coordinator/:id/show',
  ),
  { path: '/customize-pipeline', remote: 'mf_patients', access: { kind: 'staff', administrativeRights: true } },
  { path: '/missing-pipeline-patients', remote: 'mf_patients', access: { kind: 'staff', subUserOnly: true } },

  // Staff: messages, templates, alerts, events.
  { path: '/alerts', remote: 'mf_messaging', access: staff },
  { path: '/message-templates', remote: 'mf_messaging', access: staff },
  { path: '/on-demand-messages', remote: 'mf_messaging', access: staff },
  { path: '/on-demand-messages/:id/show', remote: 'mf_messaging', access: staff },
  { path: '/scheduled-messages', remote: 'mf_messaging', access: staff },
  { path: '/scheduled-message/:id/show', remote: 'mf_messaging', access: staff },
  { path: '/automatic-messages', remote: 'mf_messaging', access: staff },
  { path: '/weight-reminder-message', remote: 'mf_messaging', access: staff },
  { path: '/event-calender', remote: 'mf_messaging', access: staff },
  { path: '/event-calender/form', remote: 'mf_messaging', access: staff },
  { path: '/event-calender/form/:id', remote: 'mf_messaging', access: staff },
  { path: '/event-calender/view/:id', remote: 'mf_messaging', access: staff },
  { path: '/event-calender/locations', remote: 'mf_messaging', access: staff },
  { path: '/calendar', remote: 'mf_messaging', access: staff },
  { path: '/support-messages/:type/store', remote: 'mf_messaging', access: { kind: 'staff', programUserOnly: true } },

  // Staff: content.
  { path: '/manage-menu', remote: 'mf_content', access: { kind: 'staff', subUserOnly: true } },
  ...content(...CONTENT_PATHS),

  // Super admins.
  { path: '/admin/dashboard', remote: 'mf_admin', access: admin() },
  { path: '/admin/change-password', remote: 'mf_auth', access: admin() },
  { path: '/admin/two-factor-authentication', remote: 'mf_auth', access: admin() },
  // Beyond the spec: who read or changed which record (HIPAA §164.312(b)).
  { path: '/admin/audit/*', remote: 'mf_admin', access: admin('audit_trail') },
  { path: '/admin/quotes', remote: 'mf_admin', access: admin('manage_quotes') },
  { path: '/admin/cards-trophies/*', remote: 'mf_admin', access: admin('cards_and_trophies') },
  { path: '/admin/event/*', remote: 'mf_admin', access: admin('manage_events') },
  { path: '/admin/ads-sets/*', remote: 'mf_admin', access: admin('banner_ads') },
  { path: '/admin/discount-ads/*', remote: 'mf_admin', access: admin('discount_ads') },
  { path: '/admin/bari-resources/*', remote: 'mf_admin', access: admin('manage_resources') },
  { path: '/admin/manage-shop/*', remote: 'mf_admin', access: admin('manage_shop') },
  { path: '/admin/how-to-use-app/*', remote: 'mf_admin', access: admin('how_to_use_app') },
  { path: '/admin/support-email', remote: 'mf_admin', access: admin('support_mail') },
  { path: '/admin/manage-menu', remote: 'mf_admin', access: admin('manage_main_menu') },
  { path: '/admin/manage-users/*', remote: 'mf_admin', access: admin('manage_users') },
  { path: '/admin/baritastic-program/*', remote: 'mf_admin', access: admin('baritastic_programs') },
  { path: '/admin/tips', remote: 'mf_admin', access: admin('tips') },
  { path: '/admin/groups/*', remote: 'mf_admin', access: admin('groups') },
  { path: '/admin/program-user/*', remote: 'mf_admin', access: admin('program_users') },
  { path: '/admin/super-admin/*', remote: 'mf_admin', access: admin('manage_super_admin') },
  { path: '/admin/manage-recipe/*', remote: 'mf_admin', access: admin('manage_recipe') },
  { path: '/admin/dynamic-notifications/*', remote: 'mf_admin', access: admin('manage_dynamic_notifications') },
  { path: '/admin/mobile-support-mail', remote: 'mf_admin', access: admin('manage_mobile_support_mail') },
];

export const ROUTES: readonly RouteEntry[] = PAGES.map(withMenuArea);
