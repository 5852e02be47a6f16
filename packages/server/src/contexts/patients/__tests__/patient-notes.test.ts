/**
 * Patient notes: internal notes, checklist notes and the checklist-and-pipeline timeline — scoped to the
 * caller's program, refused to self-service staff, deleted only by their author or the program's own
 * account (softly), and audited without their text.
 */
import { and, eq, inArray, like } from 'drizzle-orm';
import {
  INVALID_ID,
  NOT_FOR_SELF_SERVICE,
  NOTE_MAX_LENGTH,
  PATIENT_NOTE_MESSAGES as MESSAGES,
  type ChecklistNote,
  type InternalNote,
  type NoteTimelineItem,
} from '@baridesk/contracts';
import { STAFF_CALLERS, routeSuite, type StaffCaller } from '../../../test/app';
import { auditRecords, checklistNotes, internalNotes, patientChecklistItems, patients, programUsers, programs } from '../../../db/schema';

const { NORTH, STAFF, SELF_SERVICE, LAKE } = STAFF_CALLERS;
/**
 * A Northside program user who wrote none of the notes here (202, no administrative rights). Seeded with
 * only the pipeline and the calendar; given Patients (manage_user) here, so its refusals are the author rule's.
 */
const LIMITED = 'limited@northside.test';
const NORTH_ID = 101;
const LAKE_ID = 102;
const STAFF_ID = 201;
const LIMITED_ID = 202;

const t = routeSuite('/api');
const { get, post, auditOf } = t;

/** Tokens for calls the suite's helpers do not make (DELETE, and the LIMITED account). */
type Caller = typeof NORTH | typeof STAFF | typeof LAKE | typeof SELF_SERVICE | typeof LIMITED;
let tokens: Record<Caller, string>;
/** Fresh Northside patients (no seeded notes) and a Lakeview one. */
let A: number;
let B: number;
let C: number;
let OTHER: number;
let northOwner: string;

beforeAll(async () => {
  await t.app.db.update(programUsers).set({ manage_user: 1 }).where(eq(programUsers.id, LIMITED_ID));
  tokens = await t.signIn(NORTH, STAFF, LAKE, SELF_SERVICE, LIMITED);
  const stamp = { created_at: t.clock.now(), updated_at: t.clock.now() };
  const made = await t.app.db
    .insert(patients)
    .values([
      { program_id: NORTH_ID, first_name: 'Ada', last_name: 'Notes', name: 'Ada Notes', ...stamp },
      { program_id: NORTH_ID, first_name: 'Bo', last_name: 'Checklist', name: 'Bo Checklist', current_stage: 2, ...stamp },
      { program_id: NORTH_ID, first_name: 'Cy', last_name: 'Timeline', name: 'Cy Timeline', ...stamp },
      { program_id: LAKE_ID, first_name: 'Lee', last_name: 'Lake', name: 'Lee Lake', ...stamp },
    ])
    .returning({ id: patients.id });
  [A, B, C, OTHER] = made.map((row) => row.id) as [number, number, number, number];
  const [owner] = await t.app.db.select({ name: programs.owner_name }).from(programs).where(eq(programs.id, NORTH_ID));
  northOwner = owner!.name!;
});

const del = (path: string, who: Caller) => t.call({ method: 'DELETE', url: `/api${path}`, token: tokens[who] });
const postAs = (path: string, who: typeof LIMITED, payload: object) => t.call({ method: 'POST', url: `/api${path}`, token: tokens[who], payload });

/** Moves the clock on a minute, so each note written next is the newest. */
const tick = () => t.clock.advance(60_000);

async function addInternal(who: StaffCaller, patientId: number, note: string, note_type?: string): Promise<InternalNote> {
  tick();
  const res = await post('/internal-notes/store', who, { patient_id: patientId, note, ...(note_type ? { note_type } : {}) });
  expect({ status: res.statusCode, body: res.json() }).toMatchObject({ status: 201, body: { message: MESSAGES.created } });
  return res.json().data as InternalNote;
}

async function addChecklist(who: StaffCaller, patientId: number, stage: number, note: string, item?: number): Promise<ChecklistNote> {
  tick();
  const res = await post('/checklist/notes', who, { patient_id: patientId, stage, note, ...(item ? { checklist_item_id: item } : {}) });
  expect({ status: res.statusCode, body: res.json() }).toMatchObject({ status: 201, body: { message: MESSAGES.created } });
  return res.json().data as ChecklistNote;
}

const internalPage = async (query: string, who: StaffCaller = STAFF) => {
  const res = await get(`/internal-notes?${query}`, who);
  expect(res.statusCode).toBe(200);
  return res.json().data as { data: InternalNote[]; total: number; page: number; perPage: number | 'All' };
};
const texts = (notes: { note: string }[]) => notes.map((n) => n.note);

/** Every audit record of the notes calls: none may hold a note's text. */
const notesAudit = () => t.app.db.select().from(auditRecords).where(like(auditRecords.action, 'patient.%note%'));

describe('internal notes', () => {
  it('adds a note by the caller, trimmed, with its author and time, and audits it without the text', async () => {
    const note = await addInternal(STAFF, A, '  Called about the seminar; left a voicemail.  ', 'clinical');
    expect(note).toEqual({
      id: expect.any(Number),
      patient_id: A,
      note_type: 'clinical',
      note: 'Called about the seminar; left a voicemail.',
      created_at: t.clock.now().toISOString(),
      author: { id: STAFF_ID, name: 'Jordan Ellis' },
      can_delete: true,
    });
    const [row] = await t.app.db.select().from(internalNotes).where(eq(internalNotes.id, note.id));
    expect(row).toMatchObject({ program_id: NORTH_ID, patient_id: A, created_by: STAFF_ID, deleted_at: null });
    expect(await auditOf('patient.internal-note.create', note.id)).toEqual([
      expect.objectContaining({ actor_account_id: STAFF_ID, program_id: NORTH_ID, patient_id: A, success: true, detail: { note_type: 'clinical' } }),
    ]);
    // Without a type it is a general note.
    expect((await addInternal(NORTH, A, 'Sent the handbook again.')).note_type).toBe('general');
  });

  it('lists the patient’s notes newest first, filtered by type, paged or all at once, with who may delete each', async () => {
    for (let i = 1; i <= 6; i++) await addInternal(i % 2 ? STAFF : NORTH, B, `Note ${i}`, i <= 2 ? 'insurance' : 'nutrition');

    const first = await internalPage(`patient_id=${B}&perPage=5`);
    expect(first).toMatchObject({ total: 6, page: 1, perPage: 5 });
    expect(texts(first.data)).toEqual(['Note 6', 'Note 5', 'Note 4', 'Note 3', 'Note 2']);
    // The author (a program user) may delete their own; the program's account wrote the others.
    expect(first.data.map((n) => [n.note, n.can_delete, n.author?.name])).toEqual([
      ['Note 6', false, northOwner],
      ['Note 5', true, 'Jordan Ellis'],
      ['Note 4', false, northOwner],
      ['Note 3', true, 'Jordan Ellis'],
      ['Note 2', false, northOwner],
    ]);
    expect(texts((await internalPage(`patient_id=${B}&perPage=5&page=2`)).data)).toEqual(['Note 1']);
    // The program's own account may delete every note.
    expect((await internalPage(`patient_id=${B}`, NORTH)).data.every((n) => n.can_delete)).toBe(true);

    const insurance = await internalPage(`patient_id=${B}&note_type=insurance`);
    expect(insurance.total).toBe(2);
    expect(texts(insurance.data)).toEqual(['Note 2', 'Note 1']);
    expect((await internalPage(`patient_id=${B}&note_type=`)).total).toBe(6);

    // pagination=0: every note, whatever page and perPage say (for printing).
    const all = await internalPage(`patient_id=${B}&pagination=0&page=3&perPage=5`);
    expect(all).toMatchObject({ total: 6, page: 1, perPage: 'All' });
    expect(all.data).toHaveLength(6);

    const reads = await auditOf('patient.internal-notes.read', B);
    expect(reads.length).toBeGreaterThanOrEqual(6);
    expect(reads.at(-1)).toMatchObject({ patient_id: B, success: true, detail: { count: 6, total: 6, pagination: 0, perPage: 'All' } });
  });

  it('answers clear field messages and saves nothing', async () => {
    const before = (await t.app.db.select().from(internalNotes)).length;
    const empty = await post('/internal-notes/store', STAFF, {});
    expect(empty.statusCode).toBe(422);
    expect(empty.json().errors).toEqual({ patient_id: ['Patient ID is required.'], note: ['Note is required.'] });

    const bad = await post('/internal-notes/store', STAFF, { patient_id: 'x', note_type: 'gossip', note: 'x'.repeat(NOTE_MAX_LENGTH + 1) });
    expect(bad.statusCode).toBe(422);
    expect(bad.json()).toEqual({
      message: INVALID_ID,
      errors: {
        patient_id: [INVALID_ID],
        note_type: ['Please enter valid note type.'],
        note: [`Note may not be greater than ${NOTE_MAX_LENGTH} characters.`],
      },
    });
    expect((await post('/internal-notes/store', STAFF, { patient_id: A, note: '   ' })).json().errors).toEqual({ note: ['Note is required.'] });
    expect((await t.app.db.select().from(internalNotes)).length).toBe(before);

    const list = await get('/internal-notes?pagination=2&perPage=7&note_type=other', STAFF);
    expect(list.statusCode).toBe(422);
    expect(list.json().errors).toEqual({
      patient_id: ['Patient ID is required.'],
      note_type: ['Please enter valid note type.'],
      pagination: ['The value must be 0 or 1.'],
      perPage: ['The perPage must be one of 5, 10, 15, 20, 50, 100 or All.'],
    });
    expect((await post('/internal-notes/delete', STAFF, { id: 0 })).json().errors).toEqual({ id: [INVALID_ID] });
  });
});

describe('deleting a note', () => {
  it('lets the author or the program’s account delete it, softly; anyone else gets 403', async () => {
    const mine = await addInternal(STAFF, C, 'Written by Jordan.', 'general');
    const other = await addInternal(STAFF, C, 'Also by Jordan.', 'general');

    const refused = await postAs('/internal-notes/delete', LIMITED, { id: mine.id });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ message: MESSAGES.notAllowed });
    expect((await internalPage(`patient_id=${C}`, NORTH)).total).toBe(2);

    const byAuthor = await post('/internal-notes/delete', STAFF, { id: mine.id });
    expect({ status: byAuthor.statusCode, body: byAuthor.json() }).toEqual({ status: 200, body: { message: MESSAGES.deleted } });
    const bySubUser = await post('/internal-notes/delete', NORTH, { id: other.id });
    expect(bySubUser.statusCode).toBe(200);

    // Gone from the lists, kept in the table.
    expect((await internalPage(`patient_id=${C}&pagination=0`)).total).toBe(0);
    const rows = await t.app.db.select().from(internalNotes).where(inArray(internalNotes.id, [mine.id, other.id]));
    expect(rows.map((r) => [r.id, r.deleted_by, r.deleted_at?.toISOString()])).toEqual(
      expect.arrayContaining([
        [mine.id, STAFF_ID, expect.any(String)],
        [other.id, NORTH_ID, expect.any(String)],
      ]),
    );

    // An already-deleted note is not found.
    const again = await post('/internal-notes/delete', NORTH, { id: mine.id });
    expect({ status: again.statusCode, body: again.json() }).toEqual({ status: 404, body: { message: MESSAGES.notFound } });

    expect((await auditOf('patient.internal-note.delete', mine.id)).map((r) => [r.actor_account_id, r.patient_id, r.success, r.detail])).toEqual([
      [LIMITED_ID, C, false, { refused: 'not-author' }],
      [STAFF_ID, C, true, null],
      [NORTH_ID, null, false, { refused: 'not-found' }],
    ]);
  });
});

describe('another program', () => {
  it('does not find another program’s patient or note, and changes nothing', async () => {
    const note = await addInternal(STAFF, A, 'Northside only.');
    const checklist = await addChecklist(STAFF, A, 1, 'Northside checklist only.');
    const countOf = async () => ({
      internal: (await t.app.db.select().from(internalNotes).where(eq(internalNotes.patient_id, A))).length,
      checklist: (await t.app.db.select().from(checklistNotes).where(eq(checklistNotes.patient_id, A))).length,
    });
    const before = await countOf();

    const notFound = { status: 404, body: { message: MESSAGES.patientNotFound } };
    const answer = async (res: Awaited<ReturnType<typeof get>>) => ({ status: res.statusCode, body: res.json() });
    expect(await answer(await get(`/internal-notes?patient_id=${A}`, LAKE))).toEqual(notFound);
    expect(await answer(await get(`/checklist/get-all-notes?patient_id=${A}`, LAKE))).toEqual(notFound);
    expect(await answer(await get(`/checklist/notes/by-stage?patient_id=${A}&stage=1`, LAKE))).toEqual(notFound);
    expect(await answer(await get(`/notes/checklist-and-pipeline?patient_id=${A}`, LAKE))).toEqual(notFound);
    expect(await answer(await post('/internal-notes/store', LAKE, { patient_id: A, note: 'Sneaky.' }))).toEqual(notFound);
    expect(await answer(await post('/checklist/notes', LAKE, { patient_id: A, stage: 1, note: 'Sneaky.' }))).toEqual(notFound);
    // Northside's staff do not see Lakeview's patient either.
    expect(await answer(await get(`/internal-notes?patient_id=${OTHER}`, NORTH))).toEqual(notFound);

    const noteNotFound = { status: 404, body: { message: MESSAGES.notFound } };
    expect(await answer(await post('/internal-notes/delete', LAKE, { id: note.id }))).toEqual(noteNotFound);
    expect(await answer(await del(`/checklist/notes/${checklist.id}`, LAKE))).toEqual(noteNotFound);
    expect(await countOf()).toEqual(before);
    const [row] = await t.app.db.select().from(internalNotes).where(eq(internalNotes.id, note.id));
    expect(row!.deleted_at).toBeNull();

    // The refusals are audited with the id asked for.
    const probes = await t.app.db
      .select()
      .from(auditRecords)
      .where(
        and(
          eq(auditRecords.actor_account_id, LAKE_ID),
          eq(auditRecords.entity, 'patient'),
          eq(auditRecords.entity_id, String(A)),
          eq(auditRecords.success, false),
        ),
      );
    expect(probes.map((r) => r.action).sort()).toEqual([
      'patient.checklist-note.create',
      'patient.checklist-notes.read',
      'patient.checklist-notes.read',
      'patient.internal-note.create',
      'patient.internal-notes.read',
      'patient.notes-timeline.read',
    ]);
  });

  it('refuses self-service staff every call, before reading the input', async () => {
    const forbidden = { status: 403, body: { message: NOT_FOR_SELF_SERVICE } };
    const calls = [
      get(`/internal-notes?patient_id=${A}`, SELF_SERVICE),
      post('/internal-notes/store', SELF_SERVICE, {}),
      post('/internal-notes/delete', SELF_SERVICE, { id: 1 }),
      post('/checklist/notes', SELF_SERVICE, { patient_id: A, stage: 1, note: 'x' }),
      del('/checklist/notes/1', SELF_SERVICE),
      get(`/checklist/get-all-notes?patient_id=${A}`, SELF_SERVICE),
      get(`/checklist/notes/by-stage?patient_id=${A}&stage=9`, SELF_SERVICE),
      get(`/notes/checklist-and-pipeline?patient_id=${A}`, SELF_SERVICE),
    ];
    for (const res of await Promise.all(calls)) expect({ status: res.statusCode, body: res.json() }).toEqual(forbidden);
  });
});

describe('checklist notes', () => {
  it('adds notes on a stage and an item, lists them by stage (paged) and all together, newest first', async () => {
    // A note may name an item of the patient's checklist of that stage.
    const [item] = await t.app.db
      .insert(patientChecklistItems)
      .values({ program_id: NORTH_ID, patient_id: B, stage: 1, title: 'Psych evaluation' })
      .returning({ id: patientChecklistItems.id });
    const itemId = item!.id;
    const first = await addChecklist(STAFF, B, 1, 'Psych evaluation done.', itemId);
    expect(first).toEqual({
      id: expect.any(Number),
      patient_id: B,
      stage: 1,
      checklist_item_id: itemId,
      note: 'Psych evaluation done.',
      created_at: t.clock.now().toISOString(),
      author: { id: STAFF_ID, name: 'Jordan Ellis' },
      can_delete: true,
    });
    expect(await auditOf('patient.checklist-note.create', first.id)).toEqual([
      expect.objectContaining({ patient_id: B, success: true, detail: { stage: 1, checklist_item_id: itemId } }),
    ]);
    await addChecklist(NORTH, B, 2, 'Two-week visit: healing well.');
    for (let i = 1; i <= 6; i++) await addChecklist(STAFF, B, 1, `Pre-op ${i}`);

    const stageOne = await get(`/checklist/notes/by-stage?patient_id=${B}&stage=1&perPage=5`, STAFF);
    expect(stageOne.statusCode).toBe(200);
    const page = stageOne.json().data as { data: ChecklistNote[]; total: number };
    expect(page).toMatchObject({ total: 7, page: 1, perPage: 5 });
    expect(texts(page.data)).toEqual(['Pre-op 6', 'Pre-op 5', 'Pre-op 4', 'Pre-op 3', 'Pre-op 2']);
    const second = (await get(`/checklist/notes/by-stage?patient_id=${B}&stage=1&perPage=5&page=2`, STAFF)).json().data;
    expect(texts(second.data)).toEqual(['Pre-op 1', 'Psych evaluation done.']);
    const stageTwo = (await get(`/checklist/notes/by-stage?patient_id=${B}&stage=2`, STAFF)).json().data;
    expect(stageTwo.data.map((n: ChecklistNote) => [n.note, n.stage, n.checklist_item_id, n.can_delete])).toEqual([
      ['Two-week visit: healing well.', 2, null, false],
    ]);

    const all = await get(`/checklist/get-all-notes?patient_id=${B}`, NORTH);
    expect(all.statusCode).toBe(200);
    const notes = all.json().data as ChecklistNote[];
    expect(texts(notes)).toEqual([...['6', '5', '4', '3', '2', '1'].map((n) => `Pre-op ${n}`), 'Two-week visit: healing well.', 'Psych evaluation done.']);
    expect(notes.every((n) => n.can_delete)).toBe(true);
    expect((await auditOf('patient.checklist-notes.read', B)).at(-1)).toMatchObject({ patient_id: B, detail: { stage: 'all', count: 8 } });
  });

  it('answers clear field messages', async () => {
    const empty = await post('/checklist/notes', STAFF, {});
    expect(empty.statusCode).toBe(422);
    expect(empty.json().errors).toEqual({
      patient_id: ['Patient ID is required.'],
      stage: ['Stage is required.'],
      note: ['Note is required.'],
    });
    const bad = await post('/checklist/notes', STAFF, { patient_id: A, stage: 4, checklist_item_id: 'first', note: 'Ok' });
    expect(bad.json().errors).toEqual({ stage: ['Please enter valid stage.'], checklist_item_id: [INVALID_ID] });
    expect((await get(`/checklist/notes/by-stage?patient_id=${A}`, STAFF)).json().errors).toEqual({ stage: ['Stage is required.'] });
    expect((await get('/checklist/get-all-notes', STAFF)).json().errors).toEqual({ patient_id: ['Patient ID is required.'] });
    expect((await del('/checklist/notes/abc', STAFF)).json().errors).toEqual({ id: [INVALID_ID] });
  });

  it('deletes by the author or the program’s account only, softly', async () => {
    const note = await addChecklist(STAFF, C, 3, 'Annual labs ordered.');
    const refused = await t.call({ method: 'DELETE', url: `/api/checklist/notes/${note.id}`, token: tokens[LIMITED] });
    expect({ status: refused.statusCode, body: refused.json() }).toEqual({ status: 403, body: { message: MESSAGES.notAllowed } });

    const done = await del(`/checklist/notes/${note.id}`, NORTH);
    expect({ status: done.statusCode, body: done.json() }).toEqual({ status: 200, body: { message: MESSAGES.deleted } });
    expect((await get(`/checklist/notes/by-stage?patient_id=${C}&stage=3`, STAFF)).json().data.total).toBe(0);
    const [row] = await t.app.db.select().from(checklistNotes).where(eq(checklistNotes.id, note.id));
    expect(row).toMatchObject({ deleted_by: NORTH_ID, note: 'Annual labs ordered.' });
    expect(row!.deleted_at).toBeInstanceOf(Date);
    expect((await del(`/checklist/notes/${note.id}`, STAFF)).statusCode).toBe(404);
    expect((await auditOf('patient.checklist-note.delete', note.id)).map((r) => [r.actor_account_id, r.success])).toEqual([
      [LIMITED_ID, false],
      [NORTH_ID, true],
      [STAFF_ID, false],
    ]);
  });
});

describe('GET /api/notes/checklist-and-pipeline', () => {
  it('merges checklist notes and pipeline notes newest first, pages them, and leaves out other and deleted notes', async () => {
    const [patient] = await t.app.db
      .insert(patients)
      .values({ program_id: NORTH_ID, first_name: 'Tim', last_name: 'Line', name: 'Tim Line', current_stage: 2 })
      .returning({ id: patients.id });
    const id = patient!.id;
    await addChecklist(STAFF, id, 1, 'c1');
    await addInternal(STAFF, id, 'p1', 'pipeline');
    await addInternal(STAFF, id, 'general note', 'general');
    await addChecklist(NORTH, id, 2, 'c2');
    const gone = await addInternal(STAFF, id, 'p-deleted', 'pipeline');
    await addInternal(NORTH, id, 'p2', 'pipeline');
    await addChecklist(STAFF, id, 1, 'c3');
    expect((await post('/internal-notes/delete', STAFF, { id: gone.id })).statusCode).toBe(200);

    const res = await get(`/notes/checklist-and-pipeline?patient_id=${id}`, STAFF);
    expect(res.statusCode).toBe(200);
    const page = res.json().data as { data: NoteTimelineItem[]; total: number };
    expect(page).toMatchObject({ total: 5, page: 1, perPage: 10 });
    expect(page.data.map((n) => [n.note, n.source, n.stage, n.author?.id, n.can_delete])).toEqual([
      ['c3', 'checklist', 1, STAFF_ID, true],
      ['p2', 'pipeline', null, NORTH_ID, false],
      ['c2', 'checklist', 2, NORTH_ID, false],
      ['p1', 'pipeline', null, STAFF_ID, true],
      ['c1', 'checklist', 1, STAFF_ID, true],
    ]);
    const times = page.data.map((n) => n.created_at);
    expect([...times].sort().reverse()).toEqual(times);

    const paged = await Promise.all(
      [1, 2, 3].map(async (n) => (await get(`/notes/checklist-and-pipeline?patient_id=${id}&perPage=5&page=${n}`, STAFF)).json().data),
    );
    expect(paged.map((p) => p.data.length)).toEqual([5, 0, 0]);
    expect(paged[2]).toMatchObject({ total: 5, page: 3 });

    // Ties in time keep a stable order across pages: checklist before pipeline, then newest id first.
    tick();
    const tied = t.clock.now();
    await t.app.db.insert(checklistNotes).values([
      { program_id: NORTH_ID, patient_id: id, stage: 1, note: 'tie c', created_by: STAFF_ID, created_at: tied, updated_at: tied },
    ]);
    await t.app.db.insert(internalNotes).values([
      { program_id: NORTH_ID, patient_id: id, note_type: 'pipeline', note: 'tie p', created_by: STAFF_ID, created_at: tied, updated_at: tied },
    ]);
    const firstTwo = (await get(`/notes/checklist-and-pipeline?patient_id=${id}&perPage=5`, STAFF)).json().data.data as NoteTimelineItem[];
    expect(firstTwo.slice(0, 3).map((n) => n.note)).toEqual(['tie c', 'tie p', 'c3']);
    expect((await auditOf('patient.notes-timeline.read', id)).at(-1)).toMatchObject({ patient_id: id, detail: { count: 5, total: 7 } });
  });
});

describe('the demo notes and the audit trail', () => {
  it('seeds notes of the program’s staff on demo patients', async () => {
    const [seeded] = await t.app.db
      .select({ patient_id: internalNotes.patient_id, created_by: internalNotes.created_by })
      .from(internalNotes)
      .where(and(eq(internalNotes.program_id, NORTH_ID), inArray(internalNotes.created_by, [NORTH_ID, STAFF_ID, LIMITED_ID, 204, 205])))
      .limit(1);
    expect(seeded).toBeDefined();
    const page = await internalPage(`patient_id=${seeded!.patient_id}&pagination=0`, NORTH);
    expect(page.total).toBeGreaterThan(0);
    expect(page.data.every((n) => n.author !== null && n.author.name !== '')).toBe(true);
    const lakeNotes = await t.app.db.select().from(checklistNotes).where(eq(checklistNotes.program_id, LAKE_ID));
    expect(lakeNotes.every((n) => n.created_by === LAKE_ID)).toBe(true);
  });

  it('never writes a note’s text into the audit', async () => {
    const records = await notesAudit();
    expect(records.length).toBeGreaterThan(20);
    const written = [
      ...(await t.app.db.select({ note: internalNotes.note }).from(internalNotes).where(inArray(internalNotes.patient_id, [A, B, C]))),
      ...(await t.app.db.select({ note: checklistNotes.note }).from(checklistNotes).where(inArray(checklistNotes.patient_id, [A, B, C]))),
    ].map((n) => n.note);
    expect(written.length).toBeGreaterThan(10);
    const details = JSON.stringify(records.map((r) => r.detail));
    for (const text of written) expect(details).not.toContain(text);
  });
});
