/**
 * The program users' menu flags in the API (issue 14 items 2 and 4): every staff route declares the menu
 * area it belongs to (domain MENU_AREAS), and a flag × route matrix shows each flag opening exactly its
 * routes, for a program user (limited@northside.test), self-service staff and sub users.
 */
import type { LightMyRequestResponse, RouteOptions } from 'fastify';
import { eq } from 'drizzle-orm';
import { MENU_AREAS, PROGRAM_USER_MENU_FLAGS, isMenuArea, type MenuArea, type ProgramUserMenuFlag } from '@baridesk/domain';
import { NOT_FOR_SELF_SERVICE } from '@baridesk/contracts';
import { programUsers } from '../db/schema';
import { createTestApp, type TestApp } from '../test/app';

const LIMITED = 'limited@northside.test';
const LIMITED_ID = 202;
const SELF_SERVICE = 'selfservice@northside.test';
const SUB_USER = 'subuser@northside.test';
const STAFF_ACCESS = new Set(['staff', 'sub_user', 'program_user']);

let t: TestApp;
let tokens: Record<typeof LIMITED | typeof SELF_SERVICE | typeof SUB_USER, string>;
beforeAll(async () => {
  t = await createTestApp();
  tokens = await t.signIn(LIMITED, SELF_SERVICE, SUB_USER);
});
afterAll(() => t.close());

interface StaffRoute {
  method: string;
  url: string;
  access: string;
  area: unknown;
}

/** The routes behind the api hooks that program staff call (swagger's /api/docs pages are not the API's). */
function staffRoutes(): StaffRoute[] {
  return t.routes.flatMap((route: RouteOptions) =>
    [route.method]
      .flat()
      .filter((method) => method !== 'HEAD')
      // The scheduler service's routes (/scheduler/api) pass the same hooks, so they declare areas too.
      .filter(() => (route.url.startsWith('/api/') || route.url.startsWith('/scheduler/api/')) && !route.url.startsWith('/api/docs'))
      .filter(() => STAFF_ACCESS.has(route.config?.access ?? 'staff'))
      .map((method) => ({ method, url: route.url, access: route.config?.access ?? 'staff', area: route.config?.area })),
  );
}

/** The routes a program user may reach at all (the sub-user-only ones refuse them by their access rule first). */
const programUserRoutes = () => staffRoutes().filter((r) => r.access !== 'sub_user');

/** Calls a route with placeholder ids and no input: an area refusal comes before any validation. */
function callAs(route: StaffRoute, token: string): Promise<LightMyRequestResponse> {
  const url = route.url.replace(/:[A-Za-z_]+/gu, '999999').replace('*', 'x');
  return t.call({ method: route.method as 'GET', url, token });
}

/** Sets limited@northside.test's flags to exactly `on`, and drops its cached session so the next call reads them. */
async function setLimitedFlags(on: readonly ProgramUserMenuFlag[]) {
  const flags = Object.fromEntries(PROGRAM_USER_MENU_FLAGS.map((flag) => [flag, on.includes(flag) ? 1 : 0]));
  await t.app.db.update(programUsers).set(flags).where(eq(programUsers.id, LIMITED_ID));
  t.app.sessions.cache.evictAccount(LIMITED_ID);
}

const refusedBy = (res: LightMyRequestResponse, message: string) => res.statusCode === 403 && (res.json() as { message?: string }).message === message;

describe('every staff route declares its menu area', () => {
  it('names an area of the domain table or "none", so a new route cannot forget it', () => {
    const routes = staffRoutes();
    expect(routes.length).toBeGreaterThan(80);
    const undeclared = routes.filter((r) => !(r.area === 'none' || isMenuArea(r.area))).map((r) => `${r.method} ${r.url} area=${String(r.area)}`);
    expect(undeclared).toEqual([]);
  });

  it('puts the patient, tag, coordinator and filter routes under manage_user', () => {
    const areaOf = (method: string, url: string) => staffRoutes().find((r) => r.method === method && r.url === url)?.area;
    expect(areaOf('POST', '/api/patients/store')).toBe('patients');
    expect(areaOf('GET', '/api/pre-load-filters')).toBe('patients');
    // The report screens' filter choices have their own door in the reports area (reports on, patients off).
    expect(areaOf('GET', '/api/reports/filters')).toBe('reports');
    expect(areaOf('GET', '/api/user-category')).toBe('patients');
    expect(areaOf('GET', '/api/insurance-coordinators')).toBe('patients');
    expect(areaOf('POST', '/api/reset-patient-password')).toBe('patients');
    expect(areaOf('GET', '/api/pipelines')).toBe('pipeline');
    expect(areaOf('GET', '/api/alerts/message-templates')).toBe('messages');
    expect(areaOf('GET', '/api/dashboard')).toBe('none');
  });
});

describe('limited@northside.test as seeded (pipeline_status and event only)', () => {
  it('cannot create, edit, export or bulk-change patients', async () => {
    const refusal = { message: MENU_AREAS.patients.refusal };
    const token = tokens[LIMITED];
    const store = await t.sendJson({ url: '/api/patients/store', token, body: { first_name: 'New', last_name: 'Patient', email: 'np@example.test' } });
    const update = await t.sendJson({ url: '/api/patients/update', token, body: { id: 1, first_name: 'Changed' } });
    const bulk = await t.sendJson({ url: '/api/patients/bulk', token, body: { ids: [1], action: 'deactivate' } });
    const excel = await t.call({ method: 'GET', url: '/api/patients/excel', token });
    const list = await t.call({ method: 'GET', url: '/api/patients', token });
    for (const res of [store, update, bulk, excel, list]) expect({ status: res.statusCode, body: res.json() }).toEqual({ status: 403, body: refusal });
  });

  it('is told its flags (GET /api/user menu_flags), which the shell’s page guard reads; a sub user’s are null', async () => {
    const limited = (await t.call({ method: 'GET', url: '/api/user', token: tokens[LIMITED] })).json().data;
    expect(limited.menu_flags).toMatchObject({ manage_user: 0, pipeline_status: 1, event: 1, seminar_to_surgery: 0 });
    expect(Object.keys(limited.menu_flags).sort()).toEqual([...PROGRAM_USER_MENU_FLAGS].sort());
    expect((await t.call({ method: 'GET', url: '/api/user', token: tokens[SUB_USER] })).json().data.menu_flags).toBeNull();
  });

  it('still opens its pipeline', async () => {
    const res = await t.call({ method: 'GET', url: '/api/all-pipelines', token: tokens[LIMITED] });
    expect(res.statusCode).toBe(200);
  });
});

describe('flag × route matrix', () => {
  const areasWithRoutes = () => [...new Set(staffRoutes().map((r) => r.area).filter(isMenuArea))] as MenuArea[];

  it('has routes in the areas the API serves today (patients, pipeline, messages)', () => {
    expect(areasWithRoutes()).toEqual(expect.arrayContaining(['patients', 'pipeline', 'messages']));
  });

  /**
   * Every route of `area`, and a sample of the others (one route of each other area, a few without an area):
   * the matrix is areas × routes, and with the content library's areas a full product takes minutes. A
   * route's area is its config (checked above for every route); the sample shows the hook keeps to it.
   */
  const routesFor = (area: MenuArea) => {
    const own = programUserRoutes().filter((r) => r.area === area);
    const perArea = new Map<string, StaffRoute[]>();
    for (const route of programUserRoutes().filter((r) => r.area !== area)) {
      const key = String(route.area);
      const taken = perArea.get(key) ?? [];
      if (taken.length < (key === 'none' ? 5 : 1)) perArea.set(key, [...taken, route]);
    }
    return { own, others: [...perArea.values()].flat() };
  };

  it('each flag off closes every route of its area, with the area’s message, and only those', async () => {
    const token = tokens[LIMITED];
    for (const area of areasWithRoutes()) {
      const { flag, refusal } = MENU_AREAS[area];
      await setLimitedFlags(PROGRAM_USER_MENU_FLAGS.filter((f) => f !== flag && f !== 'self_service'));
      const { own, others } = routesFor(area);
      for (const route of [...own, ...others]) {
        const res = await callAs(route, token);
        const expected = route.area === area;
        expect({ area, route: `${route.method} ${route.url}`, refused: refusedBy(res, refusal) }).toEqual({ area, route: `${route.method} ${route.url}`, refused: expected });
      }
    }
  });

  it('each flag on alone opens its area’s routes', async () => {
    const token = tokens[LIMITED];
    for (const area of areasWithRoutes()) {
      const { flag, refusal } = MENU_AREAS[area];
      await setLimitedFlags([flag]);
      const { own, others } = routesFor(area);
      for (const route of [...own, ...others.filter((r) => r.area === 'none')]) {
        const res = await callAs(route, token);
        expect({ area, route: `${route.method} ${route.url}`, refused: refusedBy(res, refusal) }).toEqual({ area, route: `${route.method} ${route.url}`, refused: false });
      }
      // Every other area stays closed to it.
      for (const route of others.filter((r) => isMenuArea(r.area) && MENU_AREAS[r.area].flag !== flag)) {
        const res = await callAs(route, token);
        expect({ route: `${route.method} ${route.url}`, status: res.statusCode }).toEqual({ route: `${route.method} ${route.url}`, status: 403 });
      }
    }
  });

  it('opens every area to a sub user', async () => {
    for (const route of staffRoutes()) {
      const res = await callAs(route, tokens[SUB_USER]);
      const area = route.area;
      const refused = isMenuArea(area) && refusedBy(res, MENU_AREAS[area].refusal);
      expect({ route: `${route.method} ${route.url}`, refused }).toEqual({ route: `${route.method} ${route.url}`, refused: false });
    }
  });
});

describe('self-service staff', () => {
  it('are refused the areas closed to them, whatever their flags, and keep calendar and content', async () => {
    for (const route of programUserRoutes().filter((r) => isMenuArea(r.area))) {
      const res = await callAs(route, tokens[SELF_SERVICE]);
      const closed = !MENU_AREAS[route.area as MenuArea].selfService;
      const refused = res.statusCode === 403 && /self-service/u.test((res.json() as { message: string }).message);
      expect({ route: `${route.method} ${route.url}`, refused }).toEqual({ route: `${route.method} ${route.url}`, refused: closed });
    }
  });

  it('read tag and coordinator names nowhere: pre-load-filters refuses them as the tag and coordinator routes do', async () => {
    const token = tokens[SELF_SERVICE];
    const answers = await Promise.all(
      ['/api/pre-load-filters', '/api/user-category', '/api/insurance-coordinators'].map((url) => t.call({ method: 'GET', url, token })),
    );
    for (const res of answers) expect({ status: res.statusCode, body: res.json() }).toEqual({ status: 403, body: { message: NOT_FOR_SELF_SERVICE } });
  });
});
