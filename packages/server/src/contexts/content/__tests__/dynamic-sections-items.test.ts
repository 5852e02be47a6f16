/**
 * A dynamic section's items, categories and sub-categories (staff-area section 7): the kit's resources
 * partitioned by section_id, under /api/content/dynamic-content-section/{section,category,sub-category}.
 */
import { eq, inArray } from 'drizzle-orm';
import { CONTENT_CATEGORY_MESSAGES, DYNAMIC_SECTION_MESSAGES } from '@baridesk/contracts';
import { contentCategories, contentItems, contentSubCategories } from '../../../db/schema';
import { STAFF_CALLERS, routeSuite } from '../../../test/app';
import { makePng } from '../../platform/uploads/__tests__/fixtures';

const { NORTH, STAFF, SELF_SERVICE, LAKE } = STAFF_CALLERS;
type Caller = (typeof STAFF_CALLERS)[keyof typeof STAFF_CALLERS];
const BASE = '/api/content/dynamic-content-section';
const t = routeSuite(BASE);

let tokens: Record<string, string>;
beforeAll(async () => {
  tokens = await t.signIn(NORTH, STAFF, SELF_SERVICE, LAKE);
});

type Row = { id: number; [key: string]: unknown };
const call = (method: 'GET' | 'POST' | 'DELETE', path: string, who: Caller, payload?: object) =>
  t.call({ method, url: `${BASE}${path}`, token: tokens[who], ...(payload ? { payload } : {}) });
const created = async (path: string, who: Caller, payload: object): Promise<Row> => {
  const res = await call('POST', `${path}/store`, who, payload);
  expect({ path, status: res.statusCode, body: res.statusCode === 201 ? undefined : res.json() }).toEqual({ path, status: 201, body: undefined });
  return res.json().data;
};
const newSection = async (name: string, who: Caller = NORTH) => (await created('', who, { name })).id;
const listed = async (path: string, who: Caller, query: string) => {
  const res = await call('GET', `${path}?${query}`, who);
  expect(res.statusCode).toBe(200);
  return res.json().data.data as Row[];
};
/** A real image stored the way POST /api/uploads stores it, for the program of `programId`. */
const uploaded = async (programId = 101) =>
  (await t.app.uploads.store(await makePng(800, 450), { field: 'image', kind: 'image' }, { programId })).key;

describe("a section's content", () => {
  it('is added by any staff member: a category, its sub-category, and an item with rich text and an image', async () => {
    const section = await newSection('Recipes for the first month');
    const category = await created('/category', STAFF, { section_id: section, name: 'Breakfast' });
    expect(category).toMatchObject({ section_id: section, name: 'Breakfast', status: 1 });
    const sub = await created('/sub-category', SELF_SERVICE, { section_id: section, category_id: category.id, name: 'Smoothies' });
    expect(sub).toMatchObject({ section_id: section, category_id: category.id, category_name: 'Breakfast' });

    const image = await uploaded();
    const item = await created('/section', STAFF, {
      section_id: section,
      title: 'Protein smoothie',
      body: '<p>Blend <strong>slowly</strong>.</p><script>alert(1)</script>',
      image,
      link: 'https://example.org/smoothie',
      video_url: 'https://videos.example.org/smoothie',
      category_id: category.id,
      sub_category_id: sub.id,
    });
    expect(item).toMatchObject({
      section_id: section,
      title: 'Protein smoothie',
      body: '<p>Blend <strong>slowly</strong>.</p>',
      image: `/uploads/${image}`,
      category_name: 'Breakfast',
      sub_category_name: 'Smoothies',
      status: 1,
    });
    expect(await t.auditOf('dynamic-section-item.create', item.id)).toHaveLength(1);
    const [stored] = await t.app.db.select().from(contentItems).where(eq(contentItems.id, item.id));
    expect(stored).toMatchObject({ menu: 'dynamic-section', section_id: section, program_id: 101, image });

    expect((await call('GET', `/section/${item.id}`, STAFF)).json().data).toMatchObject({ id: item.id, title: 'Protein smoothie' });
    expect((await listed('/section', STAFF, `section_id=${section}`)).map((row) => row.title)).toEqual(['Protein smoothie']);
    expect((await call('GET', `/category/all?section_id=${section}`, STAFF)).json().data).toEqual([{ id: category.id, name: 'Breakfast' }]);
    expect((await call('GET', `/sub-category/by-category-id?section_id=${section}&categoryId=${category.id}`, STAFF)).json().data).toEqual([
      { id: sub.id, name: 'Smoothies' },
    ]);
  });

  it("keeps each section's lists apart: another section's categories are not named, and names repeat across sections", async () => {
    const one = await newSection('Exercise at home');
    const two = await newSection('Exercise outdoors');
    const oneCategory = await created('/category', NORTH, { section_id: one, name: 'Stretching' });
    await created('/category', NORTH, { section_id: two, name: 'Stretching' });
    const taken = await call('POST', '/category/store', NORTH, { section_id: one, name: 'stretching' });
    expect(taken.json()).toMatchObject({ errors: { name: [CONTENT_CATEGORY_MESSAGES.nameTaken] } });

    const wrong = await call('POST', '/section/store', NORTH, { section_id: two, title: 'Calf stretch', category_id: oneCategory.id });
    expect(wrong.statusCode).toBe(422);
    expect(Object.keys(wrong.json().errors)).toEqual(['category_id']);
    const subWrong = await call('POST', '/sub-category/store', NORTH, { section_id: two, name: 'Legs', category_id: oneCategory.id });
    expect(Object.keys(subWrong.json().errors)).toEqual(['category_id']);

    await created('/section', NORTH, { section_id: one, title: 'Wall stretch' });
    expect(await listed('/section', NORTH, `section_id=${two}`)).toEqual([]);
    expect((await listed('/category', NORTH, `section_id=${one}`)).map((row) => row.name)).toEqual(['Stretching']);

    // An update cannot move an item to another section.
    const item = (await listed('/section', NORTH, `section_id=${one}`))[0]!;
    await call('POST', '/section/update', NORTH, { id: item.id, section_id: two, title: 'Wall stretch', status: 1 });
    expect((await call('GET', `/section/${item.id}`, NORTH)).json().data.section_id).toBe(one);
  });

  it('needs its section: missing is a field error, and bad input is a 422 with the field map', async () => {
    const missing = await call('GET', '/section', NORTH);
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors).toEqual({ section_id: ['Section is required.'] });
    const section = await newSection('Rules of the form');
    const bad = await call('POST', '/section/store', NORTH, { section_id: section, title: ' ', link: 'not a link', video_url: 'ftp:/x' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual({
      title: ['Title is required.'],
      link: ['Please enter valid link.'],
      video_url: ['Please enter valid video URL.'],
    });
  });

  it("answers 404 for another program's section and for its items, categories and sub-categories", async () => {
    const lakeSection = await newSection('Lakeview recipes', LAKE);
    const lakeCategory = await created('/category', LAKE, { section_id: lakeSection, name: 'Lunch' });
    const lakeSub = await created('/sub-category', LAKE, { section_id: lakeSection, category_id: lakeCategory.id, name: 'Soups' });
    const lakeItem = await created('/section', LAKE, { section_id: lakeSection, title: 'Lentil soup', category_id: lakeCategory.id });

    const refused = async (method: 'GET' | 'POST' | 'DELETE', path: string, payload?: object) => {
      const res = await call(method, path, NORTH, payload);
      return { path, status: res.statusCode };
    };
    const answers = [
      await refused('GET', `/section?section_id=${lakeSection}`),
      await refused('POST', '/section/store', { section_id: lakeSection, title: 'Mine now' }),
      await refused('POST', `/section/update-indexes?section_id=${lakeSection}`, { ids: [lakeItem.id] }),
      await refused('GET', `/category?section_id=${lakeSection}`),
      await refused('GET', `/category/all?section_id=${lakeSection}`),
      await refused('POST', '/category/store', { section_id: lakeSection, name: 'Mine now' }),
      await refused('GET', `/sub-category/by-category-id?section_id=${lakeSection}&categoryId=${lakeCategory.id}`),
      await refused('GET', `/section/${lakeItem.id}`),
      await refused('POST', '/section/update', { id: lakeItem.id, title: 'Mine now', status: 1 }),
      await refused('POST', '/section/toggle-status', { id: lakeItem.id, status: 0 }),
      await refused('DELETE', `/section/delete?id=${lakeItem.id}`),
      await refused('GET', `/category/show/${lakeCategory.id}`),
      await refused('DELETE', `/category/delete?id=${lakeCategory.id}`),
      await refused('POST', '/sub-category/update', { id: lakeSub.id, name: 'Mine now', category_id: lakeCategory.id, status: 1 }),
      await refused('DELETE', `/sub-category/delete?id=${lakeSub.id}`),
    ];
    expect(answers).toEqual(answers.map(({ path }) => ({ path, status: 404 })));
    expect((await call('GET', `/section?section_id=${lakeSection}`, NORTH)).json()).toEqual({ message: DYNAMIC_SECTION_MESSAGES.notFound });
    expect((await call('GET', `/section/${lakeItem.id}`, LAKE)).json().data).toMatchObject({ title: 'Lentil soup', status: 1 });
    expect((await listed('/sub-category', LAKE, `section_id=${lakeSection}`)).map((row) => row.name)).toEqual(['Soups']);
  });

  it('keeps a category its items or sub-categories name (409), and re-orders items within the section', async () => {
    const section = await newSection('Order of things');
    const category = await created('/category', STAFF, { section_id: section, name: 'Snacks' });
    const sub = await created('/sub-category', STAFF, { section_id: section, category_id: category.id, name: 'Crunchy' });
    const first = await created('/section', STAFF, { section_id: section, title: 'First', category_id: category.id, sub_category_id: sub.id });
    const second = await created('/section', STAFF, { section_id: section, title: 'Second' });
    const third = await created('/section', STAFF, { section_id: section, title: 'Third' });

    expect((await call('DELETE', `/category/delete?id=${category.id}`, STAFF)).statusCode).toBe(409);
    expect((await call('DELETE', `/sub-category/delete?id=${sub.id}`, STAFF)).statusCode).toBe(409);

    const reordered = await call('POST', `/section/update-indexes?section_id=${section}`, STAFF, { ids: [third.id, first.id, second.id] });
    expect(reordered.statusCode).toBe(200);
    expect((await listed('/section', STAFF, `section_id=${section}`)).map((row) => row.title)).toEqual(['Third', 'First', 'Second']);
    // Ids of another section are not part of this one's order.
    const other = await newSection('Another order');
    const stranger = await created('/section', STAFF, { section_id: other, title: 'Elsewhere' });
    expect((await call('POST', `/section/update-indexes?section_id=${section}`, STAFF, { ids: [stranger.id, first.id] })).statusCode).toBe(404);

    const off = await call('POST', '/section/toggle-status', SELF_SERVICE, { id: first.id, status: 0 });
    expect(off.json()).toMatchObject({ data: { id: first.id, status: 0 } });
    expect((await call('DELETE', `/section/delete?id=${first.id}`, STAFF)).statusCode).toBe(200);
    expect((await call('DELETE', `/sub-category/delete?id=${sub.id}`, STAFF)).statusCode).toBe(200);
    expect((await call('DELETE', `/category/delete?id=${category.id}`, STAFF)).statusCode).toBe(200);
  });

  it('goes with its section: deleting the section removes its items, categories, sub-categories and their images', async () => {
    const section = await newSection('Short-lived section');
    const categoryImage = await uploaded();
    const category = await created('/category', STAFF, { section_id: section, name: 'Dinner', image: categoryImage });
    const sub = await created('/sub-category', STAFF, { section_id: section, category_id: category.id, name: 'Fish' });
    const itemImage = await uploaded();
    const item = await created('/section', STAFF, { section_id: section, title: 'Baked salmon', image: itemImage, category_id: category.id, sub_category_id: sub.id });
    const keep = await newSection('Stays');
    const kept = await created('/section', STAFF, { section_id: keep, title: 'Still here' });

    const res = await call('DELETE', `/delete?id=${section}`, NORTH);
    expect(res.json()).toEqual({ message: DYNAMIC_SECTION_MESSAGES.deleted });
    expect(await t.app.db.select().from(contentItems).where(inArray(contentItems.id, [item.id, kept.id]))).toEqual([
      expect.objectContaining({ id: kept.id }),
    ]);
    expect(await t.app.db.select().from(contentCategories).where(eq(contentCategories.id, category.id))).toEqual([]);
    expect(await t.app.db.select().from(contentSubCategories).where(eq(contentSubCategories.id, sub.id))).toEqual([]);
    expect(await t.app.storage.exists(itemImage)).toBe(false);
    expect(await t.app.storage.exists(categoryImage)).toBe(false);
    expect((await call('GET', `/section?section_id=${section}`, STAFF)).statusCode).toBe(404);
  });
});
