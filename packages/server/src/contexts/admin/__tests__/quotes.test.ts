import { and, eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../test/app';
import { auditRecords, quotes } from '../../../db/schema';

const url = '/api/admin/quotes';
const ROOT = 'superadmin@baridesk.test';
const ADMIN2 = 'admin2@baridesk.test';
const STAFF = 'subuser@northside.test';

let t: TestApp;
let tokens: Record<string, string>;
beforeAll(async () => {
  t = await createTestApp();
  tokens = await t.signIn(ROOT, ADMIN2, STAFF);
});
afterAll(() => t.close());

type Quote = { id: number; description: string; date_quote: string; status: 0 | 1; created_at: string; updated_at: string };
const get = (path: string, who = ROOT) => t.call({ method: 'GET', url: `${url}${path}`, token: tokens[who] });
const post = (path: string, payload?: unknown, who = ROOT) =>
  t.call({ method: 'POST', url: `${url}${path}`, token: tokens[who], payload: payload as object });

const dayFromToday = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
const auditOf = (action: string, id: number) =>
  t.app.db.select().from(auditRecords).where(and(eq(auditRecords.action, action), eq(auditRecords.entity_id, String(id))));

describe('GET /api/admin/quotes', () => {
  it('lists the seeded quotes by date, a page at a time', async () => {
    const res = await get('');
    expect(res.statusCode).toBe(200);
    const page = res.json().data;
    expect(page).toMatchObject({ total: 12, page: 1, perPage: 10 });
    const dates = (page.data as Quote[]).map((q) => q.date_quote);
    expect(dates).toEqual([...dates].sort());
    expect(page.data[0]).toEqual({
      id: expect.any(Number),
      description: expect.any(String),
      date_quote: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      status: 1,
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });
    const two = (await get('?page=2')).json().data;
    expect(two).toMatchObject({ page: 2, total: 12 });
    expect(two.data).toHaveLength(2);
    const all = [...page.data, ...two.data].map((q: Quote) => q.date_quote);
    expect(new Set(all).size).toBe(12);
    // Consecutive days around today.
    expect(all).toContain(dayFromToday(0));
    for (let i = 1; i < all.length; i += 1) {
      expect(Date.parse(all[i]!) - Date.parse(all[i - 1]!)).toBe(86_400_000);
    }
  });

  it('sorts, searches the text and filters by status', async () => {
    const desc = (await get('?perPage=All&sort=date_quote&direction=desc')).json().data.data as Quote[];
    expect(desc.map((q) => q.date_quote)).toEqual(desc.map((q) => q.date_quote).sort().reverse());
    const byText = (await get('?perPage=All&sort=description')).json().data.data as Quote[];
    const texts = byText.map((q) => q.description);
    expect(texts).toHaveLength(12);
    expect((await get('?sort=status')).statusCode).toBe(200);

    const found = (await get('?search=PROGRESS')).json().data;
    expect(found.data.map((q: Quote) => q.description)).toEqual(['Progress, not perfection.']);
    expect((await get(`?search=${encodeURIComponent('%')}`)).json().data.total).toBe(0);
    expect((await get('?status=0')).json().data.total).toBe(0);
  });

  it('rejects a bad sort or page with field errors', async () => {
    const res = await get('?sort=created_at&page=0');
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({
      page: ['The page must be at least 1.'],
      sort: ['The sort must be one of date_quote, description, status.'],
    });
  });
});

describe('GET /api/admin/quotes/{id}', () => {
  it('shows one quote, 404 for an unknown id and 422 for a malformed one', async () => {
    const [first] = (await get('')).json().data.data as Quote[];
    const res = await get(`/${first!.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: first });
    const missing = await get('/999999');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: 'Quote not found.' });
    const bad = await get('/abc');
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual({ id: ['The id must be a positive integer.'] });
  });
});

describe('store, update, toggle-status and delete', () => {
  it('round-trips a quote, auditing each change', async () => {
    const date = dayFromToday(100);
    const created = await post('/store', { description: '  One day at a time.  ', date_quote: ` ${date} ` });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toEqual({
      data: {
        id: expect.any(Number),
        description: 'One day at a time.',
        date_quote: date,
        status: 1,
        created_at: expect.any(String),
        updated_at: expect.any(String),
      },
      message: 'Quote created successfully.',
    });
    const { id } = created.json().data;
    expect(await auditOf('quote.create', id)).toEqual([
      expect.objectContaining({ actor_account_id: 48, actor_type: 'super_admin', program_id: null, entity: 'quote' }),
    ]);
    expect((await get(`/${id}`)).json().data.description).toBe('One day at a time.');

    const next = dayFromToday(101);
    const updated = await post('/update', { id, description: 'One step at a time.', date_quote: next, status: 0 });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toEqual({
      data: expect.objectContaining({ id, description: 'One step at a time.', date_quote: next, status: 0 }),
      message: 'Quote updated successfully.',
    });
    expect(await auditOf('quote.update', id)).toHaveLength(1);

    const toggled = await post('/toggle-status', { id, status: 1 });
    expect(toggled.statusCode).toBe(200);
    expect(toggled.json()).toEqual({ data: { id, status: 1 }, message: 'Quote status updated successfully.' });
    expect((await get(`/${id}`)).json().data.status).toBe(1);
    expect(await auditOf('quote.toggle-status', id)).toEqual([expect.objectContaining({ detail: { status: 1 } })]);

    const deleted = await post('/delete', { id });
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toEqual({ message: 'Quote deleted successfully.' });
    expect(await t.app.db.select().from(quotes).where(eq(quotes.id, id))).toEqual([]);
    expect(await auditOf('quote.delete', id)).toHaveLength(1);

    for (const [path, body] of [
      ['/delete', { id }],
      ['/update', { id, description: 'x', date_quote: next, status: 1 }],
      ['/toggle-status', { id, status: 0 }],
    ] as const) {
      const res = await post(path, body);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: 'Quote not found.' });
    }
    expect((await get(`/${id}`)).statusCode).toBe(404);
  });

  it('answers missing fields with the field messages', async () => {
    const empty = await post('/store', {});
    expect(empty.statusCode).toBe(422);
    expect(empty.json()).toEqual({
      message: 'Description is required.',
      errors: { description: ['Description is required.'], date_quote: ['Date is required'] },
    });
    expect((await post('/update', {})).json().errors).toEqual({
      id: ['The id must be a positive integer.'],
      description: ['Description is required.'],
      date_quote: ['Date is required'],
      status: ['The value must be 0 or 1.'],
    });
    expect((await post('/toggle-status', {})).json().errors).toEqual({
      id: ['The id must be a positive integer.'],
      status: ['The value must be 0 or 1.'],
    });
    expect((await post('/delete', {})).json().errors).toEqual({ id: ['The id must be a positive integer.'] });
  });

  it('checks the date, the length and the status', async () => {
    const res = await post('/store', { description: 'q'.repeat(1001), date_quote: '2026-02-30', status: 2 });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({
      description: ['Description may not be greater than 1000 characters.'],
      date_quote: ['Please enter valid date.'],
      status: ['The value must be 0 or 1.'],
    });
    for (const date of ['03/01/2026', '2026-3-1', '2026-03-01T10:00', '0000-01-01', 20260301]) {
      const bad = await post('/store', { description: 'x', date_quote: date });
      expect(bad.statusCode).toBe(422);
      expect(Object.keys(bad.json().errors)).toEqual(['date_quote']);
    }
    expect((await post('/store', { description: 'x', date_quote: '0000-01-01' })).json().errors).toEqual({
      date_quote: ['Please enter valid date.'],
    });
    const nul = await post('/store', { description: 'a\u0000b', date_quote: dayFromToday(200) });
    expect(nul.json().errors).toEqual({ description: ['Please enter valid description.'] });
    const fits = await post('/store', { description: 'q'.repeat(1000), date_quote: '2028-02-29', status: 0 });
    expect(fits.statusCode).toBe(201);
    expect(fits.json().data).toMatchObject({ date_quote: '2028-02-29', status: 0 });
  });
});

describe('one quote per date', () => {
  it('refuses a date that already has a quote, on store and on update', async () => {
    const today = dayFromToday(0);
    const dup = await post('/store', { description: 'Another one', date_quote: today });
    expect(dup.statusCode).toBe(422);
    expect(dup.json()).toEqual({
      message: 'A quote already exists for this date.',
      errors: { date_quote: ['A quote already exists for this date.'] },
    });

    const [a, b] = (await get('?perPage=5')).json().data.data as Quote[];
    const clash = await post('/update', { id: a!.id, description: a!.description, date_quote: b!.date_quote, status: 1 });
    expect(clash.statusCode).toBe(422);
    expect(clash.json().errors).toEqual({ date_quote: ['A quote already exists for this date.'] });

    const same = await post('/update', { id: a!.id, description: `${a!.description} `, date_quote: a!.date_quote, status: 1 });
    expect(same.statusCode).toBe(200);
  });

  it('lets only one of several simultaneous stores for a date through', async () => {
    const date = dayFromToday(300);
    const results = await Promise.all(Array.from({ length: 5 }, (_, i) => post('/store', { description: `Race ${i}`, date_quote: date })));
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 422, 422, 422, 422]);
  });
});

describe('who may use it', () => {
  const calls: [method: 'GET' | 'POST', path: string, body?: object][] = [
    ['GET', ''],
    ['GET', '/1'],
    ['POST', '/store', { description: 'Nope', date_quote: '2030-01-01' }],
    ['POST', '/update', { id: 1, description: 'Nope', date_quote: '2030-01-01', status: 1 }],
    ['POST', '/toggle-status', { id: 1, status: 0 }],
    ['POST', '/delete', { id: 1 }],
  ];

  it('refuses a super admin without manage_quotes with 403 on every route', async () => {
    for (const [method, path, payload] of calls) {
      const res = await t.call({ method, url: `${url}${path}`, token: tokens[ADMIN2], payload });
      expect({ path, status: res.statusCode }).toEqual({ path, status: 403 });
      expect(res.json()).toEqual({ message: 'You do not have permission to do this.' });
    }
    expect((await t.app.db.select().from(quotes).where(eq(quotes.id, 1)))[0]?.status).toBe(1);
  });

  it('refuses program staff and anonymous callers', async () => {
    for (const [method, path, payload] of calls) {
      const staff = await t.call({ method, url: `${url}${path}`, token: tokens[STAFF], payload });
      expect(staff.statusCode).toBe(403);
      expect(staff.json().message).toBe('This is available to super admins only.');
      expect((await t.call({ method, url: `${url}${path}`, payload })).statusCode).toBe(401);
    }
  });

  it('lets super admin 48 in, whatever its grants', async () => {
    expect((await get('/1')).statusCode).toBe(200);
  });
});

describe('hostile input', () => {
  const bodies: unknown[] = [
    null,
    [],
    'text',
    42,
    { description: [], date_quote: {} },
    { description: { $gt: '' }, date_quote: '2030-01-01' },
    { id: -1, description: 'x', date_quote: '2030-01-01', status: 1 },
    { id: 1e20, description: 'x', date_quote: '2030-01-01', status: 1 },
    { id: 1, description: 'x', date_quote: '99999-01-01', status: 1 },
    { id: 1, description: 'x', date_quote: '0000-00-00', status: 1 },
    { id: 1, description: 'x', date_quote: '0000-01-01', status: 1 },
    { id: 1, description: 'x', date_quote: '9999-12-31', status: 1 },
    { id: 1, description: 'x', date_quote: "2030-01-01'; drop table quotes; --", status: 1 },
    { id: 1, description: 'x'.repeat(100_000), date_quote: '2030-01-01', status: '1' },
    { id: 1, description: '\u0000', date_quote: '\u0000', status: 1 },
  ];

  it.each(['/store', '/update', '/toggle-status', '/delete'])('never answers 5xx on POST %s', async (path) => {
    for (const body of bodies) {
      const res = await t.sendJson({ url: `${url}${path}`, token: tokens[ROOT], body });
      expect({ body, ok: res.statusCode < 500 }).toEqual({ body, ok: true });
      expect(res.json().message).toEqual(expect.any(String));
    }
  });

  it('never answers 5xx to bad ids or query strings', async () => {
    for (const path of ['/0', '/-1', '/1e3', '/99999999999', '/%00', '/1.5']) {
      expect((await get(path)).statusCode).toBeLessThan(500);
    }
    for (const query of ['page=abc', 'perPage=All&page=9999999999', 'sort[]=x', `search=${'%'.repeat(300)}`, 'search=%00', 'status=yes']) {
      const res = await get(`?${query}`);
      expect({ query, ok: res.statusCode < 500 }).toEqual({ query, ok: true });
    }
  });
});
