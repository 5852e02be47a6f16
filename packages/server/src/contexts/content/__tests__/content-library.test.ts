/**
 * The content library's list types (registry: contracts content-menus.ts; resources: content-library.ts):
 * a type of each kind — no categories (Our Team), categories (FAQs), categories and sub-categories at
 * their own paths (Support Service) — and what every type shares: the content guard (the program's
 * sub-menu switch, a program user's flag, sub-user-only Resources), another program's ids, rich text,
 * images, ordering, program 302's contact groups.
 */
import { and, eq } from 'drizzle-orm';
import {
  CONTACT_GROUP_NOT_USED,
  CONTACT_GROUP_REQUIRED,
  CONTENT_SUB_USER_ONLY,
  contentSwitchedOff,
} from '@baridesk/contracts';
import { MENU_AREAS } from '@baridesk/domain';
import { contentCategories, contentItems, subMenuManagers, subMenus } from '../../../db/schema';
import { STAFF_CALLERS, routeSuite } from '../../../test/app';
import { makePng, multipart } from '../../platform/uploads/__tests__/fixtures';

const { NORTH, STAFF, LAKE } = STAFF_CALLERS;
const t = routeSuite('/api/content');
const { get, post, auditOf } = t;

type Item = Record<string, unknown> & { id: number; title: string; order_index: number; status: 0 | 1 };

async function store(path: string, body: Record<string, unknown>, who: (typeof STAFF_CALLERS)[keyof typeof STAFF_CALLERS] = NORTH): Promise<Item> {
  const res = await post(`${path}/store`, who, body);
  if (res.statusCode !== 201) throw new Error(`${path}/store: ${res.statusCode} ${res.body}`);
  return res.json().data as Item;
}

/** A real image stored as POST /api/uploads stores it, for the program. */
const uploaded = async (width: number, height: number, programId = 101) =>
  (await t.app.uploads.store(await makePng(width, height), { field: 'image', kind: 'image' }, { programId })).key;

/** Switches a program's sub-menu on or off as Manage Menu does (the sidebar cache hears of it). */
async function setSwitch(programId: number, title: string, status: 0 | 1) {
  const [menu] = await t.app.db.select({ id: subMenus.id }).from(subMenus).where(eq(subMenus.title, title));
  await t.app.db
    .update(subMenuManagers)
    .set({ status })
    .where(and(eq(subMenuManagers.program_id, programId), eq(subMenuManagers.sub_menu_id, menu!.id)));
  t.app.sidebarCache.evictProgram(programId);
}

describe('a list type without categories (Our Team)', () => {
  it('stores, lists, shows, updates, switches and deletes a team member, auditing each change', async () => {
    const created = await post('/doctors/store', NORTH, {
      title: ' Dr. Amelia Hart ',
      subtitle: 'MD, FACS — Zephyr Bariatric Institute',
      body: '<p>Fellowship-trained surgeon.</p>',
      phone: '(312) 555-0188',
      email: 'Amelia.Hart@Northside.TEST',
      link: 'https://northside.example.com/team/hart',
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toEqual({
      data: {
        id: expect.any(Number),
        title: 'Dr. Amelia Hart',
        subtitle: 'MD, FACS — Zephyr Bariatric Institute',
        image: null,
        body: '<p>Fellowship-trained surgeon.</p>',
        phone: '(312) 555-0188',
        email: 'amelia.hart@northside.test',
        link: 'https://northside.example.com/team/hart',
        status: 1,
        order_index: expect.any(Number),
        created_at: expect.any(String),
        updated_at: expect.any(String),
      },
      message: 'Team member created successfully.',
    });
    const hart = created.json().data as Item;
    const [row] = await t.app.db.select().from(contentItems).where(eq(contentItems.id, hart.id));
    expect(row).toMatchObject({ program_id: 101, menu: 'doctors', created_by: 101, section_id: null });
    expect(await auditOf('content-doctors.create', hart.id)).toEqual([
      expect.objectContaining({ entity: 'content_item', detail: { title: 'Dr. Amelia Hart', status: 1 } }),
    ]);

    const list = (await get('/doctors?search=hart', STAFF)).json().data;
    expect(list).toMatchObject({ total: 1, data: [{ id: hart.id }] });
    expect((await get('/doctors?search=zephyr', NORTH)).json().data.total).toBe(1);
    expect((await get(`/doctors/${hart.id}`, STAFF)).json().data).toEqual(hart);

    const updated = await post('/doctors/update', STAFF, { id: hart.id, title: 'Dr. Amelia Hart', subtitle: '', status: 1 });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({ data: { subtitle: null, phone: null, email: null }, message: 'Team member updated successfully.' });
    expect(await auditOf('content-doctors.update', hart.id)).toEqual([
      expect.objectContaining({ detail: { title: 'Dr. Amelia Hart', changed: ['subtitle', 'body', 'phone', 'email', 'link'] } }),
    ]);

    const toggled = await post('/doctors/toggle-status', NORTH, { id: hart.id, status: 0 });
    expect(toggled.json()).toEqual({ data: { id: hart.id, status: 0 }, message: 'Team member status updated successfully.' });
    expect((await get('/doctors/all', NORTH)).json().data.map((o: { id: number }) => o.id)).not.toContain(hart.id);

    const deleted = await post('/doctors/destroy', NORTH, { id: hart.id });
    expect(deleted.json()).toEqual({ message: 'Team member deleted successfully.' });
    expect((await get(`/doctors/${hart.id}`, NORTH)).statusCode).toBe(404);
    expect(await auditOf('content-doctors.delete', hart.id)).toHaveLength(1);
  });

  it('answers 422 with the field map for missing and malformed fields', async () => {
    const res = await post('/videos/store', NORTH, { video_url: 'not a link', duration_minutes: 0, image: 7 });
    expect(res.statusCode).toBe(422);
    const { errors } = res.json() as { errors: Record<string, string[]> };
    expect(errors.title).toEqual(['Title is required.']);
    expect(errors.video_url).toEqual(['Please enter valid video URL.']);
    expect(errors.duration_minutes).toEqual(['Length (minutes) must be a whole number from 1 to 600.']);
    expect(errors.image).toEqual(['Please enter valid image.']);
  });

  it('sanitises rich text, and refuses a required body that sanitises to nothing', async () => {
    const story = await store('/success-stories', {
      title: 'Down 120 pounds',
      body: '<p onclick="steal()">Two years on <script>alert(1)</script><a href="javascript:alert(1)">me</a></p>',
    });
    expect(story.body).toBe('<p>Two years on <a>me</a></p>');
    const empty = await post('/success-stories/store', NORTH, { title: 'Empty', body: '<script>alert(1)</script>' });
    expect(empty.statusCode).toBe(422);
    expect(empty.json().errors).toEqual({ body: ['Story is required.'] });
  });

  it('claims an uploaded image (checked by its real size), serves its URL and removes it with the item', async () => {
    const small = await uploaded(120, 120);
    const refused = await post('/doctors/store', NORTH, { title: 'Small photo', image: small });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors).toEqual({ image: ['Please upload image with minimum 200 * 200.'] });
    const lakeviews = await uploaded(300, 300, 102);
    expect((await post('/doctors/store', NORTH, { title: 'Stolen photo', image: lakeviews })).statusCode).toBe(422);

    const key = await uploaded(300, 300);
    const member = await store('/doctors', { title: 'Photo member', image: key });
    expect(member.image).toBe(`/uploads/${key}`);
    expect(await t.app.storage.exists(key)).toBe(true);
    await post('/doctors/destroy', NORTH, { id: member.id });
    expect(await t.app.storage.exists(key)).toBe(false);
  });

  it('puts new items last and reorders them within their places; another program’s ids are not found', async () => {
    const a = await store('/doctors', { title: 'Order A' });
    const b = await store('/doctors', { title: 'Order B' });
    const c = await store('/doctors', { title: 'Order C' });
    expect([a.order_index < b.order_index, b.order_index < c.order_index]).toEqual([true, true]);
    const reordered = await post('/doctors/update-indexes', NORTH, { ids: [c.id, a.id, b.id] });
    expect(reordered.json()).toEqual({
      data: [
        { id: c.id, order_index: a.order_index },
        { id: a.id, order_index: b.order_index },
        { id: b.id, order_index: c.order_index },
      ],
      message: 'Order updated successfully.',
    });
    const listed = (await get('/doctors?perPage=All', NORTH)).json().data.data as Item[];
    const titles = listed.map((item) => item.title).filter((title) => title.startsWith('Order'));
    expect(titles).toEqual(['Order C', 'Order A', 'Order B']);

    await t.expectEach(
      LAKE,
      [
        ['GET', `/doctors/${a.id}`],
        ['POST', '/doctors/update', { id: a.id, title: 'Taken over', status: 1 }],
        ['POST', '/doctors/toggle-status', { id: a.id, status: 0 }],
        ['POST', '/doctors/destroy', { id: a.id }],
        ['POST', '/doctors/update-indexes', { ids: [a.id] }],
      ],
      { status: 404, body: { message: 'Team member not found.' } },
    );
    expect((await get('/doctors?search=Order', LAKE)).json().data.total).toBe(0);
    // The same id through another type's calls is not found either: each type holds only its own rows.
    expect((await get(`/faqs/${a.id}`, NORTH)).json()).toEqual({ message: 'FAQ not found.' });
  });
});

describe('member portals', () => {
  it('store and update a portal sent as multipart/form-data with its logo as a file, as JSON too', async () => {
    const token = await t.login(NORTH);
    const form = await multipart(
      { title: 'Patient Gateway', link: 'https://gateway.example.com', status: '1' },
      { name: 'image', filename: 'logo.png', type: 'image/png', bytes: await makePng(240, 240) },
    );
    const created = await t.call({ method: 'POST', url: '/api/content/member-portals/store', token, payload: form.payload, headers: form.headers });
    expect(created.statusCode).toBe(201);
    const portal = created.json().data as Item;
    expect(portal).toMatchObject({ title: 'Patient Gateway', link: 'https://gateway.example.com', image: expect.stringMatching(/^\/uploads\//) });

    const small = await multipart({ id: String(portal.id), title: 'Patient Gateway', link: 'https://gateway.example.com', status: '1' }, {
      name: 'image',
      filename: 'tiny.png',
      type: 'image/png',
      bytes: await makePng(50, 50),
    });
    const refused = await t.call({ method: 'POST', url: '/api/content/member-portals/update', token, payload: small.payload, headers: small.headers });
    expect([refused.statusCode, refused.json().errors]).toEqual([422, { image: ['Please upload image with minimum 200 * 200.'] }]);
    const json = await post('/member-portals/update', NORTH, { id: portal.id, title: 'Patient Gateway 2', link: 'https://gateway.example.com', status: 1 });
    expect(json.json().data).toMatchObject({ title: 'Patient Gateway 2', image: portal.image });
  });
});

describe('a list type with categories (FAQs)', () => {
  it('files an item under a category of its own type and program only', async () => {
    const [general, dietOne, lakes] = await t.app.db
      .insert(contentCategories)
      .values([
        { program_id: 101, menu: 'faqs', name: 'Test: before surgery' },
        { program_id: 101, menu: 'diet', name: 'Test: phase 1' },
        { program_id: 102, menu: 'faqs', name: 'Test: Lakeview FAQs' },
      ])
      .returning({ id: contentCategories.id });
    const faq = await store('/faqs', { title: 'How long is the hospital stay?', body: '<p>Usually one night.</p>', category_id: general!.id });
    expect(faq).toMatchObject({ category_id: general!.id, category_name: 'Test: before surgery' });
    for (const other of [dietOne!.id, lakes!.id]) {
      const res = await post('/faqs/store', NORTH, { title: 'Elsewhere', body: 'x', category_id: other });
      expect([res.statusCode, res.json().errors]).toEqual([422, { category_id: ['Please enter valid category.'] }]);
    }
    expect((await get(`/faqs?category_id=${general!.id}`, NORTH)).json().data.data.map((i: Item) => i.id)).toEqual([faq.id]);
    expect((await get(`/faqs/by-category-id?categoryId=${general!.id}`, NORTH)).json().data).toEqual([
      { id: faq.id, name: 'How long is the hospital stay?' },
    ]);
    // FAQs have no sub-categories: the field is not theirs.
    expect((await get(`/faqs/${faq.id}`, NORTH)).json().data).not.toHaveProperty('sub_category_id');
  });
});

describe('categories and sub-categories at a type’s own paths (Support Service)', () => {
  it('keeps categories per type, sub-categories in their category, items in both; a category in use is not deleted (409)', async () => {
    const category = await store('/support-service-category', { name: 'Counselling' });
    expect(category).toMatchObject({ name: 'Counselling', image: null, status: 1 });
    const [row] = await t.app.db.select().from(contentCategories).where(eq(contentCategories.id, category.id));
    expect(row).toMatchObject({ menu: 'support-service', section_id: null, program_id: 101 });
    const taken = await post('/support-service-category/store', NORTH, { name: 'COUNSELLING' });
    expect([taken.statusCode, taken.json().errors]).toEqual([422, { name: ['A category with this name already exists.'] }]);
    // The same name is free in another type's categories.
    await store('/support-group-category', { name: 'Counselling' });
    expect((await get('/support-group-category?search=counselling', NORTH)).json().data.data.map((c: Item) => c.name)).toEqual(['Counselling']);

    const other = await store('/support-service-category', { name: 'Nutrition' });
    const sub = await store('/support-service-sub-category', { name: 'One to one', category_id: category.id });
    expect(sub).toMatchObject({ category_id: category.id, category_name: 'Counselling' });
    const again = await post('/support-service-sub-category/store', NORTH, { name: 'one TO one', category_id: category.id });
    expect([again.statusCode, again.json().errors]).toEqual([422, { name: ['This category already has a sub-category with this name.'] }]);
    await store('/support-service-sub-category', { name: 'One to one', category_id: other.id });
    const groups = await post('/support-group-sub-category/store', NORTH, { name: 'Wrong type', category_id: category.id });
    expect([groups.statusCode, groups.json().errors]).toEqual([422, { category_id: ['Please enter valid category.'] }]);
    expect((await get(`/support-service-sub-category/by-category-id?categoryId=${category.id}`, NORTH)).json().data).toEqual([
      { id: sub.id, name: 'One to one' },
    ]);

    const service = await store('/support-service', { title: 'Weekly counselling', category_id: category.id, sub_category_id: sub.id });
    expect(service).toMatchObject({ category_name: 'Counselling', sub_category_name: 'One to one' });
    const mismatched = await post('/support-service/store', NORTH, { title: 'Mismatch', category_id: other.id, sub_category_id: sub.id });
    expect(mismatched.json().errors).toEqual({ sub_category_id: ['Please enter valid sub category.'] });

    const refused = await post('/support-service-category/destroy', NORTH, { id: category.id });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      message: 'This category still holds 2 items and sub-categories. Move or delete them first, or switch the category off to hide it.',
    });
    expect(await auditOf('content-support-service-category.delete', category.id)).toEqual([
      expect.objectContaining({ success: false, detail: { refused: 'in-use', items_and_sub_categories: 2 } }),
    ]);
    const subRefused = await post('/support-service-sub-category/destroy', NORTH, { id: sub.id });
    expect([subRefused.statusCode, subRefused.json().message]).toEqual([
      409,
      'This sub-category still holds 1 item. Move or delete them first, or switch the sub-category off to hide it.',
    ]);
    await post('/support-service/destroy', NORTH, { id: service.id });
    expect((await post('/support-service-sub-category/destroy', NORTH, { id: sub.id })).statusCode).toBe(200);
    expect((await post('/support-service-category/destroy', NORTH, { id: category.id })).statusCode).toBe(200);
    expect((await get(`/support-service-category/${other.id}`, LAKE)).statusCode).toBe(404);
  });
});

describe('the generic categories and sub-categories (partitioned by menu)', () => {
  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token: string, payload?: object) =>
    t.call({ method, url: `/api/content${url}`, token, ...(payload ? { payload } : {}) });

  it('keeps each type’s categories apart: menu required and a type with categories, names unique per type, sub-categories in a category of their menu', async () => {
    const north = await t.login(NORTH);
    const missing = await call('GET', '/content-categories', north);
    expect([missing.statusCode, missing.json().errors]).toEqual([422, { menu: ['Menu is required.'] }]);
    const noCategories = await call('GET', '/content-sub-categories?menu=faqs', north);
    expect([noCategories.statusCode, noCategories.json().errors]).toEqual([422, { menu: ['Please enter valid menu.'] }]);

    const phase = await store('/content-categories', { menu: 'diet', name: 'Phase 2: pureed' });
    expect(phase).toMatchObject({ menu: 'diet', name: 'Phase 2: pureed', status: 1 });
    const taken = await post('/content-categories/store', NORTH, { menu: 'diet', name: 'PHASE 2: PUREED' });
    expect([taken.statusCode, taken.json().errors]).toEqual([422, { name: ['A category with this name already exists.'] }]);
    const elsewhere = await store('/content-categories', { menu: 'instructions', name: 'Phase 2: pureed' });
    expect((await get('/content-categories?menu=diet&search=pureed', NORTH)).json().data.data.map((c: Item) => c.id)).toEqual([phase.id]);

    const sub = await store('/content-sub-categories', { menu: 'diet', category_id: phase.id, name: 'Breakfast' });
    expect(sub).toMatchObject({ menu: 'diet', category_id: phase.id, category_name: 'Phase 2: pureed' });
    const wrongType = await post('/content-sub-categories/store', NORTH, { menu: 'diet', category_id: elsewhere.id, name: 'Lunch' });
    expect(wrongType.json().errors).toEqual({ category_id: ['Please enter valid category.'] });
    expect((await get(`/content-sub-categories/by-category-id?categoryId=${phase.id}&menu=diet`, NORTH)).json().data).toEqual([
      { id: sub.id, name: 'Breakfast' },
    ]);

    // A category stays in its type whatever an update says.
    const renamed = await call('PUT', '/content-categories/update', north, { id: phase.id, menu: 'faqs', name: 'Phase 2: soft', status: 1 });
    expect(renamed.json()).toMatchObject({ data: { menu: 'diet', name: 'Phase 2: soft' }, message: 'Category updated successfully.' });
    const item = await store('/diet', { title: 'Protein first', body: '<p>Eat protein first.</p>', category_id: phase.id, sub_category_id: sub.id });
    expect(item).toMatchObject({ category_name: 'Phase 2: soft', sub_category_name: 'Breakfast' });

    const inUse = await call('DELETE', `/content-categories/destroy?id=${phase.id}`, north);
    expect([inUse.statusCode, inUse.json().message]).toEqual([
      409,
      'This category still holds 2 items and sub-categories. Move or delete them first, or switch the category off to hide it.',
    ]);
    const reordered = await post('/content-categories/update-indexes?menu=instructions', NORTH, { ids: [elsewhere.id] });
    expect(reordered.statusCode).toBe(200);
    expect((await post('/content-categories/update-indexes?menu=diet', NORTH, { ids: [elsewhere.id] })).statusCode).toBe(404);
    expect((await get(`/content-categories/${phase.id}`, LAKE)).statusCode).toBe(404);
    expect((await call('DELETE', `/content-categories/destroy?id=${elsewhere.id}`, north)).json()).toEqual({ message: 'Category deleted successfully.' });
  });

  it('serves the support service’s own category paths’ rows too', async () => {
    const own = await store('/support-service-category', { name: 'Peer mentoring' });
    expect((await get('/content-categories?menu=support-service&search=mentoring', NORTH)).json().data.data).toEqual([
      expect.objectContaining({ id: own.id, menu: 'support-service' }),
    ]);
    expect((await get(`/support-group-category/${own.id}`, NORTH)).statusCode).toBe(404);
  });

  it('guards each call as its type: the menu given, or the menu of the category an id names', async () => {
    const limited = await t.login('limited@northside.test');
    const diet = await store('/content-categories', { menu: 'diet', name: 'Guarded' });
    for (const url of ['/content-categories?menu=diet', `/content-categories/${diet.id}`]) {
      const res = await call('GET', url, limited);
      expect([url, res.statusCode, res.json().message]).toEqual([url, 403, MENU_AREAS.diet.refusal]);
    }
    const moved = await call('PUT', '/content-categories/update', limited, { id: diet.id, menu: 'support-group', name: 'Moved', status: 1 });
    expect([moved.statusCode, moved.json().message]).toEqual([403, MENU_AREAS.diet.refusal]);
    // A program user with Contact Us only: a store is checked by the menu it stores into (the body's), not the query's.
    const contactsOnly = await t.login('newstaff@northside.test');
    const sneaked = await call('POST', '/content-categories/store?menu=contacts', contactsOnly, { menu: 'diet', name: 'Sneaked in' });
    expect([sneaked.statusCode, sneaked.json().message]).toEqual([403, MENU_AREAS.diet.refusal]);
    expect((await call('POST', '/content-categories/store', contactsOnly, { menu: 'contacts', name: 'Front desk team' })).statusCode).toBe(201);
    // Refused before its input is checked: a caller without the type's flag learns nothing from the schema.
    const unchecked = await call('POST', '/content-categories/store', limited, { menu: 'diet' });
    expect([unchecked.statusCode, unchecked.json().message]).toEqual([403, MENU_AREAS.diet.refusal]);

    const off = contentSwitchedOff('Nutrition Guidelines');
    await setSwitch(101, 'Diet Guidelines', 0);
    await t.expectEach(NORTH, [['GET', '/content-categories?menu=diet'], ['GET', `/content-categories/${diet.id}`], ['POST', '/content-categories/toggle-status', { id: diet.id, status: 0 }]], {
      status: 403,
      body: { message: off },
    });
    expect((await get('/content-categories?menu=instructions', NORTH)).statusCode).toBe(200);
    await setSwitch(101, 'Diet Guidelines', 1);

    const resources = await post('/content-categories/store', STAFF, { menu: 'resource-manager', name: 'Handouts' });
    expect([resources.statusCode, resources.json().message]).toEqual([403, CONTENT_SUB_USER_ONLY]);
    expect((await post('/content-categories/store', NORTH, { menu: 'resource-manager', name: 'Handouts' })).statusCode).toBe(201);
  });
});

describe('who may use a type', () => {
  it('refuses every staff member while the program’s switch of the type is off (Manage Menu)', async () => {
    // The demo seed switches Lakeview's Patient Portals off; Northside has every switch on.
    const off = contentSwitchedOff('Patient Portals');
    await t.expectEach(LAKE, [['GET', '/member-portals'], ['POST', '/member-portals/store', { title: 'Portal', link: 'https://portal.example.com' }]], {
      status: 403,
      body: { message: off },
    });
    const portal = await store('/member-portals', { title: 'MyChart', link: 'https://mychart.example.com' });
    await setSwitch(101, 'Patient Portals', 0);
    await t.expectEach(STAFF, [['GET', '/member-portals'], ['GET', `/member-portals/${portal.id}`]], { status: 403, body: { message: off } });
    await setSwitch(101, 'Patient Portals', 1);
    const deleted = await t.call({ method: 'DELETE', url: `/api/content/member-portals?id=${portal.id}`, token: await t.login(NORTH) });
    expect(deleted.json()).toEqual({ message: 'Patient portal deleted successfully.' });
  });

  it('refuses a program user whose menu flag is off, and Resources to anyone but the sub user', async () => {
    const limited = await t.login('limited@northside.test');
    const faqs = await t.call({ method: 'GET', url: '/api/content/faqs', token: limited });
    expect([faqs.statusCode, faqs.json().message]).toEqual([403, MENU_AREAS.faq.refusal]);
    // Resources are the sub user's only: the route's access says so (the api hook refuses before the guard).
    expect((await get('/resource-manager', STAFF)).statusCode).toBe(403);
    expect((await get('/resource-manager', NORTH)).statusCode).toBe(200);
  });
});

describe('program 302’s contacts', () => {
  it('need their group (Weight Management or Weight Loss Surgery) there, and have none elsewhere; the list filters by it', async () => {
    const special = await t.login('subuser@program302.test');
    const call = (url: string, payload?: object) =>
      t.call({ method: payload ? 'POST' : 'GET', url: `/api/content/contacts${url}`, token: special, ...(payload ? { payload } : {}) });
    const missing = await call('/store', { title: 'Front desk' });
    expect([missing.statusCode, missing.json().errors]).toEqual([422, { weight_loss_type: [CONTACT_GROUP_REQUIRED] }]);
    const management = (await call('/store', { title: 'Dietitian line', weight_loss_type: 1 })).json().data as Item;
    const surgery = (await call('/store', { title: 'Surgery scheduler', weight_loss_type: '2' })).json().data as Item;
    expect([management.weight_loss_type, surgery.weight_loss_type]).toEqual([1, 2]);
    // Each group's list: its own contacts only (the seed's among them).
    const group = async (query: string) => ((await call(`${query}&perPage=All`)).json().data.data as Item[]).map((item) => [item.id, item.weight_loss_type]);
    const first = await group('?weightLossType=1');
    expect(first).toContainEqual([management.id, 1]);
    expect(first.every(([, type]) => type === 1)).toBe(true);
    const second = await group('?weightLossType=2');
    expect(second).toContainEqual([surgery.id, 2]);
    expect(second.every(([, type]) => type === 2)).toBe(true);
    expect((await call('?weightLossType=3')).statusCode).toBe(422);

    const northside = await post('/contacts/store', NORTH, { title: 'Front desk', weight_loss_type: 1 });
    expect([northside.statusCode, northside.json().errors]).toEqual([422, { weight_loss_type: [CONTACT_GROUP_NOT_USED] }]);
    expect((await store('/contacts', { title: 'Front desk' })).weight_loss_type).toBeNull();
  });
});
