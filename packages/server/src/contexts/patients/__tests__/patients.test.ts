import { and, desc, eq, sql } from 'drizzle-orm';
import { PATIENT_SORTS, type PatientListItem } from '@baridesk/contracts';
import { MENU_AREAS } from '@baridesk/domain';
import { createTestApp, type TestApp } from '../../../test/app';
import { queryRows } from '../../../db/client';
import { auditRecords, locations, patientTags, patients } from '../../../db/schema';

const NORTH = 101;
const LAKE = 102;

let t: TestApp;
let tokens: Record<string, string>;
/** Patients added by this file (Northside), with values no demo patient has. */
const mine: Record<'zyz' | 'percent' | 'lookalike', number> = { zyz: 0, percent: 0, lookalike: 0 };

beforeAll(async () => {
  t = await createTestApp({ patientsPerProgram: 40 });
  tokens = await t.signIn(
    'subuser@northside.test',
    'staff@northside.test',
    'limited@northside.test',
    'selfservice@northside.test',
    'subuser@lakeview.test',
    'superadmin@baridesk.test',
  );
  const base = { program_id: NORTH, current_stage: 1, created_at: new Date(), updated_at: new Date() };
  const added = await t.app.db
    .insert(patients)
    .values([
      {
        ...base,
        first_name: 'Quentin',
        last_name: 'Zyzzyva',
        name: 'Quentin Zyzzyva',
        email: 'q.zyzzyva@example.org',
        phone: '+1 (773) 555-9876',
        mrn_number: 'MRNQZ0001',
      },
      { ...base, first_name: 'Percy', last_name: 'Rate100%_Sure', name: 'Percy Rate100%_Sure', email: 'percy@example.org' },
      { ...base, first_name: 'Lucas', last_name: 'Rate100xySure', name: 'Lucas Rate100xySure', email: 'lucas@example.org' },
    ])
    .returning({ id: patients.id });
  [mine.zyz, mine.percent, mine.lookalike] = added.map((row) => row.id) as [number, number, number];
});
afterAll(() => t.close());

const get = (url: string, who = 'staff@northside.test') => t.call({ method: 'GET', url, token: tokens[who] });
async function list(query: string, who = 'staff@northside.test') {
  const res = await get(`/api/patients?${query}`, who);
  expect({ query, status: res.statusCode }).toEqual({ query, status: 200 });
  return res.json().data as { data: PatientListItem[]; total: number; page: number; perPage: number | 'All' };
}
const ids = (rows: { id: number }[]) => rows.map((row) => row.id);
/** The ids of a program's patients matching a plain SQL condition, in id order. */
async function idsWhere(condition: ReturnType<typeof sql>, programId = NORTH): Promise<number[]> {
  const rows = await queryRows<{ id: number }>(
    t.app.db,
    sql`select id from patients where program_id = ${programId} and (${condition}) order by id`,
  );
  return rows.map((row) => row.id);
}
const sorted = (values: number[]) => [...values].sort((a, b) => a - b);

describe('GET /api/patients', () => {
  it("answers the first page of the caller's program, sorted by name, in the documented shape", async () => {
    const page = await list('');
    const all = await idsWhere(sql`true`);
    expect(page).toMatchObject({ page: 1, perPage: 10, total: all.length });
    expect(page.data).toHaveLength(10);
    const [row] = page.data;
    expect(Object.keys(row ?? {}).sort()).toEqual(
      [
        'id',
        'first_name',
        'last_name',
        'name',
        'email',
        'phone',
        'mrn_number',
        'current_stage',
        'surgery_date',
        'type_of_surgery',
        'starting_weight',
        'current_weight',
        'target_weight',
        'user_cat_name',
        'user_cat_name2',
        'location_id',
        'insurance_coordinator_id',
        'status',
        'is_invited',
        'last_app_activity_at',
        'created_at',
      ].sort(),
    );
    const everyone = (await list('perPage=All')).data;
    expect(everyone).toHaveLength(all.length);
    const stored = await t.app.db.select().from(patients).where(eq(patients.program_id, NORTH));
    const tags = new Map((await t.app.db.select().from(patientTags)).map((tag) => [tag.id, tag.name]));
    for (const item of everyone) {
      const p = stored.find((s) => s.id === item.id);
      expect(item).toEqual({
        id: p?.id,
        first_name: p?.first_name,
        last_name: p?.last_name,
        name: p?.name,
        email: p?.email,
        phone: p?.phone,
        mrn_number: p?.mrn_number,
        current_stage: p?.current_stage,
        surgery_date: p?.surgery_date,
        type_of_surgery: p?.type_of_surgery,
        starting_weight: p?.starting_weight == null ? null : Number(p.starting_weight),
        current_weight: p?.current_weight == null ? null : Number(p.current_weight),
        target_weight: p?.target_weight == null ? null : Number(p.target_weight),
        user_cat_name: p?.user_cat_id == null ? null : tags.get(p.user_cat_id),
        user_cat_name2: p?.user_cat_id2 == null ? null : tags.get(p.user_cat_id2),
        location_id: p?.location_id,
        insurance_coordinator_id: p?.insurance_coordinator_id,
        status: p?.status,
        is_invited: p?.is_invited,
        last_app_activity_at: p?.last_app_activity_at?.toISOString() ?? null,
        created_at: p?.created_at.toISOString(),
      });
    }
    expect(everyone.some((item) => typeof item.starting_weight === 'number')).toBe(true);
  });

  it('pages without overlap or gaps', async () => {
    const first = await list('perPage=5&page=1');
    const second = await list('perPage=5&page=2');
    const ten = await list('perPage=10&page=1');
    expect(second).toMatchObject({ page: 2, perPage: 5, total: first.total });
    const both = [...ids(first.data), ...ids(second.data)];
    expect(new Set(both).size).toBe(10);
    expect(both).toEqual(ids(ten.data));
    const beyond = await list(`perPage=100&page=${Math.ceil(first.total / 100) + 1}`);
    expect(beyond).toMatchObject({ data: [], total: first.total });
    const all = await list('perPage=All&page=3');
    expect(all).toMatchObject({ page: 1, perPage: 'All', total: first.total });
    expect(all.data).toHaveLength(first.total);
  });

  /** Each sort, written out in SQL independently of the repository (same default null placement). */
  const SQL_ORDER: Record<(typeof PATIENT_SORTS)[number], string[]> = {
    name: ['last_name', 'first_name'],
    email: ['email'],
    phone: ['phone'],
    mrn_number: ['mrn_number'],
    current_stage: ['current_stage'],
    surgery_date: ['surgery_date'],
    type_of_surgery: ['type_of_surgery'],
    current_weight: ['current_weight'],
    tags: ['user_cat_name', 'user_cat_name2'],
    created_at: ['created_at'],
  };
  /** The value a non-text sort compares, for a check by hand; nulls come last going up. */
  const NUMERIC: Partial<Record<(typeof PATIENT_SORTS)[number], (row: PatientListItem) => number | null>> = {
    current_stage: (row) => row.current_stage,
    surgery_date: (row) => (row.surgery_date === null ? null : Date.parse(row.surgery_date)),
    current_weight: (row) => row.current_weight,
    created_at: (row) => Date.parse(row.created_at),
  };

  it.each(PATIENT_SORTS.flatMap((sort) => (['asc', 'desc'] as const).map((direction) => [sort, direction] as const)))(
    'sorts by %s %s, ties by id',
    async (sort, direction) => {
      const got = ids((await list(`perPage=All&sort=${sort}&direction=${direction}`)).data);
      const columns = [...SQL_ORDER[sort], 'id'].map((c) => `${c} ${direction}`).join(', ');
      const expected = await queryRows<{ id: number }>(
        t.app.db,
        sql`select id from patients where program_id = ${NORTH} order by ${sql.raw(columns)}`,
      );
      expect(got).toEqual(ids(expected));

      const key = NUMERIC[sort];
      if (key) {
        const rows = (await list(`perPage=All&sort=${sort}&direction=${direction}`)).data;
        const up = direction === 'asc' ? 1 : -1;
        for (let i = 1; i < rows.length; i++) {
          const [a, b] = [rows[i - 1] as PatientListItem, rows[i] as PatientListItem];
          const [x, y] = [key(a), key(b)];
          // Going up: values rise, nulls last, equal values by rising id. Going down: all of it reversed.
          const cmp = x === y ? a.id - b.id : x === null ? 1 : y === null ? -1 : x - y;
          expect(cmp * up).toBeLessThan(0);
        }
      }
    },
  );

  it('sorts by name as last name, then first name, and descending is ascending reversed', async () => {
    const up = (await list('perPage=All&sort=name')).data;
    const down = (await list('perPage=All&sort=name&direction=desc')).data;
    expect(ids(down)).toEqual(ids(up).reverse());
    const byLast = new Map<string, PatientListItem[]>();
    for (const row of up) byLast.set(row.last_name, [...(byLast.get(row.last_name) ?? []), row]);
    // Rows of one last name are together.
    expect(up.map((r) => r.last_name).filter((n, i, all) => i === 0 || all[i - 1] !== n)).toHaveLength(byLast.size);
  });

  it('filters by stage', async () => {
    for (const stage of [1, 2, 3]) {
      const page = await list(`perPage=All&stage=${stage}`);
      expect(sorted(ids(page.data))).toEqual(await idsWhere(sql`current_stage = ${stage}`));
      expect(page.data.every((row) => row.current_stage === stage)).toBe(true);
    }
  });

  it('filters by tag, first or second', async () => {
    const [second] = await queryRows<{ tag: number }>(
      t.app.db,
      sql`select user_cat_id2 as tag from patients where program_id = ${NORTH} and user_cat_id2 is not null limit 1`,
    );
    const tag = second?.tag as number;
    const expected = await idsWhere(sql`user_cat_id = ${tag} or user_cat_id2 = ${tag}`);
    expect(expected.length).toBeGreaterThan(0);
    expect((await idsWhere(sql`user_cat_id2 = ${tag}`)).every((id) => expected.includes(id))).toBe(true);
    const page = await list(`perPage=All&tag=${tag}`);
    expect(sorted(ids(page.data))).toEqual(expected);
    expect(page.total).toBe(expected.length);
  });

  it('filters by type of surgery, whole and ignoring case', async () => {
    const page = await list(`perPage=All&surgery_type=${encodeURIComponent('sleeve gastrectomy')}`);
    const expected = await idsWhere(sql`type_of_surgery = 'Sleeve Gastrectomy'`);
    expect(expected.length).toBeGreaterThan(0);
    expect(sorted(ids(page.data))).toEqual(expected);
    expect((await list('surgery_type=Sleeve')).total).toBe(0);
  });

  it('filters by surgery date range, both ends included', async () => {
    const dates = await queryRows<{ d: string }>(
      t.app.db,
      sql`select distinct surgery_date::text as d from patients where program_id = ${NORTH} and surgery_date is not null order by 1`,
    );
    const from = dates[Math.floor(dates.length / 4)]?.d as string;
    const to = dates[Math.floor((dates.length * 3) / 4)]?.d as string;
    const page = await list(`perPage=All&surgery_from=${from}&surgery_to=${to}`);
    expect(sorted(ids(page.data))).toEqual(await idsWhere(sql`surgery_date between ${from} and ${to}`));
    expect(page.data.map((r) => r.surgery_date)).toEqual(expect.arrayContaining([from, to]));
    const onlyFrom = await list(`perPage=All&surgery_from=${from}`);
    expect(sorted(ids(onlyFrom.data))).toEqual(await idsWhere(sql`surgery_date >= ${from}`));
    const oneDay = await list(`perPage=All&surgery_from=${from}&surgery_to=${from}`);
    expect(sorted(ids(oneDay.data))).toEqual(await idsWhere(sql`surgery_date = ${from}`));
  });

  it('filters by location, coordinator and status', async () => {
    const [sample] = await t.app.db
      .select()
      .from(patients)
      .where(and(eq(patients.program_id, NORTH), sql`insurance_coordinator_id is not null and location_id is not null`))
      .limit(1);
    const location = sample?.location_id as number;
    const coordinator = sample?.insurance_coordinator_id as number;
    expect(sorted(ids((await list(`perPage=All&location=${location}`)).data))).toEqual(
      await idsWhere(sql`location_id = ${location}`),
    );
    expect(sorted(ids((await list(`perPage=All&coordinator=${coordinator}`)).data))).toEqual(
      await idsWhere(sql`insurance_coordinator_id = ${coordinator}`),
    );
    for (const status of [0, 1]) {
      expect(sorted(ids((await list(`perPage=All&status=${status}`)).data))).toEqual(
        await idsWhere(sql`status = ${status}`),
      );
    }
    const combined = await list(`perPage=All&location=${location}&coordinator=${coordinator}&status=1`);
    expect(sorted(ids(combined.data))).toEqual(
      await idsWhere(sql`location_id = ${location} and insurance_coordinator_id = ${coordinator} and status = 1`),
    );
  });

  it('filters by app use: invited, never used', async () => {
    const invited = await list('perPage=All&app=invited');
    const expectedInvited = await idsWhere(sql`is_invited = 1`);
    expect(sorted(ids(invited.data))).toEqual(expectedInvited);
    const never = await list('perPage=All&app=never_used');
    const expectedNever = await idsWhere(sql`last_app_activity_at is null`);
    expect(sorted(ids(never.data))).toEqual(expectedNever);
    expect(never.data.every((r) => r.last_app_activity_at === null)).toBe(true);
    expect(expectedNever.length).toBeGreaterThan(0);
    expect(expectedInvited.length).toBeGreaterThan(0);
  });

  describe('search', () => {
    const found = async (search: string) => sorted(ids((await list(`perPage=All&search=${encodeURIComponent(search)}`)).data));

    it('matches first, last and full name, ignoring case', async () => {
      expect(await found('zyzzy')).toEqual([mine.zyz]);
      expect(await found('QUENTIN')).toEqual([mine.zyz]);
      expect(await found('quentin zyzzyva')).toEqual([mine.zyz]);
      const [someone] = await t.app.db.select().from(patients).where(eq(patients.program_id, NORTH)).limit(1);
      const last = someone?.last_name as string;
      expect(await found(last)).toEqual(
        await idsWhere(sql`first_name ilike ${`%${last}%`} or last_name ilike ${`%${last}%`} or email ilike ${`%${last}%`}`),
      );
    });

    it('matches the e-mail address and the MRN', async () => {
      expect(await found('Q.ZYZZYVA@example')).toEqual([mine.zyz]);
      expect(await found('mrnqz0001')).toEqual([mine.zyz]);
      const [someone] = await t.app.db
        .select()
        .from(patients)
        .where(and(eq(patients.program_id, NORTH), sql`mrn_number like 'MRN%'`))
        .orderBy(desc(patients.id))
        .limit(2);
      expect(await found(someone?.mrn_number as string)).toEqual([someone?.id]);
    });

    it('matches the digits of a phone number however it is written', async () => {
      expect(await found('773-555-9876')).toEqual([mine.zyz]);
      expect(await found('(773) 5559876')).toEqual([mine.zyz]);
      expect(await found('+1 773 555 9876')).toEqual([mine.zyz]);
      expect(await found('5559876')).toEqual([mine.zyz]);
      // Stored '+13125550142', searched '312.555.0142'.
      const [someone] = await t.app.db
        .select()
        .from(patients)
        .where(and(eq(patients.program_id, NORTH), sql`phone like '+1%'`))
        .limit(1);
      const digits = (someone?.phone as string).slice(2);
      const dotted = `${digits.slice(0, 3)}.${digits.slice(3, 6)}.${digits.slice(6)}`;
      expect(await found(dotted)).toEqual(await idsWhere(sql`phone = ${someone?.phone}`));
    });

    it('takes % and _ literally', async () => {
      expect(await found('100%_s')).toEqual([mine.percent]);
      expect(await found('%')).toEqual([mine.percent]);
      expect(await found('_')).toEqual([mine.percent]);
      expect(await found('100xy')).toEqual([mine.lookalike]);
      expect(await found('rate100')).toEqual(sorted([mine.percent, mine.lookalike]));
      expect(await found('\\')).toEqual([]);
    });

    it('pages a search of 3 letters or more (looked up in the trigram index) in the order of the whole list', async () => {
      const [someone] = await t.app.db.select().from(patients).where(eq(patients.program_id, NORTH)).limit(1);
      const term = (someone?.last_name as string).slice(0, 3).toLowerCase();
      for (const order of ['sort=name&direction=asc', 'sort=surgery_date&direction=desc', 'sort=current_weight&direction=asc']) {
        const all = await list(`perPage=All&search=${term}&${order}`);
        expect(all.total).toBeGreaterThan(0);
        const paged: number[] = [];
        for (let page = 1; paged.length < all.total; page++) {
          const one = await list(`perPage=5&page=${page}&search=${term}&${order}`);
          expect(one.total).toBe(all.total);
          paged.push(...ids(one.data));
        }
        expect(paged).toEqual(ids(all.data));
        const beyond = await list(`perPage=5&page=999&search=${term}&${order}`);
        expect(beyond.data).toEqual([]);
        expect(beyond.total).toBe(all.total);
      }
    });

    it('combines with filters and paging', async () => {
      const page = await list('search=rate100&perPage=5&sort=name&direction=desc');
      expect(page.total).toBe(2);
      expect(ids(page.data)).toEqual([mine.lookalike, mine.percent]);
      expect((await list('search=rate100&stage=2')).total).toBe(0);
    });
  });

  describe('tenancy', () => {
    it("never shows another program's patients", async () => {
      const lake = await list('perPage=All', 'subuser@lakeview.test');
      const lakeIds = await idsWhere(sql`true`, LAKE);
      expect(sorted(ids(lake.data))).toEqual(lakeIds);
      const northIds = new Set(await idsWhere(sql`true`, NORTH));
      expect(lake.data.some((row) => northIds.has(row.id))).toBe(false);
      expect((await list('search=zyzzyva', 'subuser@lakeview.test')).total).toBe(0);
    });

    it("finds nothing by another program's tag, location or coordinator", async () => {
      const [northTag] = await t.app.db.select().from(patientTags).where(eq(patientTags.program_id, NORTH)).limit(1);
      const [northPlace] = await t.app.db.select().from(locations).where(eq(locations.program_id, NORTH)).limit(1);
      const [northPatient] = await t.app.db
        .select()
        .from(patients)
        .where(and(eq(patients.program_id, NORTH), sql`insurance_coordinator_id is not null`))
        .limit(1);
      expect((await list(`tag=${northTag?.id}`)).total).toBeGreaterThan(0);
      expect((await list(`tag=${northTag?.id}`, 'subuser@lakeview.test')).total).toBe(0);
      expect((await list(`location=${northPlace?.id}`, 'subuser@lakeview.test')).total).toBe(0);
      expect(
        (await list(`coordinator=${northPatient?.insurance_coordinator_id}`, 'subuser@lakeview.test')).total,
      ).toBe(0);
    });
  });

  describe('who may list', () => {
    it('lets the sub user and staff with Patients (manage_user) list, not staff without it', async () => {
      const total = (await idsWhere(sql`true`)).length;
      for (const who of ['subuser@northside.test', 'staff@northside.test']) {
        expect((await list('', who)).total).toBe(total);
      }
      const limited = await get('/api/patients', 'limited@northside.test');
      expect({ status: limited.statusCode, body: limited.json() }).toEqual({ status: 403, body: { message: MENU_AREAS.patients.refusal } });
    });

    it('refuses self-service staff, before looking at the query', async () => {
      for (const url of ['/api/patients', '/api/patients?stage=9']) {
        const res = await get(url, 'selfservice@northside.test');
        expect(res.statusCode).toBe(403);
        expect(res.json()).toEqual({ message: 'This is not available to self-service accounts.' });
      }
    });

    it('refuses super admins and callers without a session', async () => {
      const admin = await get('/api/patients', 'superadmin@baridesk.test');
      expect(admin.statusCode).toBe(403);
      expect(admin.json().message).toBe('This is available to program staff only.');
      expect((await t.call({ method: 'GET', url: '/api/patients' })).statusCode).toBe(401);
    });
  });

  describe('validation', () => {
    it.each([
      ['stage=4', { stage: ['Please enter valid stage.'] }],
      ['perPage=7', { perPage: ['The perPage must be one of 5, 10, 15, 20, 50, 100 or All.'] }],
      ['surgery_from=2026-03-02&surgery_to=2026-03-01', { surgery_to: ['Surgery To must be greater than or equal to Surgery From'] }],
      ['surgery_from=03/01/2026', { surgery_from: ['Please enter valid surgery from.'] }],
      ['tag=abc', { tag: ['The id must be a positive integer.'] }],
      ['status=2', { status: ['The value must be 0 or 1.'] }],
      ['app=sometimes', { app: ['The app filter must be one of invited, never_used.'] }],
      ['sort=dob&direction=up', { sort: [expect.stringMatching(/^The sort must be one of/)], direction: ['The direction must be asc or desc.'] }],
    ])('refuses %s with 422 and the field', async (query, errors) => {
      const res = await get(`/api/patients?${query}`);
      expect(res.statusCode).toBe(422);
      expect(res.json().errors).toEqual(errors);
    });

    it('ignores blank filters', async () => {
      const all = await list('');
      expect((await list('stage=&tag=&surgery_from=&surgery_to=&location=&coordinator=&status=&app=&search=')).total).toBe(
        all.total,
      );
    });
  });

  describe('audit', () => {
    const records = () =>
      t.app.db.select().from(auditRecords).where(eq(auditRecords.action, 'patient.list')).orderBy(desc(auditRecords.id));

    it('writes one record per call: the caller, the filters, the count, and no names', async () => {
      const before = (await records()).length;
      const page = await list('search=Zyzzyva&stage=1&app=invited&status=1&perPage=5', 'subuser@northside.test');
      const after = await records();
      expect(after).toHaveLength(before + 1);
      const [record] = after;
      expect(record).toMatchObject({
        actor_account_id: 101,
        actor_type: 'sub_user',
        program_id: NORTH,
        entity: 'patient',
        success: true,
        detail: {
          count: page.data.length,
          total: page.total,
          page: 1,
          perPage: 5,
          sort: 'name',
          direction: 'asc',
          searchLength: 'Zyzzyva'.length,
          filters: { stage: 1, app: 'invited', status: 1 },
        },
      });
      expect(JSON.stringify(record?.detail).toLowerCase()).not.toContain('zyzzyva');
    });

    it('writes nothing for a refused call', async () => {
      const before = (await records()).length;
      await get('/api/patients?stage=9');
      await get('/api/patients', 'selfservice@northside.test');
      expect(await records()).toHaveLength(before);
    });
  });
});
