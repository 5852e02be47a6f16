/**
 * The pipeline board (GET /api/pipeline-patients-by-stage), moves by hand (POST
 * /api/pipeline-patients/move), a patient's history of moves, and the missing pipeline patients
 * (GET /api/missing-pipeline-patients, POST /api/add-missing-pipeline-patient): scoped to the caller's
 * program, audited, and safe when two people move the same patient at once.
 */
import { and, asc, desc, eq, isNull, sql } from 'drizzle-orm';
import { DateTime } from 'luxon';
import {
  INVALID_ID,
  NOT_FOR_SELF_SERVICE,
  PATIENT_NOT_FOUND,
  PIPELINE_MESSAGES as MESSAGES,
  required,
  type PipelineBoardResponse,
  type PipelineCard,
  type PipelineMoveRecord,
  type PipelineStatus,
} from '@baridesk/contracts';
import { STAFF_CALLERS, routeSuite, type SuiteCall } from '../../../test/app';
import { AUTH_MESSAGES } from '../../identity';
import {
  auditRecords,
  checklistTemplateItems,
  checklistTemplates,
  patients,
  pipelineMoves,
  pipelineRules,
  pipelineStatuses,
  programs,
} from '../../../db/schema';
import { clearPipelines } from './pipelines-fixtures';

const { NORTH, STAFF, SELF_SERVICE, LAKE } = STAFF_CALLERS;
const LIMITED = 'limited@northside.test';
const NORTH_ID = 101;
const LAKE_ID = 102;
const LIMITED_ID = 202;
const NORTH_ZONE = 'America/Chicago';

const t = routeSuite('/api');
const { get, post, auditOf } = t;
let limitedToken: string;

/** Northside's stage 1 statuses S1 (default) S2 S3, its stage 2 status P1, and a Lakeview status. */
const s = { S1: 0, S2: 0, S3: 0, P1: 0, lake: 0 };
/** Northside patients (last name Boardtest): a, b, c (stage 1), d (stage 1, no status), e (stage 2), f (inactive); one of Lakeview. */
const p = { a: 0, b: 0, c: 0, d: 0, e: 0, f: 0, h: 0, lake: 0 };
let northOwner = '';

const stamp = () => ({ created_at: t.clock.now(), updated_at: t.clock.now() });

async function store(name: string, stage: number, who: typeof NORTH | typeof LAKE = NORTH, extra: object = {}): Promise<number> {
  const res = await post('/pipelines/store', who, { stage, name, ...extra });
  expect(res.statusCode).toBe(201);
  return (res.json().data as PipelineStatus).id;
}

async function insertPatient(values: Partial<typeof patients.$inferInsert> & { first_name: string }): Promise<number> {
  const last = values.last_name ?? 'Boardtest';
  const [row] = await t.app.db
    .insert(patients)
    .values({ program_id: NORTH_ID, last_name: last, name: `${values.first_name} ${last}`, ...stamp(), ...values })
    .returning({ id: patients.id });
  return row!.id;
}

const moveAs = (who: typeof NORTH | typeof STAFF | typeof LAKE, body: Record<string, unknown>) => post('/pipeline-patients/move', who, body);
const moveAsLimited = (body: Record<string, unknown>) =>
  t.call({ method: 'POST', url: '/api/pipeline-patients/move', token: limitedToken, payload: body });

async function board(query: string, who: typeof NORTH | typeof STAFF | typeof LAKE = STAFF): Promise<PipelineBoardResponse['data']> {
  const res = await get(`/pipeline-patients-by-stage?${query}`, who);
  expect({ query, status: res.statusCode }).toEqual({ query, status: 200 });
  return res.json().data;
}

const movesOf = (patientId: number) =>
  t.app.db.select().from(pipelineMoves).where(eq(pipelineMoves.patient_id, patientId)).orderBy(asc(pipelineMoves.id));

const iso = (date: Date) => date.toISOString();
const lastAudit = (action: string) =>
  t.app.db.select().from(auditRecords).where(eq(auditRecords.action, action)).orderBy(desc(auditRecords.id)).limit(1);

beforeAll(async () => {
  await clearPipelines(t.app.db, [NORTH_ID, LAKE_ID]);
  limitedToken = (await t.signIn(LIMITED))[LIMITED];
  s.S1 = await store('Seminar', 1, NORTH, { is_default: 1 });
  s.S2 = await store('Consult', 1);
  s.S3 = await store('Ready', 1);
  s.P1 = await store('Recovering', 2);
  s.lake = await store('Lake Seminar', 1, LAKE);
  p.a = await insertPatient({ first_name: 'Ann' });
  p.b = await insertPatient({ first_name: 'Ben' });
  p.c = await insertPatient({
    first_name: 'Cat',
    checklist_percent: 50,
    checklist_deactivate: 1,
    checklist_deactivate_reason: 'Moved away',
    surgery_date: '2026-06-01',
  });
  p.d = await insertPatient({ first_name: 'Dan' });
  p.e = await insertPatient({ first_name: 'Eve', current_stage: 2 });
  p.f = await insertPatient({ first_name: 'Fay', status: 0 });
  p.h = await insertPatient({ first_name: 'Hal', current_stage: 2 });
  p.lake = await insertPatient({ first_name: 'Lee', program_id: LAKE_ID });
  const [owner] = await t.app.db.select({ name: programs.owner_name }).from(programs).where(eq(programs.id, NORTH_ID));
  northOwner = owner!.name!;
});

describe('who may', () => {
  it('refuses self-service staff the board, moves and history', async () => {
    const calls: SuiteCall[] = [
      ['GET', '/pipeline-patients-by-stage?stage=1'],
      ['GET', '/get-pipeline-patient-average-days?stage=1'],
      ['GET', '/pipeline-patients-excel?stage=1'],
      ['GET', '/pipeline-patients-excel/by-average-days?stage=1'],
      ['GET', `/pipeline-patients/history?patient_id=${p.a}`],
      ['POST', '/pipeline-patients/move', { patient_id: p.a, to_status_id: s.S1 }],
    ];
    await t.expectEach(SELF_SERVICE, calls, { status: 403, body: { message: NOT_FOR_SELF_SERVICE } });
  });

  it('keeps the missing pipeline patients to the program’s own account', async () => {
    const calls: SuiteCall[] = [
      ['GET', '/missing-pipeline-patients'],
      ['POST', '/add-missing-pipeline-patient', { patient_id: p.d, status_id: s.S1 }],
    ];
    await t.expectEach(STAFF, calls, { status: 403, body: { message: AUTH_MESSAGES.subUserOnly } });
    await t.expectEach(SELF_SERVICE, calls, { status: 403, body: { message: AUTH_MESSAGES.subUserOnly } });
    expect(await movesOf(p.d)).toEqual([]);
  });
});

describe('moving a patient by hand', () => {
  it('places a patient with no status, recording who and when', async () => {
    const placedAt = t.clock.now();
    const res = await moveAs(NORTH, { patient_id: p.a, to_status_id: s.S1, from_status_id: null });
    expect({ status: res.statusCode, body: res.json() }).toEqual({
      status: 200,
      body: {
        data: {
          id: p.a,
          name: 'Ann Boardtest',
          pipeline_status_id: s.S1,
          status_since: iso(placedAt),
          days_in_status: 0,
          checklist_percent: 0,
          checklist_deactivated: 0,
          surgery_date: null,
        },
        message: MESSAGES.patientMoved,
      },
    });
    expect((await movesOf(p.a)).map(({ id: _id, ...move }) => move)).toEqual([
      {
        program_id: NORTH_ID,
        patient_id: p.a,
        stage: 1,
        from_status_id: null,
        to_status_id: s.S1,
        moved_by: NORTH_ID,
        rule_id: null,
        rule_type: null,
        trigger_key: null,
        moved_at: placedAt,
      },
    ]);
    const [audit] = await auditOf('pipeline.move', p.a);
    expect(audit).toMatchObject({ entity: 'patient', patient_id: p.a, actor_account_id: NORTH_ID, success: true, detail: { from: null, to: s.S1 } });
    t.clock.advanceMinutes(1);
    expect((await moveAs(STAFF, { patient_id: p.b, to_status_id: s.S1 })).statusCode).toBe(200);
    t.clock.advanceMinutes(1);
    expect((await moveAs(STAFF, { patient_id: p.c, to_status_id: s.S2 })).statusCode).toBe(200);
    expect((await moveAs(STAFF, { patient_id: p.e, to_status_id: s.P1 })).statusCode).toBe(200);
  });

  it('lets staff without administrative rights move, and answers the card', async () => {
    t.clock.advanceMinutes(5);
    const res = await moveAsLimited({ patient_id: p.c, from_status_id: s.S2, to_status_id: s.S3 });
    expect({ status: res.statusCode, body: res.json() }).toEqual({
      status: 200,
      body: {
        data: {
          id: p.c,
          name: 'Cat Boardtest',
          pipeline_status_id: s.S3,
          status_since: iso(t.clock.now()),
          days_in_status: 0,
          checklist_percent: 50,
          checklist_deactivated: 1,
          surgery_date: '2026-06-01',
        },
        message: MESSAGES.patientMoved,
      },
    });
    const moves = await movesOf(p.c);
    expect(moves.at(-1)).toMatchObject({ from_status_id: s.S2, to_status_id: s.S3, moved_by: LIMITED_ID, moved_at: t.clock.now() });
    const audits = await auditOf('pipeline.move', p.c);
    expect(audits.at(-1)).toMatchObject({ actor_account_id: LIMITED_ID, success: true, detail: { from: s.S2, to: s.S3 } });
  });

  it('refuses a move from a status the patient has left (stale), changing nothing', async () => {
    const before = await movesOf(p.c);
    const res = await moveAs(STAFF, { patient_id: p.c, from_status_id: s.S2, to_status_id: s.S1 });
    expect({ status: res.statusCode, body: res.json() }).toEqual({ status: 409, body: { message: MESSAGES.staleMove } });
    const nobody = await moveAs(STAFF, { patient_id: p.c, to_status_id: s.S1 });
    expect(nobody.statusCode).toBe(409);
    expect(await movesOf(p.c)).toEqual(before);
    const [row] = await t.app.db.select({ status: patients.pipeline_status_id }).from(patients).where(eq(patients.id, p.c));
    expect(row!.status).toBe(s.S3);
    expect((await auditOf('pipeline.move', p.c)).at(-1)).toMatchObject({
      success: false,
      detail: { refused: 'stale', from: null, current: s.S3, to: s.S1 },
    });
  });

  it('changes nothing when the patient is already in the status', async () => {
    const before = await movesOf(p.c);
    const res = await moveAs(STAFF, { patient_id: p.c, from_status_id: s.S3, to_status_id: s.S3 });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ id: p.c, pipeline_status_id: s.S3 });
    expect(await movesOf(p.c)).toEqual(before);
  });

  it('moves only to a live status of the patient’s current stage', async () => {
    const wrong = await moveAs(STAFF, { patient_id: p.e, from_status_id: s.P1, to_status_id: s.S1 });
    expect({ status: wrong.statusCode, body: wrong.json() }).toEqual({
      status: 422,
      body: { message: MESSAGES.wrongStage, errors: { to_status_id: [MESSAGES.wrongStage] } },
    });
    const [gone] = await t.app.db
      .insert(pipelineStatuses)
      .values({ program_id: NORTH_ID, stage: 1, name: 'Deleted one', deleted_at: t.clock.now(), ...stamp() })
      .returning();
    for (const to of [999_999, s.lake, gone!.id]) {
      const res = await moveAs(STAFF, { patient_id: p.a, from_status_id: s.S1, to_status_id: to });
      expect({ to, status: res.statusCode, body: res.json() }).toEqual({ to, status: 404, body: { message: MESSAGES.statusNotFound } });
    }
    const invalid = await moveAs(STAFF, { patient_id: p.a });
    expect(invalid.json()).toEqual({ message: required('to_status_id'), errors: { to_status_id: [required('to_status_id')] } });
    const badFrom = await moveAs(STAFF, { patient_id: p.a, to_status_id: s.S2, from_status_id: 'x' });
    expect(badFrom.json().errors).toEqual({ from_status_id: [INVALID_ID] });
    expect((await movesOf(p.a)).length).toBe(1);
  });

  it('does not find another program’s patients, and audits the probe', async () => {
    const res = await moveAs(STAFF, { patient_id: p.lake, to_status_id: s.S1 });
    expect({ status: res.statusCode, body: res.json() }).toEqual({ status: 404, body: { message: PATIENT_NOT_FOUND } });
    const fromLake = await moveAs(LAKE, { patient_id: p.a, from_status_id: s.S1, to_status_id: s.lake });
    expect({ status: fromLake.statusCode, body: fromLake.json() }).toEqual({ status: 404, body: { message: PATIENT_NOT_FOUND } });
    expect(await auditOf('pipeline.move', p.lake)).toEqual([
      expect.objectContaining({ success: false, actor_account_id: 201, detail: { to: s.S1, refused: 'not-found' } }),
    ]);
    expect(await movesOf(p.lake)).toEqual([]);
  });

  it('of two moves of the same patient from the same status at once, makes one', async () => {
    const before = (await movesOf(p.b)).length;
    const answers = await Promise.all([
      moveAs(STAFF, { patient_id: p.b, from_status_id: s.S1, to_status_id: s.S2 }),
      moveAs(NORTH, { patient_id: p.b, from_status_id: s.S1, to_status_id: s.S3 }),
    ]);
    expect(answers.map((res) => res.statusCode).sort()).toEqual([200, 409]);
    const won = answers.find((res) => res.statusCode === 200)!.json().data as PipelineCard;
    const moves = await movesOf(p.b);
    expect(moves).toHaveLength(before + 1);
    expect(moves.at(-1)).toMatchObject({ from_status_id: s.S1, to_status_id: won.pipeline_status_id });
    // Put back where the board tests expect it.
    expect((await moveAs(STAFF, { patient_id: p.b, from_status_id: won.pipeline_status_id, to_status_id: s.S1 })).statusCode).toBe(200);
  });
});

describe('the board', () => {
  /** Sets when the patients entered their statuses (the program's calendar decides the days). */
  async function since(patientId: number, at: Date) {
    await t.app.db.update(patients).set({ pipeline_status_since: at }).where(eq(patients.id, patientId));
  }
  let todayStart: DateTime;
  beforeAll(async () => {
    todayStart = DateTime.fromJSDate(t.clock.now(), { zone: NORTH_ZONE }).startOf('day');
    // a: entered a millisecond before the program's midnight (1 day); b: at midnight (0 days);
    // c: two days and a millisecond before it (3 days).
    await since(p.a, todayStart.minus({ milliseconds: 1 }).toJSDate());
    await since(p.b, todayStart.toJSDate());
    await since(p.c, todayStart.minus({ days: 2, milliseconds: 1 }).toJSDate());
  });

  const card = (id: number, name: string, status: number, at: DateTime, days: number, extra: Partial<PipelineCard> = {}): PipelineCard => ({
    id,
    name,
    pipeline_status_id: status,
    status_since: at.toUTC().toISO()!,
    days_in_status: days,
    checklist_percent: 0,
    checklist_deactivated: 0,
    surgery_date: null,
    ...extra,
  });

  it('shows every column in order with counts, average days in the program’s zone and the longest waiting first', async () => {
    const result = await board('stage=1&search=boardtest');
    const statuses = (await get('/pipelines?stage=1', STAFF)).json().data.data as PipelineStatus[];
    expect(result).toEqual({
      stage: 1,
      columns: [
        {
          status: statuses[0],
          total: 2,
          average_days: 0.5,
          cards: [card(p.a, 'Ann Boardtest', s.S1, todayStart.minus({ milliseconds: 1 }), 1), card(p.b, 'Ben Boardtest', s.S1, todayStart, 0)],
          page: 1,
        },
        { status: statuses[1], total: 0, average_days: null, cards: [], page: 1 },
        {
          status: statuses[2],
          total: 1,
          average_days: 3,
          cards: [
            card(p.c, 'Cat Boardtest', s.S3, todayStart.minus({ days: 2, milliseconds: 1 }), 3, {
              checklist_percent: 50,
              checklist_deactivated: 1,
              surgery_date: '2026-06-01',
            }),
          ],
          page: 1,
        },
      ],
      // Dan and Fay (inactive) have no status.
      without_status: 2,
    });
    expect(statuses.map((status) => [status.id, status.patient_count])).toEqual([
      [s.S1, 2],
      [s.S2, 0],
      [s.S3, 1],
    ]);
    const [audit] = await lastAudit('pipeline.board');
    expect(audit).toMatchObject({
      entity: 'patient',
      actor_account_id: 201,
      detail: { stage: 1, page: 1, perColumn: 20, searchLength: 9, count: 3, patientIds: [p.a, p.b, p.c] },
    });
  });

  it('pages one column, and narrows by the search like the patient list', async () => {
    const page2 = await board(`stage=1&search=boardtest&status_id=${s.S1}&per_column=1&page=2`);
    expect(page2.columns.map((column) => [column.status.id, column.total, column.page, column.cards.map((c) => c.id)])).toEqual([
      [s.S1, 2, 2, [p.b]],
    ]);
    const ann = await board('stage=1&search=ann%20boardtest');
    expect(ann.columns.map((column) => [column.total, column.cards.map((c) => c.id)])).toEqual([
      [1, [p.a]],
      [0, []],
      [0, []],
    ]);
    expect(ann.without_status).toBe(0);
    // Short terms (no trigram) search too; the statuses' own counts stay whole.
    const short = await board('stage=1&search=ca');
    expect(short.columns[2]!.cards.map((c) => c.id)).toEqual([p.c]);
    expect(short.columns[0]!.status.patient_count).toBe(2);
  });

  it('counts the stage’s patients with no status, seeded ones too', async () => {
    const [row] = await t.app.db
      .select({ n: sql<number>`count(*)::int` })
      .from(patients)
      .where(and(eq(patients.program_id, NORTH_ID), eq(patients.current_stage, 1), isNull(patients.pipeline_status_id)));
    expect((await board('stage=1')).without_status).toBe(row!.n);
  });

  it('refuses a column that is not a live status of the stage', async () => {
    for (const id of [s.P1, s.lake, 999_999]) {
      const res = await get(`/pipeline-patients-by-stage?stage=1&status_id=${id}`, STAFF);
      expect({ id, status: res.statusCode, body: res.json() }).toEqual({ id, status: 404, body: { message: MESSAGES.statusNotFound } });
    }
    const bad = await get('/pipeline-patients-by-stage?stage=1&per_column=101', STAFF);
    expect(bad.statusCode).toBe(422);
  });

  it('shows another program nothing of this one', async () => {
    const lake = await board('stage=1&search=boardtest', LAKE);
    expect(lake.columns.map((column) => column.status.id)).toEqual([s.lake]);
    expect(lake.columns[0]!.cards).toEqual([]);
    expect(JSON.stringify(await board('stage=1', LAKE))).not.toContain('Boardtest');
  });
});

describe('a patient’s history', () => {
  it('lists the moves newest first with names of statuses (deleted ones too), movers and rules', async () => {
    // A status that is then deleted, its patient moved on by the deleter.
    const temp = await store('Temporary', 1);
    t.clock.advanceMinutes(1);
    expect((await moveAs(STAFF, { patient_id: p.c, from_status_id: s.S3, to_status_id: temp })).statusCode).toBe(200);
    t.clock.advanceMinutes(1);
    expect((await post('/pipelines/delete', NORTH, { id: temp, move_to_status_id: s.S3 })).statusCode).toBe(200);
    // Two automatic moves: by a rule that exists (type 2, its item named) and by one since deleted (type 5).
    const [template] = await t.app.db.insert(checklistTemplates).values({ program_id: NORTH_ID, stage: 1, name: 'T', ...stamp() }).returning();
    const [item] = await t.app.db
      .insert(checklistTemplateItems)
      .values({ program_id: NORTH_ID, template_id: template!.id, title: 'Sleep study', ...stamp() })
      .returning();
    const [rule] = await t.app.db
      .insert(pipelineRules)
      .values({ program_id: NORTH_ID, stage: 1, type: 2, checklist_item_id: item!.id, from_status_id: s.S3, to_status_id: s.S1, ...stamp() })
      .returning();
    const ruleAt = new Date(t.clock.now().getTime() + 60_000);
    const gone = new Date(t.clock.now().getTime() + 120_000);
    await t.app.db.insert(pipelineMoves).values([
      { program_id: NORTH_ID, patient_id: p.c, stage: 1, from_status_id: s.S3, to_status_id: s.S1, rule_id: rule!.id, rule_type: 2, trigger_key: 'k1', moved_at: ruleAt },
      { program_id: NORTH_ID, patient_id: p.c, stage: 1, from_status_id: s.S1, to_status_id: s.S3, rule_id: null, rule_type: 5, trigger_key: null, moved_at: gone },
    ]);
    const res = await get(`/pipeline-patients/history?patient_id=${p.c}`, STAFF);
    expect(res.statusCode).toBe(200);
    const history = res.json().data as PipelineMoveRecord[];
    const rows = await movesOf(p.c);
    const byId = new Map(rows.map((row) => [row.id, row]));
    const seminar = { id: s.S1, name: 'Seminar' };
    const consult = { id: s.S2, name: 'Consult' };
    const ready = { id: s.S3, name: 'Ready' };
    const temporary = { id: temp, name: 'Temporary' };
    expect(history.map(({ id: _id, moved_at: _at, ...move }) => move)).toEqual([
      { stage: 1, from_status: seminar, to_status: ready, moved_by: null, rule: { id: null, type: 5, description: 'Days in Stage' } },
      {
        stage: 1,
        from_status: ready,
        to_status: seminar,
        moved_by: null,
        rule: { id: rule!.id, type: 2, description: 'Checklist Item completed: “Sleep study”' },
      },
      { stage: 1, from_status: temporary, to_status: ready, moved_by: { id: NORTH_ID, name: northOwner }, rule: null },
      { stage: 1, from_status: ready, to_status: temporary, moved_by: { id: 201, name: 'Jordan Ellis' }, rule: null },
      { stage: 1, from_status: consult, to_status: ready, moved_by: { id: LIMITED_ID, name: 'Priya Raman' }, rule: null },
      { stage: 1, from_status: null, to_status: consult, moved_by: { id: 201, name: 'Jordan Ellis' }, rule: null },
    ]);
    for (const move of history) expect(move.moved_at).toBe(byId.get(move.id)!.moved_at.toISOString());
    const [audit] = await auditOf('pipeline.history', p.c);
    expect(audit).toMatchObject({ entity: 'patient', patient_id: p.c, success: true, detail: { count: 6 } });
  });

  it('describes each type of rule by its settings', async () => {
    const rules = await t.app.db
      .insert(pipelineRules)
      .values([
        { program_id: NORTH_ID, stage: 1, type: 1, days: 30, to_status_id: s.S1, ...stamp() },
        { program_id: NORTH_ID, stage: 1, type: 4, percent: 100, to_status_id: s.S1, ...stamp() },
        { program_id: NORTH_ID, stage: 1, type: 5, days: 1, to_status_id: s.S1, ...stamp() },
        { program_id: NORTH_ID, stage: 1, type: 6, to_status_id: s.S1, ...stamp() },
      ])
      .returning();
    const base = t.clock.now().getTime() + 3_600_000;
    await t.app.db.insert(pipelineMoves).values(
      rules.map((rule, i) => ({
        program_id: NORTH_ID,
        patient_id: p.e,
        stage: 2,
        from_status_id: s.P1,
        to_status_id: s.P1,
        rule_id: rule.id,
        rule_type: rule.type,
        trigger_key: `k${i}`,
        moved_at: new Date(base + i * 1000),
      })),
    );
    const history = (await get(`/pipeline-patients/history?patient_id=${p.e}`, STAFF)).json().data as PipelineMoveRecord[];
    expect(history.slice(0, 4).map((move) => move.rule?.description)).toEqual([
      'Surgery Date added',
      'Days in Stage: 1 day',
      'Checklist % Complete reaches 100%',
      'Surgery Date passed 30 days',
    ]);
  });

  it('does not find another program’s patient', async () => {
    const res = await get(`/pipeline-patients/history?patient_id=${p.lake}`, STAFF);
    expect({ status: res.statusCode, body: res.json() }).toEqual({ status: 404, body: { message: PATIENT_NOT_FOUND } });
    expect(await auditOf('pipeline.history', p.lake)).toEqual([expect.objectContaining({ success: false })]);
    expect((await get('/pipeline-patients/history', STAFF)).json().errors).toEqual({ patient_id: [required('patient_id')] });
  });
});

describe('missing pipeline patients', () => {
  const missing = async (query: string, who: typeof NORTH | typeof LAKE = NORTH) => {
    const res = await get(`/missing-pipeline-patients?${query}`, who);
    expect({ query, status: res.statusCode }).toEqual({ query, status: 200 });
    return res.json().data as { data: { id: number; name: string }[]; total: number; page: number; perPage: number | 'All' };
  };

  it('lists the program’s active patients with no status, searched, filtered by stage and sorted', async () => {
    const page = await missing('search=boardtest');
    expect(page).toEqual({
      data: [
        { id: p.d, name: 'Dan Boardtest', email: null, current_stage: 1, surgery_date: null, created_at: expect.any(String) },
        { id: p.h, name: 'Hal Boardtest', email: null, current_stage: 2, surgery_date: null, created_at: expect.any(String) },
      ],
      total: 2,
      page: 1,
      perPage: 10,
    });
    expect((await missing('search=boardtest&stage=2')).data.map((row) => row.id)).toEqual([p.h]);
    expect((await missing('search=boardtest&sort=current_stage&direction=desc')).data.map((row) => row.id)).toEqual([p.h, p.d]);
    expect((await missing('search=boardtest&perPage=5&page=2')).data).toEqual([]);
    expect((await missing('search=boardtest', LAKE)).data.map((row) => row.id)).toEqual([p.lake]);
    const bad = await get('/missing-pipeline-patients?stage=7', NORTH);
    expect(bad.statusCode).toBe(422);
    const [audit] = await t.app.db.select().from(auditRecords).where(eq(auditRecords.action, 'pipeline.missing-list')).orderBy(asc(auditRecords.id)).limit(1);
    expect(audit).toMatchObject({ entity: 'patient', detail: { count: 2, total: 2, page: 1, perPage: 10, sort: 'name', direction: 'asc', searchLength: 9 } });
  });

  it('adds a missing patient to a status of their stage, once', async () => {
    const res = await post('/add-missing-pipeline-patient', NORTH, { patient_id: p.d, status_id: s.S2 });
    expect({ status: res.statusCode, body: res.json() }).toEqual({
      status: 200,
      body: {
        data: {
          id: p.d,
          name: 'Dan Boardtest',
          pipeline_status_id: s.S2,
          status_since: iso(t.clock.now()),
          days_in_status: 0,
          checklist_percent: 0,
          checklist_deactivated: 0,
          surgery_date: null,
        },
        message: MESSAGES.patientAdded,
      },
    });
    expect((await movesOf(p.d)).map((move) => [move.from_status_id, move.to_status_id, move.moved_by])).toEqual([[null, s.S2, NORTH_ID]]);
    expect(await auditOf('pipeline.add-missing', p.d)).toEqual([expect.objectContaining({ success: true, detail: { from: null, to: s.S2 } })]);
    const again = await post('/add-missing-pipeline-patient', NORTH, { patient_id: p.d, status_id: s.S1 });
    expect({ status: again.statusCode, body: again.json() }).toEqual({ status: 409, body: { message: MESSAGES.alreadyInPipeline } });
    expect((await missing('search=boardtest')).data.map((row) => row.id)).toEqual([p.h]);
  });

  it('refuses a status of another stage, an unknown status and another program’s patient', async () => {
    const wrong = await post('/add-missing-pipeline-patient', NORTH, { patient_id: p.h, status_id: s.S1 });
    expect({ status: wrong.statusCode, body: wrong.json() }).toEqual({
      status: 422,
      body: { message: MESSAGES.wrongStage, errors: { status_id: [MESSAGES.wrongStage] } },
    });
    const unknown = await post('/add-missing-pipeline-patient', NORTH, { patient_id: p.h, status_id: s.lake });
    expect({ status: unknown.statusCode, body: unknown.json() }).toEqual({ status: 404, body: { message: MESSAGES.statusNotFound } });
    const lake = await post('/add-missing-pipeline-patient', NORTH, { patient_id: p.lake, status_id: s.S1 });
    expect({ status: lake.statusCode, body: lake.json() }).toEqual({ status: 404, body: { message: PATIENT_NOT_FOUND } });
    const empty = await post('/add-missing-pipeline-patient', NORTH, {});
    expect(empty.json().errors).toEqual({ patient_id: [required('patient_id')], status_id: [required('status_id')] });
    expect(await movesOf(p.h)).toEqual([]);
  });
});
