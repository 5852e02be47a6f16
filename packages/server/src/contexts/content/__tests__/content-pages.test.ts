import { and, asc, eq } from 'drizzle-orm';
import {
  CONTENT_PAGES,
  CONTENT_SHOP_REFUSAL,
  SUPPORT_GROUP_MENU_PAGE,
  contentSwitchedOff,
} from '@baridesk/contracts';
import { MENU_AREAS, SUB_MENU_TITLES } from '@baridesk/domain';
import { auditRecords, contentPages, programUsers, subMenuManagers, subMenus } from '../../../db/schema';
import { createTestApp, type TestApp } from '../../../test/app';
import { makePng } from '../../platform/uploads/__tests__/fixtures';

const NORTH = 'subuser@northside.test';
const STAFF = 'staff@northside.test';
const LAKE = 'subuser@lakeview.test';
const ADMIN = 'superadmin@baridesk.test';
const NORTH_ID = 101;

let t: TestApp;
let tokens: Record<string, string>;
beforeAll(async () => {
  t = await createTestApp();
  tokens = await t.signIn(NORTH, STAFF, LAKE, ADMIN);
  // The demo seed gives Northside every page: these tests start from a program that has saved none.
  await t.app.db.delete(contentPages).where(eq(contentPages.program_id, NORTH_ID));
});
afterAll(() => t.close());

const get = (key: string, who = NORTH) => t.call({ method: 'GET', url: `/api/content/${key}`, token: tokens[who] });
const save = (key: string, payload: object, who = NORTH) =>
  t.call({ method: 'POST', url: `/api/content/${key}/update`, token: tokens[who], payload });
/** A real image stored the way POST /api/uploads stores it, for a program. */
const uploaded = async (width: number, height: number, programId = NORTH_ID) =>
  (await t.app.uploads.store(await makePng(width, height), { field: 'image', kind: 'image' }, { programId })).key;

/** Sets a program's switch of a sub-menu (Manage Menu) straight in the database; the sidebar cache is keyed by time, so the clock moves on. */
async function setSwitch(programId: number, title: string, status: 0 | 1) {
  const [menu] = await t.app.db.select({ id: subMenus.id }).from(subMenus).where(eq(subMenus.title, title));
  await t.app.db
    .update(subMenuManagers)
    .set({ status })
    .where(and(eq(subMenuManagers.program_id, programId), eq(subMenuManagers.sub_menu_id, menu!.id)));
  t.clock.advance(61_000);
}

describe('GET /api/content/<page>', () => {
  it('gives an empty page of every page type before the first save', async () => {
    for (const type of CONTENT_PAGES) {
      const res = await get(type.key);
      expect({ key: type.key, status: res.statusCode, body: res.json() }).toEqual({
        key: type.key,
        status: 200,
        body: { data: { key: type.key, title: null, link: null, body: null, image: null, updated_at: null } },
      });
    }
  });
});

describe('POST /api/content/<page>/update', () => {
  it('saves the fields, sanitises the rich text, audits the changed fields and answers the page', async () => {
    const res = await save('blog-website', {
      title: '  Our Blog  ',
      link: 'https://blog.northside.test/latest',
      body: '<p>New posts <script>alert(1)</script><strong>every week</strong><img src=x onerror="alert(2)"></p>',
      subtitle: 'not a field of the page',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      data: {
        key: 'blog-website',
        title: 'Our Blog',
        link: 'https://blog.northside.test/latest',
        body: '<p>New posts <strong>every week</strong></p>',
        image: null,
        updated_at: expect.any(String),
      },
      message: 'Our Blog saved.',
    });
    expect((await get('blog-website')).json().data).toEqual(res.json().data);

    const [row] = await t.app.db.select().from(contentPages).where(and(eq(contentPages.program_id, NORTH_ID), eq(contentPages.page, 'blog-website')));
    expect(row).toMatchObject({ title: 'Our Blog', updated_by: NORTH_ID });
    const [audit] = await t.app.db
      .select()
      .from(auditRecords)
      .where(and(eq(auditRecords.action, 'content-page.update'), eq(auditRecords.entity_id, String(row!.id))));
    expect(audit).toMatchObject({ entity: 'content_page', program_id: NORTH_ID, detail: { page: 'blog-website', changed: ['title', 'link', 'body'] } });

    // A second save updates the same row; a blank optional field is cleared.
    const again = await save('blog-website', { title: 'Our Blog', link: 'https://blog.northside.test/', body: '   ' });
    expect(again.json().data).toMatchObject({ link: 'https://blog.northside.test/', body: null });
    expect(await t.app.db.select().from(contentPages).where(and(eq(contentPages.program_id, NORTH_ID), eq(contentPages.page, 'blog-website')))).toHaveLength(1);
    const audits = await t.app.db.select().from(auditRecords).where(eq(auditRecords.action, 'content-page.update')).orderBy(asc(auditRecords.id));
    expect(audits.at(-1)!.detail).toEqual({ page: 'blog-website', changed: ['link', 'body'] });
  });

  it('refuses a missing title, a required link and a malformed one with a field map', async () => {
    const res = await save('blog-website', { title: ' ', link: 'blog dot com' });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ title: ['Title is required.'], link: ['Please enter valid blog address.'] });
    const missing = await save('shop-website', { title: 'Shop' });
    expect(missing.json().errors).toEqual({ link: ['Shop address is required.'] });
    const optional = await save('education-website', { title: 'Education', link: 'javascript:alert(1)' });
    expect(optional.json().errors).toEqual({ link: ['Please enter valid web page.'] });
  });

  it('claims an uploaded image, keeps it when the form leaves it out, and removes the old file when replaced or cleared', async () => {
    const first = await uploaded(800, 450);
    const res = await save('diabetes-website', { title: 'Diabetes Education', image: first });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.image).toBe(`/uploads/${first}`);
    const kept = await save('diabetes-website', { title: 'Diabetes Education', body: '<p>Read on.</p>' });
    expect(kept.json().data.image).toBe(`/uploads/${first}`);

    const second = await uploaded(1200, 675);
    expect((await save('diabetes-website', { title: 'Diabetes Education', image: second })).json().data.image).toBe(`/uploads/${second}`);
    expect(await t.app.storage.exists(first)).toBe(false);
    expect((await save('diabetes-website', { title: 'Diabetes Education', image: null })).json().data.image).toBeNull();
    expect(await t.app.storage.exists(second)).toBe(false);
  });

  it("refuses an image below the page's minimum, another program's file and a made-up key", async () => {
    const small = await save('newsletter-website', { title: 'Newsletter', image: await uploaded(300, 200) });
    expect(small.statusCode).toBe(422);
    expect(small.json().errors).toEqual({ image: ['Please upload image with minimum 400 * 225.'] });
    const lakes = await save('newsletter-website', { title: 'Newsletter', image: await uploaded(800, 450, 102) });
    expect(lakes.json().errors).toEqual({ image: ['The image is not an uploaded file.'] });
    const madeUp = await save('newsletter-website', { title: 'Newsletter', image: '101/0123456789abcdef0123456789abcdef.png' });
    expect(madeUp.statusCode).toBe(422);
    expect((await get('newsletter-website')).json().data.updated_at).toBeNull();
  });

  it("requires the program logo's image: to be sent first, then kept, never removed", async () => {
    const none = await save('program-logo', { title: 'Northside Bariatrics' });
    expect(none.statusCode).toBe(422);
    expect(none.json().errors).toEqual({ image: ['Logo is required.'] });
    const logo = await uploaded(300, 300);
    expect((await save('program-logo', { title: 'Northside Bariatrics', image: logo })).statusCode).toBe(200);
    expect((await save('program-logo', { title: 'Northside Bariatrics Center' })).json().data).toMatchObject({ image: `/uploads/${logo}` });
    const removed = await save('program-logo', { title: 'Northside', image: null });
    expect(removed.json().errors).toEqual({ image: ['Logo is required.'] });
    expect(await t.app.storage.exists(logo)).toBe(true);
  });

  it("keeps each program's page to itself", async () => {
    await save('our-website', { title: 'Northside online', link: 'https://northside.test' });
    expect((await get('our-website', LAKE)).json().data.title).toBeNull();
    await save('our-website', { title: 'Lakeview online', link: 'https://lakeview.test' }, LAKE);
    expect((await get('our-website')).json().data.title).toBe('Northside online');
    expect((await get('our-website', LAKE)).json().data.title).toBe('Lakeview online');
  });
});

describe('who may open a page', () => {
  it("refuses every staff member while the page's sub-menu switch is off, and a super admin always", async () => {
    // Lakeview's demo program has the shop switched off.
    const lake = await get('shop-website', LAKE);
    expect(lake.statusCode).toBe(403);
    expect(lake.json().message).toBe(contentSwitchedOff('Shop'));

    await setSwitch(NORTH_ID, 'Patient Portal', 0);
    for (const res of [await get('patient-portal'), await save('patient-portal', { title: 'Portal', link: 'https://portal.test' }, STAFF)]) {
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe(contentSwitchedOff('Patient Portal'));
    }
    await setSwitch(NORTH_ID, 'Patient Portal', 1);
    expect((await get('patient-portal', STAFF)).statusCode).toBe(200);
    expect((await get('patient-portal', ADMIN)).statusCode).toBe(403);
  });

  it("refuses a program user without the page's menu flag, and the shop without the shop switch", async () => {
    await t.app.db.update(programUsers).set({ our_blog: 0, shop_url: 0 }).where(eq(programUsers.id, 201));
    const limited = await t.login(STAFF);
    const blog = await t.call({ method: 'GET', url: '/api/content/blog-website', token: limited });
    expect(blog.statusCode).toBe(403);
    expect(blog.json().message).toBe(MENU_AREAS.our_blog.refusal);
    const shop = await t.call({ method: 'POST', url: '/api/content/shop-website/update', token: limited, payload: { title: 'Shop', link: 'https://shop.test' } });
    expect(shop.statusCode).toBe(403);
    expect(shop.json().message).toBe(CONTENT_SHOP_REFUSAL);
    // The program's own account has every menu.
    expect((await get('shop-website')).statusCode).toBe(200);
    await t.app.db.update(programUsers).set({ our_blog: 1, shop_url: 1 }).where(eq(programUsers.id, 201));
  });
});

describe('GET and POST /api/content/support-group/menu-data', () => {
  const url = '/api/content/support-group/menu-data';

  it('reads and saves the support group menu text, guarded as the support group', async () => {
    const empty = await t.call({ method: 'GET', url, token: tokens[NORTH] });
    expect(empty.json().data).toEqual({ key: SUPPORT_GROUP_MENU_PAGE, title: null, link: null, body: null, image: null, updated_at: null });
    const bad = await t.call({ method: 'POST', url, token: tokens[NORTH], payload: { title: '', link: 'no' } });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual({ title: ['Heading is required.'], link: ['Please enter valid more information.'] });

    const res = await t.call({
      method: 'POST',
      url,
      token: tokens[STAFF],
      payload: { title: 'Meet others on the same journey', body: '<p>Groups meet <em>monthly</em>.</p><iframe src="https://x.test"></iframe>' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ data: { title: 'Meet others on the same journey', body: '<p>Groups meet <em>monthly</em>.</p>' }, message: 'Support Group menu text saved.' });

    await setSwitch(NORTH_ID, 'Support Group', 0);
    const off = await t.call({ method: 'GET', url, token: tokens[NORTH] });
    expect(off.statusCode).toBe(403);
    expect(off.json().message).toBe(contentSwitchedOff('Support Group'));
    await setSwitch(NORTH_ID, 'Support Group', 1);
  });
});

describe('a new program', () => {
  it('gets every sub-menu switch, on, in the store of the program', async () => {
    const res = await t.call({
      method: 'POST',
      url: '/api/admin/baritastic-program/store',
      token: tokens[ADMIN],
      payload: { title: 'Harbor Weight Center', email: 'owner@harbor.test', programmer_code: 'HARBOR-1', timezone: 'America/New_York', program_type: 'Hospital' },
    });
    expect(res.statusCode).toBe(201);
    const id = res.json().data.id as number;
    const switches = await t.app.db
      .select({ title: subMenus.title, status: subMenuManagers.status })
      .from(subMenuManagers)
      .innerJoin(subMenus, eq(subMenus.id, subMenuManagers.sub_menu_id))
      .where(eq(subMenuManagers.program_id, id))
      .orderBy(asc(subMenus.id));
    expect(switches).toEqual(SUB_MENU_TITLES.map((title) => ({ title, status: 1 })));
  });
});
