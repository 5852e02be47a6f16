import { and, eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../test/app';
import { auditRecords, permissions, recipes, superAdminPermissions } from '../../../db/schema';
import { makePng, multipart } from '../../platform/uploads/__tests__/fixtures';
import { sanitizeRichText } from '../../platform/rich-text';

const ROOT = 'superadmin@baridesk.test';
const ADMIN2 = 'admin2@baridesk.test';
const RECIPES = '/api/admin/manage-recipes';
const CATEGORIES = '/api/admin/manage-recipes/category';

let t: TestApp;
let tokens: Record<string, string>;
beforeAll(async () => {
  t = await createTestApp();
  tokens = await t.signIn(ROOT, ADMIN2);
});
afterAll(() => t.close());

const get = (url: string, who = ROOT) => t.call({ method: 'GET', url, token: tokens[who] });
const post = (url: string, payload: object, who = ROOT) => t.call({ method: 'POST', url, token: tokens[who], payload });
const stored = async (url: string, payload: object, who = ROOT) => {
  const res = await post(`${url}/store`, payload, who);
  expect(res.statusCode).toBe(201);
  return res.json().data as { id: number } & Record<string, unknown>;
};
const auditOf = (action: string, id: number) =>
  t.app.db.select().from(auditRecords).where(and(eq(auditRecords.action, action), eq(auditRecords.entity_id, String(id))));

let breakfast: number;
let lunch: number;
let retired: number;
beforeAll(async () => {
  breakfast = (await stored(CATEGORIES, { name: 'Test Breakfast' })).id;
  lunch = (await stored(CATEGORIES, { name: 'Test Lunch' })).id;
  retired = (await stored(CATEGORIES, { name: 'Test Retired', status: 0 })).id;
});

describe('recipe categories', () => {
  it('offers the active ones at category/all and refuse a delete while a recipe is filed under one (409)', async () => {
    const all = (await get(`${CATEGORIES}/all`)).json().data as { id: number; name: string }[];
    expect(all).toEqual(expect.arrayContaining([{ id: breakfast, name: 'Test Breakfast' }, { id: lunch, name: 'Test Lunch' }]));
    expect(all.map((c) => c.id)).not.toContain(retired);
    expect((await get(`${CATEGORIES}?search=test%20l`)).json().data.data.map((c: { name: string }) => c.name)).toEqual(['Test Lunch']);
    const taken = await post(`${CATEGORIES}/store`, { name: 'test lunch' });
    expect([taken.statusCode, taken.json().errors]).toEqual([422, { name: ['A category with this name already exists.'] }]);

    const spare = await stored(CATEGORIES, { name: 'Test Spare' });
    const recipe = await stored(RECIPES, { name: 'Spare soup', category_ids: [lunch, spare.id] });
    const refused = await post(`${CATEGORIES}/delete`, { id: spare.id });
    expect([refused.statusCode, refused.json().message]).toEqual([409, 'This category is used by 1 recipe: move or delete it first, or switch the category off.']);
    await post(`${RECIPES}/update`, { ...recipe, category_ids: [lunch], status: 0 });
    expect((await post(`${CATEGORIES}/delete`, { id: spare.id })).json()).toEqual({ message: 'Category deleted successfully.' });
  });
});

describe('recipes', () => {
  it('holds the demo recipes: filed under several categories, with nutrition facts, one a draft', async () => {
    const page = (await get(`${RECIPES}?search=turkey`)).json().data;
    expect(page.data).toEqual([
      expect.objectContaining({
        name: 'Turkey chili',
        category_names: ['High protein', 'Lunch and dinner'],
        nf_calories: 240,
        nf_protein: 24,
        nf_totalItem: 6,
        status: 1,
        user_id: 48,
        ingredient: expect.stringContaining('<li>500 g lean ground turkey</li>'),
      }),
    ]);
    expect((await get(`${RECIPES}?status=0&search=peanut`)).json().data.total).toBe(1);
    // The seed writes rich text as the sanitiser leaves it, so an unchanged edit saves the same text.
    const seeded = await t.app.db.select({ ingredient: recipes.ingredient, recipe: recipes.recipe }).from(recipes).where(eq(recipes.user_id, 48));
    const texts = seeded.flatMap((row) => [row.ingredient, row.recipe]).filter((text): text is string => text !== null);
    expect(texts.length).toBeGreaterThanOrEqual(10);
    for (const text of texts) expect(sanitizeRichText(text)).toBe(text);
  });

  it('stores a draft by default, written by the saving super admin, with its categories named and rich text cleaned', async () => {
    const created = await stored(RECIPES, {
      name: '  Protein pancakes ',
      category_ids: [lunch, breakfast, lunch],
      ingredient: '<ul><li>2 eggs</li><li>30 g oats</li></ul><script>alert(1)</script>',
      recipe: '<p onclick="x()">Blend and fry.</p>',
      nf_calories: 320.5,
      nf_protein: '24',
      nf_totalItem: 2,
      nf_serving_size_unit: 'pancake',
    });
    expect(created).toMatchObject({
      name: 'Protein pancakes',
      // Repeats dropped; the names in alphabetical order.
      category_ids: [lunch, breakfast],
      category_names: ['Test Breakfast', 'Test Lunch'],
      ingredient: '<ul><li>2 eggs</li><li>30 g oats</li></ul>',
      recipe: '<p>Blend and fry.</p>',
      status: 0,
      recipes_flag: 0,
      nt_check: 0,
      user_id: 48,
      user_name: 'Avery Collins',
      picture: null,
      nf_calories: 320.5,
      nf_protein: 24,
      nf_totalItem: 2,
      nf_serving_size_unit: 'pancake',
      nf_sodium: null,
    });
    expect(await auditOf('recipe.create', created.id)).toEqual([expect.objectContaining({ detail: { name: 'Protein pancakes', status: 0 } })]);

    // Another super admin with manage_recipe is the author of what they store; an update keeps the author.
    const [permission] = await t.app.db.select().from(permissions).where(eq(permissions.slug, 'manage_recipe'));
    await t.app.db.insert(superAdminPermissions).values({ super_admin_id: 49, permission_id: permission!.id });
    const morgan = await t.login(ADMIN2);
    const theirs = (await t.call({ method: 'POST', url: `${RECIPES}/store`, token: morgan, payload: { name: 'Green smoothie', category_ids: [breakfast] } })).json().data;
    expect(theirs).toMatchObject({ user_id: 49, user_name: 'Morgan Reyes', status: 0 });
    const edited = await post(`${RECIPES}/update`, { id: theirs.id, name: 'Green smoothie', category_ids: `${lunch}`, status: 1, user_id: 7 });
    expect(edited.json().data).toMatchObject({ user_id: 49, category_ids: [lunch], status: 1 });
    expect(await auditOf('recipe.update', theirs.id)).toEqual([
      expect.objectContaining({ detail: { name: 'Green smoothie', changed: ['category_ids', 'status'] } }),
    ]);
  });

  it('checks the categories and every nutrition value', async () => {
    const none = await post(`${RECIPES}/store`, { name: 'Nothing', category_ids: [] });
    expect([none.statusCode, none.json().errors]).toEqual([422, { category_ids: ['Please choose at least one category.'] }]);
    const unknown = await post(`${RECIPES}/store`, { name: 'Unknown', category_ids: [breakfast, 999_999] });
    expect([unknown.statusCode, unknown.json().errors]).toEqual([422, { category_ids: ['Please choose categories from the list.'] }]);
    for (const ids of [['x'], [0], '1,,2', [1.5], { 0: 1 }]) {
      const res = await post(`${RECIPES}/store`, { name: 'Bad', category_ids: ids });
      expect([ids, res.statusCode, res.json().errors]).toEqual([ids, 422, { category_ids: ['The id must be a positive integer.'] }]);
    }
    // A switched-off category still names a recipe category (a recipe keeps its filing).
    expect((await post(`${RECIPES}/store`, { name: 'Old favourite', category_ids: [retired] })).statusCode).toBe(201);

    const bad = await post(`${RECIPES}/store`, { name: '', category_ids: [breakfast], nf_calories: -1, nf_sugars: 'lots', nf_totalItem: 1.5, nf_type: 'x'.repeat(33) });
    expect([bad.statusCode, bad.json().errors]).toEqual([
      422,
      {
        name: ['Name is required.'],
        nf_calories: ['Calories must be a number between 0 and 99999999.99.'],
        nf_sugars: ['Sugars (g) must be a number between 0 and 99999999.99.'],
        nf_totalItem: ['Servings in the recipe must be a whole number between 0 and 2147483647.'],
        nf_type: ['Nutrition type may not be greater than 32 characters.'],
      },
    ]);
  });

  it('takes form data with the picture as a file part and the categories as one text', async () => {
    const form = await multipart(
      { name: 'Chicken salad', category_ids: `${lunch},${breakfast}`, nf_calories: '410', nf_total_fat: '12.25', recipes_flag: '1', nt_check: '1', item_name: 'Chicken salad', status: '1' },
      { name: 'picture', filename: 'salad.png', type: 'image/png', bytes: await makePng(800, 450) },
    );
    const res = await t.call({ method: 'POST', url: `${RECIPES}/store`, token: tokens[ROOT], payload: form.payload, headers: form.headers });
    expect(res.statusCode).toBe(201);
    const recipe = res.json().data;
    expect(recipe).toMatchObject({
      category_ids: [lunch, breakfast],
      nf_calories: 410,
      nf_total_fat: 12.25,
      recipes_flag: 1,
      nt_check: 1,
      item_name: 'Chicken salad',
      status: 1,
      picture: expect.stringMatching(/^\/uploads\/global\//),
    });
    const [row] = await t.app.db.select({ picture: recipes.picture, categories: recipes.category_ids }).from(recipes).where(eq(recipes.id, recipe.id));
    expect(row).toEqual({ picture: expect.stringMatching(/^global\//), categories: [lunch, breakfast] });

    const small = await multipart({ id: String(recipe.id), name: 'Chicken salad', category_ids: String(lunch), status: '1' }, {
      name: 'picture',
      filename: 'tiny.png',
      type: 'image/png',
      bytes: await makePng(200, 200),
    });
    const refused = await t.call({ method: 'POST', url: `${RECIPES}/update`, token: tokens[ROOT], payload: small.payload, headers: small.headers });
    expect([refused.statusCode, refused.json().errors]).toEqual([422, { picture: ['Please upload picture with minimum 400 * 225.'] }]);
  });

  it('lists the recipes filed under one category, searched and by status; shows, switches and deletes one', async () => {
    const only = await stored(CATEGORIES, { name: 'Test Only' });
    const a = await stored(RECIPES, { name: 'Filter apple pie', category_ids: [only.id, breakfast] });
    const b = await stored(RECIPES, { name: 'Filter banana bread', category_ids: [only.id], status: 1 });
    await stored(RECIPES, { name: 'Filter carrot cake', category_ids: [breakfast] });
    const filed = (await get(`${RECIPES}?category_id=${only.id}&sort=name`)).json().data;
    expect(filed.data.map((r: { name: string }) => r.name)).toEqual(['Filter apple pie', 'Filter banana bread']);
    expect((await get(`${RECIPES}?category_id=${only.id}&status=0`)).json().data.data.map((r: { id: number }) => r.id)).toEqual([a.id]);
    expect((await get(`${RECIPES}?search=filter&perPage=All`)).json().data.total).toBe(3);
    expect((await get(`${RECIPES}?category_id=abc`)).json().errors).toEqual({ category_id: ['The id must be a positive integer.'] });

    expect((await get(`${RECIPES}/${b.id}`)).json().data).toMatchObject({ name: 'Filter banana bread', category_names: ['Test Only'] });
    expect((await post(`${RECIPES}/toggle-status`, { id: a.id, status: 1 })).json()).toEqual({ data: { id: a.id, status: 1 }, message: 'Recipe status updated successfully.' });
    expect((await post(`${RECIPES}/delete`, { id: a.id })).json()).toEqual({ message: 'Recipe deleted successfully.' });
    expect((await get(`${RECIPES}/${a.id}`)).json()).toEqual({ message: 'Recipe not found.' });
  });

  it('refuses a super admin without manage_recipe (403)', async () => {
    // Before the grant of the first test: admin2's first session has its permissions of sign-in.
    const [permission] = await t.app.db.select().from(permissions).where(eq(permissions.slug, 'manage_recipe'));
    await t.app.db.delete(superAdminPermissions).where(and(eq(superAdminPermissions.super_admin_id, 49), eq(superAdminPermissions.permission_id, permission!.id)));
    const fresh = await t.login(ADMIN2);
    for (const url of [RECIPES, `${RECIPES}/category/all`, CATEGORIES]) {
      const res = await t.call({ method: 'GET', url, token: fresh });
      expect([url, res.statusCode]).toEqual([url, 403]);
    }
  });
});
