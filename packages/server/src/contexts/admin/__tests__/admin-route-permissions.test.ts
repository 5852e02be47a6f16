import { PERMISSION_SLUGS, type PermissionSlug } from '@baridesk/domain';
import { createTestApp, type TestApp } from '../../../test/app';
import { catalogue, type CatalogueRoute } from '../../../__tests__/route-suites/catalogue';
import { plainRequest } from '../../../__tests__/route-suites/inputs';

/**
 * The admin sidebar shows an area only with its permission slug (shell/src/layout/menu-model.ts); the
 * server must refuse the same calls without it. So every /api/admin route names the slug it needs,
 * except the few any super admin may use, listed here with the reason.
 */
const OPEN_TO_EVERY_SUPER_ADMIN: Record<string, { why: string; checkedInside?: true }> = {
  'GET /api/admin/dashboard': { why: 'the landing page of every super admin' },
  'GET /api/admin/permissions': { why: 'the names of the slugs (the sidebar and the forms read them)' },
  'POST /api/admin/uploads': { why: 'the image upload of every super-admin form (the record’s own call is checked)' },
  'PATCH /api/admin/super-admin/change-password/{id}': { why: 'one’s own password; another’s needs manage_super_admin, checked inside', checkedInside: true },
  'GET /api/admin/baritastic-program/with-patient-tags': { why: 'a picker of two areas: baritastic_programs or program_users, checked inside', checkedInside: true },
  'GET /api/admin/baritastic-program/with-patient-tags/{id}': { why: 'as above', checkedInside: true },
};

let t: TestApp;
let routes: CatalogueRoute[];
beforeAll(async () => {
  t = await createTestApp();
  routes = (await catalogue(t)).filter((route) => route.path.startsWith('/api/admin'));
});
afterAll(() => t.close());

const slugOf = (route: CatalogueRoute) => route.config.permission as PermissionSlug | undefined;

describe('every /api/admin route', () => {
  it('is for super admins and names a permission slug, unless it is open to every super admin', () => {
    expect(routes.length).toBeGreaterThan(20);
    const problems = routes.flatMap((route) => {
      if (route.access !== 'super_admin') return [`${route.key}: access ${route.access}`];
      const slug = slugOf(route);
      if (route.key in OPEN_TO_EVERY_SUPER_ADMIN) return slug ? [`${route.key}: listed as open but asks ${slug}`] : [];
      if (!slug) return [`${route.key}: no permission slug`];
      return PERMISSION_SLUGS.includes(slug) ? [] : [`${route.key}: unknown slug ${slug}`];
    });
    expect(problems).toEqual([]);
    // The list names routes that exist.
    for (const key of Object.keys(OPEN_TO_EVERY_SUPER_ADMIN)) expect(routes.map((route) => route.key)).toContain(key);
  });

  it('refuses a super admin without its slug (admin2 holds manage_events and cards_and_trophies), the routes that check inside too', async () => {
    const token = await t.login('admin2@baridesk.test');
    const held: readonly PermissionSlug[] = ['manage_events', 'cards_and_trophies'];
    const problems: string[] = [];
    let called = 0;
    for (const route of routes) {
      const slug = slugOf(route);
      const checkedInside = OPEN_TO_EVERY_SUPER_ADMIN[route.key]?.checkedInside === true;
      if (!checkedInside && (!slug || held.includes(slug))) continue;
      called += 1;
      const res = await t.call({ ...plainRequest(route), token });
      if (res.statusCode !== 403 || res.json().message !== 'You do not have permission to do this.') problems.push(`${route.key}: ${res.statusCode}`);
    }
    expect(problems).toEqual([]);
    expect(called).toBeGreaterThan(15);
  });
});
