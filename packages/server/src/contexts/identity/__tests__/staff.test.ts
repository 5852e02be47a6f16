import { eq } from 'drizzle-orm';
import { SUB_MENU_TITLES } from '@baridesk/domain';
import { createTestApp, type TestApp } from '../../../test/app';
import { auditRecords, patientTags, programs } from '../../../db/schema';

let t: TestApp;
let tokens: Record<string, string>;
beforeAll(async () => {
  t = await createTestApp();
  tokens = await t.signIn(
    'subuser@northside.test',
    'staff@northside.test',
    'limited@northside.test',
    'selfservice@northside.test',
    'subuser@lakeview.test',
    'superadmin@baridesk.test',
  );
});
afterAll(() => t.close());

const get = (url: string, who: string) => t.call({ method: 'GET', url, token: tokens[who] });
const post = (url: string, who: string, payload?: object) => t.call({ method: 'POST', url, token: tokens[who], payload });

describe('GET /api/sidebar-menu', () => {
  it('gives a program user its flags, the program sub-menus and dynamic sections', async () => {
    const res = await get('/api/sidebar-menu', 'limited@northside.test');
    expect(res.statusCode).toBe(200);
    const { data } = res.json();
    expect(data.fromPUsTable).toMatchObject({ pipeline_status: 1, event: 1, faq: 0, administrative_rights: 0 });
    expect(data.fromSubMenuManagers.map((m: { sub_menu: { title: string } }) => m.sub_menu.title)).toEqual([
      ...SUB_MENU_TITLES,
    ]);
    expect(data.authUser.email).toBe('limited@northside.test');
    expect(Array.isArray(data.dynamicContentSections)).toBe(true);
  });

  it('gives a sub user no flag row (every menu is theirs)', async () => {
    const { data } = (await get('/api/sidebar-menu', 'subuser@northside.test')).json();
    expect(data.fromPUsTable).toBeNull();
    expect(data.authUser.type).toBe('sub_user');
  });

  it('is not for super admins', async () => {
    const res = await get('/api/sidebar-menu', 'superadmin@baridesk.test');
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('This is available to program staff only.');
  });
});

describe('GET /api/pre-load-filters', () => {
  it("lists the stages and only the caller's program tags, coordinators and locations", async () => {
    const north = (await get('/api/pre-load-filters', 'staff@northside.test')).json().data;
    const lake = (await get('/api/pre-load-filters', 'subuser@lakeview.test')).json().data;
    expect(north.stages).toEqual([
      { id: 1, label: 'Pre-Op' },
      { id: 2, label: 'Post-Op' },
      { id: 3, label: 'Weight-Management' },
    ]);
    const northTags = await t.app.db.select().from(patientTags).where(eq(patientTags.program_id, 101));
    expect(north.tags.map((x: { id: number }) => x.id).sort()).toEqual(
      northTags.filter((x) => x.status === 1).map((x) => x.id).sort(),
    );
    const northIds = new Set([...north.tags, ...north.coordinators, ...north.locations].map((x) => `${x.id}`));
    expect(north.coordinators.length).toBeGreaterThan(0);
    expect(north.locations.length).toBeGreaterThan(0);
    for (const x of [...lake.tags]) expect(northTags.some((n) => n.id === x.id)).toBe(false);
    expect(northIds.size).toBeGreaterThan(0);
  });
});

describe('POST /api/program-user-terms-check', () => {
  it('records acceptance for the caller only', async () => {
    const me = (await get('/api/user', 'selfservice@northside.test')).json().data;
    const other = (await get('/api/user', 'staff@northside.test')).json().data;
    const forOther = await post('/api/program-user-terms-check', 'selfservice@northside.test', { programUserId: other.id });
    expect(forOther.statusCode).toBe(403);

    const res = await post('/api/program-user-terms-check', 'selfservice@northside.test', { programUserId: me.id });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: { terms_and_conditions_check: 1 }, message: 'Terms And Conditions Accepted.' });
    expect((await get('/api/user', 'selfservice@northside.test')).json().data.terms_and_conditions_check).toBe(1);
  });

  it('validates the id and is for program users only', async () => {
    const bad = await post('/api/program-user-terms-check', 'selfservice@northside.test', { programUserId: 'abc' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toHaveProperty('programUserId');
    const sub = await post('/api/program-user-terms-check', 'subuser@northside.test', { programUserId: 101 });
    expect(sub.statusCode).toBe(403);
  });
});

describe('POST /api/dashboard-popup-status/update', () => {
  it("turns the sub user's popup off once seen", async () => {
    expect((await get('/api/user', 'subuser@lakeview.test')).json().data.popup_status).toBe(1);
    const res = await post('/api/dashboard-popup-status/update', 'subuser@lakeview.test');
    expect(res.statusCode).toBe(200);
    expect((await get('/api/user', 'subuser@lakeview.test')).json().data.popup_status).toBe(0);
    const [north] = await t.app.db.select().from(programs).where(eq(programs.id, 101));
    expect(north?.popup_status).toBeDefined();
  });

  it('is not for program users', async () => {
    expect((await post('/api/dashboard-popup-status/update', 'staff@northside.test')).statusCode).toBe(403);
  });
});

describe('dynamic content sections', () => {
  const url = '/api/content/dynamic-content-section';

  it('lets the sub user add a section, active by default, and audits it', async () => {
    const res = await post(`${url}/store`, 'subuser@northside.test', { name: '  Bariatric Recipes  ' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ data: { name: 'Bariatric Recipes', status: 1 }, message: 'Dynamic section added successfully' });
    const id = res.json().data.id;
    const audit = await t.app.db.select().from(auditRecords).where(eq(auditRecords.entity_id, String(id)));
    expect(audit.some((a) => a.action === 'dynamic-section.create' && a.actor_account_id === 101)).toBe(true);
    const sidebar = (await get('/api/sidebar-menu', 'staff@northside.test')).json().data;
    expect(sidebar.dynamicContentSections.map((s: { name: string }) => s.name)).toContain('Bariatric Recipes');
  });

  it('refuses an empty or duplicate name with a field error', async () => {
    const empty = await post(`${url}/store`, 'subuser@northside.test', { name: '   ' });
    expect(empty.statusCode).toBe(422);
    expect(empty.json().errors).toEqual({ name: ['Name is required.'] });
    const dup = await post(`${url}/store`, 'subuser@northside.test', { name: 'bariatric recipes' });
    expect(dup.statusCode).toBe(422);
    expect(dup.json().errors.name).toEqual(['A section with this name already exists.']);
  });

  it('is added by sub users only', async () => {
    expect((await post(`${url}/store`, 'staff@northside.test', { name: 'Staff Section' })).statusCode).toBe(403);
  });

  it('pages, sorts and searches, within the program only', async () => {
    for (const name of ['Alpha', 'Beta', 'Gamma']) await post(`${url}/store`, 'subuser@northside.test', { name });
    const page = (await get(`${url}?perPage=5&sort=name&direction=desc&search=a`, 'staff@northside.test')).json().data;
    const names = page.data.map((s: { name: string }) => s.name);
    expect(names).toEqual([...names].sort().reverse());
    expect(names).toEqual(expect.arrayContaining(['Gamma', 'Beta', 'Alpha']));
    expect(page).toMatchObject({ page: 1, perPage: 5 });

    const one = (await get(`${url}?perPage=5&page=1&sort=name`, 'staff@northside.test')).json().data;
    const two = (await get(`${url}?perPage=5&page=2&sort=name`, 'staff@northside.test')).json().data;
    expect(two).toMatchObject({ page: 2, total: one.total });
    expect(one.total).toBeGreaterThan(5);
    const both = [...one.data, ...two.data].map((s: { name: string }) => s.name);
    expect(new Set(both).size).toBe(both.length);
    expect(both).toEqual([...both].sort((a, b) => a.localeCompare(b)));

    const lake = (await get(`${url}?perPage=All`, 'subuser@lakeview.test')).json().data;
    expect(lake.data.map((s: { name: string }) => s.name)).not.toContain('Alpha');
  });

  it('rejects a bad sort or page size', async () => {
    const res = await get(`${url}?sort=password&perPage=7`, 'staff@northside.test');
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().errors).sort()).toEqual(['perPage', 'sort']);
  });
});
