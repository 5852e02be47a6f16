import { and, eq } from 'drizzle-orm';
import { SUB_MENU_TITLES } from '@baridesk/domain';
import { createTestApp, type TestApp } from '../../../test/app';
import { auditRecords, subMenuManagers } from '../../../db/schema';

const url = '/api/content/manage-menu';
const NORTH = 'subuser@northside.test';
const STAFF = 'staff@northside.test';
const LAKE = 'subuser@lakeview.test';
const ADMIN = 'superadmin@baridesk.test';

let t: TestApp;
let tokens: Record<string, string>;
beforeAll(async () => {
  t = await createTestApp();
  tokens = await t.signIn(NORTH, STAFF, LAKE, ADMIN);
});
afterAll(() => t.close());

type Entry = { id: number; status: 0 | 1; sub_menu: { id: number; title: string } };
const list = async (who: string, query = ''): Promise<Entry[]> => {
  const res = await t.call({ method: 'GET', url: `${url}${query}`, token: tokens[who] });
  expect(res.statusCode).toBe(200);
  return res.json().data;
};
const toggle = (who: string, payload?: unknown) =>
  t.call({ method: 'POST', url: `${url}/toggle-status`, token: tokens[who], payload: payload as object });

describe('GET /api/content/manage-menu', () => {
  it("lists the program's 24 sub-menu switches in sub-menu order", async () => {
    const north = await list(NORTH);
    expect(north).toHaveLength(24);
    expect(north.map((e) => e.sub_menu.title)).toEqual([...SUB_MENU_TITLES]);
    expect(north.map((e) => e.sub_menu.id)).toEqual(SUB_MENU_TITLES.map((_, i) => i + 1));
    expect(north.every((e) => e.status === 1)).toBe(true);
    expect(north[0]).toEqual({ id: expect.any(Number), status: 1, sub_menu: { id: 1, title: 'Calendar' } });

    const lake = await list(LAKE);
    expect(lake.filter((e) => e.status === 0).map((e) => e.sub_menu.title)).toEqual([
      'Diabetes Education',
      'Shop',
      'Our Blog',
      'Patient Portals',
      'Online Seminar',
    ]);
    const northIds = new Set(north.map((e) => e.id));
    expect(lake.some((e) => northIds.has(e.id))).toBe(false);
  });

  it('searches the titles, case-insensitively and literally', async () => {
    expect((await list(NORTH, '?search=support')).map((e) => e.sub_menu.title)).toEqual(['Support Service', 'Support Group']);
    expect((await list(NORTH, '?search=%20%20portal%20')).map((e) => e.sub_menu.title)).toEqual(['Patient Portal', 'Patient Portals']);
    expect(await list(NORTH, `?search=${encodeURIComponent('_')}`)).toEqual([]);
    expect(await list(NORTH, '?search=')).toHaveLength(24);
  });

  it('refuses a search over 254 characters or with a NUL', async () => {
    const long = await t.call({ method: 'GET', url: `${url}?search=${'x'.repeat(255)}`, token: tokens[NORTH] });
    expect(long.statusCode).toBe(422);
    expect(long.json().errors).toEqual({ search: ['Search may not be greater than 254 characters.'] });
    const nul = await t.call({ method: 'GET', url: `${url}?search=a%00b`, token: tokens[NORTH] });
    expect(nul.statusCode).toBe(422);
    expect(nul.json().errors).toEqual({ search: ['Please enter valid search.'] });
  });
});

describe('POST /api/content/manage-menu/toggle-status', () => {
  it('switches a sub-menu off and on, shows it in the sidebar, and audits it', async () => {
    const shop = (await list(NORTH)).find((e) => e.sub_menu.title === 'Shop')!;
    const off = await toggle(NORTH, { id: shop.id, status: 0 });
    expect(off.statusCode).toBe(200);
    expect(off.json()).toEqual({ data: { id: shop.id, status: 0 }, message: 'Menu status updated successfully.' });
    expect((await list(NORTH)).find((e) => e.id === shop.id)?.status).toBe(0);

    const sidebar = await t.call({ method: 'GET', url: '/api/sidebar-menu', token: tokens[STAFF] });
    const entry = (sidebar.json().data.fromSubMenuManagers as Entry[]).find((e) => e.id === shop.id);
    expect(entry?.status).toBe(0);

    const audit = await t.app.db
      .select()
      .from(auditRecords)
      .where(and(eq(auditRecords.action, 'sub-menu-manager.toggle-status'), eq(auditRecords.entity_id, String(shop.id))));
    expect(audit).toEqual([
      expect.objectContaining({ actor_account_id: 101, program_id: 101, entity: 'sub_menu_manager', detail: { sub_menu_id: shop.sub_menu.id, status: 0 } }),
    ]);

    const on = await toggle(NORTH, { id: String(shop.id), status: true });
    expect(on.json()).toEqual({ data: { id: shop.id, status: 1 }, message: 'Menu status updated successfully.' });
    // Setting the status it already has is not an error.
    expect((await toggle(NORTH, { id: shop.id, status: '1' })).statusCode).toBe(200);
  });

  it('answers 404 for another program’s switch and leaves it alone', async () => {
    const lakeShop = (await list(LAKE)).find((e) => e.sub_menu.title === 'Shop')!;
    expect(lakeShop.status).toBe(0);
    const res = await toggle(NORTH, { id: lakeShop.id, status: 1 });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Menu not found.' });
    const [row] = await t.app.db.select().from(subMenuManagers).where(eq(subMenuManagers.id, lakeShop.id));
    expect(row?.status).toBe(0);
    expect((await toggle(NORTH, { id: 2_000_000_000, status: 1 })).statusCode).toBe(404);
  });

  it('validates the id and the status', async () => {
    const res = await toggle(NORTH, { id: 'abc', status: 5 });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ id: ['The id must be a positive integer.'], status: ['The value must be 0 or 1.'] });
    expect((await toggle(NORTH, {})).json().errors).toEqual({
      id: ['The id must be a positive integer.'],
      status: ['The value must be 0 or 1.'],
    });
  });
});

describe('who may use it', () => {
  it('refuses program users with 403', async () => {
    const [first] = await list(NORTH);
    const read = await t.call({ method: 'GET', url, token: tokens[STAFF] });
    expect(read.statusCode).toBe(403);
    expect(read.json()).toEqual({ message: 'This is available to the program administrator only.' });
    const write = await toggle(STAFF, { id: first!.id, status: 0 });
    expect(write.statusCode).toBe(403);
    const [row] = await t.app.db.select().from(subMenuManagers).where(eq(subMenuManagers.id, first!.id));
    expect(row?.status).toBe(1);
  });

  it('refuses super admins and anonymous callers', async () => {
    expect((await t.call({ method: 'GET', url, token: tokens[ADMIN] })).statusCode).toBe(403);
    expect((await toggle(ADMIN, { id: 1, status: 0 })).statusCode).toBe(403);
    expect((await t.call({ method: 'GET', url })).statusCode).toBe(401);
    expect((await t.call({ method: 'POST', url: `${url}/toggle-status`, payload: { id: 1, status: 0 } })).statusCode).toBe(401);
  });
});

describe('hostile input', () => {
  it('never answers 5xx', async () => {
    const bodies: unknown[] = [null, [], 'text', 42, true, { id: [] }, { id: { $ne: 1 }, status: 1 }, { id: -1, status: 1 }, { id: 1e20, status: 0 }, { id: '1; drop table sub_menus', status: 0 }, { id: 1, status: 'on' }, { id: 1.5, status: 1 }];
    for (const body of bodies) {
      const res = await t.sendJson({ url: `${url}/toggle-status`, token: tokens[NORTH], body });
      expect({ body, status: res.statusCode >= 400 && res.statusCode < 500 }).toEqual({ body, status: true });
      expect(res.json().message).toEqual(expect.any(String));
    }
    for (const query of ['search[]=x', `search=${'%'.repeat(200)}`, 'search=%00', 'page=-1']) {
      const res = await t.call({ method: 'GET', url: `${url}?${query}`, token: tokens[NORTH] });
      expect({ query, status: res.statusCode < 500 }).toEqual({ query, status: true });
    }
  });
});
