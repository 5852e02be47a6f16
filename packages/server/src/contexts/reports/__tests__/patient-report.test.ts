/**
 * The patient PDF report, GET /api/patients-report/pdf. The PDF the API sends is read back with pdf.js
 * and its text checked: the outcome figures below are worked out by hand from the rows written here.
 */
import path from 'node:path';
import { and, asc, eq } from 'drizzle-orm';
import { INVALID_ID, NOT_FOR_SELF_SERVICE, PATIENT_REPORT_MESSAGES as MESSAGES } from '@baridesk/contracts';
import { createTestApp, type TestApp } from '../../../test/app';
import { importEsm } from '../../../lib/esm';
import {
  auditRecords,
  checklistNotes,
  insuranceCoordinators,
  internalNotes,
  locations,
  patientTags,
  patients,
  programs,
  waterLogs,
  weightLogs,
} from '../../../db/schema';
import { paperSizeFor, patientReportFileName, pdfText } from '../patient-pdf';
import { REPORT_EXPORT_JOB } from '../exports/definitions';

const NORTH = 101;
const LAKE = 102;
const STAFF = 'staff@northside.test';
const STAFF_ID = 201;
const SUB = 'subuser@northside.test';
const SELF_SERVICE = 'selfservice@northside.test';
const LAKE_USER = 'subuser@lakeview.test';
const URL = '/api/patients-report/pdf';

/** 04:30 UTC on 1 March 2031: still 28 February (22:30) in Chicago, Northside's time zone. */
const NOW = new Date('2031-03-01T04:30:00Z');
const TODAY = '2031-02-28';

type PdfJs = typeof import('pdfjs-dist/legacy/build/pdf.mjs');
let pdfjs: PdfJs;
const STANDARD_FONTS = `${path.join(path.dirname(require.resolve('pdfjs-dist/package.json')), 'standard_fonts')}/`;

/** Each page's text, lines joined by spaces and runs of white space made one. */
async function readPdf(bytes: Buffer): Promise<{ pages: string[]; sizes: number[][] }> {
  const document = await pdfjs.getDocument({ data: new Uint8Array(bytes), standardFontDataUrl: STANDARD_FONTS }).promise;
  const pages: string[] = [];
  const sizes: number[][] = [];
  for (let n = 1; n <= document.numPages; n++) {
    const page = await document.getPage(n);
    const content = await page.getTextContent();
    const text = content.items.map((item) => ('str' in item ? `${item.str}${item.hasEOL ? ' ' : ''}` : '')).join('');
    pages.push(text.replace(/\s+/g, ' ').trim());
    sizes.push(page.view.map((value) => Math.round(value * 100) / 100));
  }
  await document.destroy();
  return { pages, sizes };
}

let t: TestApp;
let tokens: Record<string, string>;
/** Northside patients: ADA has everything below, BARE one note only, EMPTY nothing at all. */
let ADA: number;
let BARE: number;
let EMPTY: number;
/** A Lakeview patient. */
let OTHER: number;
let tagName: string;
let coordinatorName: string;
let locationName: string;

const at = (iso: string) => new Date(iso);


/**
 * Asks for the report; a PDF is made by a job (202 with the export), so the job is run and the file
 * fetched as the browser does. A refusal is answered as it came.
 */
async function download(query: string, who = STAFF) {
  const asked = await t.call({ method: 'GET', url: `${URL}?${query}`, token: tokens[who] });
  if (asked.statusCode !== 202) return asked;
  await t.app.jobs.drain([REPORT_EXPORT_JOB]);
  return t.call({ method: 'GET', url: `/api/report-exports/${asked.json().data.id}/file`, token: tokens[who] });
}
const reportAudits = () =>
  t.app.db.select().from(auditRecords).where(eq(auditRecords.action, 'patient.report.pdf')).orderBy(asc(auditRecords.id));

describe('GET /api/patients-report/pdf', () => {
  beforeAll(async () => {
    pdfjs = await importEsm<PdfJs>('pdfjs-dist/legacy/build/pdf.mjs');
    t = await createTestApp({ patientsPerProgram: 2 });
    t.clock.advance(NOW.getTime() - t.clock.now().getTime());
    tokens = await t.signIn(STAFF, SUB, SELF_SERVICE, LAKE_USER);

    const { db } = t.app;
    const [tag] = await db.select().from(patientTags).where(eq(patientTags.program_id, NORTH)).orderBy(asc(patientTags.id)).limit(1);
    const [coordinator] = await db
      .select()
      .from(insuranceCoordinators)
      .where(eq(insuranceCoordinators.program_id, NORTH))
      .orderBy(asc(insuranceCoordinators.id))
      .limit(1);
    const [location] = await db.select().from(locations).where(eq(locations.program_id, NORTH)).orderBy(asc(locations.id)).limit(1);
    tagName = tag!.name;
    coordinatorName = coordinator!.name;
    locationName = location!.name;

    const base = { program_id: NORTH, timezone: 'America/Chicago', created_at: at('2030-05-20T15:00:00Z'), updated_at: at('2030-05-20T15:00:00Z') };
    const made = await db
      .insert(patients)
      .values([
        {
          ...base,
          first_name: 'Ada',
          last_name: 'Reportwell',
          name: 'Ada Reportwell',
          email: 'ada.reportwell@example.test',
          phone: '+1 (312) 555-0188',
          dob: '1980-04-15',
          sex: 'Female',
          mrn_number: 'MRN-4471',
          current_stage: 2,
          surgery_date: '2030-09-01',
          type_of_surgery: 'Sleeve Gastrectomy',
          hight: '65.0',
          starting_weight: '250.0',
          current_weight: '200.0',
          target_weight: '160.0',
          consult_date: '2030-06-01',
          water: 64,
          insurance_coordinator_id: coordinator!.id,
          location_id: location!.id,
          user_cat_id: tag!.id,
          user_cat_name: tag!.name,
        },
        { ...base, first_name: 'Bare', last_name: 'Record', name: 'Bare Record' },
        { ...base, first_name: 'Empty', last_name: 'Record', name: 'Empty Record' },
        { ...base, program_id: LAKE, first_name: 'Lee', last_name: 'Lake', name: 'Lee Lake', timezone: 'Europe/Berlin' },
      ])
      .returning({ id: patients.id });
    [ADA, BARE, EMPTY, OTHER] = made.map((row) => row.id) as [number, number, number, number];

    // Twelve weigh-ins, the 1st of each month from April 2030 (248 lb, 244 lb, … 4 lb less each month),
    // ending with 208 lb on Feb 1, 2031, then 200 lb on Feb 20, 2031 (the current weight). On Apr 1, 2030 two
    // were logged: the later one (247 lb) is the day's.
    const weighIns: { logged_on: string; weight: string; source: 'app' | 'staff'; created_at: Date }[] = [];
    const months = ['2030-04-01', '2030-05-01', '2030-06-01', '2030-07-01', '2030-08-01', '2030-09-01', '2030-10-01', '2030-11-01', '2030-12-01', '2031-01-01', '2031-02-01'];
    months.forEach((day, i) => weighIns.push({ logged_on: day, weight: (248 - 4 * i).toFixed(1), source: 'app', created_at: at(`${day}T14:00:00Z`) }));
    weighIns.push({ logged_on: '2030-04-01', weight: '247.0', source: 'app', created_at: at('2030-04-01T20:00:00Z') });
    weighIns.push({ logged_on: '2031-02-20', weight: '200.0', source: 'staff', created_at: at('2031-02-20T16:00:00Z') });
    await db.insert(weightLogs).values(weighIns.map((w) => ({ ...w, program_id: NORTH, patient_id: ADA })));

    // Water: three days within the last 30 (Jan 30 to Feb 28), one just before them.
    await db.insert(waterLogs).values(
      [
        ['2031-02-28', '64.0'],
        ['2031-02-10', '1250.5'],
        ['2031-01-30', '40.0'],
        ['2031-01-29', '99.0'],
      ].map(([day, total]) => ({ program_id: NORTH, patient_id: ADA, logged_on: day!, total: total! })),
    );

    // Twelve internal notes, one a day in February (note 1 on Feb 1 … note 12 on Feb 12); a deleted one
    // on Feb 27; one of another patient. The newest carries characters the built-in fonts lack.
    await db.insert(internalNotes).values([
      ...Array.from({ length: 11 }, (_, i) => ({
        program_id: NORTH,
        patient_id: ADA,
        note: `Routine follow-up note number ${i + 1}.`,
        created_by: STAFF_ID,
        created_at: at(`2031-02-${String(i + 1).padStart(2, '0')}T15:00:00Z`),
      })),
      {
        program_id: NORTH,
        patient_id: ADA,
        note_type: 'nutrition',
        note: 'Protein goal met for Zoë’s plan: żółw ✓ 80 g a day.',
        created_by: NORTH,
        created_at: at('2031-02-12T15:00:00Z'),
      },
      { program_id: NORTH, patient_id: ADA, note: 'A deleted note.', created_by: STAFF_ID, created_at: at('2031-02-27T15:00:00Z'), deleted_at: at('2031-02-27T16:00:00Z') },
      { program_id: NORTH, patient_id: BARE, note: 'Another patient’s note.', created_by: STAFF_ID, created_at: at('2031-02-26T15:00:00Z') },
    ]);
    await db.insert(checklistNotes).values([
      { program_id: NORTH, patient_id: ADA, stage: 1, note: 'Psych evaluation cleared.', created_by: STAFF_ID, created_at: at('2030-07-10T15:00:00Z') },
      { program_id: NORTH, patient_id: ADA, stage: 3, note: 'Support group twice a month.', created_by: NORTH, created_at: at('2031-02-15T18:05:00Z') },
      { program_id: NORTH, patient_id: ADA, stage: 2, note: 'Deleted checklist note.', created_by: NORTH, created_at: at('2031-02-16T18:05:00Z'), deleted_at: at('2031-02-16T19:00:00Z') },
    ]);
  });

  afterAll(() => t?.close());

  it('sends the summary as a PDF attachment with the details, the outcome measures, the latest weigh-ins and notes', async () => {
    const before = (await reportAudits()).length;
    const res = await download(`patientId=${ADA}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="patient-${ADA}-summary-${TODAY}.pdf"`);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');

    const { pages, sizes } = await readPdf(res.rawPayload);
    const text = pages.join(' ');
    // Letter paper for a US program.
    expect(sizes[0]).toEqual([0, 0, 612, 792]);
    expect(text).toContain('Northside Bariatrics');
    expect(text).toContain('Patient report: Summary');
    expect(text).toContain('Generated Feb 28, 2031 10:30PM CST');
    expect(text).toContain('Ada Reportwell');
    expect(text).toContain('Date of birth Apr 15, 1980 (age 50)');
    expect(text).toContain('Sex Female');
    expect(text).toContain('MRN MRN-4471');
    expect(text).toContain('Phone 312-555-0188');
    expect(text).toContain('E-mail ada.reportwell@example.test');
    expect(text).toContain('Stage Post-Op');
    expect(text).toContain('Type of surgery Sleeve Gastrectomy');
    // Sep 1, 2030 to Feb 28, 2031 is 180 days: 6 months of 30 days.
    expect(text).toContain('Surgery date Sep 01, 2030 (6 months)');
    expect(text).toContain(`Insurance coordinator ${coordinatorName}`);
    expect(text).toContain(`Location ${locationName}`);
    expect(text).toContain(`Tags ${tagName}`);

    // Baseline: the starting weight 250 lb, dated by the consult date; current: the latest weigh-in, 200 lb.
    expect(text).toContain('Baseline weight 250 lb on Jun 01, 2030 (starting weight)');
    expect(text).toContain('Current weight 200 lb on Feb 20, 2031');
    expect(text).toContain('Goal weight 160 lb (40 lb to go)');
    expect(text).toContain('Weight lost 50 lb');
    // 703 × 250 / 65² = 41.598 → 41.6; 703 × 200 / 65² = 33.278 → 33.3.
    expect(text).toContain('Baseline BMI 41.6');
    expect(text).toContain('BMI 33.3');
    // (250 − 200) / 250 = 20 %.
    expect(text).toContain('%TWL 20%');
    // 50 lb = 22.680 kg over (113.398 kg − 25 × 1.651² = 68.145 kg) = 45.253 kg: 50.12 %.
    expect(text).toContain('%EWL 50.1%');
    // (41.598 − 33.278) / (41.598 − 25) = 50.12 %.
    expect(text).toContain('%EBMIL 50.1%');
    // The chart's goal line and axis.
    expect(text).toContain('Goal 160 lb');
    expect(text).toContain('Weight (lb)');

    // 12 days with weigh-ins; the latest 10, newest first, with the change from the day before.
    expect(text).toContain('The 10 most recent of 12 weigh-ins');
    expect(text).toContain('Feb 20, 2031 200 -8 33.3 20% Staff');
    expect(text).toContain('Feb 01, 2031 208 -4 34.6 16.8% Patient (app)');
    expect(text).toContain('Jun 01, 2030 240 -4 39.9 4% Patient (app)');
    expect(text).not.toContain('May 01, 2030 244');
    expect(text).not.toContain('Apr 01, 2030 24');

    // The latest 10 of 12 notes, newest first; a character the fonts lack is shown without its accent, or as "?".
    expect(text).toContain('The 10 most recent of 12 notes');
    expect(text).toContain('Feb 12, 2031 09:00AM · Dr. Elena Marquez · Nutrition');
    expect(text).toContain('Protein goal met for Zoë’s plan: zólw ? 80 g a day.');
    expect(text).toContain('Routine follow-up note number 3.');
    expect(text).not.toContain('Routine follow-up note number 2.');
    expect(text).not.toContain('A deleted note.');
    expect(text).not.toContain('Another patient');
    expect(text).toContain('Routine follow-up note number 11.');
    expect(text).toMatch(/Feb 11, 2031 09:00AM · \S.* · General/);
    // Only in the full report.
    expect(text).not.toContain('Checklist notes');
    expect(text).not.toContain('Water, last');

    // Every page numbered.
    pages.forEach((page, i) => expect(page).toContain(`Page ${i + 1} of ${pages.length}`));

    const audits = await reportAudits();
    expect(audits).toHaveLength(before + 1);
    expect(audits.at(-1)).toMatchObject({
      actor_account_id: STAFF_ID,
      program_id: NORTH,
      entity: 'patient',
      entity_id: String(ADA),
      patient_id: ADA,
      success: true,
      detail: { type: 'summary', pages: pages.length },
    });
  });

  it('adds every weigh-in, note and checklist note and the last 30 days of water to the full report', async () => {
    const res = await download(`patientId=${ADA}&type=full`, SUB);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe(`attachment; filename="patient-${ADA}-full-${TODAY}.pdf"`);
    const { pages } = await readPdf(res.rawPayload);
    const text = pages.join(' ');
    expect(text).toContain('Patient report: Full');
    expect(text).toContain('12 weigh-ins (one a day), newest first.');
    expect(text).toContain('Apr 01, 2030 247 — ');
    expect(text).toContain('May 01, 2030 244 -3');
    for (let n = 1; n <= 11; n++) expect(text).toContain(`Routine follow-up note number ${n}.`);
    expect(text).not.toContain('most recent');
    expect(text).not.toContain('A deleted note.');

    // Checklist notes: newest first, named by checklist (3: Northside's third checklist).
    expect(text).toContain('Checklist notes');
    expect(text).toContain('Feb 15, 2031 12:05PM · Dr. Elena Marquez · Weight Management checklist Support group twice a month.');
    expect(text).toMatch(/Jul 10, 2030 10:00AM · \S.* · Pre-Op checklist Psych evaluation cleared\./);
    expect(text).not.toContain('Deleted checklist note.');

    // Jan 30 to Feb 28: 64 + 1,250.5 + 40 = 1,354.5 oz on 3 days, 451.5 a day; Jan 29 is outside.
    expect(text).toContain('Water, last 30 days');
    expect(text).toContain('Jan 30, 2031 to Feb 28, 2031: 1,354.5 oz in all, 3 of 30 days logged, 451.5 oz a day on average');
    expect(text).toContain('Daily goal: 64 oz.');
    expect(text).toContain('Feb 28, 2031 64');
    expect(text).toContain('Feb 10, 2031 1,250.5');
    expect(text).toContain('Feb 27, 2031 Not logged');
    expect(text).not.toContain('Jan 29, 2031');

    expect(pages.length).toBeGreaterThan(1);
    pages.forEach((page, i) => expect(page).toContain(`Page ${i + 1} of ${pages.length}`));
    // Pages after the first name the patient at the top.
    expect(pages[1]).toContain('Ada Reportwell · DOB Apr 15, 1980 · MRN MRN-4471 · Patient report: Full');
    const audit = (await reportAudits()).at(-1);
    expect(audit).toMatchObject({ actor_account_id: NORTH, patient_id: ADA, detail: { type: 'full', pages: pages.length } });
  });

  it('prints a patient without logs or notes, saying so', async () => {
    const res = await download(`patientId=${EMPTY}&type=full`);
    expect(res.statusCode).toBe(200);
    const { pages } = await readPdf(res.rawPayload);
    const text = pages.join(' ');
    expect(text).toContain('Empty Record');
    expect(text).toContain('MRN Not given');
    expect(text).toContain('Baseline weight None yet');
    expect(text).toContain('%TWL —');
    expect(text).toContain('No weigh-ins yet.');
    expect(text).toContain('No internal notes.');
    expect(text).toContain('No checklist notes.');
    expect(text).toContain('0 of 30 days logged');
    expect(text).toContain('Page 1 of');
  });

  it('prints on A4 for a program outside the United States', async () => {
    const [lake] = await t.app.db.select({ timezone: programs.timezone }).from(programs).where(eq(programs.id, LAKE));
    await t.app.db.update(programs).set({ timezone: 'Europe/Berlin' }).where(eq(programs.id, LAKE));
    try {
      const res = await download(`patientId=${OTHER}`, LAKE_USER);
      expect(res.statusCode).toBe(200);
      const { pages, sizes } = await readPdf(res.rawPayload);
      expect(sizes[0]).toEqual([0, 0, 595.28, 841.89]);
      // 05:30 in Berlin on Mar 1: the file is dated by the program's own day.
      expect(res.headers['content-disposition']).toBe(`attachment; filename="patient-${OTHER}-summary-2031-03-01.pdf"`);
      expect(pages[0]).toContain('Generated Mar 01, 2031 05:30AM GMT+1');
    } finally {
      await t.app.db.update(programs).set({ timezone: lake!.timezone }).where(eq(programs.id, LAKE));
    }
  });

  it('does not find another program’s patient: 404 in JSON, audited as refused', async () => {
    for (const [who, id] of [
      [STAFF, OTHER],
      [LAKE_USER, ADA],
    ] as const) {
      const res = await download(`patientId=${id}&type=full`, who);
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.headers['content-disposition']).toBeUndefined();
      expect(res.json()).toEqual({ message: MESSAGES.patientNotFound });
      const [refused] = await t.app.db
        .select()
        .from(auditRecords)
        .where(and(eq(auditRecords.action, 'patient.report.pdf'), eq(auditRecords.entity_id, String(id)), eq(auditRecords.success, false)))
        .orderBy(asc(auditRecords.id));
      expect(refused).toMatchObject({ patient_id: null, detail: { type: 'full', refused: 'not-found' } });
    }
    expect((await download('patientId=2147483647')).statusCode).toBe(404);
  });

  it('refuses self-service staff (403) and callers without a session (401)', async () => {
    const res = await download(`patientId=${ADA}`, SELF_SERVICE);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: NOT_FOR_SELF_SERVICE });
    expect((await t.call({ method: 'GET', url: `${URL}?patientId=${ADA}` })).statusCode).toBe(401);
  });

  it('answers 422 with field messages for a bad type or patient id, and writes no audit record', async () => {
    const before = (await reportAudits()).length;
    const cases: [string, Record<string, string[]>][] = [
      [`patientId=${ADA}&type=detailed`, { type: [MESSAGES.type] }],
      [`patientId=${ADA}&type=SUMMARY`, { type: [MESSAGES.type] }],
      ['type=full', { patientId: ['Patient ID is required.'] }],
      ['patientId=&type=full', { patientId: ['Patient ID is required.'] }],
      ['patientId=abc', { patientId: [INVALID_ID] }],
      ['patientId=0', { patientId: [INVALID_ID] }],
      ['patientId=2147483648', { patientId: [INVALID_ID] }],
      [`patientId=${ADA}&patientId=${BARE}`, { patientId: [INVALID_ID] }],
    ];
    for (const [query, errors] of cases) {
      const res = await download(query);
      expect({ query, status: res.statusCode, errors: res.json().errors }).toEqual({ query, status: 422, errors });
    }
    expect(await reportAudits()).toHaveLength(before);
    // A blank type is the summary.
    const blank = await download(`patientId=${ADA}&type=`);
    expect(blank.statusCode).toBe(200);
    expect(blank.headers['content-disposition']).toContain('-summary-');
  });
});

describe('patient report helpers', () => {
  it('prints Letter for US time zones and A4 elsewhere', () => {
    expect(['America/Chicago', 'America/Indiana/Indianapolis', 'Pacific/Honolulu', 'US/Eastern'].map(paperSizeFor)).toEqual(
      Array(4).fill('LETTER'),
    );
    expect(['Europe/London', 'America/Sao_Paulo', 'Asia/Kolkata', 'UTC'].map(paperSizeFor)).toEqual(Array(4).fill('A4'));
  });

  it('names the file by id, type and day only', () => {
    expect(patientReportFileName(42, 'full', '2031-02-28')).toBe('patient-42-full-2031-02-28.pdf');
  });

  it('keeps text the built-in fonts can draw and replaces the rest', () => {
    expect(pdfText('Ñandú “quoted” – €5 • ok')).toBe('Ñandú “quoted” – €5 • ok');
    expect(pdfText('Łódź ő ✓ 中\tx\r\ny\u0007')).toBe('Lódz o ? ? x\ny');
  });
});
