/**
 * The patient list's selection: the Excel export (GET /api/patients/excel), read back with exceljs, and
 * the bulk actions (POST /api/patients/bulk), checked in the database and the audit trail.
 */
import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { DateTime } from 'luxon';
import {
  PATIENT_BULK_MESSAGES,
  PATIENT_EXPORT_COLUMNS,
  PATIENT_RECORD_MESSAGES,
  type PatientBulkResponse,
  type PatientListItem,
} from '@baridesk/contracts';
import { formatPhone, spreadsheetText, stageLabel } from '@baridesk/domain';
import { createTestApp, type TestApp } from '../../../test/app';
import { auditRecords, insuranceCoordinators, locations, patientTags, patients } from '../../../db/schema';

const NORTH = 101;
const LAKE = 102;
const NORTH_ZONE = 'America/Chicago';
const STAFF = 'staff@northside.test';
const NORTH_SUB = 'subuser@northside.test';
const SELF_SERVICE = 'selfservice@northside.test';
const LAKE_SUB = 'subuser@lakeview.test';
const ADMIN = 'superadmin@baridesk.test';

let t: TestApp;
let tokens: Record<string, string>;
/** Northside's tags (active), one switched off, and one of Lakeview. */
const tag = { a: { id: 0, name: '' }, b: { id: 0, name: '' }, c: { id: 0, name: '' }, off: 0, lake: 0 };
/** A Northside patient whose text would run as formulas, and one Lakeview patient. */
const special = { formula: 0, lake: 0 };

const firstOf = async <T>(rows: Promise<T[]>) => (await rows)[0]!;

beforeAll(async () => {
  t = await createTestApp({ patientsPerProgram: 30 });
  tokens = await t.signIn(STAFF, NORTH_SUB, SELF_SERVICE, LAKE_SUB, ADMIN);
  const db = t.app.db;
  const northTags = await db
    .select({ id: patientTags.id, name: patientTags.name })
    .from(patientTags)
    .where(and(eq(patientTags.program_id, NORTH), eq(patientTags.status, 1)))
    .orderBy(asc(patientTags.id));
  [tag.a, tag.b, tag.c] = northTags as [typeof tag.a, typeof tag.a, typeof tag.a];
  const stamp = { created_at: new Date(), updated_at: new Date() };
  tag.off = (await firstOf(db.insert(patientTags).values({ program_id: NORTH, name: 'Archived Tag', status: 0, ...stamp }).returning())).id;
  tag.lake = (await firstOf(db.select().from(patientTags).where(eq(patientTags.program_id, LAKE)))).id;
  const location = await firstOf(db.select().from(locations).where(eq(locations.program_id, NORTH)));
  const coordinator = await firstOf(db.select().from(insuranceCoordinators).where(eq(insuranceCoordinators.program_id, NORTH)));
  special.formula = (
    await firstOf(
      db
        .insert(patients)
        .values({
          program_id: NORTH,
          first_name: '=HYPERLINK("http://evil.example","Open")',
          last_name: 'Aaronson',
          name: '=HYPERLINK("http://evil.example","Open") Aaronson',
          email: '@evil@example.org',
          phone: '+44 20 7946 0958',
          mrn_number: '-1+2',
          type_of_surgery: '=1+1',
          current_stage: 2,
          surgery_date: '2025-11-04',
          starting_weight: '301.5',
          current_weight: '250.0',
          target_weight: '180.0',
          user_cat_id: tag.a.id,
          user_cat_name: tag.a.name,
          user_cat_id2: tag.b.id,
          user_cat_name2: tag.b.name,
          location_id: location.id,
          insurance_coordinator_id: coordinator.id,
          status: 1,
          is_invited: 1,
          last_app_activity_at: new Date('2026-01-15T03:30:00Z'),
          created_at: new Date('2025-09-01T04:00:00Z'),
          updated_at: new Date('2025-09-01T04:00:00Z'),
        })
        .returning()
    )
  ).id;
  special.lake = (await firstOf(db.select().from(patients).where(eq(patients.program_id, LAKE)))).id;
});
afterAll(() => t?.close());

const get = (url: string, who = STAFF) => t.call({ method: 'GET', url, token: tokens[who] });
const bulk = (payload: unknown, who = STAFF) =>
  t.call({ method: 'POST', url: '/api/patients/bulk', token: tokens[who], headers: { 'content-type': 'application/json' }, payload: JSON.stringify(payload) });

async function list(query: string, who = STAFF): Promise<PatientListItem[]> {
  const res = await get(`/api/patients?perPage=All&${query}`, who);
  expect({ query, status: res.statusCode }).toEqual({ query, status: 200 });
  return res.json().data.data;
}

interface Exported {
  headers: Record<string, string | string[] | number | undefined>;
  sheet: ExcelJS.Worksheet;
  /** Row 1 as text. */
  header: string[];
  /** The data rows' values, column by column (exceljs: strings, numbers, Dates, or null when empty). */
  rows: unknown[][];
}

async function exportOf(query: string, who = STAFF): Promise<Exported> {
  const res = await get(`/api/patients/excel?${query}`, who);
  expect({ query, status: res.statusCode, body: res.statusCode === 200 ? '' : res.body }).toEqual({ query, status: 200, body: '' });
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(res.rawPayload as unknown as ExcelJS.Buffer);
  const sheet = workbook.worksheets[0]!;
  const valuesOf = (row: ExcelJS.Row) =>
    Array.from({ length: PATIENT_EXPORT_COLUMNS.length }, (_, i) => {
      const value = row.getCell(i + 1).value;
      return value === undefined ? null : value;
    });
  const header = valuesOf(sheet.getRow(1)).map(String);
  const rows: unknown[][] = [];
  for (let n = 2; n <= sheet.rowCount; n++) rows.push(valuesOf(sheet.getRow(n)));
  return { headers: res.headers, sheet, header, rows };
}

const column = (name: (typeof PATIENT_EXPORT_COLUMNS)[number]) => PATIENT_EXPORT_COLUMNS.indexOf(name);
/** What identifies a list row in the export: its name and e-mail as written there. */
const listed = (rows: PatientListItem[]) => rows.map((row) => [spreadsheetText(row.name), spreadsheetText(row.email)]);
const exported = (rows: unknown[][]) => rows.map((row) => [row[column('Name')], row[column('E-mail')]]);

describe('GET /api/patients/excel', () => {
  it.each([
    '',
    'sort=email&direction=desc',
    'sort=surgery_date',
    'sort=current_weight&direction=desc&stage=2',
    'sort=phone&app=never_used',
    'sort=created_at&direction=desc&status=1',
    'search=aaronson',
    'sort=mrn_number&surgery_from=2025-01-01',
  ])('holds exactly the rows the list shows for "%s", in the same order', async (query) => {
    const shown = await list(query);
    const file = await exportOf(query);
    expect(exported(file.rows)).toEqual(listed(shown));
  });

  it('exports every patient of a tag, first or second', async () => {
    const query = `tag=${tag.b.id}&sort=name&direction=desc`;
    const shown = await list(query);
    expect(shown.length).toBeGreaterThan(0);
    expect(exported((await exportOf(query)).rows)).toEqual(listed(shown));
  });

  it('writes the list’s columns in readable form, with typed number and date cells', async () => {
    const file = await exportOf('search=aaronson');
    expect(file.header).toEqual([...PATIENT_EXPORT_COLUMNS]);
    expect(file.rows).toHaveLength(1);
    const row = file.rows[0]!;
    const location = await firstOf(t.app.db.select().from(locations).where(eq(locations.program_id, NORTH)));
    const coordinator = await firstOf(t.app.db.select().from(insuranceCoordinators).where(eq(insuranceCoordinators.program_id, NORTH)));
    const wall = (iso: string) => {
      const local = DateTime.fromISO(iso, { zone: 'utc' }).setZone(NORTH_ZONE);
      return new Date(Date.UTC(local.year, local.month - 1, local.day, local.hour, local.minute));
    };
    expect(Object.fromEntries(PATIENT_EXPORT_COLUMNS.map((name, i) => [name, row[i]]))).toEqual({
      Name: `'=HYPERLINK("http://evil.example","Open") Aaronson`,
      'E-mail': "'@evil@example.org",
      Phone: "'+44 20 7946 0958",
      MRN: "'-1+2",
      Stage: 'Post-Op',
      'Surgery type': "'=1+1",
      'Surgery date': new Date(Date.UTC(2025, 10, 4)),
      'Starting weight (lb)': 301.5,
      'Current weight (lb)': 250,
      'Target weight (lb)': 180,
      Tags: `${tag.a.name}, ${tag.b.name}`,
      Location: location.name,
      'Insurance coordinator': coordinator.name,
      Status: 'Active',
      Invited: 'Yes',
      // 03:30 UTC on 15 January is 21:30 on the 14th in Chicago; the patient was added on 31 August there.
      'Last used app': wall('2026-01-15T03:30:00Z'),
      Added: new Date(Date.UTC(2025, 7, 31)),
    });
    expect(row[column('Last used app')]).toEqual(new Date(Date.UTC(2026, 0, 14, 21, 30)));
  });

  it('formats the phone 3-3-4 and leaves empty values empty', async () => {
    const shown = await list('sort=name');
    const file = await exportOf('sort=name');
    shown.forEach((patient, i) => {
      const row = file.rows[i]!;
      expect(row[column('Phone')]).toBe(patient.phone === null ? null : spreadsheetText(formatPhone(patient.phone)));
      expect(row[column('Stage')]).toBe(stageLabel(patient.current_stage));
      expect(row[column('MRN')]).toBe(spreadsheetText(patient.mrn_number));
      expect(row[column('Current weight (lb)')]).toBe(patient.current_weight);
      expect(row[column('Surgery date')]).toEqual(patient.surgery_date === null ? null : new Date(`${patient.surgery_date}T00:00:00Z`));
      expect(row[column('Status')]).toBe(patient.status === 1 ? 'Active' : 'Inactive');
      expect(row[column('Invited')]).toBe(patient.is_invited === 1 ? 'Yes' : 'No');
    });
    expect(file.rows.some((row) => row[column('Surgery date')] === null)).toBe(true);
  });

  it('writes no cell that a spreadsheet would run as a formula', async () => {
    const file = await exportOf('');
    file.sheet.eachRow((row) =>
      row.eachCell((cell) => {
        expect(cell.type).not.toBe(ExcelJS.ValueType.Formula);
        if (typeof cell.value === 'string') expect(cell.value).not.toMatch(/^[=+\-@\t\r]/);
      }),
    );
  });

  it('has a bold, frozen header row with filters, and answers a file that is not cached', async () => {
    // Back to the last 03:00 UTC (backwards, so the sessions stay fresh): the day before, in Chicago.
    const now = t.clock.now();
    const threeAm = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), 3));
    if (threeAm > now) threeAm.setUTCDate(threeAm.getUTCDate() - 1);
    t.clock.advance(threeAm.getTime() - now.getTime());
    const chicagoDay = DateTime.fromJSDate(threeAm, { zone: NORTH_ZONE }).toISODate();
    expect(chicagoDay).not.toBe(threeAm.toISOString().slice(0, 10));

    const file = await exportOf('stage=1');
    expect(file.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(file.headers['content-disposition']).toBe(`attachment; filename="patients-${chicagoDay}.xlsx"`);
    expect(file.headers['cache-control']).toBe('no-store');
    expect(file.sheet.getRow(1).getCell(1).font?.bold).toBe(true);
    expect(file.sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    expect(file.sheet.autoFilter).toEqual('A1:Q1');
  });

  it('exports a header row alone when nothing matches', async () => {
    const file = await exportOf('search=no-such-patient-anywhere');
    expect(file.header).toEqual([...PATIENT_EXPORT_COLUMNS]);
    expect(file.rows).toEqual([]);
  });

  it('exports only the selected patients, in the list’s order, within its filters', async () => {
    const shown = await list('sort=email&direction=desc');
    const picked = [shown[7]!, shown[2]!, shown[12]!];
    const ids = picked.map((p) => p.id).join(',');
    const file = await exportOf(`sort=email&direction=desc&ids=${ids}`);
    expect(exported(file.rows)).toEqual(listed(shown.filter((row) => picked.includes(row))));

    const postOp = picked.filter((p) => p.current_stage === 2);
    const narrowed = await exportOf(`stage=2&ids=${ids},${ids}`);
    expect(narrowed.rows).toHaveLength(postOp.length);
  });

  it("never exports another program's patients, named or not", async () => {
    const lakeName = (await firstOf(t.app.db.select().from(patients).where(eq(patients.id, special.lake)))).name;
    const north = await exportOf(`ids=${special.formula},${special.lake}`);
    expect(north.rows.map((row) => row[column('Name')])).toEqual([spreadsheetText('=HYPERLINK("http://evil.example","Open") Aaronson')]);
    const all = await exportOf('');
    expect(all.rows.some((row) => row[column('Name')] === lakeName)).toBe(false);
    const lake = await exportOf(`ids=${special.formula}`, LAKE_SUB);
    expect(lake.rows).toEqual([]);
  });

  it.each([
    ['a word among the ids', 'ids=12,abc', { ids: [PATIENT_BULK_MESSAGES.idsText] }],
    ['blank ids', 'ids=', { ids: [PATIENT_BULK_MESSAGES.noneSelected] }],
    ['id 0', 'ids=0', { ids: [PATIENT_BULK_MESSAGES.badId] }],
    ['1,001 ids', `ids=${Array.from({ length: 1001 }, (_, i) => i + 1).join(',')}`, { ids: [PATIENT_BULK_MESSAGES.tooMany] }],
    ['stage 4', 'stage=4', { stage: ['Please enter valid stage.'] }],
    ['dates in the wrong order', 'surgery_from=2026-03-02&surgery_to=2026-03-01', { surgery_to: ['Surgery To must be greater than or equal to Surgery From'] }],
    ['an unknown sort', 'sort=dob', { sort: [expect.stringMatching(/^The sort must be one of/)] }],
  ])('refuses %s with 422', async (_label, query, errors) => {
    const res = await get(`/api/patients/excel?${query}`);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual(errors);
  });

  it('takes a selection of 1,000 ids, repeats ignored', async () => {
    const ids = [special.formula, ...Array.from({ length: 999 }, (_, i) => 900_000 + i), special.formula].join(',');
    const file = await exportOf(`ids=${ids}`);
    expect(file.rows).toHaveLength(1);
  });

  it('refuses self-service staff, super admins and callers without a session', async () => {
    const self = await get('/api/patients/excel', SELF_SERVICE);
    expect(self.statusCode).toBe(403);
    expect(self.json()).toEqual({ message: 'This is not available to self-service accounts.' });
    expect((await get('/api/patients/excel', ADMIN)).statusCode).toBe(403);
    expect((await t.call({ method: 'GET', url: '/api/patients/excel' })).statusCode).toBe(401);
  });

  it('writes one audit record per export: the count and the filters, never the search text', async () => {
    const records = () =>
      t.app.db.select().from(auditRecords).where(eq(auditRecords.action, 'patient.export')).orderBy(desc(auditRecords.id));
    const before = (await records()).length;
    const shown = await list('search=aaronson&stage=2&status=1&sort=email');
    await exportOf('search=aaronson&stage=2&status=1&sort=email', NORTH_SUB);
    const [record] = await records();
    expect(await records()).toHaveLength(before + 1);
    expect(record).toMatchObject({
      actor_account_id: NORTH,
      program_id: NORTH,
      entity: 'patient',
      success: true,
      detail: {
        format: 'xlsx',
        count: shown.length,
        sort: 'email',
        direction: 'asc',
        searchLength: 'aaronson'.length,
        filters: { stage: 2, status: 1 },
      },
    });
    expect(JSON.stringify(record?.detail).toLowerCase()).not.toContain('aaronson');

    await exportOf(`ids=${special.formula},${special.lake}`);
    const [selected] = await records();
    expect(selected?.detail).toMatchObject({ count: 1, selected: 2, patientIds: [special.formula] });

    await get('/api/patients/excel?stage=9');
    await get('/api/patients/excel', SELF_SERVICE);
    expect(await records()).toHaveLength(before + 2);
  });
});

describe('POST /api/patients/bulk', () => {
  type Row = typeof patients.$inferSelect;
  let seq = 0;
  /** New Northside patients with the given tag slots, for one test. */
  async function addPatients(...slots: [number | null, number | null][]): Promise<number[]> {
    const names = new Map([tag.a, tag.b, tag.c].map((x) => [x.id, x.name]));
    const rows = await t.app.db
      .insert(patients)
      .values(
        slots.map(([first, second]) => {
          seq += 1;
          return {
            program_id: NORTH,
            first_name: 'Bulk',
            last_name: `Patient${seq}`,
            name: `Bulk Patient${seq}`,
            current_stage: 1,
            user_cat_id: first,
            user_cat_name: first === null ? null : names.get(first),
            user_cat_id2: second,
            user_cat_name2: second === null ? null : names.get(second),
            created_at: new Date(),
            updated_at: new Date(),
          };
        }),
      )
      .returning({ id: patients.id });
    return rows.map((row) => row.id);
  }
  const rowsOf = async (ids: number[]): Promise<Map<number, Row>> =>
    new Map((await t.app.db.select().from(patients).where(inArray(patients.id, ids))).map((row) => [row.id, row]));
  const bulkAudits = () =>
    t.app.db.select().from(auditRecords).where(eq(auditRecords.action, 'patient.bulk_update')).orderBy(desc(auditRecords.id));

  it('adds a tag to the first empty slot, skipping who has it or two tags, and raises the version of the changed', async () => {
    const [empty, firstTaken, secondOnly, full, hasIt, hasItSecond] = await addPatients(
      [null, null],
      [tag.b.id, null],
      [null, tag.b.id],
      [tag.b.id, tag.c.id],
      [tag.a.id, null],
      [tag.b.id, tag.a.id],
    );
    const ids = [empty!, firstTaken!, secondOnly!, full!, hasIt!, hasItSecond!];
    const lakeBefore = (await rowsOf([special.lake])).get(special.lake)!;
    const before = await rowsOf(ids);
    const auditsBefore = (await bulkAudits()).length;
    t.clock.advance(60_000);
    const now = t.clock.now();

    const res = await bulk({ ids: [...ids, special.lake, 2_000_000], action: 'add_tag', tag_id: tag.a.id });
    expect(res.statusCode).toBe(200);
    const body = res.json() as PatientBulkResponse;
    expect(body.data).toEqual({ updated: 3, skipped: { already_tagged: 2, two_tags: 1, already_in_stage: 0, not_found: 2 } });
    expect(body.message).toBe(`The tag “${tag.a.name}” was added to 3 patients. 2 already had it. 1 already has two tags. 2 were not found.`);

    const after = await rowsOf(ids);
    const slots = (id: number) => {
      const row = after.get(id)!;
      return [row.user_cat_id, row.user_cat_name, row.user_cat_id2, row.user_cat_name2];
    };
    expect(slots(empty!)).toEqual([tag.a.id, tag.a.name, null, null]);
    expect(slots(firstTaken!)).toEqual([tag.b.id, tag.b.name, tag.a.id, tag.a.name]);
    expect(slots(secondOnly!)).toEqual([tag.a.id, tag.a.name, tag.b.id, tag.b.name]);
    expect(slots(full!)).toEqual([tag.b.id, tag.b.name, tag.c.id, tag.c.name]);
    expect(slots(hasIt!)).toEqual([tag.a.id, tag.a.name, null, null]);
    for (const id of [empty!, firstTaken!, secondOnly!]) {
      expect(after.get(id)).toMatchObject({ version: before.get(id)!.version + 1, updated_at: now });
    }
    for (const id of [full!, hasIt!, hasItSecond!]) expect(after.get(id)).toEqual(before.get(id));
    expect((await rowsOf([special.lake])).get(special.lake)).toEqual(lakeBefore);

    const audits = await bulkAudits();
    expect(audits).toHaveLength(auditsBefore + 1);
    expect(audits[0]).toMatchObject({
      actor_account_id: 201,
      program_id: NORTH,
      entity: 'patient',
      success: true,
      detail: {
        action: 'add_tag',
        tag_id: tag.a.id,
        selected: 8,
        patientIds: [empty, firstTaken, secondOnly].sort((a, b) => a! - b!),
        updated: 3,
        skipped: { already_tagged: 2, two_tags: 1, already_in_stage: 0, not_found: 2 },
      },
    });
  });

  it('shows the tag in the list and in the export at once', async () => {
    const [id] = await addPatients([null, null]);
    await bulk({ ids: [id], action: 'add_tag', tag_id: tag.c.id });
    const shown = (await list(`tag=${tag.c.id}&search=${encodeURIComponent(`Patient${seq}`)}`)).filter((row) => row.id === id);
    expect(shown.map((row) => row.user_cat_name)).toEqual([tag.c.name]);
    const file = await exportOf(`ids=${id}`);
    expect(file.rows[0]![column('Tags')]).toBe(tag.c.name);
  });

  it('refuses a tag that is switched off, of another program or unknown, and changes nothing', async () => {
    const [id] = await addPatients([null, null]);
    const before = await rowsOf([id!]);
    const auditsBefore = (await bulkAudits()).length;
    for (const tagId of [tag.off, tag.lake, 2_000_000]) {
      const res = await bulk({ ids: [id], action: 'add_tag', tag_id: tagId });
      expect({ tagId, status: res.statusCode, body: res.json() }).toEqual({
        tagId,
        status: 422,
        body: { message: PATIENT_RECORD_MESSAGES.unknownTag, errors: { tag_id: [PATIENT_RECORD_MESSAGES.unknownTag] } },
      });
    }
    expect(await rowsOf([id!])).toEqual(before);
    expect(await bulkAudits()).toHaveLength(auditsBefore);
  });

  it('moves patients to a stage; those in it already and other programs’ are left alone', async () => {
    const [one, two, three] = await addPatients([null, null], [null, null], [null, null]);
    await t.app.db.update(patients).set({ current_stage: 3 }).where(eq(patients.id, three!));
    const lakeBefore = (await rowsOf([special.lake])).get(special.lake)!;
    const before = await rowsOf([one!, two!, three!]);

    const res = await bulk({ ids: [one, two, three, special.lake], action: 'change_stage', stage: 3 });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      data: { updated: 2, skipped: { already_tagged: 0, two_tags: 0, already_in_stage: 1, not_found: 1 } },
      message: '2 patients moved to Weight-Management. 1 was in Weight-Management already. 1 was not found.',
    });
    const after = await rowsOf([one!, two!, three!]);
    for (const id of [one!, two!]) expect(after.get(id)).toMatchObject({ current_stage: 3, version: before.get(id)!.version + 1 });
    expect(after.get(three!)).toEqual(before.get(three!));
    expect((await rowsOf([special.lake])).get(special.lake)).toEqual(lakeBefore);
    expect((await bulkAudits())[0]?.detail).toMatchObject({ action: 'change_stage', stage: 3, patientIds: [one, two], updated: 2 });
  });

  it('answers for one patient in the singular, and for none', async () => {
    const [id] = await addPatients([null, null]);
    const moved = await bulk({ ids: [id], action: 'change_stage', stage: 2 });
    expect(moved.json().message).toBe('1 patient moved to Post-Op.');
    const again = await bulk({ ids: [id], action: 'change_stage', stage: 2 });
    expect(again.json().message).toBe('No patient moved to Post-Op. 1 was in Post-Op already.');
    const lake = await bulk({ ids: [id], action: 'change_stage', stage: 3 }, LAKE_SUB);
    expect(lake.json()).toEqual({
      data: { updated: 0, skipped: { already_tagged: 0, two_tags: 0, already_in_stage: 0, not_found: 1 } },
      message: 'No patient moved to Weight-Management. 1 was not found.',
    });
    expect((await rowsOf([id!])).get(id!)?.current_stage).toBe(2);
  });

  it.each([
    [{ action: 'change_stage', stage: 2 }, { ids: [PATIENT_BULK_MESSAGES.noneSelected] }],
    [{ ids: [], action: 'change_stage', stage: 2 }, { ids: [PATIENT_BULK_MESSAGES.noneSelected] }],
    [{ ids: 'all', action: 'change_stage', stage: 2 }, { ids: [PATIENT_BULK_MESSAGES.idsList] }],
    [{ ids: [1, 'x'], action: 'change_stage', stage: 2 }, { ids: [PATIENT_BULK_MESSAGES.badId] }],
    [{ ids: [1, -2], action: 'change_stage', stage: 2 }, { ids: [PATIENT_BULK_MESSAGES.badId] }],
    [{ ids: [1, 1], action: 'change_stage', stage: 2 }, { ids: [PATIENT_BULK_MESSAGES.duplicateId] }],
    [{ ids: '1,001 ids', action: 'change_stage', stage: 2 }, { ids: [PATIENT_BULK_MESSAGES.tooMany] }],
    [{ ids: [1] }, { action: [PATIENT_BULK_MESSAGES.action] }],
    [{ ids: [1], action: 'delete' }, { action: [PATIENT_BULK_MESSAGES.action] }],
    [{ ids: [1], action: 'add_tag' }, { tag_id: [PATIENT_BULK_MESSAGES.chooseTag] }],
    [{ ids: [1], action: 'add_tag', tag_id: 'red' }, { tag_id: ['The id must be a positive integer.'] }],
    [{ ids: [1], action: 'change_stage' }, { stage: [PATIENT_BULK_MESSAGES.chooseStage] }],
    [{ ids: [1], action: 'change_stage', stage: 4 }, { stage: ['Please enter valid stage.'] }],
  ])('refuses %j with 422 and the field', async (payload, errors) => {
    const thousandAndOne = Array.from({ length: 1001 }, (_, i) => i + 1);
    const res = await bulk('ids' in payload && payload.ids === '1,001 ids' ? { ...payload, ids: thousandAndOne } : payload);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual(errors);
  });

  it('refuses a body that is not an object', async () => {
    for (const payload of [[1, 2], 'add_tag', null]) {
      const res = await bulk(payload);
      expect({ payload, status: res.statusCode }).toEqual({ payload, status: 422 });
    }
  });

  it('refuses self-service staff and super admins, and changes nothing', async () => {
    const [id] = await addPatients([null, null]);
    const self = await bulk({ ids: [id], action: 'change_stage', stage: 3 }, SELF_SERVICE);
    expect(self.statusCode).toBe(403);
    expect(self.json()).toEqual({ message: 'This is not available to self-service accounts.' });
    expect((await bulk({ ids: [id], action: 'change_stage', stage: 3 }, ADMIN)).statusCode).toBe(403);
    expect((await rowsOf([id!])).get(id!)?.current_stage).toBe(1);
  });

  it('lets the record edit refuse a version the bulk change made stale', async () => {
    const [id] = await addPatients([null, null]);
    const record = (await get(`/api/patients/${id}`)).json().data;
    await bulk({ ids: [id], action: 'change_stage', stage: 2 });
    const res = await t.call({
      method: 'POST',
      url: '/api/patients/update',
      token: tokens[STAFF],
      payload: { id, version: record.version, first_name: record.first_name, last_name: record.last_name, current_stage: 1, status: 1 },
    });
    expect(res.statusCode).toBe(409);
    expect((await rowsOf([id!])).get(id!)?.current_stage).toBe(2);
  });

  it('keeps the count straight when the same patients are changed at once', async () => {
    const ids = await addPatients([null, null], [null, null], [null, null]);
    const answers = await Promise.all([
      bulk({ ids, action: 'add_tag', tag_id: tag.b.id }),
      bulk({ ids, action: 'add_tag', tag_id: tag.b.id }),
    ]);
    const updated = answers.map((res) => (res.json() as PatientBulkResponse).data.updated).sort();
    expect(updated).toEqual([0, 3]);
    const after = await rowsOf(ids);
    // Each patient got the tag once, in the first slot, and one version step.
    for (const id of ids) expect(after.get(id)).toMatchObject({ user_cat_id: tag.b.id, user_cat_id2: null, version: 2 });
  });
});
