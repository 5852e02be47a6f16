/**
 * Dynamic content sections (staff-area sections 2, 3, 5, 7, 8): the sections themselves. Their items,
 * categories and sub-categories: dynamic-sections-items.test.ts.
 */
import { DYNAMIC_SECTION_MESSAGES } from '@baridesk/contracts';
import { STAFF_CALLERS, routeSuite } from '../../../test/app';

const { NORTH, STAFF, SELF_SERVICE, LAKE } = STAFF_CALLERS;
const t = routeSuite('/api/content/dynamic-content-section');

type Section = { id: number; name: string; status: 0 | 1; order_index: number };

const store = async (name: string, who: typeof NORTH | typeof LAKE = NORTH, status?: 0 | 1): Promise<Section> => {
  const res = await t.post('/store', who, { name, ...(status === undefined ? {} : { status }) });
  expect(res.statusCode).toBe(201);
  return res.json().data;
};
type Caller = (typeof STAFF_CALLERS)[keyof typeof STAFF_CALLERS];
let tokens: Record<string, string>;
beforeAll(async () => {
  tokens = await t.signIn(NORTH, STAFF, SELF_SERVICE, LAKE);
});

/** The sections the caller's sidebar lists, in its order. */
const sidebarNames = async (who: Caller) => {
  const res = await t.call({ method: 'GET', url: '/api/sidebar-menu', token: tokens[who] });
  return (res.json().data.dynamicContentSections as { name: string }[]).map((section) => section.name);
};
/** DELETE delete?id= (the kit's delete of a GET-or-DELETE route takes the id in the query). */
const del = (id: number, who: Caller) => t.call({ method: 'DELETE', url: `/api/content/dynamic-content-section/delete?id=${id}`, token: tokens[who] });

describe('a section', () => {
  it('is added active by default, last in the order, with the spec\'s notice, and audited', async () => {
    const first = await store('Meal ideas');
    const res = await t.post('/store', NORTH, { name: '  Exercise videos  ' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ data: { name: 'Exercise videos', status: 1 }, message: 'Dynamic section added successfully' });
    expect(res.json().data.order_index).toBeGreaterThan(first.order_index);
    expect(await t.auditOf('dynamic-section.create', res.json().data.id)).toHaveLength(1);
  });

  it('refuses an empty or taken name with field errors (422)', async () => {
    const empty = await t.post('/store', NORTH, { name: ' ' });
    expect(empty.statusCode).toBe(422);
    expect(empty.json().errors).toEqual({ name: ['Name is required.'] });
    const taken = await t.post('/store', NORTH, { name: 'MEAL IDEAS' });
    expect(taken.statusCode).toBe(422);
    expect(taken.json().errors).toEqual({ name: [DYNAMIC_SECTION_MESSAGES.nameTaken] });
    // Another program may use the same name.
    await store('Meal ideas', LAKE);
  });

  it('is read by every staff member and changed by the sub user only', async () => {
    const section = await store('Only the sub user changes me');
    for (const who of [STAFF, SELF_SERVICE]) {
      expect((await t.get(`/show/${section.id}`, who)).json().data).toMatchObject({ id: section.id, name: 'Only the sub user changes me' });
      expect((await t.get('?perPage=All', who)).statusCode).toBe(200);
      await t.expectEach(
        who,
        [
          ['POST', '/store', { name: 'Not mine to add' }],
          ['POST', '/update', { id: section.id, name: 'Renamed by staff', status: 1 }],
          ['POST', '/toggle-status', { id: section.id, status: 0 }],
          ['POST', '/update-indexes', { ids: [section.id] }],
        ],
        { status: 403 },
      );
      expect((await del(section.id, who)).statusCode).toBe(403);
    }
    expect((await t.get(`/show/${section.id}`, NORTH)).json().data).toMatchObject({ name: 'Only the sub user changes me', status: 1 });
  });

  it("answers 404 for another program's section, and changes nothing of it", async () => {
    const lakes = await store('Lakeview only', LAKE);
    await t.expectEach(
      NORTH,
      [
        ['GET', `/show/${lakes.id}`],
        ['POST', '/update', { id: lakes.id, name: 'Taken over', status: 1 }],
        ['POST', '/toggle-status', { id: lakes.id, status: 0 }],
        ['POST', '/update-indexes', { ids: [lakes.id] }],
      ],
      { status: 404, body: { message: DYNAMIC_SECTION_MESSAGES.notFound } },
    );
    expect((await del(lakes.id, NORTH)).statusCode).toBe(404);
    expect((await t.get(`/show/${lakes.id}`, LAKE)).json().data).toMatchObject({ name: 'Lakeview only', status: 1 });
    expect((await t.get('?perPage=All', NORTH)).json().data.data.map((s: Section) => s.name)).not.toContain('Lakeview only');
  });

  it('is renamed, switched off and on, and removed, as the sidebar shows', async () => {
    const section = await store('Before the rename');
    const renamed = await t.post('/update', NORTH, { id: section.id, name: 'After the rename', status: 1 });
    expect(renamed.json()).toMatchObject({ data: { name: 'After the rename' }, message: DYNAMIC_SECTION_MESSAGES.updated });
    expect(await sidebarNames(STAFF)).toContain('After the rename');

    const off = await t.post('/toggle-status', NORTH, { id: section.id, status: 0 });
    expect(off.json()).toEqual({ data: { id: section.id, status: 0 }, message: DYNAMIC_SECTION_MESSAGES.statusUpdated });
    expect(await sidebarNames(STAFF)).not.toContain('After the rename');
    // Switched off, it is still listed for the sub user to switch on again.
    expect((await t.get('?status=0&perPage=All', NORTH)).json().data.data.map((s: Section) => s.name)).toContain('After the rename');
    await t.post('/toggle-status', NORTH, { id: section.id, status: 1 });
    expect(await sidebarNames(STAFF)).toContain('After the rename');

    const removed = await del(section.id, NORTH);
    expect(removed.json()).toEqual({ message: DYNAMIC_SECTION_MESSAGES.deleted });
    expect(await sidebarNames(STAFF)).not.toContain('After the rename');
    expect((await t.get(`/show/${section.id}`, NORTH)).statusCode).toBe(404);
  });

  it('is listed in the sidebar in the order the sub user gives, the inactive ones left out', async () => {
    const all = (await t.get('?perPage=All', NORTH)).json().data.data as Section[];
    expect(all.map((s) => s.order_index)).toEqual([...all.map((s) => s.order_index)].sort((a, b) => a - b));
    const reversed = all.map((s) => s.id).reverse();
    const res = await t.post('/update-indexes', NORTH, { ids: reversed });
    expect(res.statusCode).toBe(200);
    const expected = all
      .slice()
      .reverse()
      .filter((s) => s.status === 1)
      .map((s) => s.name);
    expect(await sidebarNames(STAFF)).toEqual(expected);
    expect((await t.get('?perPage=All', NORTH)).json().data.data.map((s: Section) => s.id)).toEqual(reversed);
  });
});
