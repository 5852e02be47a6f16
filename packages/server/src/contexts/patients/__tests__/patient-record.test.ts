/**
 * One patient, end to end: create (validation, references of the program only, unique e-mail, the app
 * invitation received by a real SMTP server), view (computed values), update (optimistic locking) and
 * the audit trail.
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import { DateTime } from 'luxon';
import { PATIENT_RECORD_MESSAGES as MESSAGES, type PatientRecord } from '@baridesk/contracts';
import { auditRecords, insuranceCoordinators, locations, passwordResetTokens, patientTags, patients } from '../../../db/schema';
import { type ConfiguredTestApp, type TestSmtpServer, createConfiguredTestApp, linkParams, startSmtpServer } from '../../../test/mail';

const NORTH = 101;
const LAKE = 102;
const NORTH_ZONE = 'America/Chicago';
const PUBLIC_URL = 'https://baridesk.example';

let smtp: TestSmtpServer;
let t: ConfiguredTestApp;
let staff: string; // staff@northside.test (program user 201)
let lakeview: string;
let selfService: string;
/** Northside's references, and other programs'/inactive ones that must be refused. */
const ref = { tag: 0, tag2: 0, inactiveTag: 0, coordinator: 0, location: 0, lakeTag: 0, lakeCoordinator: 0, lakeLocation: 0 };

const firstOf = async <T>(rows: Promise<T[]>) => (await rows)[0]!;

beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await createConfiguredTestApp({ smtpUrl: smtp.url, publicUrl: PUBLIC_URL }, { patientsPerProgram: 4 });
  staff = await t.login('staff@northside.test');
  lakeview = await t.login('subuser@lakeview.test');
  selfService = await t.login('selfservice@northside.test');
  const db = t.app.db;
  const tagsOf = (program: number) =>
    db.select({ id: patientTags.id }).from(patientTags).where(eq(patientTags.program_id, program)).orderBy(asc(patientTags.id));
  [ref.tag, ref.tag2] = (await tagsOf(NORTH)).map((row) => row.id) as [number, number];
  ref.lakeTag = (await tagsOf(LAKE))[0]!.id;
  const stamp = { created_at: new Date(), updated_at: new Date() };
  ref.inactiveTag = (await firstOf(db.insert(patientTags).values({ program_id: NORTH, name: 'Switched Off', status: 0, ...stamp }).returning()))
    .id;
  const coordinatorOf = (program: number) =>
    firstOf(db.select({ id: insuranceCoordinators.id }).from(insuranceCoordinators).where(eq(insuranceCoordinators.program_id, program)));
  const locationOf = (program: number) => firstOf(db.select({ id: locations.id }).from(locations).where(eq(locations.program_id, program)));
  ref.coordinator = (await coordinatorOf(NORTH)).id;
  ref.lakeCoordinator = (await coordinatorOf(LAKE)).id;
  ref.location = (await locationOf(NORTH)).id;
  ref.lakeLocation = (await locationOf(LAKE)).id;
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

const post = (url: string, payload: object, token = staff) => t.call({ method: 'POST', url, payload, token });
const store = (payload: object, token = staff) => post('/api/patients/store', payload, token);
const update = (payload: object, token = staff) => post('/api/patients/update', payload, token);
const view = (id: number | string, token = staff) => t.call({ method: 'GET', url: `/api/patients/${id}`, token });
const rowOf = (id: number) => firstOf(t.app.db.select().from(patients).where(eq(patients.id, id)));
const auditOf = (action: string, patientId: number) =>
  t.app.db
    .select()
    .from(auditRecords)
    .where(and(eq(auditRecords.action, action), eq(auditRecords.entity_id, String(patientId))))
    .orderBy(asc(auditRecords.id));
const countPatients = async () =>
  (await firstOf(t.app.db.select({ n: sql<number>`count(*)::int` }).from(patients).where(eq(patients.program_id, NORTH)))).n;

let unique = 0;
/** A valid add form, as the screen sends it (text from inputs and selects), with an address of its own. */
function form(overrides: Record<string, unknown> = {}) {
  unique += 1;
  return {
    first_name: 'Maria',
    last_name: `Okafor${unique}`,
    nick_name: '',
    email: `maria.okafor${unique}@example.org`,
    phone: '(312) 555-0182',
    dob: '1984-06-15',
    sex: 'Female',
    city: 'Chicago',
    state_id: '17',
    mrn_number: `MRN-T${unique}`,
    hight: '65',
    starting_weight: '300',
    current_weight: '250.5',
    target_weight: '180',
    current_stage: '2',
    surgery_date: '2025-01-10',
    type_of_surgery: 'Sleeve Gastrectomy',
    location_id: String(ref.location),
    insurance_coordinator_id: String(ref.coordinator),
    user_cat_id: String(ref.tag),
    user_cat_id2: String(ref.tag2),
    snooze_status: false,
    snooze_date: '',
    checklist_deactivate: false,
    checklist_deactivate_reason: '',
    is_invited: false,
    ...overrides,
  };
}

async function created(overrides: Record<string, unknown> = {}): Promise<PatientRecord> {
  const res = await store(form(overrides));
  expect({ status: res.statusCode, body: res.json() }).toMatchObject({ status: 201 });
  return res.json().data as PatientRecord;
}

/** The program's calendar day `days` from today ("yyyy-MM-dd"). */
const northDay = (days: number) => DateTime.fromJSDate(t.clock.now(), { zone: NORTH_ZONE }).plus({ days }).toISODate()!;

describe('POST /api/patients/store', () => {
  it('adds a patient to the caller’s program, copies the tag names and answers the record', async () => {
    const res = await store(form({ first_name: '  Maria ', email: 'Maria.Store@Example.org' }));
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body.message).toBe(MESSAGES.created);
    const patient = body.data as PatientRecord;
    expect(patient).toMatchObject({
      first_name: 'Maria',
      name: `Maria ${patient.last_name}`,
      email: 'maria.store@example.org',
      current_stage: 2,
      inital_stage: 2,
      starting_weight: 300,
      current_weight: 250.5,
      user_cat_id: ref.tag,
      user_cat_id2: ref.tag2,
      insurance_coordinator_id: ref.coordinator,
      location_id: ref.location,
      is_invited: 0,
      version: 1,
      weight_lost: 49.5,
      timezone: NORTH_ZONE,
    });
    const row = await rowOf(patient.id);
    const [tag1, tag2] = await t.app.db.select().from(patientTags).where(sql`${patientTags.id} in (${ref.tag}, ${ref.tag2})`).orderBy(asc(patientTags.id));
    expect(row).toMatchObject({
      program_id: NORTH,
      created_by: 201,
      user_cat_name: tag1!.name,
      user_cat_name2: tag2!.name,
      total_weight_lost: '49.5',
      version: 1,
      password_hash: null,
    });
    const [audit] = await auditOf('patient.create', patient.id);
    expect(audit).toMatchObject({ actor_account_id: 201, program_id: NORTH, patient_id: patient.id, success: true });
    // Names of the fields only: never the values (health data).
    expect((audit!.detail as { fields: string[] }).fields).toEqual(expect.arrayContaining(['first_name', 'email', 'dob']));
    expect(JSON.stringify(audit!.detail)).not.toContain('maria.store');
  });

  it('answers a field map of clear messages, and saves nothing', async () => {
    const before = await countPatients();
    const empty = await store({});
    expect(empty.statusCode).toBe(422);
    expect(empty.json().errors).toEqual({
      first_name: ['First name is required.'],
      last_name: ['Last name is required.'],
      current_stage: [MESSAGES.stageRequired],
    });

    const bad = await store(
      form({
        email: 'not-an-address',
        phone: '12',
        dob: '1984-02-30',
        hight: '20',
        starting_weight: '20000',
        current_weight: 'heavy',
        current_stage: '4',
        surgery_date: '03/05/2026',
      }),
    );
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual({
      email: ['The email field must have a valid email address.'],
      phone: ['Please enter valid phone.'],
      dob: ['Please enter valid date of birth.'],
      hight: ['Height must be between 36 and 96 inches.'],
      starting_weight: ['Starting weight must be between 50 and 1000 lb.'],
      current_weight: ['Current weight must be a number with at most one decimal.'],
      current_stage: [MESSAGES.stageInvalid],
      surgery_date: ['Please enter valid surgery date.'],
    });

    // Rules between fields (the server reports the first broken one; the form shows them all).
    const rules: [Record<string, unknown>, string, string][] = [
      [{ snooze_status: true, snooze_date: '' }, 'snooze_date', MESSAGES.snoozeDateRequired],
      [{ checklist_deactivate: 1, checklist_deactivate_reason: '  ' }, 'checklist_deactivate_reason', MESSAGES.reasonRequired],
      [{ is_invited: 1, email: '' }, 'email', MESSAGES.inviteNeedsEmail],
      [{ user_cat_id2: String(ref.tag) }, 'user_cat_id2', MESSAGES.sameTags],
    ];
    for (const [overrides, field, message] of rules) {
      const res = await store(form(overrides));
      expect({ field, status: res.statusCode, errors: res.json().errors }).toEqual({ field, status: 422, errors: { [field]: [message] } });
    }

    const future = await store(form({ dob: northDay(1) }));
    expect(future.statusCode).toBe(422);
    expect(future.json().errors).toEqual({ dob: [MESSAGES.dobInFuture] });
    expect(await countPatients()).toBe(before);
  });

  it('refuses an e-mail another patient of the program has, whatever its case, but not another program’s', async () => {
    const first = await created({ email: 'twin@example.org' });
    const before = await countPatients();
    const again = await store(form({ email: 'TWIN@example.org' }));
    expect(again.statusCode).toBe(422);
    expect(again.json()).toEqual({ message: MESSAGES.emailTaken, errors: { email: [MESSAGES.emailTaken] } });
    expect(await countPatients()).toBe(before);

    const elsewhere = await store(
      form({ email: 'twin@example.org', user_cat_id: '', user_cat_id2: '', insurance_coordinator_id: '', location_id: '' }),
      lakeview,
    );
    expect(elsewhere.statusCode).toBe(201);
    expect(first.id).not.toBe(elsewhere.json().data.id);
  });

  it('refuses tags, coordinators and locations of another program, and switched-off tags', async () => {
    const before = await countPatients();
    const res = await store(
      form({
        user_cat_id: String(ref.lakeTag),
        user_cat_id2: String(ref.inactiveTag),
        insurance_coordinator_id: String(ref.lakeCoordinator),
        location_id: String(ref.lakeLocation),
      }),
    );
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({
      user_cat_id: [MESSAGES.unknownTag],
      user_cat_id2: [MESSAGES.unknownTag],
      insurance_coordinator_id: [MESSAGES.unknownCoordinator],
      location_id: [MESSAGES.unknownLocation],
    });
    expect(await countPatients()).toBe(before);
  });

  it('e-mails a new patient the app invitation (a set-password link) and records it', async () => {
    const address = `invited${Date.now()}@example.org`;
    const res = await store(form({ email: address, is_invited: true, first_name: 'Ines' }));
    expect(res.statusCode).toBe(201);
    expect(res.json().message).toBe(MESSAGES.createdAndInvited);
    const patient = res.json().data as PatientRecord;
    expect(patient.is_invited).toBe(1);

    const mail = await smtp.next((m) => m.envelopeTo.includes(address));
    expect(mail.subject).toBe('Set your password for the Northside Bariatrics app');
    expect(mail.text).toContain('Ines');
    expect(mail.links).toHaveLength(1);
    expect(mail.links[0]!.startsWith(`${PUBLIC_URL}/reset-password?`)).toBe(true);
    expect(linkParams(mail.links[0]!)).toEqual({ token: expect.any(String), id: String(patient.id), email: address, new_patient: '1' });

    expect((await rowOf(patient.id)).is_invited).toBe(1);
    const tokens = await t.app.db.select().from(passwordResetTokens).where(eq(passwordResetTokens.patient_id, patient.id));
    expect(tokens).toMatchObject([{ purpose: 'set', used_at: null }]);
    const [audit] = await auditOf('patient.invite', patient.id);
    expect(audit).toMatchObject({ patient_id: patient.id, success: true, detail: { emailed: true, purpose: 'set' } });

    // Saving it again (already invited) sends nothing more.
    const again = await update({ ...form({ email: address, is_invited: true }), id: patient.id, version: patient.version });
    expect(again.statusCode).toBe(200);
    expect(again.json().message).toBe(MESSAGES.updated);
    await smtp.expectNothingMore();
  });

  it('refuses self-service staff, like the list', async () => {
    expect((await store(form(), selfService)).statusCode).toBe(403);
  });
});

describe('GET /api/patients/:id', () => {
  it('answers the record with BMI, weight lost, age and the surgery-date difference worked out', async () => {
    const surgery = DateTime.fromJSDate(t.clock.now(), { zone: NORTH_ZONE }).minus({ days: 428 }).toISODate()!;
    const today = DateTime.fromJSDate(t.clock.now(), { zone: NORTH_ZONE });
    const dob = today.minus({ years: 41 }).plus({ days: 1 }).toISODate()!; // 41st birthday is tomorrow
    const patient = await created({ hight: '65', starting_weight: '300', current_weight: '250', surgery_date: surgery, dob });

    const res = await view(patient.id);
    expect(res.statusCode).toBe(200);
    const record = res.json().data as PatientRecord;
    // 703 × 250 / 65² = 175,750 / 4,225 = 41.597… → 41.6
    expect(record.bmi).toBe(41.6);
    expect(record.weight_lost).toBe(50);
    // 428 days = 1 year (365) + 2 months (60) + 3 days
    expect(record.surgery_date_difference).toBe('1 year 2 months 3 days');
    expect(record.age).toBe(40);
    expect(record).toMatchObject({ id: patient.id, hight: 65, current_weight: 250, location_name: expect.any(String), insurance_coordinator_name: expect.any(String) });

    const same = await created({ surgery_date: today.toISODate()!, hight: '', current_weight: '' });
    const todayRecord = (await view(same.id)).json().data as PatientRecord;
    expect(todayRecord).toMatchObject({ surgery_date_difference: 'Today', bmi: null, weight_lost: null });
    const none = await created({ surgery_date: '' });
    expect(((await view(none.id)).json().data as PatientRecord).surgery_date_difference).toBe('N/A');

    const reads = await auditOf('patient.read', patient.id);
    expect(reads).toHaveLength(1);
    expect(reads[0]).toMatchObject({ actor_account_id: 201, program_id: NORTH, patient_id: patient.id, success: true });
  });

  it('does not find another program’s patient, nor an unknown one; refuses self-service staff', async () => {
    const patient = await created();
    const other = await view(patient.id, lakeview);
    expect(other.statusCode).toBe(404);
    expect(other.json()).toEqual({ message: MESSAGES.notFound });
    expect(JSON.stringify(other.json())).not.toContain(patient.last_name);
    const [refused] = await auditOf('patient.read', patient.id);
    expect(refused).toMatchObject({ actor_account_id: LAKE, program_id: LAKE, patient_id: null, success: false });

    expect((await view(2_000_000_000)).statusCode).toBe(404);
    expect((await view('abc')).statusCode).toBe(422);
    expect((await view(patient.id, selfService)).statusCode).toBe(403);
    expect((await t.call({ method: 'GET', url: `/api/patients/${patient.id}` })).statusCode).toBe(401);
  });
});

describe('POST /api/patients/update', () => {
  it('saves every field, raises the version and records which fields changed', async () => {
    const patient = await created({ nick_name: 'Mimi' });
    const body = {
      ...form({
        email: patient.email,
        last_name: patient.last_name,
        mrn_number: patient.mrn_number,
        current_stage: '3',
        current_weight: '240',
        user_cat_id: String(ref.tag2),
        user_cat_id2: '',
        nick_name: '',
        snooze_status: true,
        snooze_date: northDay(14),
        checklist_deactivate: true,
        checklist_deactivate_reason: 'Medical hold requested by the surgeon.',
      }),
      id: patient.id,
      version: patient.version,
    };
    const res = await update(body);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(MESSAGES.updated);
    const saved = res.json().data as PatientRecord;
    expect(saved).toMatchObject({
      version: 2,
      current_stage: 3,
      inital_stage: 2,
      current_weight: 240,
      weight_lost: 60,
      user_cat_id: ref.tag2,
      user_cat_id2: null,
      user_cat_name2: null,
      nick_name: null,
      snooze_status: 1,
      snooze_date: northDay(14),
      checklist_deactivate: 1,
      checklist_deactivate_reason: 'Medical hold requested by the surgeon.',
    });
    const row = await rowOf(patient.id);
    const [tag2] = await t.app.db.select().from(patientTags).where(eq(patientTags.id, ref.tag2));
    expect(row).toMatchObject({ version: 2, user_cat_id: ref.tag2, user_cat_name: tag2!.name, user_cat_name2: null, total_weight_lost: '60.0' });
    expect((await view(patient.id)).json().data).toEqual(saved);

    const [audit] = await auditOf('patient.update', patient.id);
    expect(audit).toMatchObject({ actor_account_id: 201, patient_id: patient.id, success: true, detail: { version: 2 } });
    expect((audit!.detail as { changed: string[] }).changed.sort()).toEqual(
      [
        'checklist_deactivate',
        'checklist_deactivate_reason',
        'current_stage',
        'current_weight',
        'nick_name',
        'snooze_date',
        'snooze_status',
        'user_cat_id',
        'user_cat_id2',
        'user_cat_name',
        'user_cat_name2',
      ].sort(),
    );
  });

  it('refuses a stale version with 409 and changes nothing', async () => {
    const patient = await created();
    const first = await update({ ...form({ email: patient.email, current_weight: '245' }), id: patient.id, version: 1 });
    expect(first.statusCode).toBe(200);
    const before = await rowOf(patient.id);

    const stale = await update({ ...form({ email: patient.email, first_name: 'Overwritten' }), id: patient.id, version: 1 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toEqual({ message: MESSAGES.stale });
    expect(await rowOf(patient.id)).toEqual(before);
    const audits = await auditOf('patient.update', patient.id);
    expect(audits.map((a) => a.success)).toEqual([true, false]);
    expect(audits[1]!.detail).toEqual({ refused: 'stale version', version: 1, currentVersion: 2 });

    const missing = await update({ ...form(), id: patient.id });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors).toEqual({ version: ['The version of the patient being edited is required.'] });
  });

  it('lets exactly one of two simultaneous edits of the same version win', async () => {
    const patient = await created();
    const edit = (first_name: string) => update({ ...form({ email: patient.email, first_name }), id: patient.id, version: 1 });
    const answers = await Promise.all([edit('Alpha'), edit('Beta')]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    const winner = answers.find((a) => a.statusCode === 200)!.json().data as PatientRecord;
    const row = await rowOf(patient.id);
    expect(row).toMatchObject({ version: 2, first_name: winner.first_name });
  });

  it('keeps a switched-off tag the patient already has, but refuses it as a new choice', async () => {
    const patient = await created();
    await t.app.db.update(patients).set({ user_cat_id2: ref.inactiveTag, user_cat_name2: 'Switched Off' }).where(eq(patients.id, patient.id));
    const kept = await update({ ...form({ email: patient.email, user_cat_id2: String(ref.inactiveTag) }), id: patient.id, version: 1 });
    expect(kept.statusCode).toBe(200);
    expect(kept.json().data).toMatchObject({ user_cat_id2: ref.inactiveTag, user_cat_name2: 'Switched Off' });

    const other = await created();
    const refused = await update({ ...form({ email: other.email, user_cat_id2: String(ref.inactiveTag) }), id: other.id, version: 1 });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors).toEqual({ user_cat_id2: [MESSAGES.unknownTag] });
  });

  it('does not touch another program’s patient, and refuses an e-mail another patient has', async () => {
    const patient = await created();
    const before = await rowOf(patient.id);
    const foreign = await update({ ...form({ user_cat_id: '', user_cat_id2: '', insurance_coordinator_id: '', location_id: '' }), id: patient.id, version: 1 }, lakeview);
    expect(foreign.statusCode).toBe(404);
    expect(await rowOf(patient.id)).toEqual(before);

    const other = await created();
    const taken = await update({ ...form({ email: other.email!.toUpperCase() }), id: patient.id, version: 1 });
    expect(taken.statusCode).toBe(422);
    expect(taken.json().errors).toEqual({ email: [MESSAGES.emailTaken] });
    expect(await rowOf(patient.id)).toEqual(before);
    expect((await update({ ...form(), id: patient.id, version: 1 }, selfService)).statusCode).toBe(403);
  });

  it('sends the invitation when an existing patient is first marked invited', async () => {
    const address = `later${Date.now()}@example.org`;
    const patient = await created({ email: address });
    const res = await update({ ...form({ email: address, is_invited: 1 }), id: patient.id, version: 1 });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ message: MESSAGES.updatedAndInvited, data: { is_invited: 1, version: 2 } });
    const mail = await smtp.next((m) => m.envelopeTo.includes(address));
    expect(linkParams(mail.links[0]!)).toMatchObject({ id: String(patient.id), new_patient: '1' });
  });
});
