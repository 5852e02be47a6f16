import { and, eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../test/app';
import { auditRecords, bariResources } from '../../../db/schema';
import { makePng, multipart } from '../../platform/uploads/__tests__/fixtures';

const ROOT = 'superadmin@baridesk.test';
const ADMIN2 = 'admin2@baridesk.test';
const RESOURCES = '/api/admin/bari-resources';
const CATEGORIES = '/api/admin/bari-resource-categories';
const SUBS = '/api/admin/bari-resource-sub-categories';

let t: TestApp;
let tokens: Record<string, string>;
beforeAll(async () => {
  t = await createTestApp();
  tokens = await t.signIn(ROOT, ADMIN2);
});
afterAll(() => t.close());

const get = (url: string, who = ROOT) => t.call({ method: 'GET', url, token: tokens[who] });
const post = (url: string, payload: object, who = ROOT) => t.call({ method: 'POST', url, token: tokens[who], payload });
const stored = async (url: string, payload: object) => {
  const res = await post(`${url}/store`, payload);
  expect(res.statusCode).toBe(201);
  return res.json().data as { id: number } & Record<string, unknown>;
};
const auditOf = (action: string, id: number) =>
  t.app.db.select().from(auditRecords).where(and(eq(auditRecords.action, action), eq(auditRecords.entity_id, String(id))));

const resource = (category: number, extra: object = {}) => ({
  title: 'Eating after surgery',
  link: 'https://example.com/eating',
  link_type: 'article',
  engagement_time: 12,
  bari_resource_category_id: category,
  ...extra,
});

describe('categories and sub-categories', () => {
  it('hold the demo resources in order, one of each link type', async () => {
    const listed = (await get(`${RESOURCES}?perPage=All&sort=order_index`)).json().data.data as { title: string; link_type: string; bari_resource_category_name: string }[];
    expect(listed.slice(0, 3).map((r) => [r.title, r.bari_resource_category_name])).toEqual([
      ['Why protein comes first', 'Nutrition'],
      ['Your daily vitamins after surgery', 'Nutrition'],
      ['Ten-minute chair workout', 'Exercise'],
    ]);
    expect(new Set(listed.map((r) => r.link_type))).toEqual(new Set(['article', 'pdf', 'video', 'podcast']));
  });

  it('keep unique names, list active ones for the pickers and refuse a delete while in use (409)', async () => {
    const nutrition = await stored(CATEGORIES, { name: 'Test Nutrition' });
    expect(nutrition).toMatchObject({ name: 'Test Nutrition', status: 1 });
    const taken = await post(`${CATEGORIES}/store`, { name: ' test NUTRITION ' });
    expect([taken.statusCode, taken.json().errors]).toEqual([422, { name: ['A category with this name already exists.'] }]);
    const off = await stored(CATEGORIES, { name: 'Test Archive', status: 0 });

    const index = (await get(`${CATEGORIES}/index?page=1&search=test`)).json().data;
    expect(index.data.map((c: { name: string }) => c.name)).toEqual(['Test Archive', 'Test Nutrition']);
    const active = (await get(`${CATEGORIES}/all-active`)).json().data as { id: number; name: string }[];
    expect(active).toContainEqual({ id: nutrition.id, name: 'Test Nutrition' });
    expect(active.map((c) => c.id)).not.toContain(off.id);
    expect((await get(`${CATEGORIES}/${nutrition.id}`)).json().data.name).toBe('Test Nutrition');

    // A sub-category names its category; its name is unique within it, not across categories.
    const missing = await post(`${SUBS}/store`, { name: 'Protein' });
    expect([missing.statusCode, missing.json().errors]).toEqual([422, { category_id: ['Category is required.'] }]);
    const protein = await stored(SUBS, { name: 'Protein', category_id: nutrition.id });
    expect(protein).toMatchObject({ category_id: nutrition.id, category_name: 'Test Nutrition' });
    const twice = await post(`${SUBS}/store`, { name: 'PROTEIN', category_id: nutrition.id });
    expect([twice.statusCode, twice.json().errors]).toEqual([422, { name: ['This category already has a sub-category with this name.'] }]);
    await stored(SUBS, { name: 'Protein', category_id: off.id });
    expect((await get(`${SUBS}/by-category?categoryId=${nutrition.id}`)).json().data).toEqual([{ id: protein.id, name: 'Protein' }]);
    expect((await get(`${SUBS}/index?category_id=${off.id}`)).json().data.total).toBe(1);

    // In use: the category holds a sub-category (and then a resource); the sub-category a resource.
    const refused = await post(`${CATEGORIES}/delete`, { id: nutrition.id });
    expect([refused.statusCode, refused.json().message]).toEqual([
      409,
      'This category is used by 1 resource or sub-category: move or delete it first, or switch the category off.',
    ]);
    expect(await auditOf('bari-resource-category.delete', nutrition.id)).toEqual([
      expect.objectContaining({ success: false, detail: { refused: 'in-use', 'resources and sub-categories': 1 } }),
    ]);
    const item = await stored(RESOURCES, resource(nutrition.id, { bari_resource_sub_category_id: protein.id }));
    const subRefused = await post(`${SUBS}/delete`, { id: protein.id });
    expect([subRefused.statusCode, subRefused.json().message]).toEqual([
      409,
      'This sub-category is used by 1 resource: move or delete it first, or switch the sub-category off.',
    ]);
    // A sub-category holding resources stays in its category.
    const moved = await post(`${SUBS}/update`, { id: protein.id, name: 'Protein shakes', category_id: off.id, status: 1 });
    expect([moved.statusCode, moved.json().errors]).toEqual([
      422,
      { category_id: ['This sub-category holds 1 resource of its category: move it first, or add a new sub-category to the other category.'] },
    ]);

    expect((await post(`${RESOURCES}/delete`, { id: item.id })).statusCode).toBe(200);
    expect((await post(`${SUBS}/delete`, { id: protein.id })).statusCode).toBe(200);
    expect((await post(`${CATEGORIES}/delete`, { id: nutrition.id })).json()).toEqual({ message: 'Category deleted successfully.' });
  });
});

describe('resources', () => {
  let category: number;
  let other: number;
  let sub: number;
  beforeAll(async () => {
    category = (await stored(CATEGORIES, { name: 'Test Videos' })).id;
    other = (await stored(CATEGORIES, { name: 'Test Podcasts' })).id;
    sub = (await stored(SUBS, { name: 'Exercise', category_id: category })).id;
  });

  it('stores with the defaults (active, last in order) and checks link, link type, engagement time and the sub-category', async () => {
    const first = await stored(RESOURCES, resource(category, { link_type: 'video', bari_resource_sub_category_id: sub }));
    expect(first).toMatchObject({
      title: 'Eating after surgery',
      link: 'https://example.com/eating',
      link_type: 'video',
      engagement_time: 12,
      preview_image: null,
      bari_resource_category_id: category,
      bari_resource_category_name: 'Test Videos',
      bari_resource_sub_category_id: sub,
      bari_resource_sub_category_name: 'Exercise',
      status: 1,
    });
    const second = await stored(RESOURCES, resource(category, { engagement_time: '' }));
    expect(second).toMatchObject({ engagement_time: null, bari_resource_sub_category_id: null, order_index: (first.order_index as number) + 1 });

    const bad = await post(`${RESOURCES}/store`, { title: ' ', link: 'not a link', link_type: 'book', engagement_time: 601 });
    expect([bad.statusCode, bad.json().errors]).toEqual([
      422,
      {
        title: ['Title is required.'],
        link: ['Please enter valid link.'],
        link_type: ['Please enter valid link type.'],
        engagement_time: ['Engagement time must be a whole number between 1 and 600.'],
        bari_resource_category_id: ['Category is required.'],
      },
    ]);
    for (const minutes of [0, 2.5, 'ten']) {
      const res = await post(`${RESOURCES}/store`, resource(category, { engagement_time: minutes }));
      expect([minutes, res.statusCode]).toEqual([minutes, 422]);
    }
    const noType = await post(`${RESOURCES}/store`, resource(category, { link_type: '' }));
    expect(noType.json().errors).toEqual({ link_type: ['Link type is required.'] });
    // The sub-category must be the chosen category's.
    const elsewhere = await post(`${RESOURCES}/store`, resource(other, { bari_resource_sub_category_id: sub }));
    expect([elsewhere.statusCode, elsewhere.json().errors]).toEqual([422, { bari_resource_sub_category_id: ['Please enter valid sub category.'] }]);

    const filtered = (await get(`${RESOURCES}?bari_resource_category_id=${category}&bari_resource_sub_category_id=${sub}`)).json().data;
    expect(filtered.data.map((r: { id: number }) => r.id)).toEqual([first.id]);
    const videos = (await get(`${RESOURCES}?bari_resource_category_id=${category}&link_type=video`)).json().data;
    expect(videos.data.map((r: { id: number }) => r.id)).toEqual([first.id]);
    expect((await get(`${RESOURCES}?link_type=book`)).json().errors).toEqual({ link_type: ['Please enter valid link type.'] });
  });

  it('reorders the records shown, within the places they held', async () => {
    const a = await stored(RESOURCES, resource(other, { title: 'Order A' }));
    const b = await stored(RESOURCES, resource(other, { title: 'Order B' }));
    const res = await post(`${RESOURCES}/update-indexes`, { ids: [b.id, a.id] });
    expect(res.json()).toEqual({
      data: [
        { id: b.id, order_index: a.order_index },
        { id: a.id, order_index: b.order_index },
      ],
      message: 'Resources order updated successfully.',
    });
    const listed = (await get(`${RESOURCES}?bari_resource_category_id=${other}&sort=order_index`)).json().data.data as { title: string }[];
    expect(listed.map((r) => r.title)).toEqual(['Order B', 'Order A']);
    expect((await post(`${RESOURCES}/update-indexes`, { ids: [a.id, 999_999] })).statusCode).toBe(404);
  });

  it('takes multipart form data with the preview image as a file (at least 400 × 225)', async () => {
    const form = await multipart(
      { title: 'Podcast: life after surgery', link: 'https://example.com/podcast', link_type: 'podcast', engagement_time: '45', bari_resource_category_id: String(other), status: '0' },
      { name: 'preview_image', filename: 'preview.png', type: 'image/png', bytes: await makePng(800, 450) },
    );
    const res = await t.call({ method: 'POST', url: `${RESOURCES}/store`, token: tokens[ROOT], payload: form.payload, headers: form.headers });
    expect(res.statusCode).toBe(201);
    const item = res.json().data;
    expect(item).toMatchObject({ link_type: 'podcast', engagement_time: 45, status: 0, preview_image: expect.stringMatching(/^\/uploads\/global\//) });
    const [row] = await t.app.db.select().from(bariResources).where(eq(bariResources.id, item.id));
    expect(row!.preview_image).toMatch(/^global\//);

    const small = await multipart(
      { id: String(item.id), title: 'Podcast', link: 'https://example.com/podcast', link_type: 'podcast', bari_resource_category_id: String(other), status: '0' },
      { name: 'preview_image', filename: 'tiny.png', type: 'image/png', bytes: await makePng(300, 200) },
    );
    const refused = await t.call({ method: 'POST', url: `${RESOURCES}/update`, token: tokens[ROOT], payload: small.payload, headers: small.headers });
    expect([refused.statusCode, refused.json().errors]).toEqual([422, { preview_image: ['Please upload preview image with minimum 400 * 225.'] }]);
  });

  it('refuses a super admin without manage_resources (403) on every call', async () => {
    for (const url of [RESOURCES, `${CATEGORIES}/index`, `${CATEGORIES}/all-active`, `${SUBS}/index`, `${SUBS}/by-category?categoryId=${category}`]) {
      const res = await get(url, ADMIN2);
      expect([url, res.statusCode]).toEqual([url, 403]);
    }
    const res = await post(`${RESOURCES}/store`, resource(category), ADMIN2);
    expect([res.statusCode, res.json()]).toEqual([403, { message: 'You do not have permission to do this.' }]);
  });
});
