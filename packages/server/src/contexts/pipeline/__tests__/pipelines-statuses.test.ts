/**
 * Pipeline statuses (GET /api/pipelines, /api/all-pipelines, POST store, update, reorder, delete): scoped
 * to the caller's program, changed only with administrative rights, one default and unique names per
 * stage, and a delete that moves the status's patients (each move recorded) before it goes.
 */
import { and, asc, eq } from 'drizzle-orm';
import {
  INVALID_ID,
  MAX_PIPELINE_STATUSES,
  NOT_FOR_SELF_SERVICE,
  PIPELINE_MESSAGES as MESSAGES,
  invalidValue,
  maxLength,
  required,
  type PipelineStatus,
} from '@baridesk/contracts';
import { STAFF_CALLERS, routeSuite, type SuiteCall } from '../../../test/app';
import { NEEDS_ADMINISTRATIVE_RIGHTS } from '../../../lib/administrative-rights';
import { auditRecords, patients, pipelineMoves, pipelineRules, pipelineStatuses } from '../../../db/schema';
import { clearPipelines } from './pipelines-fixtures';

const { NORTH, STAFF, SELF_SERVICE, LAKE } = STAFF_CALLERS;
/** A Northside program user without administrative rights (202). */
const LIMITED = 'limited@northside.test';
const NORTH_ID = 101;
const LAKE_ID = 102;
const STAFF_ID = 201;

const t = routeSuite('/api');
const { get, post, auditOf } = t;
let limitedToken: string;

beforeAll(async () => {
  await clearPipelines(t.app.db, [NORTH_ID, LAKE_ID]);
  limitedToken = (await t.signIn(LIMITED))[LIMITED];
});

const asLimited = (method: 'GET' | 'POST', url: string, payload?: unknown) =>
  t.call({ method, url: `/api${url}`, token: limitedToken, payload: payload as object });

/** Adds a status as `who` (Northside's account unless told) and answers it. */
async function store(name: string, stage: number, extra: Record<string, unknown> = {}, who: string = NORTH): Promise<PipelineStatus> {
  const res = await post('/pipelines/store', who as typeof NORTH, { stage, name, ...extra });
  expect({ name, status: res.statusCode, message: res.json().message }).toEqual({ name, status: 201, message: MESSAGES.statusCreated });
  return res.json().data as PipelineStatus;
}

async function statusesOf(stage: number, who: string = NORTH) {
  const res = await get(`/pipelines?stage=${stage}`, who as typeof NORTH);
  expect(res.statusCode).toBe(200);
  return res.json().data as { data: PipelineStatus[]; default: number | null };
}

const stamp = () => ({ created_at: t.clock.now(), updated_at: t.clock.now() });

/** Inserts Northside patients of `stage` in `statusId`. */
async function patientsIn(statusId: number | null, stage: number, count: number, programId = NORTH_ID): Promise<number[]> {
  const rows = await t.app.db
    .insert(patients)
    .values(
      Array.from({ length: count }, (_, i) => ({
        program_id: programId,
        first_name: `Pat${i}`,
        last_name: 'Pipeline',
        name: `Pat${i} Pipeline`,
        current_stage: stage,
        pipeline_status_id: statusId,
        pipeline_status_since: statusId === null ? null : t.clock.now(),
        ...stamp(),
      })),
    )
    .returning({ id: patients.id });
  return rows.map((row) => row.id).sort((a, b) => a - b);
}

describe('adding and listing statuses', () => {
  it('answers an empty stage with no default', async () => {
    expect((await get('/pipelines?stage=3', NORTH)).json()).toEqual({ data: { data: [], default: null } });
  });

  it('adds statuses last in their stage; a new default takes over from the old one', async () => {
    const seminar = await store('Seminar', 1, { is_default: 1 });
    expect(seminar).toEqual({ id: seminar.id, stage: 1, name: 'Seminar', position: 1, is_default: 1, patient_count: 0 });
    const consult = await store('  Consult  ', 1);
    expect(consult).toMatchObject({ name: 'Consult', position: 2, is_default: 0 });
    const ready = await store('Ready for Surgery', 1, { is_default: '1' });
    expect(ready).toMatchObject({ position: 3, is_default: 1 });
    const [patient] = await patientsIn(consult.id, 1, 1);
    expect(await statusesOf(1)).toEqual({
      data: [
        { ...seminar, is_default: 0 },
        { ...consult, patient_count: 1 },
        ready,
      ],
      default: ready.id,
    });
    await t.app.db.delete(patients).where(eq(patients.id, patient!));
    const [row] = await auditOf('pipeline-status.create', ready.id);
    expect(row).toMatchObject({
      actor_account_id: NORTH_ID,
      program_id: NORTH_ID,
      entity: 'pipeline_status',
      success: true,
      detail: { stage: 1, name: 'Ready for Surgery', is_default: 1 },
    });
  });

  it('refuses a name the stage already has, whatever its case, but not in another stage or program', async () => {
    const res = await post('/pipelines/store', NORTH, { stage: 1, name: ' seminar ' });
    expect({ status: res.statusCode, body: res.json() }).toEqual({
      status: 422,
      body: { message: MESSAGES.duplicateName, errors: { name: [MESSAGES.duplicateName] } },
    });
    await store('Seminar', 2);
    await store('Seminar', 1, {}, LAKE);
  });

  it('of two adds of one name at the same time, saves one', async () => {
    const answers = await Promise.all([
      post('/pipelines/store', NORTH, { stage: 2, name: 'Twin' }),
      post('/pipelines/store', STAFF, { stage: 2, name: 'TWIN' }),
    ]);
    expect(answers.map((res) => res.statusCode).sort()).toEqual([201, 422]);
    expect(answers.find((res) => res.statusCode === 422)!.json().errors).toEqual({ name: [MESSAGES.duplicateName] });
    const live = await t.app.db
      .select()
      .from(pipelineStatuses)
      .where(and(eq(pipelineStatuses.program_id, NORTH_ID), eq(pipelineStatuses.stage, 2)));
    expect(live.filter((row) => row.name.toLowerCase() === 'twin')).toHaveLength(1);
  });

  it('validates the input', async () => {
    const cases: [unknown, Record<string, string[]>][] = [
      [{ stage: 1 }, { name: [required('name')] }],
      [{ stage: 1, name: '   ' }, { name: [required('name')] }],
      [{ name: 'X' }, { stage: [required('stage')] }],
      [{ stage: 4, name: 'X' }, { stage: [invalidValue('stage')] }],
      [{ stage: 1, name: 'x'.repeat(101) }, { name: [maxLength('name', 100)] }],
    ];
    for (const [body, errors] of cases) {
      const res = await post('/pipelines/store', NORTH, body);
      expect({ body, status: res.statusCode, errors: res.json().errors }).toEqual({ body, status: 422, errors });
    }
    const res = await get('/pipelines?stage=abc', NORTH);
    expect(res.json()).toEqual({ message: invalidValue('stage'), errors: { stage: [invalidValue('stage')] } });
  });

  it(`allows at most ${MAX_PIPELINE_STATUSES} statuses in a stage`, async () => {
    const existing = (await statusesOf(2)).data.length;
    await t.app.db.insert(pipelineStatuses).values(
      Array.from({ length: MAX_PIPELINE_STATUSES - existing }, (_, i) => ({
        program_id: NORTH_ID,
        stage: 2,
        name: `Filler ${i}`,
        position: 10 + i,
        ...stamp(),
      })),
    );
    const res = await post('/pipelines/store', NORTH, { stage: 2, name: 'One too many' });
    expect({ status: res.statusCode, body: res.json() }).toEqual({
      status: 422,
      body: { message: MESSAGES.tooManyStatuses, errors: { stage: [MESSAGES.tooManyStatuses] } },
    });
  });

  it('lists every stage with its name', async () => {
    const res = await get('/all-pipelines', NORTH);
    const body = res.json() as { data: { stage: number; stage_name: string; statuses: PipelineStatus[] }[] };
    expect(body.data.map(({ stage, stage_name }) => ({ stage, stage_name }))).toEqual([
      { stage: 1, stage_name: 'Pre-Op' },
      { stage: 2, stage_name: 'Post-Op' },
      { stage: 3, stage_name: 'Weight-Management' },
    ]);
    expect(body.data[0]!.statuses).toEqual((await statusesOf(1)).data);
    expect(body.data[1]!.statuses).toHaveLength(MAX_PIPELINE_STATUSES);
    // Lakeview sees its own only.
    const lake = (await get('/all-pipelines', LAKE)).json().data as { statuses: PipelineStatus[] }[];
    expect(lake.flatMap((stage) => stage.statuses.map((status) => status.name))).toEqual(['Seminar']);
  });
});

describe('changing statuses', () => {
  let a: PipelineStatus;
  let b: PipelineStatus;
  let c: PipelineStatus;
  beforeAll(async () => {
    a = await store('Alpha', 3, { is_default: 1 });
    b = await store('Beta', 3);
    c = await store('Gamma', 3);
  });

  it('renames a status and moves the default to it', async () => {
    const res = await post('/pipelines/update', STAFF, { id: b.id, name: 'Beta Two', is_default: 1 });
    expect({ status: res.statusCode, body: res.json() }).toEqual({
      status: 200,
      body: { data: { ...b, name: 'Beta Two', is_default: 1 }, message: MESSAGES.statusUpdated },
    });
    expect((await statusesOf(3)).default).toBe(b.id);
    const [row] = await auditOf('pipeline-status.update', b.id);
    expect(row).toMatchObject({ actor_account_id: STAFF_ID, detail: { name: 'Beta Two', previousName: 'Beta', is_default: 1 } });
    // Saved without the flag, the default is given up: the stage has none.
    await post('/pipelines/update', STAFF, { id: b.id, name: 'Beta Two' });
    expect((await statusesOf(3)).default).toBeNull();
  });

  it('refuses another status’s name, and unknown, deleted or other programs’ statuses', async () => {
    const taken = await post('/pipelines/update', NORTH, { id: c.id, name: 'ALPHA' });
    expect(taken.json()).toEqual({ message: MESSAGES.duplicateName, errors: { name: [MESSAGES.duplicateName] } });
    // Its own name in another case is fine.
    expect((await post('/pipelines/update', NORTH, { id: c.id, name: 'gamma' })).statusCode).toBe(200);
    const lakeStatus = (await statusesOf(1, LAKE)).data[0]!;
    const [deleted] = await t.app.db
      .insert(pipelineStatuses)
      .values({ program_id: NORTH_ID, stage: 3, name: 'Gone', deleted_at: t.clock.now(), ...stamp() })
      .returning();
    for (const id of [lakeStatus.id, deleted!.id, 999_999]) {
      const res = await post('/pipelines/update', NORTH, { id, name: 'Whatever' });
      expect({ id, status: res.statusCode, body: res.json() }).toEqual({ id, status: 404, body: { message: MESSAGES.statusNotFound } });
    }
    expect((await post('/pipelines/update', NORTH, { id: 'x', name: 'Y' })).json().errors).toEqual({ id: [INVALID_ID] });
  });

  it('re-orders a stage’s statuses when every one is listed once', async () => {
    const res = await post('/pipelines/reorder', NORTH, { stage: 3, ids: [c.id, a.id, b.id] });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(MESSAGES.statusesReordered);
    expect(res.json().data.map((s: PipelineStatus) => [s.id, s.position])).toEqual([
      [c.id, 1],
      [a.id, 2],
      [b.id, 3],
    ]);
    expect((await statusesOf(3)).data.map((s) => s.id)).toEqual([c.id, a.id, b.id]);
    const lakeStatus = (await statusesOf(1, LAKE)).data[0]!;
    for (const ids of [[c.id, a.id], [c.id, a.id, b.id, lakeStatus.id], [c.id, a.id, a.id]]) {
      const bad = await post('/pipelines/reorder', NORTH, { stage: 3, ids });
      expect({ ids, status: bad.statusCode, body: bad.json() }).toEqual({
        ids,
        status: 422,
        body: { message: MESSAGES.reorderMismatch, errors: { ids: [MESSAGES.reorderMismatch] } },
      });
    }
    // A mismatch changed nothing.
    expect((await statusesOf(3)).data.map((s) => s.id)).toEqual([c.id, a.id, b.id]);
  });
});

describe('deleting a status', () => {
  let from: PipelineStatus;
  let to: PipelineStatus;
  let other: PipelineStatus;
  let moved: number[];
  beforeAll(async () => {
    from = await store('Insurance', 1, { is_default: 1 });
    to = await store('Insurance Approved', 1);
    other = (await statusesOf(2)).data[0]!;
    moved = await patientsIn(from.id, 1, 3);
  });

  it('refuses an unknown status or another program’s', async () => {
    const lakeStatus = (await statusesOf(1, LAKE)).data[0]!;
    for (const id of [lakeStatus.id, 999_999]) {
      const res = await post('/pipelines/delete', NORTH, { id });
      expect({ id, status: res.statusCode, body: res.json() }).toEqual({ id, status: 404, body: { message: MESSAGES.statusNotFound } });
    }
    expect(await statusesOf(1, LAKE)).toMatchObject({ data: [{ id: lakeStatus.id }] });
  });

  it('refuses a status that rules name (from or to) while they exist', async () => {
    const [rule] = await t.app.db
      .insert(pipelineRules)
      .values({ program_id: NORTH_ID, stage: 1, type: 6, from_status_id: null, to_status_id: to.id, ...stamp() })
      .returning();
    const [rule2] = await t.app.db
      .insert(pipelineRules)
      .values({ program_id: NORTH_ID, stage: 1, type: 6, from_status_id: from.id, to_status_id: to.id, status: 0, ...stamp() })
      .returning();
    for (const id of [from.id, to.id]) {
      const res = await post('/pipelines/delete', NORTH, { id, move_to_status_id: to.id });
      expect({ id, status: res.statusCode, body: res.json() }).toEqual({ id, status: 409, body: { message: MESSAGES.usedByRules } });
    }
    await t.app.db.delete(pipelineRules).where(eq(pipelineRules.id, rule!.id));
    await t.app.db.delete(pipelineRules).where(eq(pipelineRules.id, rule2!.id));
  });

  it('needs a live status of the same stage, not itself, for its patients', async () => {
    const [gone] = await t.app.db
      .insert(pipelineStatuses)
      .values({ program_id: NORTH_ID, stage: 1, name: 'Gone too', deleted_at: t.clock.now(), ...stamp() })
      .returning();
    const cases: [Record<string, unknown>, string][] = [
      [{}, MESSAGES.chooseTarget],
      [{ move_to_status_id: '' }, MESSAGES.chooseTarget],
      [{ move_to_status_id: from.id }, MESSAGES.targetInvalid],
      [{ move_to_status_id: other.id }, MESSAGES.targetInvalid],
      [{ move_to_status_id: gone!.id }, MESSAGES.targetInvalid],
      [{ move_to_status_id: (await statusesOf(1, LAKE)).data[0]!.id }, MESSAGES.targetInvalid],
    ];
    for (const [extra, message] of cases) {
      const res = await post('/pipelines/delete', NORTH, { id: from.id, ...extra });
      expect({ extra, status: res.statusCode, body: res.json() }).toEqual({
        extra,
        status: 422,
        body: { message, errors: { move_to_status_id: [message] } },
      });
    }
    expect((await statusesOf(1)).data.find((s) => s.id === from.id)).toMatchObject({ patient_count: 3, is_default: 1 });
  });

  it('moves its patients (each move recorded as the caller’s), then deletes it softly', async () => {
    const movedAt = t.clock.now();
    const res = await post('/pipelines/delete', STAFF, { id: from.id, move_to_status_id: to.id });
    expect({ status: res.statusCode, body: res.json() }).toEqual({
      status: 200,
      body: { message: MESSAGES.statusDeleted, data: { moved_patients: 3 } },
    });
    const now = await t.app.db
      .select({ id: patients.id, status: patients.pipeline_status_id, since: patients.pipeline_status_since })
      .from(patients)
      .where(eq(patients.pipeline_status_id, to.id))
      .orderBy(asc(patients.id));
    expect(now).toEqual(moved.map((id) => ({ id, status: to.id, since: movedAt })));
    const moves = await t.app.db.select().from(pipelineMoves).where(eq(pipelineMoves.from_status_id, from.id)).orderBy(asc(pipelineMoves.patient_id));
    expect(moves.map(({ id: _id, ...move }) => move)).toEqual(
      moved.map((patientId) => ({
        program_id: NORTH_ID,
        patient_id: patientId,
        stage: 1,
        from_status_id: from.id,
        to_status_id: to.id,
        moved_by: STAFF_ID,
        rule_id: null,
        rule_type: null,
        trigger_key: null,
        moved_at: movedAt,
      })),
    );
    const [row] = await t.app.db.select().from(pipelineStatuses).where(eq(pipelineStatuses.id, from.id));
    expect(row).toMatchObject({ name: 'Insurance', deleted_at: movedAt, deleted_by: STAFF_ID, is_default: 0 });
    const after = await statusesOf(1);
    expect(after.data.map((s) => s.id)).not.toContain(from.id);
    expect(after.data.find((s) => s.id === to.id)).toMatchObject({ patient_count: 3 });
    expect(after.default).toBeNull();
    const [audit] = await auditOf('pipeline-status.delete', from.id).then((rows) => rows.filter((r) => r.success));
    expect(audit).toMatchObject({ actor_account_id: STAFF_ID, detail: { name: 'Insurance', movedPatients: 3, movedTo: to.id } });
    // Deleted, it is not found again, and its name can be used anew.
    expect((await post('/pipelines/delete', NORTH, { id: from.id })).statusCode).toBe(404);
    await store('Insurance', 1);
  });

  it('deletes a status with no patients without a target', async () => {
    const empty = await store('Empty', 1);
    const res = await post('/pipelines/delete', NORTH, { id: empty.id });
    expect(res.json()).toEqual({ message: MESSAGES.statusDeleted, data: { moved_patients: 0 } });
  });
});

describe('who may', () => {
  it('lets staff without administrative rights read but not change', async () => {
    const status = (await statusesOf(1)).data[0]!;
    expect((await asLimited('GET', '/pipelines?stage=1')).statusCode).toBe(200);
    expect((await asLimited('GET', '/all-pipelines')).statusCode).toBe(200);
    const calls: [string, unknown][] = [
      ['/pipelines/store', { stage: 1, name: 'Nope' }],
      ['/pipelines/update', { id: status.id, name: 'Nope' }],
      ['/pipelines/reorder', { stage: 1, ids: [status.id] }],
      ['/pipelines/delete', { id: status.id }],
      // Refused before validation: a bad body learns nothing more.
      ['/pipelines/store', {}],
    ];
    for (const [url, body] of calls) {
      const res = await asLimited('POST', url, body);
      expect({ url, status: res.statusCode, body: res.json() }).toEqual({ url, status: 403, body: { message: NEEDS_ADMINISTRATIVE_RIGHTS } });
    }
    expect(await statusesOf(1)).toMatchObject({ data: expect.arrayContaining([expect.objectContaining({ id: status.id, name: status.name })]) });
  });

  it('refuses self-service staff everything', async () => {
    const calls: SuiteCall[] = [
      ['GET', '/pipelines?stage=1'],
      ['GET', '/all-pipelines'],
      ['POST', '/pipelines/store', { stage: 1, name: 'Nope' }],
      ['POST', '/pipelines/update', { id: 1, name: 'Nope' }],
      ['POST', '/pipelines/reorder', { stage: 1, ids: [1] }],
      ['POST', '/pipelines/delete', { id: 1 }],
    ];
    await t.expectEach(SELF_SERVICE, calls, { status: 403, body: { message: NOT_FOR_SELF_SERVICE } });
  });

  it('writes no audit record for a refused caller', async () => {
    const rows = await t.app.db.select().from(auditRecords).where(eq(auditRecords.actor_account_id, 202));
    expect(rows.filter((row) => row.action.startsWith('pipeline'))).toEqual([]);
  });

  it('never shows or changes another program’s statuses', async () => {
    const north = (await statusesOf(1)).data;
    const lake = (await statusesOf(1, LAKE)).data;
    expect(north.map((s) => s.id)).not.toContain(lake[0]!.id);
    const res = await post('/pipelines/reorder', LAKE, { stage: 1, ids: north.map((s) => s.id) });
    expect(res.statusCode).toBe(422);
  });
});
