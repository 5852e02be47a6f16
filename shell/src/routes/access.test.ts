import type { AuthUser } from '@baridesk/contracts';
import { decideAccess, homeOf } from './access';
import { ROUTES, type Access } from './route-table';
import { MENU_AREAS, MENU_AREA_NAMES } from '@baridesk/domain';
import { authMenuFlags, createProgramUser, createUser } from '../test/factories';

const superAdmin = (id: number, slugs: string[] = []) =>
  createUser({ id, type: 'super_admin', program_id: null, sub_user: null, programmer_code: null, permissions: slugs.map((slug, i) => ({ id: i + 1, name: slug, slug: slug as never })) });

const accessOf = (path: string): Access => {
  const entry = ROUTES.find((r) => r.path === path);
  if (!entry) throw new Error(`no route ${path}`);
  return entry.access;
};
const decide = (path: string, who: AuthUser | null, fromLogin = false) => decideAccess(accessOf(path), who, path, fromLogin);

describe('route guards', () => {
  it('sends signed-out visitors of login-only pages to /login', () => {
    expect(decide('/dashboard', null)).toEqual({ allow: false, redirect: '/login' });
    expect(decide('/admin/dashboard', null)).toEqual({ allow: false, redirect: '/login' });
    expect(decide('/reset-patient-password', null)).toEqual({ allow: false, redirect: '/login' });
  });

  it('keeps signed-in users away from login, register, forgot and reset', () => {
    for (const path of ['/login', '/register', '/confirm-email', '/forgot-password', '/reset-password']) {
      expect(decide(path, createUser())).toEqual({ allow: false, redirect: '/dashboard' });
      expect(decide(path, superAdmin(48))).toEqual({ allow: false, redirect: '/admin/dashboard' });
      expect(decide(path, null)).toEqual({ allow: true });
    }
  });

  it('opens the public pages to everyone', () => {
    for (const who of [null, createUser(), superAdmin(48)]) {
      expect(decide('/terms-and-conditions', who)).toEqual({ allow: true });
      expect(decide('/home', who)).toEqual({ allow: true });
    }
  });

  it('reaches the security question screens only from the login screen', () => {
    expect(decide('/answer-question', null)).toEqual({ allow: false, redirect: '/login' });
    expect(decide('/answer-question', null, true)).toEqual({ allow: true });
    expect(decide('/setup-question', null, true)).toEqual({ allow: true });
  });

  it('sends super admins from staff pages to the admin dashboard, and staff from admin pages to /dashboard', () => {
    expect(decide('/manage-patients', superAdmin(48))).toEqual({ allow: false, redirect: '/admin/dashboard' });
    expect(decide('/admin/dashboard', createUser())).toEqual({ allow: false, redirect: '/dashboard' });
    expect(decide('/admin/quotes', createUser({ type: 'sub_user' }))).toEqual({ allow: false, redirect: '/dashboard' });
  });

  it('checks admin permission slugs, and lets id 48 through every one', () => {
    const limited = superAdmin(49, ['manage_events', 'cards_and_trophies']);
    expect(decide('/admin/quotes', limited)).toEqual({ allow: false, redirect: '/admin/dashboard' });
    expect(decide('/admin/event/*', limited)).toEqual({ allow: true });
    expect(decide('/admin/cards-trophies/*', limited)).toEqual({ allow: true });
    expect(decide('/admin/dashboard', limited)).toEqual({ allow: true });
    for (const entry of ROUTES.filter((r) => r.access.kind === 'admin')) {
      expect(decideAccess(entry.access, superAdmin(48), entry.path)).toEqual({ allow: true });
    }
  });

  it('sends self-service staff to the dashboard from patient, pipeline, report and template pages', () => {
    const selfService = createUser({ self_service: 1 });
    for (const path of ['/manage-patients', '/pipeline', '/seminar2surgery', '/checklist-templates', '/message-templates', '/user-category', '/alerts']) {
      expect(decide(path, selfService)).toEqual({ allow: false, redirect: '/dashboard' });
    }
    expect(decide('/dashboard', selfService)).toEqual({ allow: true });
    expect(decide('/faqs', selfService)).toEqual({ allow: true });
  });

  it('sends a program user without a flag away from the pages of its area, as the server refuses its routes', () => {
    const limited = createProgramUser();
    for (const path of ['/manage-patients', '/patient-detail/:id', '/add-patient', '/user-category', '/add-insurance-coordinator', '/reset-patient-password', '/seminar2surgery', '/alerts', '/on-demand-messages', '/message-templates', '/faqs', '/about-surgery']) {
      expect({ path, decision: decide(path, limited) }).toEqual({ path, decision: { allow: false, redirect: '/dashboard' } });
    }
    for (const path of ['/dashboard', '/pipeline', '/checklist-templates', '/checklists/:id', '/event-calender', '/diabetes', '/change-password']) {
      expect({ path, decision: decide(path, limited) }).toEqual({ path, decision: { allow: true } });
    }
  });

  it('opens each area’s pages to a program user with only that flag, and no other area’s', () => {
    for (const area of MENU_AREA_NAMES) {
      const only = createUser({ menu_flags: authMenuFlags([MENU_AREAS[area].flag]) });
      // The sub-user-only pages refuse every program user by their own rule.
      for (const entry of ROUTES.filter((r) => r.access.kind === 'staff' && !r.access.subUserOnly && r.access.area !== undefined && r.access.area !== 'none')) {
        const pageArea = entry.access.kind === 'staff' ? entry.access.area : undefined;
        const allowed = decideAccess(entry.access, only, entry.path).allow;
        expect({ area, path: entry.path, allowed }).toEqual({ area, path: entry.path, allowed: pageArea === area });
      }
    }
  });

  it('opens every area to sub users, and the calendar and content to self-service staff without their flags', () => {
    const sub = createUser({ type: 'sub_user', menu_flags: null });
    for (const entry of ROUTES.filter((r) => r.access.kind === 'staff' && !r.access.programUserOnly)) {
      expect({ path: entry.path, allowed: decideAccess(entry.access, sub, entry.path).allow }).toEqual({ path: entry.path, allowed: true });
    }
    const selfService = createUser({ self_service: 1, menu_flags: authMenuFlags(['self_service']) });
    for (const path of ['/event-calender', '/faqs', '/program-logo']) expect(decide(path, selfService)).toEqual({ allow: true });
    expect(decide('/on-demand-messages', selfService)).toEqual({ allow: false, redirect: '/dashboard' });
  });

  it('needs administrative rights for /customize-pipeline, else back to /pipeline', () => {
    expect(decide('/customize-pipeline', createUser({ administrative_rights: 0 }))).toEqual({ allow: false, redirect: '/pipeline' });
    expect(decide('/customize-pipeline', createUser({ administrative_rights: 1 }))).toEqual({ allow: true });
  });

  it('keeps /missing-pipeline-patients and /manage-menu for sub users', () => {
    expect(decide('/missing-pipeline-patients', createUser())).toEqual({ allow: false, redirect: '/dashboard' });
    expect(decide('/missing-pipeline-patients', createUser({ type: 'sub_user' }))).toEqual({ allow: true });
    expect(decide('/manage-menu', createUser())).toEqual({ allow: false, redirect: '/dashboard' });
  });

  it('keeps the help screens for program users', () => {
    expect(decide('/support-messages/:type/store', createUser({ type: 'sub_user' }))).toEqual({ allow: false, redirect: '/dashboard' });
    expect(decide('/support-messages/:type/store', createUser())).toEqual({ allow: true });
  });

  it('forces staff who never changed their password to /change-password, once', () => {
    const fresh = createUser({ is_password_changed: 0 });
    expect(decide('/dashboard', fresh)).toEqual({ allow: false, redirect: '/change-password' });
    expect(decide('/change-password', fresh)).toEqual({ allow: true });
    expect(decide('/dashboard', createUser({ is_password_changed: 1 }))).toEqual({ allow: true });
    expect(decide('/admin/dashboard', { ...superAdmin(48), is_password_changed: 0 })).toEqual({ allow: true });
  });

  it('lands each user type on its own dashboard', () => {
    expect(homeOf(createUser())).toBe('/dashboard');
    expect(homeOf(superAdmin(49))).toBe('/admin/dashboard');
  });
});

describe('route table', () => {
  it('takes each staff page’s area from the domain’s flag table, whose pages all exist here', () => {
    const paths = new Set(ROUTES.map((r) => r.path));
    for (const area of MENU_AREA_NAMES) {
      for (const screen of MENU_AREAS[area].screens) {
        expect({ screen, known: paths.has(screen) }).toEqual({ screen, known: true });
        expect(accessOf(screen)).toMatchObject({ kind: 'staff', area });
      }
    }
    expect(accessOf('/dashboard')).toMatchObject({ kind: 'staff', area: 'none' });
  });

  it('names every path once', () => {
    const paths = ROUTES.map((r) => r.path);
    expect(new Set(paths).size).toBe(paths.length);
  });
});
