/**
 * GET /api/app/content on the demo data: the program's switched-on menus with their active categories
 * and items in order, pages, dynamic sections, program 302's groups; the ETag that changes with every
 * content write (a new item, an edit, a reorder, a category, a page, a Manage Menu switch) and 304 while
 * it stands; the cache that answers while the version stands; another program's patient sees only
 * their own program's content; every read audited.
 */
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import * as v from 'valibot';
import { SPECIAL_PROGRAM_ID } from '@baridesk/domain';
import { CONTENT_LIBRARY, appContentResponse, contentTypeOf, type AppContent, type AppContentListMenu, type ContentListType } from '@baridesk/contracts';
import {
  auditRecords,
  contentCategories,
  contentItems,
  contentPages,
  contentSubCategories,
  dynamicContentSections,
  patients,
  subMenuManagers,
  subMenus,
} from '../../../db/schema';
import { hashPassword } from '../../../lib/secrets';
import { DEMO_RECIPES_SECTION } from '../../../seed/content';
import { DEMO_PASSWORD } from '../../../seed/demo';
import { sanitizeRichText } from '../../platform/rich-text';
import { DEMO_APP_PATIENT_EMAIL } from '../../../seed/patient-app';
import { STAFF_CALLERS, createTestApp, type TestApp } from '../../../test/app';

const NORTHSIDE = 101;
const LAKEVIEW = 102;
/** Words only this test writes, so the demo's own content never decides an answer. */
const MARK = 'Zephyr test';

let t: TestApp;
let northToken: string;
let lakeToken: string;
let specialToken: string;
let subUserToken: string;
let address = 0;

/** Signs a patient of `programId` in to the app under an address of the test's own. */
async function patientOf(programId: number, email: string): Promise<string> {
  const [row] = await t.app.db
    .select({ id: patients.id })
    .from(patients)
    .where(and(eq(patients.program_id, programId), eq(patients.status, 1)))
    .orderBy(asc(patients.id))
    .limit(1);
  await t.app.db.update(patients).set({ email, password_hash: await hashPassword(DEMO_PASSWORD) }).where(eq(patients.id, row!.id));
  return login(email);
}

async function login(email: string): Promise<string> {
  const res = await t.call({ method: 'POST', url: '/api/app/login', payload: { email, password: DEMO_PASSWORD }, remoteAddress: `10.88.0.${++address}` });
  expect(res.statusCode).toBe(200);
  return res.json().data.token as string;
}

const get = (token: string, etag?: string) =>
  t.call({ method: 'GET', url: '/api/app/content', token, headers: etag ? { 'if-none-match': etag } : {} });

async function content(token: string): Promise<{ etag: string; data: AppContent }> {
  const res = await get(token);
  expect(res.statusCode).toBe(200);
  const body = v.parse(appContentResponse, res.json());
  return { etag: String(res.headers.etag), data: body.data };
}

const menu = (data: AppContent, key: string, group: string | null = null) =>
  data.menus.find((m) => m.key === key && m.group === group) as AppContentListMenu | undefined;

async function item(programId: number, menuKey: string, title: string, extra: Partial<typeof contentItems.$inferInsert> = {}) {
  const [row] = await t.app.db
    .insert(contentItems)
    .values({ program_id: programId, menu: menuKey, title, ...extra })
    .returning({ id: contentItems.id });
  return row!.id;
}

async function category(programId: number, menuKey: string, name: string, extra: Partial<typeof contentCategories.$inferInsert> = {}) {
  const [row] = await t.app.db
    .insert(contentCategories)
    .values({ program_id: programId, menu: menuKey, name, ...extra })
    .returning({ id: contentCategories.id });
  return row!.id;
}

/** The program's Manage Menu switch of a sub-menu title. */
async function switchOf(programId: number, title: string) {
  const [row] = await t.app.db
    .select({ id: subMenuManagers.id })
    .from(subMenuManagers)
    .innerJoin(subMenus, eq(subMenus.id, subMenuManagers.sub_menu_id))
    .where(and(eq(subMenuManagers.program_id, programId), eq(subMenus.title, title)));
  return row!.id;
}

beforeAll(async () => {
  t = await createTestApp();
  northToken = await login(DEMO_APP_PATIENT_EMAIL);
  lakeToken = await patientOf(LAKEVIEW, 'content.patient@lakeview.test');
  specialToken = await patientOf(SPECIAL_PROGRAM_ID, 'content.patient@program302.test');
  subUserToken = await t.login(STAFF_CALLERS.NORTH);
});
afterAll(() => t?.close());

describe('the demo content (seed/content.ts)', () => {
  it('shows Northside’s patients every content type, with categories, sanitised text and the recipes section', async () => {
    const { data } = await content(northToken);
    const expected = CONTENT_LIBRARY.filter((type) => type.key !== 'program-logo').map((type) => type.key);
    expect(data.menus.map((m) => m.key)).toEqual(expected);
    for (const m of data.menus) {
      if (m.shape === 'page') continue;
      const type = contentTypeOf(m.key) as ContentListType;
      expect({ key: m.key, categories: m.categories.length > 0 }).toEqual({ key: m.key, categories: type.categories > 0 });
      if (type.categories === 2) expect(m.categories.some((c) => c.sub_categories.length > 0)).toBe(true);
      for (const i of m.items) if (i.body !== null) expect(i.body).toBe(sanitizeRichText(i.body));
    }
    expect(menu(data, 'support-group')!.intro).toMatchObject({ title: 'Support groups' });
    expect(data.program.name).toBe('Northside Bariatrics');
    // The switched-off item of About Surgery stays out.
    expect(menu(data, 'about-surgery')!.items.map((i) => i.title)).not.toContain('Revision surgery');
    const recipes = data.sections.find((s) => s.name === DEMO_RECIPES_SECTION)!;
    expect(recipes.items.length).toBeGreaterThan(0);
    expect(recipes.categories.length).toBeGreaterThan(0);
  });

  it('gives program 302 contacts in both groups and its non-surgical content under Weight Management', async () => {
    const { data } = await content(specialToken);
    expect(menu(data, 'contacts', 'weight-management')!.items.length).toBeGreaterThan(0);
    expect(menu(data, 'contacts', 'weight-loss-surgery')!.items.length).toBeGreaterThan(0);
    expect(menu(data, 'non-surgical-weight-loss', 'weight-management')!.items.length).toBeGreaterThan(0);
    expect(menu(data, 'about-surgery', 'weight-loss-surgery')!.items.length).toBeGreaterThan(0);
  });
});

describe('GET /api/app/content', () => {
  it('refuses a staff session and no session', async () => {
    expect((await t.call({ method: 'GET', url: '/api/app/content' })).statusCode).toBe(401);
    expect((await t.call({ method: 'GET', url: '/api/app/content', token: subUserToken })).statusCode).toBe(401);
  });

  it('gives the active items in their order with their categories, pages and the program, and audits the read', async () => {
    const diet = await category(NORTHSIDE, 'diet', `${MARK} Liquid phase`, { order_index: 1 });
    const sub = (
      await t.app.db
        .insert(contentSubCategories)
        .values({ program_id: NORTHSIDE, menu: 'diet', category_id: diet, name: `${MARK} Week one` })
        .returning({ id: contentSubCategories.id })
    )[0]!.id;
    const second = await item(NORTHSIDE, 'diet', `${MARK} second`, { order_index: 2, category_id: diet, sub_category_id: sub, body: '<p>Sip <strong>slowly</strong>.</p>', image: '101/0123456789abcdef0123456789abcdef.png' });
    const first = await item(NORTHSIDE, 'diet', `${MARK} first`, { order_index: 1, category_id: diet });
    await t.app.db.insert(contentPages).values({ program_id: NORTHSIDE, page: 'blog-website', title: `${MARK} blog`, link: 'https://blog.example.org' }).onConflictDoUpdate({
      target: [contentPages.program_id, contentPages.page],
      set: { title: `${MARK} blog`, link: 'https://blog.example.org' },
    });

    const res = await get(northToken);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-cache');
    expect(res.headers.etag).toMatch(/^W\/"[^"]+-101-\d+-[^"]+"$/);
    const { data } = v.parse(appContentResponse, res.json());
    expect(data.program).toMatchObject({ id: NORTHSIDE, name: 'Northside Bariatrics' });
    const dietMenu = menu(data, 'diet')!;
    expect(dietMenu).toMatchObject({ shape: 'list', label: 'Nutrition Guidelines', group: null });
    const mine = dietMenu.items.filter((i) => i.title.startsWith(MARK));
    expect(mine.map((i) => i.id)).toEqual([first, second]);
    expect(mine[1]).toEqual({
      id: second,
      title: `${MARK} second`,
      subtitle: null,
      body: '<p>Sip <strong>slowly</strong>.</p>',
      image: '/uploads/101/0123456789abcdef0123456789abcdef.png',
      link: null,
      video_url: null,
      duration_minutes: null,
      phone: null,
      email: null,
      address: null,
      category_id: diet,
      sub_category_id: sub,
    });
    expect(dietMenu.categories.find((c) => c.id === diet)).toEqual({ id: diet, name: `${MARK} Liquid phase`, image: null, sub_categories: [{ id: sub, name: `${MARK} Week one`, image: null }] });
    const blog = data.menus.find((m) => m.key === 'blog-website');
    expect(blog).toMatchObject({ shape: 'page', label: 'Our Blog', page: { title: `${MARK} blog`, link: 'https://blog.example.org' } });
    // The menus keep the registry's (the sidebar's) order.
    expect(data.menus.findIndex((m) => m.key === 'diet')).toBeLessThan(data.menus.findIndex((m) => m.key === 'blog-website'));

    const [audit] = await t.app.db.select().from(auditRecords).where(eq(auditRecords.action, 'app.content.read')).orderBy(desc(auditRecords.id)).limit(1);
    expect(audit).toMatchObject({ program_id: NORTHSIDE, actor_type: 'patient', entity: 'content', success: true, detail: { version: data.version, notModified: false } });
  });

  it('answers 304 to the current ETag, in any form the header may take, and 200 to another', async () => {
    const { etag } = await content(northToken);
    const opaque = etag.replace(/^W\//, '');
    for (const header of [etag, opaque, `W/"other", ${etag}`, '*']) {
      const res = await get(northToken, header);
      expect({ header, status: res.statusCode }).toEqual({ header, status: 304 });
      expect(res.body).toBe('');
      expect(res.headers.etag).toBe(etag);
    }
    expect((await get(northToken, 'W/"stale"')).statusCode).toBe(200);
    const [latest, before] = await t.app.db.select().from(auditRecords).where(eq(auditRecords.action, 'app.content.read')).orderBy(desc(auditRecords.id)).limit(2);
    expect(latest!.detail).toMatchObject({ notModified: false });
    expect(before!.detail).toMatchObject({ notModified: true });
  });

  it('sends the answer compressed once per version to a client that accepts brotli or gzip', async () => {
    const plain = await get(northToken);
    for (const [encoding, decode] of [['br', brotliDecompressSync], ['gzip', gunzipSync]] as const) {
      const res = await t.call({ method: 'GET', url: '/api/app/content', token: northToken, headers: { 'accept-encoding': `${encoding}, deflate` } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBe(encoding);
      expect(res.headers.vary).toMatch(/accept-encoding/i);
      expect(res.headers.etag).toBe(plain.headers.etag);
      expect(decode(res.rawPayload).toString('utf8')).toBe(plain.body);
    }
  });

  it('changes the ETag after every content write, and the old one then gets the new content', async () => {
    const faq = await category(NORTHSIDE, 'faqs', `${MARK} FAQ group`);
    const a = await item(NORTHSIDE, 'faqs', `${MARK} Q1`, { category_id: faq, order_index: 1, body: '<p>A1</p>' });
    const b = await item(NORTHSIDE, 'faqs', `${MARK} Q2`, { category_id: faq, order_index: 2, body: '<p>A2</p>' });
    const faqSwitch = await switchOf(NORTHSIDE, 'FAQ\u2019s');
    const section = (await t.app.db.select({ id: dynamicContentSections.id }).from(dynamicContentSections).where(eq(dynamicContentSections.program_id, NORTHSIDE)).orderBy(asc(dynamicContentSections.id)).limit(1))[0]!.id;
    const toggle = (status: 0 | 1) =>
      t.call({ method: 'POST', url: '/api/content/manage-menu/toggle-status', token: subUserToken, payload: { id: faqSwitch, status } });

    // Through the staff's own routes where they exist (the kit's update and update-indexes, the categories' update, a page's save).
    const staff = async (method: 'POST' | 'PUT', url: string, payload: object) => {
      const res = await t.call({ method, url: `/api/content/${url}`, token: subUserToken, payload });
      expect({ url, status: res.statusCode, body: res.statusCode === 200 ? '' : res.body }).toEqual({ url, status: 200, body: '' });
    };
    const writes: [string, () => Promise<unknown>, (data: AppContent) => void][] = [
      [
        'an item edited',
        () => staff('POST', 'faqs/update', { id: a, title: `${MARK} Q1 edited`, body: '<p>A1</p>', category_id: faq, status: 1 }),
        (d) => expect(menu(d, 'faqs')!.items.some((i) => i.title === `${MARK} Q1 edited`)).toBe(true),
      ],
      [
        'a reorder',
        () => staff('POST', 'faqs/update-indexes', { ids: [b, a] }),
        (d) => {
          const ids = menu(d, 'faqs')!.items.map((i) => i.id);
          expect(ids.indexOf(b)).toBeLessThan(ids.indexOf(a));
        },
      ],
      [
        'a category renamed',
        () => staff('PUT', 'content-categories/update', { id: faq, menu: 'faqs', name: `${MARK} FAQ group renamed`, status: 1 }),
        (d) => expect(menu(d, 'faqs')!.categories.some((c) => c.name === `${MARK} FAQ group renamed`)).toBe(true),
      ],
      [
        'a page saved',
        () => staff('POST', 'our-website/update', { title: `${MARK} site`, link: 'https://northside.example.org' }),
        (d) => expect(d.menus.find((m) => m.key === 'our-website')).toMatchObject({ page: { title: `${MARK} site` } }),
      ],
      ['a dynamic section item', () => item(NORTHSIDE, 'dynamic-section', `${MARK} section item`, { section_id: section }), (d) => expect(d.sections.find((s) => s.id === section)!.items.some((i) => i.title === `${MARK} section item`)).toBe(true)],
      ['the menu switched off in Manage Menu', async () => expect((await toggle(0)).statusCode).toBe(200), (d) => expect(menu(d, 'faqs')).toBeUndefined()],
      ['the menu switched on again', async () => expect((await toggle(1)).statusCode).toBe(200), (d) => expect(menu(d, 'faqs')!.items.map((i) => i.id)).toEqual(expect.arrayContaining([a, b]))],
    ];
    let before = await content(northToken);
    for (const [what, write, check] of writes) {
      await write();
      expect({ what, stale: (await get(northToken, before.etag)).statusCode }).toEqual({ what, stale: 200 });
      const after = await content(northToken);
      expect({ what, changed: after.etag !== before.etag && after.data.version > before.data.version }).toEqual({ what, changed: true });
      check(after.data);
      before = after;
    }
  });

  it('answers from its cache while the content version stands', async () => {
    const id = await item(NORTHSIDE, 'faqs', `${MARK} cached`);
    const { etag } = await content(northToken);
    // A change the triggers do not see (replication role), so the version stands: the cached answer is given.
    await t.app.db.transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`);
      await tx.update(contentItems).set({ title: `${MARK} changed behind the cache` }).where(eq(contentItems.id, id));
    });
    const cached = await content(northToken);
    expect(cached.etag).toBe(etag);
    expect(menu(cached.data, 'faqs')!.items.find((i) => i.id === id)!.title).toBe(`${MARK} cached`);
    await t.app.db.update(contentItems).set({ order_index: 5 }).where(eq(contentItems.id, id));
    expect(menu((await content(northToken)).data, 'faqs')!.items.find((i) => i.id === id)!.title).toBe(`${MARK} changed behind the cache`);
  });

  it('hides inactive items, categories and sub-categories with their items, and switched-off menus', async () => {
    const on = await category(NORTHSIDE, 'instructions', `${MARK} on`);
    const off = await category(NORTHSIDE, 'instructions', `${MARK} off`, { status: 0 });
    const subOff = (
      await t.app.db
        .insert(contentSubCategories)
        .values({ program_id: NORTHSIDE, menu: 'instructions', category_id: on, name: `${MARK} sub off`, status: 0 })
        .returning({ id: contentSubCategories.id })
    )[0]!.id;
    const shown = await item(NORTHSIDE, 'instructions', `${MARK} shown`, { category_id: on, body: '<p>x</p>' });
    await item(NORTHSIDE, 'instructions', `${MARK} inactive`, { category_id: on, status: 0 });
    await item(NORTHSIDE, 'instructions', `${MARK} in an inactive category`, { category_id: off });
    await item(NORTHSIDE, 'instructions', `${MARK} in an inactive sub-category`, { category_id: on, sub_category_id: subOff });
    const { data } = await content(northToken);
    const instructions = menu(data, 'instructions')!;
    expect(instructions.items.filter((i) => i.title.startsWith(MARK)).map((i) => i.id)).toEqual([shown]);
    expect(instructions.categories.map((c) => c.id)).toContain(on);
    expect(instructions.categories.map((c) => c.id)).not.toContain(off);
    expect(instructions.categories.find((c) => c.id === on)!.sub_categories).toEqual([]);

    // Lakeview has switched its Shop and Our Blog off (demo data): their pages stay out even when saved.
    await t.app.db.insert(contentPages).values({ program_id: LAKEVIEW, page: 'shop-website', title: `${MARK} Lakeview shop`, link: 'https://shop.example.org' }).onConflictDoNothing();
    await t.app.db.insert(contentPages).values({ program_id: LAKEVIEW, page: 'our-website', title: `${MARK} Lakeview site`, link: 'https://lakeview.example.org' }).onConflictDoNothing();
    const lake = (await content(lakeToken)).data;
    expect(lake.menus.find((m) => m.key === 'shop-website')).toBeUndefined();
    expect(lake.menus.find((m) => m.key === 'our-website')).toBeDefined();
  });

  it('gives another program’s patient their own program’s content only', async () => {
    await item(NORTHSIDE, 'videos', `${MARK} Northside only`, { video_url: 'https://video.example.org/1' });
    const lakeItem = await item(LAKEVIEW, 'videos', `${MARK} Lakeview's own`, { video_url: 'https://video.example.org/2' });
    const lake = await get(lakeToken);
    expect(lake.statusCode).toBe(200);
    expect(lake.body).not.toContain('Northside only');
    expect(lake.body).not.toContain('Northside Bariatrics');
    const data = v.parse(appContentResponse, lake.json()).data;
    expect(data.program.id).toBe(LAKEVIEW);
    expect(menu(data, 'videos')!.items.map((i) => i.id)).toContain(lakeItem);
    // Northside's ETag means nothing to Lakeview's content.
    const north = await content(northToken);
    expect((await get(lakeToken, north.etag)).statusCode).toBe(200);
  });

  it('groups program 302’s menus under Weight Management and Weight Loss Surgery, its contacts in their group', async () => {
    const wm = await item(SPECIAL_PROGRAM_ID, 'contacts', `${MARK} WM contact`, { weight_loss_type: 1, phone: '+15135550199' });
    const wls = await item(SPECIAL_PROGRAM_ID, 'contacts', `${MARK} WLS contact`, { weight_loss_type: 2 });
    const nonSurgical = await item(SPECIAL_PROGRAM_ID, 'non-surgical-weight-loss', `${MARK} Walking plan`, { body: '<p>Walk.</p>' });
    const faq = await item(SPECIAL_PROGRAM_ID, 'faqs', `${MARK} 302 FAQ`, { body: '<p>A</p>' });
    const { data } = await content(specialToken);
    expect(data.program.id).toBe(SPECIAL_PROGRAM_ID);
    const ids = (key: string, group: string) => menu(data, key, group)?.items.map((i) => i.id) ?? [];
    expect(ids('contacts', 'weight-management')).toContain(wm);
    expect(ids('contacts', 'weight-management')).not.toContain(wls);
    expect(ids('contacts', 'weight-loss-surgery')).toContain(wls);
    expect(ids('contacts', 'weight-loss-surgery')).not.toContain(wm);
    expect(ids('non-surgical-weight-loss', 'weight-management')).toContain(nonSurgical);
    expect(ids('faqs', 'weight-loss-surgery')).toContain(faq);
    expect(data.menus.every((m) => m.group !== null)).toBe(true);
    expect(menu(data, 'faqs', 'weight-management')).toBeUndefined();
  });
});
