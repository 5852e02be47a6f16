/**
 * The automation rules at work (contexts/pipeline/plugins/pipeline-automation.ts): each rule type end to end through
 * real events (a patient created or edited, checklist items ticked), the stage-change hook of patient
 * create / update / bulk change, priorities and rules turned off, idempotency, and the daily sweep in a
 * far time zone around its midnight, re-run after an interruption.
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import type { PipelineRuleRecord } from '@baridesk/contracts';
import { buildApp } from '../../../app';
import { queryRows, type Tx } from '../../../db/client';
import { patients, pipelineMoves, pipelineRules, pipelineStatuses, pipelineSweeps } from '../../../db/schema';
import { ManualClock } from '../../../lib/clock';
import { recordPipelineMove, recordRuleMoves } from '../pipeline-moves';
import { createTestApp, freshDatabase, type TestApp } from '../../../test/app';

const NORTH = 101;
const LAKE = 102;
const LAKE_SUB = 'subuser@lakeview.test';

let t: TestApp;
let lake: string;

type MoveRow = typeof pipelineMoves.$inferSelect;

const rows = <T>(query: ReturnType<typeof sql>) => queryRows<T>(t.app.db, query);
const patientOf = async (id: number) => (await t.app.db.select().from(patients).where(eq(patients.id, id)))[0]!;
const movesOf = (id: number): Promise<MoveRow[]> =>
  t.app.db.select().from(pipelineMoves).where(eq(pipelineMoves.patient_id, id)).orderBy(asc(pipelineMoves.id));

/** A program's live status ids by stage and name. */
async function statusesOf(programId: number): Promise<Record<number, Record<string, number>>> {
  const found = await t.app.db
    .select({ id: pipelineStatuses.id, stage: pipelineStatuses.stage, name: pipelineStatuses.name })
    .from(pipelineStatuses)
    .where(eq(pipelineStatuses.program_id, programId));
  const byStage: Record<number, Record<string, number>> = { 1: {}, 2: {}, 3: {} };
  for (const row of found) byStage[row.stage]![row.name] = row.id;
  return byStage;
}

interface RuleInput {
  stage: number;
  type: number;
  from?: number | null;
  to: number;
  days?: number;
  item?: number;
  percent?: number;
  priority?: number;
  active?: boolean;
}
/** Adds a rule directly (the API is tested in pipeline-rules.test.ts); priority defaults to last. */
async function addRule(programId: number, rule: RuleInput): Promise<number> {
  const [top] = await rows<{ top: number }>(
    sql`select coalesce(max(priority), 0)::int as top from pipeline_rules where program_id = ${programId} and stage = ${rule.stage}`,
  );
  const [row] = await t.app.db
    .insert(pipelineRules)
    .values({
      program_id: programId,
      stage: rule.stage,
      type: rule.type,
      from_status_id: rule.from ?? null,
      to_status_id: rule.to,
      days: rule.days ?? null,
      checklist_item_id: rule.item ?? null,
      percent: rule.percent ?? null,
      priority: rule.priority ?? top!.top + 1,
      status: rule.active === false ? 0 : 1,
    })
    .returning({ id: pipelineRules.id });
  return row!.id;
}
const removeRules = (programId: number) => t.app.db.delete(pipelineRules).where(eq(pipelineRules.program_id, programId));

/** Runs `fn` in a transaction holding the patient's row lock, as the event callers do. */
const locked = <T>(patientId: number, fn: (tx: Tx) => Promise<T>) =>
  t.app.db.transaction(async (tx) => {
    await tx.execute(sql`select id from patients where id = ${patientId} for update`);
    return fn(tx);
  });
const afterEvent = (programId: number, patientId: number, kind: 'surgery-date-set' | 'checklist-changed', now = t.clock.now()) =>
  locked(patientId, (tx) => t.app.pipelineAutomation.afterEvent(tx, { programId, patientId, trigger: { kind }, now }));

let unique = 0;
/** Adds a Lakeview patient through the API, as the add form does. */
async function createPatient(fields: Record<string, unknown> = {}) {
  unique += 1;
  const res = await t.call({
    method: 'POST',
    url: '/api/patients/store',
    token: lake,
    payload: { first_name: 'Auto', last_name: `Mation${unique}`, current_stage: '1', ...fields },
  });
  expect({ status: res.statusCode, body: res.json() }).toMatchObject({ status: 201 });
  return res.json().data as { id: number; version: number; first_name: string; last_name: string };
}
async function updatePatient(id: number, fields: Record<string, unknown>) {
  const current = await patientOf(id);
  const res = await t.call({
    method: 'POST',
    url: '/api/patients/update',
    token: lake,
    payload: {
      id,
      version: current.version,
      first_name: current.first_name,
      last_name: current.last_name,
      current_stage: String(current.current_stage),
      surgery_date: current.surgery_date ?? '',
      ...fields,
    },
  });
  expect({ status: res.statusCode, body: res.json() }).toMatchObject({ status: 200 });
}
/** Ticks the patient's items of the current stage (all, or those of the template items given) and sets the percentage, in SQL. */
async function tick(patientId: number, templateItemIds?: number[]) {
  await t.app.db.execute(sql`update patient_checklist_items i set completed_at = now(), completed_by = ${LAKE}
    from patients p where p.id = i.patient_id and i.stage = p.current_stage and i.patient_id = ${patientId}
      ${templateItemIds ? sql`and i.template_item_id in (${sql.join(templateItemIds.map((id) => sql`${id}`), sql`, `)})` : sql``}`);
  await t.app.db.execute(sql`update patients p set checklist_percent = coalesce((
      select (100 * count(i.completed_at) / count(*))::int from patient_checklist_items i
      where i.patient_id = p.id and i.stage = p.current_stage having count(*) > 0), 0)
    where p.id = ${patientId}`);
}
const templateItemsOf = async (patientId: number) =>
  (
    await rows<{ template_item_id: number }>(
      sql`select template_item_id from patient_checklist_items i join patients p on p.id = i.patient_id and p.current_stage = i.stage
        where i.patient_id = ${patientId} order by i.position, i.id`,
    )
  ).map((row) => row.template_item_id);

let lakeStatus: Record<number, Record<string, number>>;

beforeAll(async () => {
  t = await createTestApp();
  lake = await t.login(LAKE_SUB);
  lakeStatus = await statusesOf(LAKE);
});
afterAll(() => t?.close());

describe('the demo data and the job', () => {
  it('runs no sweep by itself in tests (housekeeping off)', async () => {
    expect(await t.app.db.select().from(pipelineSweeps)).toEqual([]);
  });

  it('agrees with the demo rules: a sweep right after seeding moves nobody', async () => {
    const result = await t.app.pipelineAutomation.sweepProgram(NORTH, t.clock.now());
    const [placed] = await rows<{ n: number }>(
      sql`select count(*)::int as n from patients where program_id = ${NORTH} and pipeline_status_id is not null and current_stage in (1, 2)`,
    );
    expect(result).toEqual({ day: expect.any(String), patients: placed!.n, moves: 0 });
    expect(placed!.n).toBeGreaterThan(0);
  });
});

describe('events: surgery date set (type 6) and the stage-change hook', () => {
  afterEach(() => removeRules(LAKE));

  it('puts a new patient in the default status, and a surgery date moves them by the type-6 rule', async () => {
    const rule = await addRule(LAKE, { stage: 1, type: 6, to: lakeStatus[1]!['Surgery Scheduled']! });
    const patient = await createPatient({ surgery_date: '2027-01-15' });
    const now = t.clock.now();
    const row = await patientOf(patient.id);
    expect(row).toMatchObject({ pipeline_status_id: lakeStatus[1]!['Surgery Scheduled'], pipeline_status_since: now, stage_entered_at: now });
    expect((await movesOf(patient.id)).map((m) => [m.from_status_id, m.to_status_id, m.moved_by, m.rule_id, m.rule_type, m.trigger_key, m.stage])).toEqual([
      [null, lakeStatus[1]!['Seminar Attended'], LAKE, null, null, null, 1],
      [lakeStatus[1]!['Seminar Attended'], lakeStatus[1]!['Surgery Scheduled'], null, rule, 6, 'surgery-date:2027-01-15', 1],
    ]);
    // The stage's default checklist came with it.
    expect((await templateItemsOf(patient.id)).length).toBeGreaterThan(0);
  });

  it('moves on the surgery date set by an edit, again for a new date, not for an unchanged one', async () => {
    const rule = await addRule(LAKE, { stage: 1, type: 6, from: lakeStatus[1]!['Seminar Attended'], to: lakeStatus[1]!['Insurance Review']! });
    const patient = await createPatient();
    expect((await patientOf(patient.id)).pipeline_status_id).toBe(lakeStatus[1]!['Seminar Attended']);
    await updatePatient(patient.id, { first_name: 'Renamed' });
    expect((await movesOf(patient.id)).length).toBe(1);

    await updatePatient(patient.id, { surgery_date: '2027-02-01' });
    expect((await patientOf(patient.id)).pipeline_status_id).toBe(lakeStatus[1]!['Insurance Review']);
    // Back by hand; the same date again moves nothing (its occurrence was applied), a new date does.
    await locked(patient.id, (tx) =>
      recordPipelineMove(tx, {
        programId: LAKE,
        patientId: patient.id,
        stage: 1,
        fromStatusId: lakeStatus[1]!['Insurance Review']!,
        toStatusId: lakeStatus[1]!['Seminar Attended']!,
        movedBy: LAKE,
        at: t.clock.now(),
      }),
    );
    await updatePatient(patient.id, { first_name: 'Again' });
    expect(await afterEvent(LAKE, patient.id, 'surgery-date-set')).toEqual([]);
    await updatePatient(patient.id, { surgery_date: '2027-03-01' });
    const moves = await movesOf(patient.id);
    expect(moves.filter((m) => m.rule_id === rule).map((m) => m.trigger_key)).toEqual(['surgery-date:2027-02-01', 'surgery-date:2027-03-01']);
    expect((await patientOf(patient.id)).pipeline_status_id).toBe(lakeStatus[1]!['Insurance Review']);
  });

  it('moves a patient whose stage changes to the new stage’s default status, recording who did it', async () => {
    const patient = await createPatient();
    t.clock.advanceMinutes(5);
    await updatePatient(patient.id, { current_stage: '2', surgery_date: '2026-01-05' });
    const now = t.clock.now();
    const row = await patientOf(patient.id);
    expect(row).toMatchObject({ current_stage: 2, pipeline_status_id: lakeStatus[2]!.Recovering, stage_entered_at: now, pipeline_status_since: now });
    expect((await movesOf(patient.id)).at(-1)).toMatchObject({
      stage: 2,
      from_status_id: lakeStatus[1]!['Seminar Attended'],
      to_status_id: lakeStatus[2]!.Recovering,
      moved_by: LAKE,
      rule_id: null,
      moved_at: now,
    });
  });

  it('runs the surgery-date rules of the new stage on entering it (type 1, days already passed)', async () => {
    const rule = await addRule(LAKE, { stage: 2, type: 1, from: lakeStatus[2]!.Recovering, to: lakeStatus[2]!['30-Day Follow-up']!, days: 30 });
    const patient = await createPatient({ surgery_date: '2026-01-05' });
    await updatePatient(patient.id, { current_stage: '2' });
    expect((await movesOf(patient.id)).slice(-2).map((m) => [m.to_status_id, m.rule_id, m.trigger_key])).toEqual([
      [lakeStatus[2]!.Recovering, null, null],
      [lakeStatus[2]!['30-Day Follow-up'], rule, 'surgery-date+30:2026-01-05'],
    ]);
  });

  it('leaves a patient without a status when the new stage has no default, and rules do not move them', async () => {
    await t.app.db.update(pipelineStatuses).set({ is_default: 0 }).where(and(eq(pipelineStatuses.program_id, LAKE), eq(pipelineStatuses.stage, 3)));
    await addRule(LAKE, { stage: 3, type: 6, to: lakeStatus[3]!.Maintenance! });
    try {
      const patient = await createPatient({ surgery_date: '2025-01-05' });
      await updatePatient(patient.id, { current_stage: '3' });
      expect((await patientOf(patient.id)).pipeline_status_id).toBeNull();
      expect((await movesOf(patient.id)).at(-1)).toMatchObject({ stage: 3, from_status_id: lakeStatus[1]!['Seminar Attended'], to_status_id: null, moved_by: LAKE });
      expect(await afterEvent(LAKE, patient.id, 'surgery-date-set')).toEqual([]);
    } finally {
      await t.app.db.update(pipelineStatuses).set({ is_default: 1 }).where(eq(pipelineStatuses.id, lakeStatus[3]!.Active!));
    }
  });

  it('puts each patient of a bulk stage change in the new stage, in one transaction', async () => {
    const a = await createPatient();
    const b = await createPatient();
    const res = await t.call({ method: 'POST', url: '/api/patients/bulk', token: lake, payload: { ids: [a.id, b.id], action: 'change_stage', stage: 3 } });
    expect(res.statusCode).toBe(200);
    for (const patient of [a, b]) {
      expect((await patientOf(patient.id)).pipeline_status_id).toBe(lakeStatus[3]!.Active);
      expect((await movesOf(patient.id)).at(-1)).toMatchObject({ stage: 3, from_status_id: lakeStatus[1]!['Seminar Attended'], to_status_id: lakeStatus[3]!.Active, moved_by: LAKE });
      expect((await templateItemsOf(patient.id)).length).toBeGreaterThan(0);
    }
  });
});

describe('events: checklist changed (types 2 and 4), priorities, rules off', () => {
  afterEach(() => removeRules(LAKE));
  const name = (stage: number, id: number) => Object.entries(lakeStatus[stage]!).find(([, value]) => value === id)![0];

  it('moves a patient whose checklist reaches 100% (type 4), once', async () => {
    const rule = await addRule(LAKE, { stage: 1, type: 4, percent: 100, to: lakeStatus[1]!['Ready for Surgery']! });
    const patient = await createPatient();
    const items = await templateItemsOf(patient.id);
    expect(items.length).toBe(8);
    await tick(patient.id, items.slice(0, -1));
    expect((await patientOf(patient.id)).checklist_percent).toBe(87);
    expect(await afterEvent(LAKE, patient.id, 'checklist-changed')).toEqual([]);
    await tick(patient.id);
    const moves = await afterEvent(LAKE, patient.id, 'checklist-changed');
    const seminar = lakeStatus[1]!['Seminar Attended']!;
    const ready = lakeStatus[1]!['Ready for Surgery']!;
    expect(moves).toEqual([
      { ruleId: rule, ruleDescription: 'Checklist % Complete reaches 100%', fromStatus: { id: seminar, name: name(1, seminar) }, toStatus: { id: ready, name: 'Ready for Surgery' } },
    ]);
    // The same trigger again, even after a move back by hand: no second move.
    expect(await afterEvent(LAKE, patient.id, 'checklist-changed')).toEqual([]);
    await locked(patient.id, (tx) =>
      recordPipelineMove(tx, { programId: LAKE, patientId: patient.id, stage: 1, fromStatusId: ready, toStatusId: seminar, movedBy: LAKE, at: t.clock.now() }),
    );
    expect(await afterEvent(LAKE, patient.id, 'checklist-changed')).toEqual([]);
    expect((await movesOf(patient.id)).filter((m) => m.rule_id === rule).map((m) => m.trigger_key)).toEqual(['percent:100']);
  });

  it('moves a patient in the rule’s from-status when the watched item is ticked (type 2), never while deactivated', async () => {
    const patient = await createPatient();
    const [first, second] = await templateItemsOf(patient.id);
    const rule = await addRule(LAKE, { stage: 1, type: 2, item: second!, from: lakeStatus[1]!['Seminar Attended'], to: lakeStatus[1]!['Insurance Review']! });
    await tick(patient.id, [first!]);
    expect(await afterEvent(LAKE, patient.id, 'checklist-changed')).toEqual([]);
    await t.app.db.update(patients).set({ checklist_deactivate: 1, checklist_deactivate_reason: 'Self-pay' }).where(eq(patients.id, patient.id));
    await tick(patient.id, [second!]);
    expect(await afterEvent(LAKE, patient.id, 'checklist-changed')).toEqual([]);
    await t.app.db.update(patients).set({ checklist_deactivate: 0, checklist_deactivate_reason: null }).where(eq(patients.id, patient.id));
    expect((await afterEvent(LAKE, patient.id, 'checklist-changed')).map((m) => [m.ruleId, m.toStatus.name])).toEqual([[rule, 'Insurance Review']]);
    // Rules of other types do not run on a checklist change.
    await addRule(LAKE, { stage: 1, type: 5, days: 0, to: lakeStatus[1]!['Surgery Scheduled']! });
    expect(await afterEvent(LAKE, patient.id, 'checklist-changed')).toEqual([]);
  });

  it('runs rules in priority order; a rule off does nothing; update-priority changes who wins', async () => {
    const seminar = lakeStatus[1]!['Seminar Attended']!;
    const a = await addRule(LAKE, { stage: 1, type: 6, from: seminar, to: lakeStatus[1]!['Insurance Review']! });
    const b = await addRule(LAKE, { stage: 1, type: 6, from: seminar, to: lakeStatus[1]!['Psych & Nutrition Evaluation']! });
    const wonBy = async () => {
      const patient = await createPatient({ surgery_date: '2027-05-01' });
      const moves = (await movesOf(patient.id)).filter((m) => m.rule_id !== null);
      return moves.map((m) => m.rule_id);
    };
    expect(await wonBy()).toEqual([a]);

    const order = async (ids: number[]) => {
      const res = await t.call({ method: 'POST', url: '/api/pipeline-automation-rule/update-priority', token: lake, payload: { stage: 1, ids } });
      expect(res.statusCode).toBe(200);
      return res.json().data as PipelineRuleRecord[];
    };
    await order([b, a]);
    expect(await wonBy()).toEqual([b]);

    const off = await t.call({ method: 'POST', url: '/api/pipeline-automation-rule/toggle-active', token: lake, payload: { id: b } });
    expect(off.json().data.status).toBe(0);
    expect(await wonBy()).toEqual([a]);
  });

  it('settles a chain of rules in one event (A→B, then B→C)', async () => {
    const s = lakeStatus[1]!;
    const first = await addRule(LAKE, { stage: 1, type: 6, from: s['Seminar Attended'], to: s['Insurance Review']! });
    const second = await addRule(LAKE, { stage: 1, type: 6, from: s['Insurance Review'], to: s['Psych & Nutrition Evaluation']! });
    const patient = await createPatient({ surgery_date: '2027-06-01' });
    const moves = (await movesOf(patient.id)).filter((m) => m.rule_id !== null);
    expect(moves.map((m) => [m.rule_id, m.from_status_id, m.to_status_id])).toEqual([
      [first, s['Seminar Attended'], s['Insurance Review']],
      [second, s['Insurance Review'], s['Psych & Nutrition Evaluation']],
    ]);
    expect((await patientOf(patient.id)).pipeline_status_id).toBe(s['Psych & Nutrition Evaluation']);
  });
});

// ---------------------------------------------------------------------------------------------
// The daily sweep, in a program on the other side of the world
// ---------------------------------------------------------------------------------------------

const AUCKLAND = 'Pacific/Auckland';
let programs = 0;

/** A program of its own (statuses Seminar/Insurance, Recovering/30-Day/90-Day; no checklist), in `zone`. */
async function createProgram(zone: string) {
  programs += 1;
  const [account] = await rows<{ id: number }>(
    sql`insert into accounts (type, email, status) values ('sub_user', ${`subuser${programs}@tasman.test`}, 1) returning id`,
  );
  const id = account!.id;
  await t.app.db.execute(sql`insert into programs (id, title, timezone, status) values (${id}, ${`Tasman ${programs}`}, ${zone}, 1)`);
  const names: Record<number, string[]> = { 1: ['Seminar', 'Insurance'], 2: ['Recovering', '30-Day', '90-Day'] };
  for (const stage of [1, 2]) {
    await t.app.db
      .insert(pipelineStatuses)
      .values(names[stage]!.map((name, position) => ({ program_id: id, stage, name, position, is_default: position === 0 ? 1 : 0 })));
  }
  return { id, status: await statusesOf(id) };
}

/** Adds patients directly: stage, status, surgery date and when they entered the stage. */
async function addPatients(programId: number, list: { stage: number; status: number | null; surgery?: string; entered: string }[]) {
  const inserted = await t.app.db
    .insert(patients)
    .values(
      list.map((p, k) => ({
        program_id: programId,
        first_name: 'Sweep',
        last_name: `Patient${k}`,
        name: `Sweep Patient${k}`,
        current_stage: p.stage,
        surgery_date: p.surgery ?? null,
        stage_entered_at: new Date(p.entered),
        pipeline_status_id: p.status,
        pipeline_status_since: p.status === null ? null : new Date(p.entered),
      })),
    )
    .returning({ id: patients.id });
  return inserted.map((row) => row.id);
}

describe('the daily sweep (types 1 and 5) in Pacific/Auckland', () => {
  let program: Awaited<ReturnType<typeof createProgram>>;
  let surgeryRule = 0;
  let stageRule = 0;
  let ids: number[] = [];

  beforeAll(async () => {
    program = await createProgram(AUCKLAND);
    const s = program.status;
    surgeryRule = await addRule(program.id, { stage: 2, type: 1, days: 30, from: s[2]!.Recovering, to: s[2]!['30-Day']! });
    await addRule(program.id, { stage: 2, type: 1, days: 90, from: s[2]!['30-Day'], to: s[2]!['90-Day']! });
    stageRule = await addRule(program.id, { stage: 1, type: 5, days: 10, from: s[1]!.Seminar, to: s[1]!.Insurance! });
    ids = await addPatients(program.id, [
      // Surgery on 10 January: 30 days are reached on 9 February, Auckland time.
      { stage: 2, status: s[2]!.Recovering!, surgery: '2026-01-10', entered: '2026-01-10T01:00:00Z' },
      // Entered Pre-Op at 00:30 on 31 January in Auckland (still 30 January in UTC): 10 days on 10 February.
      { stage: 1, status: s[1]!.Seminar!, entered: '2026-01-30T11:30:00Z' },
      // No status: never moved by rules.
      { stage: 1, status: null, entered: '2025-01-01T00:00:00Z' },
    ]);
  });

  const statusOf = async (id: number) => (await patientOf(id)).pipeline_status_id;

  it('counts days in the program’s calendar: type 1 from its midnight, not UTC’s', async () => {
    const sweep = (at: string) => t.app.pipelineAutomation.sweepProgram(program.id, new Date(at));
    // 23:59 on 8 February in Auckland.
    expect(await sweep('2026-02-08T10:59:00Z')).toEqual({ day: '2026-02-08', patients: 2, moves: 0 });
    expect(await statusOf(ids[0]!)).toBe(program.status[2]!.Recovering);
    // 00:01 on 9 February in Auckland (still 8 February in UTC).
    expect(await sweep('2026-02-08T11:01:00Z')).toEqual({ day: '2026-02-09', patients: 2, moves: 1 });
    expect(await statusOf(ids[0]!)).toBe(program.status[2]!['30-Day']);
    expect((await movesOf(ids[0]!)).at(-1)).toMatchObject({
      rule_id: surgeryRule,
      rule_type: 1,
      trigger_key: 'surgery-date+30:2026-01-10',
      moved_by: null,
      moved_at: new Date('2026-02-08T11:01:00Z'),
      from_status_id: program.status[2]!.Recovering,
    });
    // The same day again: nothing new.
    expect(await sweep('2026-02-08T15:00:00Z')).toEqual({ day: '2026-02-09', patients: 2, moves: 0 });
    const [row] = await t.app.db
      .select()
      .from(pipelineSweeps)
      .where(and(eq(pipelineSweeps.program_id, program.id), eq(pipelineSweeps.day, '2026-02-09')));
    expect(row).toMatchObject({ patients: 2, moves: 1, finished_at: expect.any(Date) });
  });

  it('counts days in stage from the program-zone day the patient entered it (type 5)', async () => {
    const sweep = (at: string) => t.app.pipelineAutomation.sweepProgram(program.id, new Date(at));
    expect((await sweep('2026-02-09T10:59:00Z')).moves).toBe(0); // 23:59 on 9 February: 9 days
    expect(await statusOf(ids[1]!)).toBe(program.status[1]!.Seminar);
    expect((await sweep('2026-02-09T11:01:00Z')).moves).toBe(1); // 00:01 on 10 February: 10 days
    expect((await movesOf(ids[1]!)).at(-1)).toMatchObject({ rule_id: stageRule, rule_type: 5, trigger_key: 'stage-days:10:2026-01-31' });
    expect(await statusOf(ids[2]!)).toBeNull();
    expect(await movesOf(ids[2]!)).toEqual([]);
  });

  it('sweeps due programs only after 00:30 their time, once a day', async () => {
    const due = (at: string) => t.app.pipelineAutomation.sweepDue(new Date(at));
    const ours = (swept: { programId: number }[]) => swept.filter((s) => s.programId === program.id);
    expect(ours(await due('2026-02-28T11:20:00Z'))).toEqual([]); // 00:20 on 1 March in Auckland
    expect(ours(await due('2026-02-28T11:31:00Z'))).toEqual([{ programId: program.id, day: '2026-03-01', patients: 2, moves: 0 }]);
    expect(ours(await due('2026-02-28T11:46:00Z'))).toEqual([]); // done for the day
    // A sweep another replica started a moment ago is left to it; one started long ago is taken over.
    await t.app.db.insert(pipelineSweeps).values({ program_id: program.id, day: '2026-03-02', started_at: new Date('2026-03-01T11:40:00Z') });
    expect(ours(await due('2026-03-01T11:45:00Z'))).toEqual([]);
    expect(ours(await due('2026-03-01T12:15:00Z'))).toEqual([{ programId: program.id, day: '2026-03-02', patients: 2, moves: 0 }]);
  });
});

describe('an interrupted sweep', () => {
  it('run again gives the same result as a sweep that was never interrupted', async () => {
    const program = await createProgram(AUCKLAND);
    const s = program.status[2]!;
    const first = await addRule(program.id, { stage: 2, type: 1, days: 30, from: s.Recovering, to: s['30-Day']! });
    const second = await addRule(program.id, { stage: 2, type: 1, days: 90, from: s['30-Day'], to: s['90-Day']! });
    const list = [
      ...Array.from({ length: 23 }, (_, k) => ({ stage: 2, status: s.Recovering!, surgery: `2025-06-${String(k + 1).padStart(2, '0')}`, entered: '2025-06-01T00:00:00Z' })),
      { stage: 2, status: s.Recovering!, surgery: '2026-02-01', entered: '2026-02-01T00:00:00Z' },
      { stage: 2, status: null, surgery: '2025-01-01', entered: '2025-01-01T00:00:00Z' },
    ];
    const ids = await addPatients(program.id, list);
    const now = new Date('2026-02-09T12:00:00Z');
    const sweep = () => t.app.pipelineAutomation.sweepProgram(program.id, now, { batchSize: 5 });
    const state = async () => ({
      statuses: (await t.app.db.select({ id: patients.id, status: patients.pipeline_status_id, since: patients.pipeline_status_since }).from(patients).where(eq(patients.program_id, program.id)).orderBy(asc(patients.id))),
      moves: (
        await t.app.db
          .select({ patient: pipelineMoves.patient_id, rule: pipelineMoves.rule_id, key: pipelineMoves.trigger_key, from: pipelineMoves.from_status_id, to: pipelineMoves.to_status_id, at: pipelineMoves.moved_at })
          .from(pipelineMoves)
          .where(eq(pipelineMoves.program_id, program.id))
          .orderBy(asc(pipelineMoves.id))
      ),
      sweep: (await t.app.db.select({ moves: pipelineSweeps.moves, patients: pipelineSweeps.patients }).from(pipelineSweeps).where(eq(pipelineSweeps.program_id, program.id))),
    });

    // Batch 2 (patients 6 to 10) fails on its 8th patient.
    await t.app.db.execute(sql.raw(`create function pipeline_test_failure() returns trigger language plpgsql as $$
      begin if new.patient_id = ${ids[7]} then raise exception 'injected failure'; end if; return new; end $$`));
    await t.app.db.execute(sql`create trigger pipeline_test_failure before insert on pipeline_moves for each row execute function pipeline_test_failure()`);
    try {
      const failure = (await sweep().then(
        () => null,
        (error: unknown) => error,
      )) as { cause?: { message?: string } } | null;
      expect(failure?.cause?.message).toMatch(/injected failure/);
    } finally {
      await t.app.db.execute(sql`drop trigger pipeline_test_failure on pipeline_moves`);
      await t.app.db.execute(sql`drop function pipeline_test_failure()`);
    }
    const interrupted = await state();
    // Batch 1 was written (two moves each: 30 then 90 days), nothing of batch 2. (On PostgreSQL, batch 3
    // may have been written too: batches are written while the next ones are read.)
    const movedIn = (batch: number[]) => interrupted.moves.filter((m) => batch.includes(m.patient)).length;
    expect(movedIn(ids.slice(0, 5))).toBe(10);
    expect(movedIn(ids.slice(5, 10))).toBe(0);
    expect(interrupted.sweep).toEqual([{ moves: interrupted.moves.length, patients: 0 }]);
    const [unfinished] = await t.app.db.select().from(pipelineSweeps).where(eq(pipelineSweeps.program_id, program.id));
    expect(unfinished!.finished_at).toBeNull();

    expect(await sweep()).toEqual({ day: '2026-02-10', patients: 24, moves: 46 - interrupted.moves.length });
    const resumed = await state();
    expect(resumed.sweep).toEqual([{ moves: 46, patients: 24 }]);
    expect(resumed.moves.filter((m) => m.rule === first).length).toBe(23);
    expect(resumed.moves.filter((m) => m.rule === second).length).toBe(23);

    // A clean run from the same start.
    await t.app.db.execute(sql`delete from pipeline_moves where program_id = ${program.id}`);
    await t.app.db.execute(sql`delete from pipeline_sweeps where program_id = ${program.id}`);
    for (const [k, id] of ids.entries()) {
      const p = list[k]!;
      await t.app.db
        .update(patients)
        .set({ pipeline_status_id: p.status, pipeline_status_since: p.status === null ? null : new Date(p.entered) })
        .where(eq(patients.id, id));
    }
    expect(await sweep()).toEqual({ day: '2026-02-10', patients: 24, moves: 46 });
    const clean = await state();
    const sorted = (moves: typeof clean.moves) => [...moves].sort((a, b) => a.patient - b.patient || String(a.key).localeCompare(String(b.key)));
    expect(sorted(resumed.moves)).toEqual(sorted(clean.moves));
    expect(resumed.statuses).toEqual(clean.statuses);
    expect(clean.sweep).toEqual(resumed.sweep);
    // The patients a rule moved twice ended in 90-Day, the recent one stayed, the one with no status too.
    expect(clean.statuses.map((p) => p.status)).toEqual([...Array(23).fill(s['90-Day']), s.Recovering, null]);
  });
});

describe('the sweep job', () => {
  it('is a job on the queue, every 15 minutes beside the hourly housekeeping, and runs once at start-up when workers are on', async () => {
    const database = await freshDatabase();
    // 18:00 UTC: past 00:30 in Chicago (Northside, the only demo program with rules).
    const clock = new ManualClock('2026-11-21T18:00:00Z');
    const app = await buildApp({
      clock,
      database: database.target,
      seed: { patientsPerProgram: 4 },
      workers: true,
      logger: false,
      config: { logLevel: 'silent', schedulerPollSeconds: 1 },
    });
    try {
      let swept: (typeof pipelineSweeps.$inferSelect)[] = [];
      for (let wait = 0; wait < 100 && !swept.some((row) => row.finished_at); wait += 1) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        swept = await app.db.select().from(pipelineSweeps);
      }
      expect(swept.map((row) => [row.program_id, row.day, row.finished_at !== null])).toEqual([[NORTH, '2026-11-21', true]]);
      const schedules = await queryRows<{ name: string; cron: string; timezone: string }>(
        app.db,
        sql`select name, cron, timezone from pgboss.schedule where name in ('pipeline.sweep', 'platform.housekeeping') order by name`,
      );
      expect(schedules).toEqual([
        { name: 'pipeline.sweep', cron: '*/15 * * * *', timezone: 'UTC' },
        { name: 'platform.housekeeping', cron: '0 * * * *', timezone: 'UTC' },
      ]);
    } finally {
      await app.close();
      await database.drop();
    }
  });
});

describe('the one writer of a patient’s status, and a status deleted meanwhile', () => {
  afterEach(() => removeRules(LAKE));

  /** A new live status of Lakeview's stage 1 (not the default). */
  async function addStatus(name: string): Promise<number> {
    const [row] = await t.app.db
      .insert(pipelineStatuses)
      .values({ program_id: LAKE, stage: 1, name, position: 90, is_default: 0 })
      .returning({ id: pipelineStatuses.id });
    return row!.id;
  }
  /** What a status's deletion commits (softly: its moves keep its name) between a mover's read and its write. */
  const deleteStatus = (id: number) =>
    t.app.db.update(pipelineStatuses).set({ deleted_at: t.clock.now() }).where(eq(pipelineStatuses.id, id));

  it('refuses a move into a status deleted after the mover chose it, and changes nothing', async () => {
    const patient = await createPatient();
    const doomed = await addStatus('Doomed by hand');
    await deleteStatus(doomed);
    const before = await patientOf(patient.id);
    const movesBefore = await movesOf(patient.id);
    const outcome = await locked(patient.id, (tx) =>
      recordPipelineMove(tx, {
        programId: LAKE,
        patientId: patient.id,
        stage: 1,
        fromStatusId: before.pipeline_status_id,
        toStatusId: doomed,
        movedBy: null,
        at: t.clock.now(),
      }),
    );
    expect(outcome).toBe('status-deleted');
    expect((await patientOf(patient.id)).pipeline_status_id).toBe(before.pipeline_status_id);
    expect(await movesOf(patient.id)).toEqual(movesBefore);
  });

  it('a sweep batch leaves out a move into a status deleted after its facts were read, and the rest of that chain', async () => {
    const seminar = lakeStatus[1]!['Seminar Attended']!;
    const [a, b] = [await createPatient(), await createPatient()];
    const kept = await addStatus('Kept by the sweep');
    const doomed = await addStatus('Doomed by the sweep');
    const toKept = await addRule(LAKE, { stage: 1, type: 5, days: 1, from: seminar, to: kept });
    const toDoomed = await addRule(LAKE, { stage: 1, type: 5, days: 1, from: kept, to: doomed });
    await deleteStatus(doomed);
    const recorded = await t.app.db.transaction(async (tx) => {
      await tx.execute(sql`select id from patients where id in (${a.id}, ${b.id}) order by id for update`);
      return recordRuleMoves(tx, {
        programId: LAKE,
        stage: 1,
        at: t.clock.now(),
        moves: [
          { patientId: a.id, fromStatusId: seminar, toStatusId: kept, ruleId: toKept, triggerKey: 'race:a1' },
          { patientId: a.id, fromStatusId: kept, toStatusId: doomed, ruleId: toDoomed, triggerKey: 'race:a2' },
          { patientId: b.id, fromStatusId: seminar, toStatusId: doomed, ruleId: toDoomed, triggerKey: 'race:b1' },
          { patientId: b.id, fromStatusId: doomed, toStatusId: kept, ruleId: toKept, triggerKey: 'race:b2' },
        ],
      });
    });
    expect(recorded).toBe(1);
    expect((await patientOf(a.id)).pipeline_status_id).toBe(kept);
    expect((await patientOf(b.id)).pipeline_status_id).toBe(seminar);
    const ruleMoves = async (id: number) => (await movesOf(id)).filter((m) => m.rule_id !== null).map((m) => m.trigger_key);
    expect(await ruleMoves(a.id)).toEqual(['race:a1']);
    expect(await ruleMoves(b.id)).toEqual([]);
  });

  it('a patient entering a stage whose default status is gone gets no status rather than a deleted one', async () => {
    const patient = await createPatient({ current_stage: '2' });
    // Stage 1's default deleted (as by a concurrent deletion that won the race), then the patient enters it.
    const stageDefault = lakeStatus[1]!['Seminar Attended']!;
    await deleteStatus(stageDefault);
    try {
      await updatePatient(patient.id, { current_stage: '1' });
      expect((await patientOf(patient.id)).pipeline_status_id).toBeNull();
    } finally {
      await t.app.db.update(pipelineStatuses).set({ deleted_at: null }).where(eq(pipelineStatuses.id, stageDefault));
    }
  });
});
