import { eq } from 'drizzle-orm';
import { STAFF_CALLERS, routeSuite } from '../../../test/app';
import { messageTemplates } from '../../../db/schema';

const url = '/api/alerts/message-templates';
const { NORTH, STAFF, SELF_SERVICE, LAKE, ADMIN } = STAFF_CALLERS;

const t = routeSuite(url);
const { get, post, auditOf } = t;

type Template = { id: number; title: string; message: string; status: 0 | 1; created_at: string; updated_at: string };
const titles = (page: { data: Template[] }) => page.data.map((x) => x.title);

describe('GET /api/alerts/message-templates', () => {
  it("lists the program's own templates, by title, with paging", async () => {
    const res = await get('', NORTH);
    expect(res.statusCode).toBe(200);
    const page = res.json().data;
    expect(page).toMatchObject({ total: 5, page: 1, perPage: 10 });
    expect(titles(page)).toEqual([
      'Post-op follow-up scheduling',
      'Pre-op diet start',
      'Support group reminder',
      'Vitamin check-in',
      'Weigh-in reminder',
    ]);
    expect(page.data[0]).toEqual({
      id: expect.any(Number),
      title: 'Post-op follow-up scheduling',
      message: expect.stringContaining('follow-up visit'),
      status: 0,
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });

    const lake = (await get('?perPage=All', LAKE)).json().data;
    expect(titles(lake)).toEqual(['Hydration reminder', 'Information session invite']);
    expect(lake).toMatchObject({ total: 2, page: 1, perPage: 'All' });
  });

  it('pages, sorts, searches title and text, and filters by status', async () => {
    const one = (await get('?perPage=5&page=1&sort=title&direction=desc', NORTH)).json().data;
    expect(titles(one)[0]).toBe('Weigh-in reminder');
    const two = (await get('?perPage=5&page=2', NORTH)).json().data;
    expect(two).toMatchObject({ page: 2, total: 5, data: [] });

    // "A quick reminder…" is in the vitamin template's text.
    expect(titles((await get('?search=REMINDER', NORTH)).json().data)).toEqual([
      'Support group reminder',
      'Vitamin check-in',
      'Weigh-in reminder',
    ]);
    // In the text only: "calcium" appears in the vitamin template's message.
    expect(titles((await get('?search=calcium', NORTH)).json().data)).toEqual(['Vitamin check-in']);
    // LIKE wildcards are searched for literally.
    expect((await get(`?search=${encodeURIComponent('%')}`, NORTH)).json().data.total).toBe(0);

    expect(titles((await get('?status=0', NORTH)).json().data)).toEqual(['Post-op follow-up scheduling']);
    expect((await get('?status=1', NORTH)).json().data.total).toBe(4);

    const byStatus = (await get('?sort=status&direction=asc', NORTH)).json().data.data as Template[];
    expect(byStatus.map((x) => x.status)).toEqual([0, 1, 1, 1, 1]);
    for (const sort of ['created_at', 'updated_at']) {
      const rows = (await get(`?sort=${sort}&direction=desc`, NORTH)).json().data.data as Template[];
      const stamps = rows.map((x) => x[sort as 'created_at']);
      expect(stamps).toEqual([...stamps].sort().reverse());
    }
  });

  it('rejects a bad sort, page size, direction or status with field errors', async () => {
    const res = await get('?sort=message&perPage=7&direction=up&status=2', NORTH);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({
      sort: ['The sort must be one of title, status, created_at, updated_at.'],
      perPage: ['The perPage must be one of 5, 10, 15, 20, 50, 100 or All.'],
      direction: ['The direction must be asc or desc.'],
      status: ['The value must be 0 or 1.'],
    });
  });
});

describe('store, update and delete', () => {
  it('round-trips a template, auditing each change', async () => {
    const created = await post('/store', STAFF, { title: '  Clear liquids day  ', message: '  Today is a clear-liquids day.  ' });
    expect(created.statusCode).toBe(201);
    const body = created.json();
    expect(body).toEqual({
      data: {
        id: expect.any(Number),
        title: 'Clear liquids day',
        message: 'Today is a clear-liquids day.',
        status: 1,
        created_at: expect.any(String),
        updated_at: expect.any(String),
      },
      message: 'Template created successfully.',
    });
    const { id } = body.data;
    const [row] = await t.app.db.select().from(messageTemplates).where(eq(messageTemplates.id, id));
    expect(row).toMatchObject({ program_id: 101, created_by: 201 });
    expect(await auditOf('message-template.create', id)).toEqual([
      expect.objectContaining({ actor_account_id: 201, program_id: 101, entity: 'message_template', success: true }),
    ]);

    const updated = await post('/update', NORTH, { id, title: 'Clear liquids reminder', message: 'Clear liquids only today.', status: 0 });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toEqual({
      data: expect.objectContaining({ id, title: 'Clear liquids reminder', message: 'Clear liquids only today.', status: 0 }),
      message: 'Template updated successfully.',
    });
    expect(titles((await get('?search=clear', STAFF)).json().data)).toEqual(['Clear liquids reminder']);
    expect(await auditOf('message-template.update', id)).toHaveLength(1);

    const deleted = await post('/delete', NORTH, { id });
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toEqual({ message: 'Template deleted successfully.' });
    expect(await t.app.db.select().from(messageTemplates).where(eq(messageTemplates.id, id))).toEqual([]);
    expect(await auditOf('message-template.delete', id)).toEqual([expect.objectContaining({ actor_account_id: 101 })]);

    const again = await post('/delete', NORTH, { id });
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ message: 'Template not found.' });
    const gone = await post('/update', NORTH, { id, title: 'X', message: 'Y', status: 1 });
    expect(gone.statusCode).toBe(404);
  });

  it('takes a status on store', async () => {
    const res = await post('/store', NORTH, { title: 'Draft reminder', message: 'Not sent yet.', status: '0' });
    expect(res.statusCode).toBe(201);
    expect(res.json().data.status).toBe(0);
  });

  it('answers missing or blank fields with the field messages', async () => {
    const empty = await post('/store', NORTH, {});
    expect(empty.statusCode).toBe(422);
    expect(empty.json()).toEqual({
      message: 'Title is required.',
      errors: { title: ['Title is required.'], message: ['Message is required.'] },
    });
    const blank = await post('/store', NORTH, { title: '   ', message: '\n\t ' });
    expect(blank.json().errors).toEqual({ title: ['Title is required.'], message: ['Message is required.'] });

    const update = await post('/update', NORTH, {});
    expect(update.statusCode).toBe(422);
    expect(update.json().errors).toEqual({
      id: ['The id must be a positive integer.'],
      title: ['Title is required.'],
      message: ['Message is required.'],
      status: ['The value must be 0 or 1.'],
    });
    expect((await post('/delete', NORTH, {})).json().errors).toEqual({ id: ['The id must be a positive integer.'] });
  });

  it('limits the title to 254 and the message to 2000 characters', async () => {
    const long = await post('/store', NORTH, { title: 'T'.repeat(255), message: 'm'.repeat(2001), status: 3 });
    expect(long.statusCode).toBe(422);
    expect(long.json().errors).toEqual({
      title: ['Title may not be greater than 254 characters.'],
      message: ['Message may not be greater than 2000 characters.'],
      status: ['The value must be 0 or 1.'],
    });
    const nul = await post('/store', NORTH, { title: 'a\u0000b', message: 'c\u0000d' });
    expect(nul.statusCode).toBe(422);
    expect(nul.json().errors).toEqual({ title: ['Please enter valid title.'], message: ['Please enter valid message.'] });
    const fits = await post('/store', NORTH, { title: 'T'.repeat(254), message: 'm'.repeat(2000) });
    expect(fits.statusCode).toBe(201);
    await post('/delete', NORTH, { id: fits.json().data.id });
  });
});

describe('title uniqueness', () => {
  it('refuses a title the program already has, whatever its case', async () => {
    const dup = await post('/store', NORTH, { title: 'WEIGH-IN REMINDER', message: 'Again.' });
    expect(dup.statusCode).toBe(422);
    expect(dup.json()).toEqual({
      message: 'A template with this title already exists.',
      errors: { title: ['A template with this title already exists.'] },
    });
  });

  it('refuses renaming to another template’s title but lets a template keep its own', async () => {
    const page = (await get('?perPage=All', NORTH)).json().data.data as Template[];
    const vitamin = page.find((x) => x.title === 'Vitamin check-in')!;
    const clash = await post('/update', NORTH, { ...vitamin, title: 'pre-op DIET start' });
    expect(clash.statusCode).toBe(422);
    expect(clash.json().errors).toEqual({ title: ['A template with this title already exists.'] });

    const same = await post('/update', NORTH, { id: vitamin.id, title: 'VITAMIN CHECK-IN', message: vitamin.message, status: 1 });
    expect(same.statusCode).toBe(200);
    expect(same.json().data.title).toBe('VITAMIN CHECK-IN');
  });

  it('lets only one of several simultaneous stores of a title through', async () => {
    const results = await Promise.all(
      Array.from({ length: 6 }, (_, i) => post('/store', NORTH, { title: i % 2 ? 'Race title' : 'RACE TITLE', message: `Try ${i}` })),
    );
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes).toEqual([201, 422, 422, 422, 422, 422]);
    for (const r of results.filter((x) => x.statusCode === 422)) {
      expect(r.json().errors).toEqual({ title: ['A template with this title already exists.'] });
    }
  });

  it('lets another program use the same title', async () => {
    const res = await post('/store', LAKE, { title: 'Weigh-in reminder', message: 'Weigh in on Monday mornings.' });
    expect(res.statusCode).toBe(201);
  });
});

describe('tenancy', () => {
  it('never shows, changes or deletes another program’s template', async () => {
    const north = (await get('?perPage=All', NORTH)).json().data.data as Template[];
    const target = north.find((x) => x.title === 'Support group reminder')!;

    const lakeList = JSON.stringify((await get('?perPage=All&search=support', LAKE)).json());
    expect(lakeList).not.toContain('Support group reminder');

    await t.expectEach(
      LAKE,
      [
        ['POST', '/update', { id: target.id, title: 'Hijacked', message: 'Hijacked', status: 0 }],
        ['POST', '/delete', { id: target.id }],
      ],
      { status: 404, body: { message: 'Template not found.' } },
    );

    const [row] = await t.app.db.select().from(messageTemplates).where(eq(messageTemplates.id, target.id));
    expect(row).toMatchObject({ title: 'Support group reminder', status: 1, program_id: 101 });
  });
});

describe('who may use it', () => {
  it('is for sub users and program users alike', async () => {
    expect((await get('', STAFF)).statusCode).toBe(200);
    expect((await get('', NORTH)).statusCode).toBe(200);
  });

  it('refuses self-service staff with 403 on every route', async () => {
    await t.expectEach(
      SELF_SERVICE,
      [
        ['GET', ''],
        ['POST', '/store', { title: 'Mine', message: 'Mine' }],
        ['POST', '/update', { id: 1, title: 'Mine', message: 'Mine', status: 1 }],
        ['POST', '/delete', { id: 1 }],
      ],
      { status: 403, body: { message: 'Message templates are not available to self-service staff.' } },
    );
  });

  it('refuses super admins and anonymous callers', async () => {
    const admin = await get('', ADMIN);
    expect(admin.statusCode).toBe(403);
    expect(admin.json().message).toBe('This is available to program staff only.');
    expect((await post('/store', ADMIN, { title: 'A', message: 'B' })).statusCode).toBe(403);
    expect((await t.call({ method: 'GET', url })).statusCode).toBe(401);
    expect((await t.call({ method: 'POST', url: `${url}/delete`, payload: { id: 1 } })).statusCode).toBe(401);
  });
});

describe('hostile input', () => {
  const bodies: unknown[] = [
    null,
    [],
    'text',
    42,
    true,
    { title: [], message: {} },
    { title: { $ne: 1 }, message: 'x' },
    { id: -1, title: 'x', message: 'y', status: 1 },
    { id: 1e20, title: 'x', message: 'y', status: 1 },
    { id: '1 or 1=1', title: 'x', message: 'y', status: 1 },
    { id: 1, title: 'x'.repeat(10_000), message: 'y'.repeat(100_000), status: 'yes' },
    { title: "'; drop table message_templates; --", message: '\u0000', status: null },
    { id: 1, title: '\u0000', message: '\u0000', status: 1 },
    { title: 'Robert\'); drop table quotes; --', message: '<script>alert(1)</script>' },
    { __proto__: { status: 1 }, constructor: { prototype: {} } },
  ];

  it.each(['/store', '/update', '/delete'])('never answers 5xx on POST %s', async (path) => {
    for (const body of bodies) {
      const res = await t.sendAs(path, NORTH, body);
      expect({ body, status: res.statusCode < 500 && res.statusCode >= 200 }).toEqual({ body, status: true });
      expect(res.json().message).toEqual(expect.any(String));
    }
  });

  it('never answers 5xx to bad query strings', async () => {
    for (const query of ['page=-1', 'page=abc', 'perPage=0', 'perPage=All&page=9999999999', 'sort[]=x', `search=${'%'.repeat(300)}`, 'status=7', 'status[]=1', 'search=%00']) {
      const res = await get(`?${query}`, NORTH);
      expect({ query, status: res.statusCode < 500 }).toEqual({ query, status: true });
    }
  });
});
