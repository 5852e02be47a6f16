import { eq, sql } from 'drizzle-orm';
import { createReplica, createTestApp, freshDatabase, STAFF_CALLERS, type TestApp } from '../../../test/app';
import { dynamicContentSections, programUsers, subMenuManagers, subMenus } from '../../../db/schema';
import { queryRows } from '../../../db/client';
import { SESSION_CACHE_TTL_MS } from '../plugins/sessions-repository';

const NORTHSIDE = 101;
const LAKEVIEW = 102;

/** Waits (up to 2 s, or `ms`) for a condition that a database notification makes true. */
async function eventually(check: () => Promise<boolean> | boolean, ms = 2000) {
  for (let i = 0; i < ms / 50; i++) {
    if (await check()) return true;
    await new Promise((r) => setTimeout(r, 50));
  }
  return false;
}

/** How many statements the app sends its database while `run` runs (every drizzle statement goes through $client.query). */
async function statementsDuring(t: TestApp, run: () => Promise<unknown>): Promise<number> {
  const client = (t.app.db as unknown as { $client: { query: (...args: unknown[]) => unknown } }).$client;
  const own = Object.hasOwn(client, 'query');
  const original = client.query;
  let count = 0;
  client.query = function counted(this: unknown, ...args: unknown[]) {
    count++;
    return original.apply(this, args);
  };
  try {
    await run();
  } finally {
    if (own) client.query = original;
    else delete (client as { query?: unknown }).query;
  }
  return count;
}

type Sidebar = {
  fromPUsTable: Record<string, number> | null;
  fromSubMenuManagers: { id: number; status: number; sub_menu: { id: number; title: string } }[];
  authUser: { id: number; name: string; program_id: number };
  dynamicContentSections: { id: number; name: string }[];
};

/** The sidebar as `token` sees it (asserting a 200). */
async function sidebarOf(t: TestApp, token: string): Promise<Sidebar> {
  const res = await t.call({ method: 'GET', url: '/api/sidebar-menu', token });
  expect(res.statusCode).toBe(200);
  return res.json().data as Sidebar;
}

const sectionNames = (s: Sidebar) => s.dynamicContentSections.map((d) => d.name);

async function addSection(t: TestApp, programId: number, name: string) {
  const now = t.clock.now();
  await t.app.db.insert(dynamicContentSections).values({ program_id: programId, name, status: 1, created_at: now, updated_at: now });
}

describe('the sidebar menu cache', () => {
  let t: TestApp;
  let north: string;
  let staff: string;
  let lake: string;
  beforeAll(async () => {
    t = await createTestApp();
    ({ [STAFF_CALLERS.NORTH]: north, [STAFF_CALLERS.STAFF]: staff, [STAFF_CALLERS.LAKE]: lake } = await t.signIn(
      STAFF_CALLERS.NORTH,
      STAFF_CALLERS.STAFF,
      STAFF_CALLERS.LAKE,
    ));
  });
  afterAll(() => t.close());

  it('answers a warm session\'s sidebar and token check without reading the database', async () => {
    await sidebarOf(t, staff);
    expect(await statementsDuring(t, () => sidebarOf(t, staff))).toBe(0);
    // Another caller of the same program shares the program's part; their own part is their session's.
    await t.call({ method: 'GET', url: '/api/user', token: north });
    expect(await statementsDuring(t, () => sidebarOf(t, north))).toBe(0);
    expect(
      await statementsDuring(t, async () => {
        const res = await t.call({ method: 'GET', url: '/api/token/validate', token: staff });
        expect(res.statusCode).toBe(200);
      }),
    ).toBe(0);
  });

  it('has the token check read the session only when its cached copy is older than the TTL, and write its use once a minute', async () => {
    const validate = () =>
      statementsDuring(t, async () => {
        expect((await t.call({ method: 'GET', url: '/api/token/validate', token: lake })).statusCode).toBe(200);
      });
    await validate();
    expect(await validate()).toBe(0);
    t.clock.advance(SESSION_CACHE_TTL_MS + 1);
    // The session's row, read again.
    expect(await validate()).toBe(1);
    expect(await validate()).toBe(0);
    t.clock.advance(60_000);
    // Read again, and the last use written (at most once a minute).
    expect(await validate()).toBe(2);
    expect(await validate()).toBe(0);
  });

  it('keeps each program\'s part to its own callers', async () => {
    await addSection(t, NORTHSIDE, 'Northside only');
    await addSection(t, LAKEVIEW, 'Lakeview only');
    expect(await eventually(async () => sectionNames(await sidebarOf(t, north)).includes('Northside only'))).toBe(true);
    const lakeview = await sidebarOf(t, lake);
    expect(sectionNames(lakeview)).toContain('Lakeview only');
    expect(sectionNames(lakeview)).not.toContain('Northside only');
    expect(lakeview.authUser.program_id).toBe(LAKEVIEW);
    expect(sectionNames(await sidebarOf(t, north))).not.toContain('Lakeview only');
  });

  it('shows a section the program account adds on its very next call', async () => {
    await sidebarOf(t, north);
    const res = await t.call({
      method: 'POST',
      url: '/api/content/dynamic-content-section/store',
      token: north,
      payload: { name: 'Added through the API', status: 1 },
    });
    expect(res.statusCode).toBe(201);
    expect(sectionNames(await sidebarOf(t, north))).toContain('Added through the API');
    // A colleague's sidebar, served from the same program's part, follows too.
    expect(await eventually(async () => sectionNames(await sidebarOf(t, staff)).includes('Added through the API'))).toBe(true);
  });

  it('shows a dynamic section switched off, renamed or removed straight in the database', async () => {
    await addSection(t, NORTHSIDE, 'Soon switched off');
    expect(await eventually(async () => sectionNames(await sidebarOf(t, staff)).includes('Soon switched off'))).toBe(true);
    await t.app.db.update(dynamicContentSections).set({ status: 0 }).where(eq(dynamicContentSections.name, 'Soon switched off'));
    expect(await eventually(async () => !sectionNames(await sidebarOf(t, staff)).includes('Soon switched off'))).toBe(true);

    await t.app.db.update(dynamicContentSections).set({ name: 'Renamed section' }).where(eq(dynamicContentSections.name, 'Northside only'));
    expect(await eventually(async () => sectionNames(await sidebarOf(t, staff)).includes('Renamed section'))).toBe(true);
    await t.app.db.delete(dynamicContentSections).where(eq(dynamicContentSections.name, 'Renamed section'));
    expect(await eventually(async () => !sectionNames(await sidebarOf(t, staff)).includes('Renamed section'))).toBe(true);
  });

  it('shows a content sub-menu switched off, and a sub-menu renamed for every program', async () => {
    const before = await sidebarOf(t, staff);
    const first = before.fromSubMenuManagers[0];
    if (!first) throw new Error('the demo program has no content sub-menus');
    const flipped = first.status === 1 ? 0 : 1;
    await t.app.db.update(subMenuManagers).set({ status: flipped }).where(eq(subMenuManagers.id, first.id));
    expect(await eventually(async () => (await sidebarOf(t, staff)).fromSubMenuManagers[0]?.status === flipped)).toBe(true);

    await sidebarOf(t, lake);
    await t.app.db.update(subMenus).set({ title: 'Renamed sub-menu' }).where(eq(subMenus.id, first.sub_menu.id));
    const renamed = (s: Sidebar) => s.fromSubMenuManagers.some((m) => m.sub_menu.title === 'Renamed sub-menu');
    expect(await eventually(async () => renamed(await sidebarOf(t, staff)))).toBe(true);
    expect(await eventually(async () => renamed(await sidebarOf(t, lake)))).toBe(true);
  });

  it('shows a program user\'s menu flag and new name changed straight in the database', async () => {
    const own = await sidebarOf(t, staff);
    expect(own.fromPUsTable?.faq).toBe(1);
    await t.app.db.update(programUsers).set({ faq: 0, name: 'Jordan Ellis-Park' }).where(eq(programUsers.id, own.authUser.id));
    expect(
      await eventually(async () => {
        const s = await sidebarOf(t, staff);
        return s.fromPUsTable?.faq === 0 && s.authUser.name === 'Jordan Ellis-Park';
      }),
    ).toBe(true);
  });

  it('leaves another program\'s part in place when one program changes', async () => {
    await sidebarOf(t, lake);
    await sidebarOf(t, north);
    await addSection(t, NORTHSIDE, 'Northside again');
    expect(await eventually(async () => sectionNames(await sidebarOf(t, north)).includes('Northside again'))).toBe(true);
    // Lakeview's part was neither evicted (no read) nor given Northside's section.
    let lakeview: Sidebar | undefined;
    expect(await statementsDuring(t, async () => (lakeview = await sidebarOf(t, lake)))).toBe(0);
    expect(sectionNames(lakeview as Sidebar)).not.toContain('Northside again');
  });

  it('reads the database on every call while switched off', async () => {
    await sidebarOf(t, north);
    t.app.sidebarCache.enabled = false;
    try {
      expect(await statementsDuring(t, () => sidebarOf(t, north))).toBeGreaterThan(0);
      expect(await statementsDuring(t, () => sidebarOf(t, north))).toBeGreaterThan(0);
    } finally {
      t.app.sidebarCache.enabled = true;
    }
    await sidebarOf(t, north);
    expect(await statementsDuring(t, () => sidebarOf(t, north))).toBe(0);
  });
});

// Replicas share a PostgreSQL server, and only there can the listening connection drop; PGlite belongs to
// one process, in which notifications cannot be missed. So these run in the PostgreSQL pass.
if (process.env.TEST_DATABASE_URL) {
  describe('the sidebar menu cache on two replicas of one PostgreSQL database', () => {
    let a: TestApp;
    let b: TestApp;
    beforeAll(async () => {
      const database = await freshDatabase();
      a = await createTestApp({ database });
      b = await createReplica(a, database.target);
    });
    afterAll(async () => {
      await b.close();
      await a.close();
    });

    it('a section the program account adds on one replica shows on the other', async () => {
      const onA = await a.login(STAFF_CALLERS.NORTH);
      const onB = await b.login(STAFF_CALLERS.STAFF);
      await sidebarOf(b, onB);
      expect(await statementsDuring(b, () => sidebarOf(b, onB))).toBe(0);
      const res = await a.call({
        method: 'POST',
        url: '/api/content/dynamic-content-section/store',
        token: onA,
        payload: { name: 'Added on replica A', status: 1 },
      });
      expect(res.statusCode).toBe(201);
      expect(await eventually(async () => sectionNames(await sidebarOf(b, onB)).includes('Added on replica A'))).toBe(true);
    });

    it('switches itself off while its listening connection is down, and back on after', async () => {
      const token = await b.login(STAFF_CALLERS.STAFF);
      await sidebarOf(b, token);
      expect(b.app.sidebarCache.enabled).toBe(true);
      // Drop every connection LISTENing on the sidebar channel (both replicas'); they reconnect after 1 s.
      await queryRows(
        a.app.db,
        sql`select pg_terminate_backend(pid) from pg_stat_activity
            where datname = current_database() and query = 'LISTEN "baridesk_sidebar"'`,
      );
      expect(await eventually(() => !b.app.sidebarCache.enabled)).toBe(true);
      // A change made now may never be announced to B: B must read it from the database.
      await addSection(a, NORTHSIDE, 'Added while B was deaf');
      expect(sectionNames(await sidebarOf(b, token))).toContain('Added while B was deaf');
      // The listener retries after 1 s; a loaded machine may take a few more to connect.
      expect(await eventually(() => b.app.sidebarCache.enabled, 15_000)).toBe(true);
      await sidebarOf(b, token);
      expect(await statementsDuring(b, () => sidebarOf(b, token))).toBe(0);
    }, 30_000);
  });
}
