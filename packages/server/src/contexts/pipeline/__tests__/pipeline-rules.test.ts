/**
 * The automation rules API (/api/pipeline-automation-rule): the list in priority order, the form's
 * settings, store / update / delete / toggle-active / update-priority with their validation, roles,
 * tenancy and audit records. Northside's demo rules are the starting point.
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import {
  INVALID_ID,
  MAX_PIPELINE_RULES,
  NOT_FOR_SELF_SERVICE,
  PIPELINE_MESSAGES,
  type PipelineRuleRecord,
  type PipelineRuleSettingsResponse,
} from '@baridesk/contracts';
import { PIPELINE_RULE_TYPES } from '@baridesk/domain';
import { NEEDS_ADMINISTRATIVE_RIGHTS } from '../../../lib/administrative-rights';
import { createTestApp, type TestApp } from '../../../test/app';
import { auditRecords, checklistTemplateItems, checklistTemplates, patients, pipelineMoves, pipelineRules, pipelineStatuses } from '../../../db/schema';

const URL = '/api/pipeline-automation-rule';
const NORTH = 101;
const LAKE = 102;
const NORTH_SUB = 'subuser@northside.test';
/** Program user with administrative rights. */
const STAFF = 'staff@northside.test';
/** Program user without administrative rights. */
const LIMITED = 'limited@northside.test';
const SELF_SERVICE = 'selfservice@northside.test';
const LAKE_SUB = 'subuser@lakeview.test';

let t: TestApp;
let tokens: Record<string, string>;
/** Northside's statuses by stage and name, and one of Lakeview. */
const status: Record<number, Record<string, number>> = { 1: {}, 2: {}, 3: {} };
let lakeStatus = 0;
/** Northside's Pre-Op template items by title, a Post-Op one, and one of Lakeview. */
const item: Record<string, number> = {};
let postOpItem = 0;
let lakeItem = 0;

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, who: string, payload?: object) =>
  t.call({ method, url: `${URL}${path}`, token: tokens[who], ...(payload ? { payload } : {}) });
const list = async (stage: number, who = STAFF) => {
  const res = await call('GET', `?stage=${stage}`, who);
  expect(res.statusCode).toBe(200);
  return res.json().data as PipelineRuleRecord[];
};
const fieldErrors = (res: LightMyRequestResponse) => ({ status: res.statusCode, errors: res.json().errors });
const auditOf = (action: string) =>
  t.app.db.select().from(auditRecords).where(eq(auditRecords.action, action)).orderBy(asc(auditRecords.id));

beforeAll(async () => {
  t = await createTestApp();
  tokens = await t.signIn(NORTH_SUB, STAFF, LIMITED, SELF_SERVICE, LAKE_SUB);
  const db = t.app.db;
  const statuses = await db
    .select({ id: pipelineStatuses.id, program_id: pipelineStatuses.program_id, stage: pipelineStatuses.stage, name: pipelineStatuses.name })
    .from(pipelineStatuses)
    .orderBy(asc(pipelineStatuses.id));
  for (const row of statuses) if (row.program_id === NORTH) status[row.stage]![row.name] = row.id;
  lakeStatus = statuses.find((row) => row.program_id === LAKE && row.stage === 1)!.id;
  const items = await db
    .select({ id: checklistTemplateItems.id, title: checklistTemplateItems.title, program_id: checklistTemplates.program_id, stage: checklistTemplates.stage })
    .from(checklistTemplateItems)
    .innerJoin(checklistTemplates, eq(checklistTemplates.id, checklistTemplateItems.template_id))
    .orderBy(asc(checklistTemplateItems.id));
  for (const row of items) if (row.program_id === NORTH && row.stage === 1) item[row.title] = row.id;
  postOpItem = items.find((row) => row.program_id === NORTH && row.stage === 2)!.id;
  lakeItem = items.find((row) => row.program_id === LAKE && row.stage === 1)!.id;
});

afterAll(() => t?.close());

describe('GET /api/pipeline-automation-rule', () => {
  it('lists the stage’s rules in the order they run, described in one line', async () => {
    const rules = await list(1);
    expect(rules.map((rule) => [rule.type, rule.priority, rule.status, rule.description])).toEqual([
      [4, 1, 1, 'Checklist % Complete reaches 100% → Ready for Surgery'],
      [6, 2, 1, 'Surgery Date added → Surgery Scheduled'],
      [5, 3, 0, 'Days in Stage: 90 days (from Seminar Attended) → Insurance Review'],
    ]);
    expect(rules[0]).toMatchObject({
      stage: 1,
      type_label: 'Checklist % Complete',
      from_status_id: null,
      to_status_id: status[1]!['Ready for Surgery'],
      percent: 100,
      days: null,
      checklist_item_id: null,
      checklist_item_title: null,
    });
    expect((await list(2)).map((rule) => rule.description)).toEqual([
      'Surgery Date passed 30 days (from Recovering) → 30-Day Follow-up',
      'Surgery Date passed 90 days (from 30-Day Follow-up) → 90-Day Follow-up',
    ]);
    expect(await list(3)).toEqual([]);
  });

  it('is for staff of the program only: others see their own program’s rules, self-service staff none', async () => {
    expect((await list(1, LIMITED)).length).toBe(3);
    expect(await list(1, LAKE_SUB)).toEqual([]);
    const refused = await call('GET', '?stage=1', SELF_SERVICE);
    expect({ status: refused.statusCode, body: refused.json() }).toEqual({ status: 403, body: { message: NOT_FOR_SELF_SERVICE } });
    expect(fieldErrors(await call('GET', '?stage=4', STAFF))).toEqual({ status: 422, errors: { stage: [expect.any(String)] } });
    expect((await t.call({ method: 'GET', url: `${URL}?stage=1` })).statusCode).toBe(401);
  });
});

describe('GET /api/pipeline-automation-rule/new-todo-settings', () => {
  it('offers the rule types, the stage’s live statuses in order and its live templates’ items by template', async () => {
    const res = await call('GET', '/new-todo-settings?stage=1', LIMITED);
    expect(res.statusCode).toBe(200);
    const data = res.json().data as PipelineRuleSettingsResponse['data'];
    expect(data.rule_types).toEqual(PIPELINE_RULE_TYPES.map(({ id, label }) => ({ id, label })));
    expect(data.statuses.map((s) => s.name)).toEqual([
      'Seminar Attended',
      'Insurance Review',
      'Psych & Nutrition Evaluation',
      'Ready for Surgery',
      'Surgery Scheduled',
    ]);
    expect(data.checklist_items.map((i) => [i.template_name, i.title])).toEqual([
      ['Pre-Op Requirements', 'Attend information seminar'],
      ['Pre-Op Requirements', 'Insurance verification'],
      ['Pre-Op Requirements', 'Psychological evaluation'],
      ['Pre-Op Requirements', 'Nutrition consult (3 visits)'],
      ['Pre-Op Requirements', 'Sleep study'],
      ['Pre-Op Requirements', 'Upper GI / EGD'],
      ['Pre-Op Requirements', 'Cardiac clearance'],
      ['Pre-Op Requirements', 'Sign surgical consent'],
      ['Revision Surgery Extras', 'Operative report of the first surgery'],
      ['Revision Surgery Extras', 'Upper GI series'],
      ['Revision Surgery Extras', 'Revision consult with the surgeon'],
    ]);
  });

  it('leaves out deleted statuses, templates and items', async () => {
    const db = t.app.db;
    const now = new Date();
    const [gone] = await db
      .insert(pipelineStatuses)
      .values({ program_id: NORTH, stage: 3, name: 'Gone', position: 9, deleted_at: now })
      .returning({ id: pipelineStatuses.id });
    const [template] = await db
      .insert(checklistTemplates)
      .values({ program_id: NORTH, stage: 3, name: 'Aaa Deleted', deleted_at: now })
      .returning({ id: checklistTemplates.id });
    await db.insert(checklistTemplateItems).values({ program_id: NORTH, template_id: template!.id, title: 'In a deleted template' });
    const [weight] = await db
      .select({ id: checklistTemplates.id })
      .from(checklistTemplates)
      .where(and(eq(checklistTemplates.program_id, NORTH), eq(checklistTemplates.stage, 3)))
      .orderBy(asc(checklistTemplates.id));
    await db.insert(checklistTemplateItems).values({ program_id: NORTH, template_id: weight!.id, title: 'Removed item', position: 99, deleted_at: now });
    const data = (await call('GET', '/new-todo-settings?stage=3', STAFF)).json().data as PipelineRuleSettingsResponse['data'];
    expect(data.statuses.map((s) => s.name)).toEqual(['Active', 'Maintenance']);
    expect(data.checklist_items.map((i) => i.title)).toEqual(['Quarterly weigh-in', 'Annual labs', 'Dietitian check-in', 'Exercise plan reviewed']);
    expect(data.statuses.map((s) => s.id)).not.toContain(gone!.id);
  });
});

describe('POST /api/pipeline-automation-rule/store', () => {
  it('adds an active rule last in priority, storing only the settings its type uses', async () => {
    const res = await call('POST', '/store', NORTH_SUB, {
      stage: 1,
      type: 2,
      from_status_id: status[1]!['Seminar Attended'],
      to_status_id: status[1]!['Insurance Review'],
      checklist_item_id: item['Attend information seminar'],
      days: 12,
      percent: 50,
    });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body.message).toBe(PIPELINE_MESSAGES.ruleCreated);
    expect(body.data).toMatchObject({
      stage: 1,
      type: 2,
      type_label: 'Checklist Item completed',
      days: null,
      percent: null,
      checklist_item_id: item['Attend information seminar'],
      checklist_item_title: 'Attend information seminar',
      priority: 4,
      status: 1,
      description: 'Checklist Item completed: “Attend information seminar” (from Seminar Attended) → Insurance Review',
    });
    const [stored] = await t.app.db.select().from(pipelineRules).where(eq(pipelineRules.id, body.data.id));
    expect(stored).toMatchObject({ program_id: NORTH, days: null, percent: null, created_by: NORTH });
    expect((await list(1)).map((rule) => rule.id).at(-1)).toBe(body.data.id);
    const [audit] = (await auditOf('pipeline-rule.create')).filter((row) => row.entity_id === String(body.data.id));
    expect(audit).toMatchObject({ entity: 'pipeline_rule', actor_account_id: NORTH, program_id: NORTH, success: true });
    expect(audit!.detail).toMatchObject({ stage: 1, type: 2, checklist_item_id: item['Attend information seminar'] });
    await call('DELETE', `/delete?id=${body.data.id}`, NORTH_SUB);
  });

  it('takes numbers as text, as a form sends them, and staff with administrative rights may add', async () => {
    const res = await call('POST', '/store', STAFF, { stage: '2', type: '5', to_status_id: String(status[2]!['Annual Follow-up']), days: '400' });
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({ stage: 2, type: 5, days: 400, from_status_id: null, description: 'Days in Stage: 400 days → Annual Follow-up' });
    await call('DELETE', `/delete?id=${res.json().data.id}`, STAFF);
  });

  it('refuses statuses of another stage or program, and unknown or deleted ones', async () => {
    const base = { stage: 1, type: 6 };
    expect(fieldErrors(await call('POST', '/store', STAFF, { ...base, to_status_id: status[2]!.Recovering }))).toEqual({
      status: 422,
      errors: { to_status_id: [PIPELINE_MESSAGES.wrongStage] },
    });
    expect(fieldErrors(await call('POST', '/store', STAFF, { ...base, from_status_id: status[3]!.Active, to_status_id: status[1]!['Surgery Scheduled'] }))).toEqual({
      status: 422,
      errors: { from_status_id: [PIPELINE_MESSAGES.wrongStage] },
    });
    expect(fieldErrors(await call('POST', '/store', STAFF, { ...base, to_status_id: lakeStatus }))).toEqual({
      status: 422,
      errors: { to_status_id: [PIPELINE_MESSAGES.statusNotFound] },
    });
    expect(fieldErrors(await call('POST', '/store', STAFF, { ...base, from_status_id: 999_999, to_status_id: status[1]!['Surgery Scheduled'] }))).toEqual({
      status: 422,
      errors: { from_status_id: [PIPELINE_MESSAGES.statusNotFound] },
    });
    const [deleted] = await t.app.db
      .insert(pipelineStatuses)
      .values({ program_id: NORTH, stage: 1, name: 'Deleted one', position: 20, deleted_at: new Date() })
      .returning({ id: pipelineStatuses.id });
    expect(fieldErrors(await call('POST', '/store', STAFF, { ...base, to_status_id: deleted!.id }))).toEqual({
      status: 422,
      errors: { to_status_id: [PIPELINE_MESSAGES.statusNotFound] },
    });
  });

  it('refuses a checklist item that is not a live item of a live template of the stage', async () => {
    const base = { stage: 1, type: 2, to_status_id: status[1]!['Insurance Review'] };
    const refused = { status: 422, errors: { checklist_item_id: [PIPELINE_MESSAGES.itemNotFound] } };
    expect(fieldErrors(await call('POST', '/store', STAFF, { ...base, checklist_item_id: postOpItem }))).toEqual(refused);
    expect(fieldErrors(await call('POST', '/store', STAFF, { ...base, checklist_item_id: lakeItem }))).toEqual(refused);
    expect(fieldErrors(await call('POST', '/store', STAFF, { ...base, checklist_item_id: 999_999 }))).toEqual(refused);
    const db = t.app.db;
    const [template] = await db
      .insert(checklistTemplates)
      .values({ program_id: NORTH, stage: 1, name: 'Deleted template', deleted_at: new Date() })
      .returning({ id: checklistTemplates.id });
    const [inDeleted] = await db
      .insert(checklistTemplateItems)
      .values({ program_id: NORTH, template_id: template!.id, title: 'Orphan' })
      .returning({ id: checklistTemplateItems.id });
    expect(fieldErrors(await call('POST', '/store', STAFF, { ...base, checklist_item_id: inDeleted!.id }))).toEqual(refused);
    expect(fieldErrors(await call('POST', '/store', STAFF, { ...base }))).toEqual({
      status: 422,
      errors: { checklist_item_id: [PIPELINE_MESSAGES.chooseItem] },
    });
  });

  it('checks each type’s setting and that the rule moves somewhere else', async () => {
    const to = status[1]!['Insurance Review'];
    expect(fieldErrors(await call('POST', '/store', STAFF, { stage: 1, type: 5, to_status_id: to }))).toEqual({
      status: 422,
      errors: { days: [expect.any(String)] },
    });
    expect(fieldErrors(await call('POST', '/store', STAFF, { stage: 1, type: 4, to_status_id: to, percent: 101 }))).toEqual({
      status: 422,
      errors: { percent: [PIPELINE_MESSAGES.percent] },
    });
    expect(fieldErrors(await call('POST', '/store', STAFF, { stage: 1, type: 1, to_status_id: to, days: -1 }))).toEqual({
      status: 422,
      errors: { days: [PIPELINE_MESSAGES.days] },
    });
    expect(fieldErrors(await call('POST', '/store', STAFF, { stage: 1, type: 6, from_status_id: to, to_status_id: to }))).toEqual({
      status: 422,
      errors: { to_status_id: [PIPELINE_MESSAGES.sameFromAndTo] },
    });
    expect(fieldErrors(await call('POST', '/store', STAFF, { stage: 1, type: 3, to_status_id: to }))).toEqual({
      status: 422,
      errors: { type: [expect.any(String)] },
    });
  });

  it(`refuses a rule beyond the ${MAX_PIPELINE_RULES} of a stage`, async () => {
    const db = t.app.db;
    const to = status[3]!.Maintenance!;
    await db.insert(pipelineRules).values(
      Array.from({ length: MAX_PIPELINE_RULES }, (_, k) => ({ program_id: NORTH, stage: 3, type: 5, to_status_id: to, days: k, priority: k + 1 })),
    );
    const res = await call('POST', '/store', STAFF, { stage: 3, type: 5, to_status_id: to, days: 1 });
    expect({ status: res.statusCode, body: res.json() }).toEqual({ status: 409, body: { message: PIPELINE_MESSAGES.tooManyRules } });
    await db.delete(pipelineRules).where(and(eq(pipelineRules.program_id, NORTH), eq(pipelineRules.stage, 3)));
    expect((await call('POST', '/store', STAFF, { stage: 3, type: 5, to_status_id: to, days: 1 })).json().data.priority).toBe(1);
    await db.delete(pipelineRules).where(and(eq(pipelineRules.program_id, NORTH), eq(pipelineRules.stage, 3)));
  });
});

describe('changes need administrative rights', () => {
  const changes = (id: number) =>
    [
      ['POST', '/store', { stage: 1, type: 6, to_status_id: status[1]!['Surgery Scheduled'] }],
      ['PUT', '/update', { id, type: 6, to_status_id: status[1]!['Surgery Scheduled'] }],
      ['DELETE', `/delete?id=${id}`, undefined],
      ['POST', '/toggle-active', { id }],
      ['POST', '/update-priority', { stage: 1, ids: [id] }],
    ] as const;

  it('refuses program users without them (403) and self-service staff (403), changing nothing', async () => {
    const [first] = await list(1);
    const before = await list(1);
    for (const [method, path, payload] of changes(first!.id)) {
      for (const [who, message] of [
        [LIMITED, NEEDS_ADMINISTRATIVE_RIGHTS],
        [SELF_SERVICE, NOT_FOR_SELF_SERVICE],
      ] as const) {
        const res = await call(method, path, who, payload);
        expect({ route: `${method} ${path}`, who, status: res.statusCode, body: res.json() }).toEqual({
          route: `${method} ${path}`,
          who,
          status: 403,
          body: { message },
        });
      }
    }
    expect(await list(1)).toEqual(before);
  });

  it('answers 404 for another program’s rule, changing nothing', async () => {
    const [first] = await list(1);
    const before = await list(1);
    for (const [method, path, payload] of changes(first!.id).slice(1, 4)) {
      const res = await call(method, path, LAKE_SUB, payload);
      expect({ route: `${method} ${path}`, status: res.statusCode, body: res.json() }).toEqual({
        route: `${method} ${path}`,
        status: 404,
        body: { message: PIPELINE_MESSAGES.ruleNotFound },
      });
    }
    const reorder = await call('POST', '/update-priority', LAKE_SUB, { stage: 1, ids: [first!.id] });
    expect(fieldErrors(reorder)).toEqual({ status: 422, errors: { ids: [PIPELINE_MESSAGES.rulesMismatch] } });
    expect(await list(1)).toEqual(before);
  });
});

describe('PUT /api/pipeline-automation-rule/update', () => {
  it('changes the type and settings, keeps stage, priority and status, and audits the fields changed', async () => {
    const rule = (await list(1)).find((r) => r.type === 5)!;
    const res = await call('PUT', '/update', STAFF, {
      id: rule.id,
      type: 4,
      from_status_id: status[1]!['Psych & Nutrition Evaluation'],
      to_status_id: status[1]!['Ready for Surgery'],
      percent: 75,
      days: 90,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      message: PIPELINE_MESSAGES.ruleUpdated,
      data: expect.objectContaining({
        id: rule.id,
        stage: 1,
        type: 4,
        days: null,
        percent: 75,
        priority: rule.priority,
        status: 0,
        description: 'Checklist % Complete reaches 75% (from Psych & Nutrition Evaluation) → Ready for Surgery',
      }),
    });
    const [audit] = (await auditOf('pipeline-rule.update')).filter((row) => row.entity_id === String(rule.id));
    expect((audit!.detail as { changed: string[] }).changed).toEqual(['type', 'from_status_id', 'to_status_id', 'days', 'percent']);
    // Back as it was.
    const back = await call('PUT', '/update', STAFF, {
      id: rule.id,
      type: 5,
      from_status_id: rule.from_status_id,
      to_status_id: rule.to_status_id,
      days: 90,
    });
    expect(back.json().data.description).toBe(rule.description);
  });

  it('validates against the rule’s own stage', async () => {
    const rule = (await list(2))[0]!;
    expect(fieldErrors(await call('PUT', '/update', STAFF, { id: rule.id, type: 6, to_status_id: status[1]!['Surgery Scheduled'] }))).toEqual({
      status: 422,
      errors: { to_status_id: [PIPELINE_MESSAGES.wrongStage] },
    });
    expect(fieldErrors(await call('PUT', '/update', STAFF, { id: 'x', type: 6, to_status_id: status[2]!.Recovering }))).toEqual({
      status: 422,
      errors: { id: [INVALID_ID] },
    });
    const missing = await call('PUT', '/update', STAFF, { id: 999_999, type: 6, to_status_id: status[2]!.Recovering });
    expect({ status: missing.statusCode, body: missing.json() }).toEqual({ status: 404, body: { message: PIPELINE_MESSAGES.ruleNotFound } });
  });

  it('keeps the item a rule watches after it left its template, and shows it as removed', async () => {
    const db = t.app.db;
    const created = await call('POST', '/store', STAFF, {
      stage: 1,
      type: 2,
      to_status_id: status[1]!['Insurance Review'],
      checklist_item_id: item['Sleep study'],
    });
    const id = created.json().data.id as number;
    await db.update(checklistTemplateItems).set({ deleted_at: new Date() }).where(eq(checklistTemplateItems.id, item['Sleep study']!));
    try {
      const res = await call('PUT', '/update', STAFF, {
        id,
        type: 2,
        to_status_id: status[1]!['Psych & Nutrition Evaluation'],
        checklist_item_id: item['Sleep study'],
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toMatchObject({
        checklist_item_title: 'Sleep study (removed)',
        description: 'Checklist Item completed: “Sleep study (removed)” → Psych & Nutrition Evaluation',
      });
      // A rule cannot newly choose a removed item.
      expect(fieldErrors(await call('POST', '/store', STAFF, { stage: 1, type: 2, to_status_id: status[1]!['Insurance Review'], checklist_item_id: item['Sleep study'] }))).toEqual({
        status: 422,
        errors: { checklist_item_id: [PIPELINE_MESSAGES.itemNotFound] },
      });
    } finally {
      await db.update(checklistTemplateItems).set({ deleted_at: null }).where(eq(checklistTemplateItems.id, item['Sleep study']!));
      await call('DELETE', `/delete?id=${id}`, STAFF);
    }
  });
});

describe('toggle-active, update-priority and delete', () => {
  it('turns a rule off and on again', async () => {
    const rule = (await list(2))[0]!;
    const off = await call('POST', '/toggle-active', NORTH_SUB, { id: rule.id });
    expect(off.json()).toEqual({ message: PIPELINE_MESSAGES.ruleOff, data: { ...rule, status: 0 } });
    const on = await call('POST', '/toggle-active', NORTH_SUB, { id: rule.id });
    expect(on.json()).toEqual({ message: PIPELINE_MESSAGES.ruleOn, data: rule });
    expect((await auditOf('pipeline-rule.toggle-active')).filter((row) => row.entity_id === String(rule.id)).map((row) => row.detail)).toEqual([
      { stage: 2, status: 0 },
      { stage: 2, status: 1 },
    ]);
  });

  it('re-orders the stage’s rules, and refuses an order that does not list each rule once', async () => {
    const rules = await list(1);
    const reversed = rules.map((rule) => rule.id).reverse();
    const res = await call('POST', '/update-priority', STAFF, { stage: 1, ids: reversed });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(PIPELINE_MESSAGES.prioritiesSaved);
    expect(res.json().data.map((rule: PipelineRuleRecord) => [rule.id, rule.priority])).toEqual(reversed.map((id, k) => [id, k + 1]));
    expect((await list(1)).map((rule) => rule.id)).toEqual(reversed);

    const mismatch = { status: 422, errors: { ids: [PIPELINE_MESSAGES.rulesMismatch] } };
    expect(fieldErrors(await call('POST', '/update-priority', STAFF, { stage: 1, ids: reversed.slice(1) }))).toEqual(mismatch);
    expect(fieldErrors(await call('POST', '/update-priority', STAFF, { stage: 1, ids: [...reversed, 999_999] }))).toEqual(mismatch);
    expect(fieldErrors(await call('POST', '/update-priority', STAFF, { stage: 1, ids: [reversed[0], reversed[0], reversed[1]] }))).toEqual(mismatch);
    const stage2 = (await list(2)).map((rule) => rule.id);
    expect(fieldErrors(await call('POST', '/update-priority', STAFF, { stage: 1, ids: [...reversed.slice(1), stage2[0]] }))).toEqual(mismatch);
    expect((await list(1)).map((rule) => rule.id)).toEqual(reversed);

    const [audit] = await auditOf('pipeline-rule.update-priority');
    expect(audit).toMatchObject({ entity: 'pipeline_rule', actor_account_id: 201, detail: { stage: 1, ids: reversed } });
    await call('POST', '/update-priority', STAFF, { stage: 1, ids: rules.map((rule) => rule.id) });
    expect(await list(1)).toEqual(rules);
  });

  it('deletes a rule; the moves it made stay recorded without it', async () => {
    const db = t.app.db;
    const created = (
      await call('POST', '/store', STAFF, { stage: 3, type: 5, from_status_id: status[3]!.Active, to_status_id: status[3]!.Maintenance, days: 200 })
    ).json().data as PipelineRuleRecord;
    const [patient] = await db.select({ id: patients.id }).from(patients).where(eq(patients.program_id, NORTH)).limit(1);
    const [move] = await db
      .insert(pipelineMoves)
      .values({
        program_id: NORTH,
        patient_id: patient!.id,
        stage: 3,
        from_status_id: status[3]!.Active,
        to_status_id: status[3]!.Maintenance,
        rule_id: created.id,
        rule_type: 5,
        trigger_key: 'stage-days:200:2025-01-01',
      })
      .returning({ id: pipelineMoves.id });
    const res = await call('DELETE', `/delete?id=${created.id}`, STAFF);
    expect({ status: res.statusCode, body: res.json() }).toEqual({ status: 200, body: { message: PIPELINE_MESSAGES.ruleDeleted } });
    expect(await db.select().from(pipelineRules).where(eq(pipelineRules.id, created.id))).toEqual([]);
    const [kept] = await db.select().from(pipelineMoves).where(eq(pipelineMoves.id, move!.id));
    expect(kept).toMatchObject({ rule_id: null, rule_type: 5, trigger_key: 'stage-days:200:2025-01-01' });
    expect((await auditOf('pipeline-rule.delete')).map((row) => row.entity_id)).toContain(String(created.id));
    const again = await call('DELETE', `/delete?id=${created.id}`, STAFF);
    expect(again.statusCode).toBe(404);
    expect(fieldErrors(await call('DELETE', '/delete?id=abc', STAFF))).toEqual({ status: 422, errors: { id: [INVALID_ID] } });
    await db.execute(sql`delete from pipeline_moves where id = ${move!.id}`);
  });
});
