/**
 * Roles, on every staff route of the OpenAPI document: who of a program's staff may call it. Five
 * Northside accounts, set up to differ in one rule each, call every route; the answer is a 403 (with the
 * rule's own message) exactly when the rules say so:
 * - the route's access (config.access): sub user only, program user only;
 * - its menu area (config.area) read against the domain's flag table (MENU_AREAS, menuAreaRefusal): a
 *   program user whose flag is off, self-service staff in an area closed to them;
 * - administrative rights (the pipeline's changes): ADMINISTRATIVE_ROUTES below, checked both ways, so
 *   a route that starts or stops asking for them fails until the list says so.
 * That every staff route declares its area ('none' when no flag opens it) is src/__tests__/menu-areas.test.ts's
 * check, beside its matrix of each flag on and off alone; this suite holds all the rules together, for
 * every route and five kinds of staff, with each refusal's exact message.
 */
import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyContextConfig } from 'fastify';
import {
  CONTENT_SHOP_REFUSAL,
  CONTENT_SUB_USER_ONLY,
  NOT_FOR_SELF_SERVICE,
  contentSwitchedOff,
  contentTypeOf,
  type ContentType,
} from '@baridesk/contracts';
import { MENU_AREAS, type MenuAreaOrNone, PROGRAM_USER_MENU_FLAGS, isMenuArea, menuAreaRefusal } from '@baridesk/domain';
import { contentCategories, contentSubCategories, programUsers, subMenuManagers, subMenus } from '../../db/schema';
import { NEEDS_ADMINISTRATIVE_RIGHTS } from '../../lib/administrative-rights';
import { DEMO_ACCOUNTS } from '../../seed/demo';
import { type TestApp, createTestApp } from '../../test/app';
import { type CatalogueRoute, catalogue } from './catalogue';
import { plainRequest } from './inputs';
import { NORTH_LIMITED, NORTH_PROGRAM_USER, NORTH_SELF_SERVICE, NORTH_SUB_USER, SESSION_ENDING, printFigures } from './suite-support';

jest.setTimeout(300_000);

/** The routes that change a program's pipeline: the program's account or staff with administrative rights. */
const ADMINISTRATIVE_ROUTES: ReadonlySet<string> = new Set([
  'POST /api/pipelines/store',
  'POST /api/pipelines/update',
  'POST /api/pipelines/reorder',
  'POST /api/pipelines/delete',
  'POST /api/pipeline-automation-rule/store',
  'PUT /api/pipeline-automation-rule/update',
  'DELETE /api/pipeline-automation-rule/delete',
  'POST /api/pipeline-automation-rule/toggle-active',
  'POST /api/pipeline-automation-rule/update-priority',
]);

interface Role {
  email: string;
  type: 'sub_user' | 'program_user';
  selfService: boolean;
  /** A program user's menu flags: every one on or every one off. */
  flags: 0 | 1 | null;
  administrativeRights: boolean;
  /** The shop switch (shop_url, not a menu flag): read from the seed in beforeAll. */
  shopUrl?: boolean;
}

/** Each differs from the fully trusted program user in one rule (the self-service one keeps every flag on, so only that rule closes areas). */
const ROLES: Record<string, Role> = {
  'sub user': { email: NORTH_SUB_USER, type: 'sub_user', selfService: false, flags: null, administrativeRights: true },
  'program user, every flag, rights': { email: NORTH_PROGRAM_USER, type: 'program_user', selfService: false, flags: 1, administrativeRights: true },
  'program user, no flag': { email: NORTH_LIMITED, type: 'program_user', selfService: false, flags: 0, administrativeRights: true },
  'program user, every flag, no rights': { email: 'newstaff@northside.test', type: 'program_user', selfService: false, flags: 1, administrativeRights: false },
  'self-service, every flag': { email: NORTH_SELF_SERVICE, type: 'program_user', selfService: true, flags: 1, administrativeRights: false },
};

let t: TestApp;
let routes: CatalogueRoute[];
const tokens: Record<string, string> = {};
/** Northside's content sub-menus that are switched off (Manage Menu), by title. */
let switchedOff = new Set<string>();

beforeAll(async () => {
  t = await createTestApp();
  // Patient-app routes take no staff session at all (route-suites/patient-app.test.ts).
  routes = (await catalogue(t)).filter((route) => route.access !== 'public' && route.access !== 'super_admin' && route.access !== 'patient');
  for (const [name, role] of Object.entries(ROLES)) {
    if (role.type === 'program_user') {
      const flags = Object.fromEntries(PROGRAM_USER_MENU_FLAGS.map((flag) => [flag, role.flags]));
      await t.app.db
        .update(programUsers)
        .set({ ...flags, self_service: role.selfService ? 1 : 0, administrative_rights: role.administrativeRights ? 1 : 0 })
        .where(eq(programUsers.id, DEMO_ACCOUNTS.find((account) => account.email === role.email)!.id));
      const [user] = await t.app.db
        .select({ shop: programUsers.shop_url })
        .from(programUsers)
        .where(eq(programUsers.id, DEMO_ACCOUNTS.find((account) => account.email === role.email)!.id));
      role.shopUrl = user?.shop === 1;
    }
    tokens[name] = await t.login(role.email);
  }
  const off = await t.app.db
    .select({ title: subMenus.title })
    .from(subMenuManagers)
    .innerJoin(subMenus, eq(subMenus.id, subMenuManagers.sub_menu_id))
    .where(and(eq(subMenuManagers.program_id, 101), eq(subMenuManagers.status, 0)));
  switchedOff = new Set(off.map((row) => row.title));
});
afterAll(() => t?.close());

/**
 * The content type of a generic category call (config.contentOf), guarded as the type it concerns: the
 * plain `menu` it is sent, or, for a call naming a category by id (the plain id 1), that category's menu
 * when it is Northside's (otherwise the call is a 404 and no type's rule applies).
 */
async function contentOfInput(route: CatalogueRoute): Promise<ContentType | undefined> {
  const which = route.config.contentOf as 'category' | 'subCategory' | undefined;
  if (!which) return undefined;
  const request = plainRequest(route);
  const query = new URL(request.url, 'http://suite.test').searchParams;
  const byId = route.pathParams.some((p) => p.name === 'id') || query.has('id') || (request.payload !== undefined && 'id' in request.payload);
  if (!byId) return contentTypeOf(String(query.get('menu') ?? request.payload?.menu));
  const table = which === 'category' ? contentCategories : contentSubCategories;
  const [row] = await t.app.db
    .select({ menu: table.menu })
    .from(table)
    .where(and(eq(table.id, 1), eq(table.program_id, 101), isNull(table.section_id)));
  return row ? contentTypeOf(row.menu) : undefined;
}

/** The 403 message the rules give `role` on `route`, '' for a 403 whose wording is the access check's, or null when they let it through. */
function expectedRefusal(route: CatalogueRoute, role: Role, inputType?: ContentType): string | null {
  if (route.access === 'sub_user' && role.type !== 'sub_user') return '';
  if (route.access === 'program_user' && role.type !== 'program_user') return '';
  const area = (route.config.area as MenuAreaOrNone | undefined) ?? 'none';
  const flags = role.flags === null ? null : Object.fromEntries(PROGRAM_USER_MENU_FLAGS.map((flag) => [flag, role.flags]));
  const refusal = menuAreaRefusal({ type: role.type, selfService: role.selfService, flags }, area);
  if (refusal === 'self-service') return (route.config.selfServiceRefusal as string | undefined) ?? NOT_FOR_SELF_SERVICE;
  if (refusal === 'flag' && isMenuArea(area)) return MENU_AREAS[area].refusal;
  // A content type's route: its guard's rules (contexts/content/content-guard.ts), in the guard's order;
  // for a generic category call, the area of the type it concerns first (content-library-routes.ts).
  if (inputType && inputType.area !== 'shop') {
    const typeRefusal = menuAreaRefusal({ type: role.type, selfService: role.selfService, flags }, inputType.area);
    if (typeRefusal === 'self-service') return NOT_FOR_SELF_SERVICE;
    if (typeRefusal === 'flag' && isMenuArea(inputType.area)) return MENU_AREAS[inputType.area].refusal;
  }
  const content = (route.config.content as FastifyContextConfig['content']) ?? inputType;
  if (content) {
    if (content.subUserOnly && role.type !== 'sub_user') return CONTENT_SUB_USER_ONLY;
    if (content.area === 'shop' && role.type !== 'sub_user' && !role.selfService && !role.shopUrl) return CONTENT_SHOP_REFUSAL;
    if (content.title !== null && switchedOff.has(content.title)) return contentSwitchedOff(content.label);
  }
  if (ADMINISTRATIVE_ROUTES.has(route.key) && role.type !== 'sub_user' && !role.administrativeRights) return NEEDS_ADMINISTRATIVE_RIGHTS;
  return null;
}

/** Body fields that must name the caller's own account for the call to get past its rules. */
const CALLER_OWN_ID: Readonly<Record<string, string>> = { 'POST /api/program-user-terms-check': 'programUserId' };

async function callAs(route: CatalogueRoute, roleName: string) {
  const own = CALLER_OWN_ID[route.key];
  const callerId = DEMO_ACCOUNTS.find((account) => account.email === ROLES[roleName]!.email)!.id;
  const token = SESSION_ENDING.has(route.key) ? await t.login(ROLES[roleName]!.email) : tokens[roleName];
  return t.call({ ...plainRequest(route, (input) => (own && input === `body:${own}` ? callerId : undefined)), token });
}

describe('roles on every staff route', () => {
  it('knows every route that needs administrative rights', () => {
    for (const key of ADMINISTRATIVE_ROUTES) expect(routes.map((route) => route.key)).toContain(key);
  });

  it('answers 403 with the rule’s message exactly when the access, the area’s flag, self-service or administrative rights say so', async () => {
    const problems: string[] = [];
    const figures = { routes: routes.length, calls: 0, refused: 0, 'flag refusals': 0, 'self-service refusals': 0, 'administrative-rights refusals': 0, 'access refusals': 0 };
    for (const route of routes) {
      const inputType = await contentOfInput(route);
      for (const [name, role] of Object.entries(ROLES)) {
        const expected = expectedRefusal(route, role, inputType);
        const res = await callAs(route, name);
        figures.calls += 1;
        const message = res.statusCode === 403 ? ((res.json() as { message?: string }).message ?? '') : null;
        if (expected === null) {
          if (res.statusCode === 403 || res.statusCode === 401) problems.push(`${route.key} as ${name}: ${res.statusCode} ${res.body.slice(0, 160)} (the rules let it through)`);
          continue;
        }
        if (res.statusCode !== 403 || (expected !== '' && message !== expected)) {
          problems.push(`${route.key} as ${name}: ${res.statusCode} ${res.body.slice(0, 160)} (expected 403 ${expected || 'from the access check'})`);
          continue;
        }
        figures.refused += 1;
        if (expected === '') figures['access refusals'] += 1;
        else if (expected === NEEDS_ADMINISTRATIVE_RIGHTS) figures['administrative-rights refusals'] += 1;
        else if (role.selfService) figures['self-service refusals'] += 1;
        else figures['flag refusals'] += 1;
      }
    }
    printFigures('roles', figures);
    expect(problems).toEqual([]);
    expect(figures['flag refusals']).toBeGreaterThan(20);
    expect(figures['administrative-rights refusals']).toBe(ADMINISTRATIVE_ROUTES.size);
  });
});
