import { and, eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../test/app';
import { auditRecords, howToItems, shopItems } from '../../../db/schema';
import { makePng, multipart } from '../../platform/uploads/__tests__/fixtures';

const ROOT = 'superadmin@baridesk.test';
const ADMIN2 = 'admin2@baridesk.test';
const GUIDES = '/api/admin/how-to-use-app';
const CATEGORIES = '/api/admin/how-to-use-app-category';
const SHOP = '/api/admin/manage-shop';

let t: TestApp;
let tokens: Record<string, string>;
beforeAll(async () => {
  t = await createTestApp();
  tokens = await t.signIn(ROOT, ADMIN2);
});
afterAll(() => t.close());

type Json = Record<string, unknown>;
const call = (method: string, url: string, payload?: object, who = ROOT) => t.call({ method: method as 'GET', url, token: tokens[who], ...(payload ? { payload } : {}) });
const created = async (url: string, payload: object) => {
  const res = await call('POST', url, payload);
  expect([res.statusCode, res.json().message]).toEqual([201, expect.any(String)]);
  return res.json().data as { id: number } & Json;
};
const auditOf = (action: string) => t.app.db.select().from(auditRecords).where(eq(auditRecords.action, action));
const form = async (fields: Record<string, string>, width = 600, height = 600) =>
  multipart(fields, { name: 'image', filename: 'item.png', type: 'image/png', bytes: await makePng(width, height) });
const send = async (url: string, body: { payload: Buffer; headers: Record<string, string> }) =>
  t.call({ method: 'POST', url, token: tokens[ROOT], headers: body.headers, payload: body.payload });

describe('how to use the app: categories', () => {
  it('lists, offers the active ones as options, stores and updates (PUT update/{id}) with a unique name', async () => {
    const basics = await created(`${CATEGORIES}/store`, { name: 'Test basics' });
    const off = await created(`${CATEGORIES}/store`, { name: 'Test archive', status: 0 });
    const list = (await call('GET', `${CATEGORIES}/list?search=test&perPage=All`)).json().data;
    expect(list.data.map((c: Json) => c.name)).toEqual(['Test archive', 'Test basics']);
    const select = (await call('GET', `${CATEGORIES}/select`)).json().data as Json[];
    expect(select).toContainEqual({ id: basics.id, name: 'Test basics' });
    expect(select.map((c) => c.id)).not.toContain(off.id);
    const renamed = await call('PUT', `${CATEGORIES}/update/${basics.id}`, { name: 'Test first steps', status: 1 });
    expect(renamed.json().data).toMatchObject({ id: basics.id, name: 'Test first steps' });
    const taken = await call('POST', `${CATEGORIES}/store`, { name: 'TEST ARCHIVE' });
    expect([taken.statusCode, taken.json().errors]).toEqual([422, { name: ['A category with this name already exists.'] }]);
  });

  it('switches several on or off and deletes several, refusing (409, none deleted) while guides name one', async () => {
    const a = await created(`${CATEGORIES}/store`, { name: 'Test bulk A' });
    const b = await created(`${CATEGORIES}/store`, { name: 'Test bulk B' });
    const used = await created(`${CATEGORIES}/store`, { name: 'Test bulk used' });
    await created(`${GUIDES}/store`, { title: 'Test guide in use', category_id: used.id });
    const off = await call('POST', `${CATEGORIES}/toggle-status-multiple`, { ids: [a.id, b.id], status: 0 });
    expect(off.json()).toEqual({ data: [{ id: a.id, status: 0 }, { id: b.id, status: 0 }], message: '2 how-to categories deactivated.' });
    const refused = await call('POST', `${CATEGORIES}/destroy-multiple`, { ids: [a.id, used.id] });
    expect([refused.statusCode, refused.json().message]).toEqual([409, '1 category of the selection is in use and cannot be deleted. Nothing was deleted.']);
    expect((await call('GET', `${CATEGORIES}/show/${a.id}`)).statusCode).toBe(200);
    const single = await call('DELETE', `${CATEGORIES}/destroy/${used.id}`);
    expect([single.statusCode, single.json().message]).toEqual([409, expect.stringMatching(/used by 1 guide/)]);
    expect((await call('POST', `${CATEGORIES}/destroy-multiple`, { ids: [a.id, b.id] })).json()).toEqual({ message: '2 how-to categories deleted.' });
    expect(await auditOf('how-to-category.delete-multiple')).toEqual([
      expect.objectContaining({ success: false, detail: { ids: [a.id, used.id], refused: 'in-use', in_use: [used.id], guides: 1 } }),
      expect.objectContaining({ success: true, detail: { ids: [a.id, b.id], labels: ['Test bulk A', 'Test bulk B'] } }),
    ]);
  });
});

describe('how to use the app: guides', () => {
  let category: number;
  beforeAll(async () => {
    category = (await created(`${CATEGORIES}/store`, { name: 'Test guides' })).id;
  });

  it('stores a guide with its category, sanitised description, video URL and image; shows and updates it (PUT update/{id})', async () => {
    const upload = await t.call({ method: 'POST', url: '/api/admin/uploads', token: tokens[ROOT], ...(await form({}, 960, 540)) });
    expect(upload.statusCode).toBe(201);
    const key = upload.json().data.key as string;
    const guide = await created(`${GUIDES}/store`, {
      title: 'Test logging a meal',
      category_id: category,
      description: '<p>Tap <strong>Add</strong></p><script>alert(1)</script>',
      video_url: 'https://videos.example.com/log-a-meal',
      image: key,
    });
    expect(guide).toMatchObject({
      category_id: category,
      category_name: 'Test guides',
      description: '<p>Tap <strong>Add</strong></p>',
      video_url: 'https://videos.example.com/log-a-meal',
      image: `/uploads/${key}`,
      status: 1,
    });
    expect((await call('GET', `${GUIDES}/show/${guide.id}`)).json().data.title).toBe('Test logging a meal');
    const updated = await call('PUT', `${GUIDES}/update/${guide.id}`, { title: 'Test logging meals', category_id: category, video_url: '', status: 1 });
    expect(updated.json().data).toMatchObject({ title: 'Test logging meals', video_url: null, image: `/uploads/${key}` });
  });

  it('refuses bad fields with 422 by field', async () => {
    const small = await t.call({ method: 'POST', url: '/api/admin/uploads', token: tokens[ROOT], ...(await form({}, 200, 100)) });
    const res = await call('POST', `${GUIDES}/store`, { title: '', category_id: null, video_url: 'not a link', image: small.json().data.key });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({
      title: ['Title is required.'],
      category_id: ['Category is required.'],
      video_url: ['Please enter valid video URL.'],
    });
    const image = await call('POST', `${GUIDES}/store`, { title: 'Test small', category_id: category, image: small.json().data.key });
    expect(image.json().errors).toEqual({ image: ['Please upload image with minimum 480 * 270.'] });
  });

  it('reorders, switches several and deletes several in one go, all or nothing', async () => {
    const ids: number[] = [];
    for (const title of ['Test order 1', 'Test order 2', 'Test order 3']) ids.push((await created(`${GUIDES}/store`, { title, category_id: category })).id);
    const [one, two, three] = ids as [number, number, number];
    expect((await call('POST', `${GUIDES}/reorder`, { ids: [three, one, two] })).statusCode).toBe(200);
    const listed = (await call('GET', `${GUIDES}/list?search=Test order&perPage=All`)).json().data.data as Json[];
    expect(listed.map((g) => g.title)).toEqual(['Test order 3', 'Test order 1', 'Test order 2']);
    expect((await call('POST', `${GUIDES}/toggle-status-multiple`, { ids: [one, two], status: 0 })).json().message).toBe('2 guides deactivated successfully.');
    expect((await call('GET', `${GUIDES}/list?search=Test order&status=0`)).json().data.total).toBe(2);
    expect((await call('POST', `${GUIDES}/destroy-multiple`, { ids: [one, 999_999] })).statusCode).toBe(404);
    expect((await call('POST', `${GUIDES}/destroy-multiple`, { ids: [one, two] })).json().message).toBe('2 guides deleted successfully.');
    expect(await t.app.db.select({ id: howToItems.id }).from(howToItems).where(eq(howToItems.id, one))).toEqual([]);
    expect((await call('DELETE', `${GUIDES}/destroy/${three}`)).json().message).toBe('Guide deleted successfully.');
    expect((await auditOf('how-to.toggle-status-multiple')).at(-1)).toMatchObject({ detail: { ids: [one, two], status: 0 } });
  });

  it('is for super admins with how_to_use_app', async () => {
    expect((await call('GET', `${GUIDES}/list`, undefined, ADMIN2)).statusCode).toBe(403);
    expect((await call('POST', `${CATEGORIES}/destroy-multiple`, { ids: [category] }, ADMIN2)).statusCode).toBe(403);
  });
});

describe('the shop', () => {
  it('stores an item of the path’s surgery type from a form (image as a file), and lists each type apart', async () => {
    const res = await send(`${SHOP}/surgical`, await form({ title: 'Test protein shake', link: 'https://shop.example.com/shake', description: 'Vanilla' }));
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({
      surgery_type: 'surgical',
      title: 'Test protein shake',
      is_default: 0,
      status: 1,
      image: expect.stringMatching(/^\/uploads\/global\//),
    });
    const surgical = (await call('GET', `${SHOP}/surgical?search=Test&perPage=All`)).json().data.data as Json[];
    expect(surgical.map((item) => item.title)).toContain('Test protein shake');
    const other = (await call('GET', `${SHOP}/non_surgical?search=Test protein&perPage=All`)).json().data.data as Json[];
    expect(other).toEqual([]);
    const bad = await call('GET', `${SHOP}/bariatric`);
    expect([bad.statusCode, bad.json().errors]).toEqual([422, { surgery_type: ['Please enter valid surgery type.'] }]);
    const missing = await send(`${SHOP}/non_surgical`, await form({ title: 'Test no link' }));
    expect([missing.statusCode, missing.json().errors]).toEqual([422, { link: ['Link is required.'] }]);
    const small = await send(`${SHOP}/non_surgical`, await form({ title: 'Test small', link: 'https://shop.example.com/x' }, 100, 100));
    expect(small.json().errors).toEqual({ image: ['Please upload image with minimum 300 * 300.'] });
  });

  it('shows, updates (POST with _method=PUT, multipart), switches and deletes an item at {id}/{surgery_type} only', async () => {
    const item = await created(`${SHOP}/non_surgical`, { title: 'Test scale', link: 'https://shop.example.com/scale' });
    expect((await call('GET', `${SHOP}/${item.id}/non_surgical`)).json().data.title).toBe('Test scale');
    expect((await call('GET', `${SHOP}/${item.id}/surgical`)).statusCode).toBe(404);
    const updated = await send(`${SHOP}/${item.id}/non_surgical`, await form({ _method: 'PUT', title: 'Test smart scale', link: 'https://shop.example.com/scale', status: '1' }));
    expect([updated.statusCode, updated.json().data.title]).toEqual([200, 'Test smart scale']);
    const wrongVerb = await send(`${SHOP}/${item.id}/non_surgical`, await form({ _method: 'DELETE', title: 'x', link: 'https://shop.example.com/x' }));
    expect([wrongVerb.statusCode, wrongVerb.json().errors]).toEqual([422, { _method: ['The method must be POST or PUT.'] }]);
    const toggled = await call('PATCH', `${SHOP}/toggle-status/${item.id}/non_surgical`, { status: 0 });
    expect(toggled.json().data).toEqual({ id: item.id, status: 0 });
    expect((await call('DELETE', `${SHOP}/${item.id}/surgical`)).statusCode).toBe(404);
    expect((await call('DELETE', `${SHOP}/${item.id}/non_surgical`)).json().message).toBe('Shop item deleted successfully.');
  });

  it('makes one item the default of its type; the old default loses it; an inactive item is refused; switching the default off clears it', async () => {
    const first = await created(`${SHOP}/surgical`, { title: 'Test default 1', link: 'https://shop.example.com/1' });
    const second = await created(`${SHOP}/surgical`, { title: 'Test default 2', link: 'https://shop.example.com/2' });
    const other = await created(`${SHOP}/non_surgical`, { title: 'Test default other', link: 'https://shop.example.com/3' });
    const defaults = async () =>
      (await t.app.db.select({ id: shopItems.id, type: shopItems.surgery_type }).from(shopItems).where(eq(shopItems.is_default, 1))).sort((a, b) => a.type.localeCompare(b.type));

    expect((await call('PATCH', `${SHOP}/make-default/${other.id}/non_surgical`)).statusCode).toBe(200);
    // The seed's default of the type, if it has one, is the one replaced.
    const seeded = (await defaults()).find((row) => row.type === 'surgical')?.id ?? null;
    const made = await call('PATCH', `${SHOP}/make-default/${first.id}/surgical`);
    expect(made.json()).toEqual({ data: { id: first.id, is_default: 1, previous: seeded }, message: 'Default shop item updated successfully.' });
    const moved = await call('PATCH', `${SHOP}/make-default/${second.id}/surgical`);
    expect(moved.json().data).toEqual({ id: second.id, is_default: 1, previous: first.id });
    expect(await defaults()).toEqual([{ id: other.id, type: 'non_surgical' }, { id: second.id, type: 'surgical' }]);
    expect((await call('GET', `${SHOP}/${first.id}/surgical`)).json().data.is_default).toBe(0);
    expect((await call('PATCH', `${SHOP}/make-default/${second.id}/non_surgical`)).statusCode).toBe(404);
    expect((await call('PATCH', `${SHOP}/make-default/${second.id}/other`)).statusCode).toBe(422);
    expect((await t.app.db.select().from(auditRecords).where(and(eq(auditRecords.action, 'shop-item.make-default'), eq(auditRecords.entity_id, String(second.id))))).at(-1)).toMatchObject({
      detail: { surgery_type: 'surgical', previous: first.id },
    });

    await call('PATCH', `${SHOP}/toggle-status/${second.id}/surgical`, { status: 0 });
    expect(await defaults()).toEqual([{ id: other.id, type: 'non_surgical' }]);
    const inactive = await call('PATCH', `${SHOP}/make-default/${second.id}/surgical`);
    expect([inactive.statusCode, inactive.json().message]).toEqual([409, 'Only an active item can be the default: switch it on first.']);
  });

  it('is for super admins with manage_shop', async () => {
    expect((await call('GET', `${SHOP}/surgical`, undefined, ADMIN2)).statusCode).toBe(403);
    expect((await call('PATCH', `${SHOP}/make-default/1/surgical`, undefined, ADMIN2)).statusCode).toBe(403);
  });
});
