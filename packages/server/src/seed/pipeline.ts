/**
 * The demo pipeline: for each demo program with patients, the statuses of the three stages, the
 * checklist templates (a default one per stage and a Pre-Op extra), Northside's automation rules, and
 * for every patient the stage's checklist (some items ticked, the percentage to match), a status and
 * the moves that put the patient there. A few patients of each program are left without a status
 * ("missing pipeline patients").
 *
 * Placements agree with the rules, so a sweep run right after seeding moves nobody: a Pre-Op patient
 * with a surgery date is in Surgery Scheduled, one whose checklist is complete in Ready for Surgery,
 * and a Post-Op patient is in the follow-up column the days since surgery reach; where Northside's
 * rules would have made a move, the move is recorded as the rule's (with its trigger key), otherwise as
 * a staff member's. Each patient's choices come from a generator of its own, so adding the pipeline
 * changes neither the patients nor their logs and notes.
 */
import { sql } from 'drizzle-orm';
import { DateTime } from 'luxon';
import { addCalendarDays, triggerKey, type PatientPipelineFacts, type PipelineRule, type PipelineRuleTypeId, type StageId } from '@baridesk/domain';
import { queryRows, type Tx } from '../db/client';
import {
  checklistTemplateItems,
  checklistTemplates,
  patientChecklistItems,
  pipelineMoves,
  pipelineRules,
  pipelineStatuses,
} from '../db/schema';
import { createRng, type Rng } from './random';

type DueAnchor = 'stage_start' | 'consult_date' | 'surgery_date';
type TemplateItem = readonly [title: string, due?: readonly [anchor: DueAnchor, days: number]];

/** Statuses per stage, in board order; the first is the stage's default. */
export const DEMO_PIPELINE_STATUSES: Readonly<Record<StageId, readonly string[]>> = {
  1: ['Seminar Attended', 'Insurance Review', 'Psych & Nutrition Evaluation', 'Ready for Surgery', 'Surgery Scheduled'],
  2: ['Recovering', '30-Day Follow-up', '90-Day Follow-up', 'Annual Follow-up'],
  3: ['Active', 'Maintenance'],
};

/** Checklist templates: the stage's default first. */
export const DEMO_CHECKLIST_TEMPLATES: readonly { stage: StageId; name: string; isDefault: boolean; description: string; items: readonly TemplateItem[] }[] = [
  {
    stage: 1,
    name: 'Pre-Op Requirements',
    isDefault: true,
    description: 'What every patient completes before surgery can be scheduled.',
    items: [
      ['Attend information seminar', ['stage_start', 0]],
      ['Insurance verification', ['stage_start', 14]],
      ['Psychological evaluation', ['stage_start', 45]],
      ['Nutrition consult (3 visits)', ['stage_start', 90]],
      ['Sleep study'],
      ['Upper GI / EGD', ['surgery_date', -30]],
      ['Cardiac clearance', ['surgery_date', -21]],
      ['Sign surgical consent', ['surgery_date', -7]],
    ],
  },
  {
    stage: 1,
    name: 'Revision Surgery Extras',
    isDefault: false,
    description: 'Added by hand for patients having a revision of an earlier procedure.',
    items: [['Operative report of the first surgery'], ['Upper GI series', ['surgery_date', -45]], ['Revision consult with the surgeon', ['consult_date', 30]]],
  },
  {
    stage: 2,
    name: 'Post-Op Follow-up',
    isDefault: true,
    description: 'Visits and labs of the first year after surgery.',
    items: [
      ['1-week post-op visit', ['surgery_date', 7]],
      ['30-day visit', ['surgery_date', 30]],
      ['Labs at 3 months', ['surgery_date', 90]],
      ['6-month visit', ['surgery_date', 180]],
      ['Attend a support group'],
    ],
  },
  {
    stage: 3,
    name: 'Weight Management Plan',
    isDefault: true,
    description: 'Long-term follow-up after the first year.',
    items: [['Quarterly weigh-in', ['stage_start', 90]], ['Annual labs', ['stage_start', 365]], ['Dietitian check-in', ['stage_start', 30]], ['Exercise plan reviewed']],
  },
];

/** Northside's rules: [stage, type, from status (name or any), to status, days, percent, active]. */
const NORTHSIDE_RULES: readonly (readonly [StageId, PipelineRuleTypeId, string | null, string, number | null, number | null, boolean])[] = [
  [1, 4, null, 'Ready for Surgery', null, 100, true],
  [1, 6, null, 'Surgery Scheduled', null, null, true],
  [1, 5, 'Seminar Attended', 'Insurance Review', 90, null, false],
  [2, 1, 'Recovering', '30-Day Follow-up', 30, null, true],
  [2, 1, '30-Day Follow-up', '90-Day Follow-up', 90, null, true],
];
const NORTHSIDE = 101;

/** One patient in 20 of each program (the 4th, 24th, …) is left without a status. */
const MISSING_EVERY = 20;
const MISSING_AT = 3;
const BATCH = 1000;
const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;

/** A demo patient as the demo seed inserted it. */
export interface PipelineSeedPatient {
  id: number;
  row: {
    program_id: number;
    current_stage?: number | null;
    surgery_date?: string | null;
    consult_date?: string | null;
    created_at?: Date | string | null;
    created_by?: number | null;
    checklist_deactivate?: number | null;
  };
  /** The staff account that moves and ticks for this patient. */
  staffAccountId: number;
}

export interface DemoPipelineResult {
  statuses: number;
  templates: number;
  rules: number;
  placed: number;
  missing: number;
  checklistItems: number;
  moves: number;
}

/** The generator of one patient's pipeline: the same seed and patient number always give the same. */
export function pipelineRng(seed: number, patientNumber: number): Rng {
  return createRng((Math.imul(seed + 11, 1_000_003) + Math.imul(patientNumber, 40_009) + 0x5eed) >>> 0);
}

interface ProgramPipeline {
  zone: string;
  /** Status ids by stage, in board order. */
  statuses: Record<StageId, number[]>;
  /** The default template of each stage: its id and items (id, due rule) in order. */
  templates: Record<StageId, { id: number; items: { id: number; title: string; due?: readonly [DueAnchor, number] }[] }>;
  /** Active rules by target status name (Northside only). */
  rules: Map<string, PipelineRule>;
}

type MoveRow = typeof pipelineMoves.$inferInsert;
type ItemRow = typeof patientChecklistItems.$inferInsert;
interface PatientUpdate {
  id: number;
  stage_entered_at: string;
  pipeline_status_id: number | null;
  pipeline_status_since: string | null;
  checklist_percent: number;
}

/** Writes the demo pipeline for the programs of `patients` (in the order given, which with `seed` fixes every choice). */
export async function insertDemoPipeline(
  tx: Tx,
  patients: readonly PipelineSeedPatient[],
  seed: number,
  now: Date,
): Promise<DemoPipelineResult> {
  const result: DemoPipelineResult = { statuses: 0, templates: 0, rules: 0, placed: 0, missing: 0, checklistItems: 0, moves: 0 };
  const programIds = [...new Set(patients.map((p) => p.row.program_id))].sort((a, b) => a - b);
  if (programIds.length === 0) return result;
  const zones = await queryRows<{ id: number; timezone: string }>(
    tx,
    sql`select id, timezone from programs where id in (${sql.join(programIds.map((id) => sql`${id}`), sql`, `)})`,
  );
  const pipelines = new Map<number, ProgramPipeline>();
  for (const programId of programIds) {
    const zone = zones.find((z) => z.id === programId)?.timezone ?? 'UTC';
    const built = await insertProgramPipeline(tx, programId, zone, now, result);
    pipelines.set(programId, built);
  }

  const moves: MoveRow[] = [];
  const items: ItemRow[] = [];
  const updates: PatientUpdate[] = [];
  const flush = async (force: boolean) => {
    if (items.length >= BATCH || (force && items.length > 0)) await tx.insert(patientChecklistItems).values(items.splice(0));
    if (moves.length >= BATCH || (force && moves.length > 0)) await tx.insert(pipelineMoves).values(moves.splice(0));
    if (updates.length >= BATCH || (force && updates.length > 0)) {
      const batch = JSON.stringify(updates.splice(0));
      await tx.execute(sql`
        update patients p set stage_entered_at = x.stage_entered_at, pipeline_status_id = x.pipeline_status_id,
          pipeline_status_since = x.pipeline_status_since, checklist_percent = x.checklist_percent
        from json_to_recordset(${batch}::json)
          as x(id int, stage_entered_at timestamptz, pipeline_status_id int, pipeline_status_since timestamptz, checklist_percent smallint)
        where p.id = x.id`);
    }
  };

  const seenPerProgram = new Map<number, number>();
  for (const [index, patient] of patients.entries()) {
    const programId = patient.row.program_id;
    const seen = seenPerProgram.get(programId) ?? 0;
    seenPerProgram.set(programId, seen + 1);
    const planned = planPatient(pipelineRng(seed, index), patient, pipelines.get(programId)!, seen % MISSING_EVERY === MISSING_AT, now);
    items.push(...planned.items);
    moves.push(...planned.moves);
    updates.push(planned.update);
    result.checklistItems += planned.items.length;
    result.moves += planned.moves.length;
    if (planned.update.pipeline_status_id === null) result.missing += 1;
    else result.placed += 1;
    await flush(false);
  }
  await flush(true);
  return result;
}

/** The statuses, templates and (Northside) rules of one program. */
async function insertProgramPipeline(tx: Tx, programId: number, zone: string, now: Date, result: DemoPipelineResult): Promise<ProgramPipeline> {
  const created = new Date(now.getTime() - 400 * DAY_MS);
  const stamps = { created_by: programId, created_at: created, updated_at: created };
  const statuses = { 1: [], 2: [], 3: [] } as Record<StageId, number[]>;
  for (const stage of [1, 2, 3] as const) {
    const rows = await tx
      .insert(pipelineStatuses)
      .values(DEMO_PIPELINE_STATUSES[stage].map((name, position) => ({ program_id: programId, stage, name, position, is_default: position === 0 ? 1 : 0, ...stamps })))
      .returning({ id: pipelineStatuses.id });
    statuses[stage] = rows.map((row) => row.id);
    result.statuses += rows.length;
  }
  const templates = {} as ProgramPipeline['templates'];
  for (const template of DEMO_CHECKLIST_TEMPLATES) {
    const [row] = await tx
      .insert(checklistTemplates)
      .values({ program_id: programId, stage: template.stage, name: template.name, description: template.description, status: 1, is_default: template.isDefault ? 1 : 0, ...stamps })
      .returning({ id: checklistTemplates.id });
    const itemRows = await tx
      .insert(checklistTemplateItems)
      .values(
        template.items.map(([title, due], position) => ({
          program_id: programId,
          template_id: row!.id,
          position,
          title,
          due_anchor: due?.[0] ?? null,
          due_days: due?.[1] ?? null,
          created_at: created,
          updated_at: created,
        })),
      )
      .returning({ id: checklistTemplateItems.id });
    result.templates += 1;
    if (template.isDefault) {
      templates[template.stage] = { id: row!.id, items: template.items.map(([title, due], k) => ({ id: itemRows[k]!.id, title, due })) };
    }
  }
  const rules = new Map<string, PipelineRule>();
  if (programId === NORTHSIDE) {
    const priorities = new Map<number, number>();
    for (const [stage, type, from, to, days, percent, active] of NORTHSIDE_RULES) {
      const names = DEMO_PIPELINE_STATUSES[stage];
      const statusId = (name: string) => statuses[stage][names.indexOf(name)]!;
      const priority = (priorities.get(stage) ?? 0) + 1;
      priorities.set(stage, priority);
      const [row] = await tx
        .insert(pipelineRules)
        .values({
          program_id: programId,
          stage,
          type,
          from_status_id: from === null ? null : statusId(from),
          to_status_id: statusId(to),
          days,
          percent,
          priority,
          status: active ? 1 : 0,
          ...stamps,
        })
        .returning({ id: pipelineRules.id });
      result.rules += 1;
      if (active) {
        rules.set(to, {
          id: row!.id,
          stage,
          type,
          active,
          priority,
          fromStatusId: from === null ? null : statusId(from),
          toStatusId: statusId(to),
          days: days ?? undefined,
          percent: percent ?? undefined,
        });
      }
    }
  }
  return { zone, statuses, templates, rules };
}

const toDate = (value: Date | string | null | undefined, fallback: Date): Date => (value ? new Date(value) : fallback);
const dayIn = (at: Date, zone: string): string => DateTime.fromJSDate(at, { zone }).toISODate()!;
/** `day` at `hour` o'clock in the program's zone. */
const atLocal = (day: string, hour: number, zone: string): Date => DateTime.fromISO(day, { zone }).set({ hour }).toJSDate();
const daysBetween = (from: string, to: string): number =>
  Math.round(DateTime.fromISO(to, { zone: 'utc' }).diff(DateTime.fromISO(from, { zone: 'utc' }), 'days').days);
const between = (rng: Rng, from: Date, to: Date): Date =>
  to.getTime() <= from.getTime() ? from : new Date(from.getTime() + Math.floor(rng.next() * (to.getTime() - from.getTime())));
const iso = (at: Date) => at.toISOString();

/** One patient's checklist, status, moves and the patient columns they set. */
function planPatient(rng: Rng, patient: PipelineSeedPatient, pipeline: ProgramPipeline, missing: boolean, now: Date) {
  const { row } = patient;
  const stage = (row.current_stage === 2 || row.current_stage === 3 ? row.current_stage : 1) as StageId;
  const zone = pipeline.zone;
  const today = dayIn(now, zone);
  const surgery = row.surgery_date ?? null;
  const created = toDate(row.created_at, now);
  const deactivated = row.checklist_deactivate === 1;
  const statuses = pipeline.statuses[stage];
  const names = DEMO_PIPELINE_STATUSES[stage];
  const status = (name: string) => statuses[names.indexOf(name)]!;
  const staff = patient.staffAccountId;

  // When the patient entered the current stage, and the steps of the status since then.
  let entered: Date;
  const steps: { to: string; at: Date; by: number | null; rule?: PipelineRule }[] = [];
  let ticked = 0;
  let ticksUntil = new Date(now.getTime() - HOUR_MS);
  const rule = (name: string) => pipeline.rules.get(name);
  /** A move the rule to `name` makes when it is active (recorded as the rule's), else by the staff member. */
  const step = (name: string, at: Date, ruleFires = true) => {
    const made = ruleFires ? rule(name) : undefined;
    steps.push({ to: name, at, by: made ? null : staff, rule: made });
  };
  const items = pipeline.templates[stage].items;

  if (stage === 1) {
    entered = created;
    steps.push({ to: names[0]!, at: entered, by: row.created_by ?? staff });
    const later = (minDays: number, maxDays: number) =>
      new Date(Math.min(now.getTime() - HOUR_MS, Math.max(entered.getTime() + DAY_MS, now.getTime() - rng.int(minDays, maxDays) * DAY_MS)));
    if (surgery) {
      // A date was set: Surgery Scheduled (Northside's rule), some with the whole checklist done first.
      ticked = rng.chance(0.35) ? items.length : rng.int(4, items.length - 1);
      const since = later(2, 60);
      if (ticked === items.length) {
        const done = between(rng, entered, since);
        ticksUntil = done;
        step('Ready for Surgery', done, !deactivated);
      }
      step('Surgery Scheduled', since);
    } else {
      const column = rng.weighted<string>([
        ['Seminar Attended', 30],
        ['Insurance Review', 25],
        ['Psych & Nutrition Evaluation', 25],
        ['Ready for Surgery', 20],
      ]);
      ticked = { 'Seminar Attended': rng.int(0, 2), 'Insurance Review': rng.int(2, 4), 'Psych & Nutrition Evaluation': rng.int(4, 7), 'Ready for Surgery': items.length }[
        column
      ]!;
      if (column === 'Ready for Surgery') {
        const since = later(1, 45);
        ticksUntil = since;
        step(column, since, !deactivated);
      } else if (column !== 'Seminar Attended') {
        steps.push({ to: column, at: later(3, 70), by: staff });
      }
    }
  } else if (stage === 2) {
    const surgeryDay = surgery ?? today;
    entered = new Date(Math.min(atLocal(surgeryDay, 10, zone).getTime(), now.getTime()));
    steps.push({ to: 'Recovering', at: entered, by: staff });
    const since = daysBetween(surgeryDay, today);
    // The rules move a patient on the night the day is reached; the sweep runs after 00:30.
    const onDay = (days: number) => atLocal(addCalendarDays(surgeryDay, days)!, 1, zone);
    if (since >= 30) step('30-Day Follow-up', onDay(30));
    if (since >= 90) step('90-Day Follow-up', onDay(90));
    if (since >= 365) steps.push({ to: 'Annual Follow-up', at: atLocal(addCalendarDays(surgeryDay, Math.min(since - 1, 365 + rng.int(0, 20)))!, 14, zone), by: staff });
  } else {
    const surgeryDay = surgery ?? today;
    entered = new Date(Math.min(atLocal(addCalendarDays(surgeryDay, 365)!, 11, zone).getTime(), now.getTime() - DAY_MS));
    steps.push({ to: 'Active', at: entered, by: staff });
    if (rng.chance(0.4)) steps.push({ to: 'Maintenance', at: between(rng, new Date(entered.getTime() + DAY_MS), new Date(now.getTime() - HOUR_MS)), by: staff });
  }

  // The checklist: the default template's items, due dates from their rules, some ticked.
  const enteredOn = dayIn(entered, zone);
  const anchors: Record<DueAnchor, string | null> = { stage_start: enteredOn, consult_date: row.consult_date ?? null, surgery_date: surgery };
  const planned = items.map((item, position) => {
    const anchor = item.due ? anchors[item.due[0]] : null;
    const due = item.due && anchor ? addCalendarDays(anchor, item.due[1]) : null;
    let done: boolean;
    if (stage === 1) done = position < ticked;
    else if (stage === 2) done = due !== null && due <= today ? rng.chance(0.85) : rng.chance(0.3);
    else done = rng.chance(0.5);
    const itemRow: ItemRow = {
      program_id: row.program_id,
      patient_id: patient.id,
      stage,
      template_id: pipeline.templates[stage].id,
      template_item_id: item.id,
      title: item.title,
      position,
      due_date: due,
      created_by: row.created_by ?? staff,
      created_at: entered,
      updated_at: entered,
    };
    return { itemRow, done };
  });
  const itemRows = planned.map((item) => item.itemRow);
  const doneRows = planned.filter((item) => item.done).map((item) => item.itemRow);
  // Pre-Op ticks are spread up to the moment the list was complete (when Ready for Surgery was reached).
  const tickWindowEnd = stage === 1 ? ticksUntil : new Date(now.getTime() - HOUR_MS);
  doneRows.forEach((item, k) => {
    const at =
      stage === 1
        ? new Date(entered.getTime() + ((tickWindowEnd.getTime() - entered.getTime()) * (k + 1)) / doneRows.length)
        : between(rng, entered, tickWindowEnd);
    item.completed_at = at;
    item.completed_by = staff;
    item.updated_at = at;
  });
  const percent = itemRows.length === 0 ? 0 : Math.floor((100 * doneRows.length) / itemRows.length);

  // The moves, each from the status before it; a rule's move carries its trigger key.
  const facts: PatientPipelineFacts = {
    patientId: patient.id,
    stage,
    statusId: null,
    stageEnteredOn: enteredOn,
    surgeryDate: surgery,
    checklistPercent: percent,
    completedItemIds: doneRows.map((item) => item.template_item_id!),
    checklistDeactivated: deactivated,
  };
  const moveRows: MoveRow[] = [];
  let current: number | null = null;
  let previous = 0;
  if (!missing) {
    for (const { to, at: wanted, by, rule: made } of steps) {
      // Never in the future, never before the move it follows.
      const at = new Date(Math.max(previous, Math.min(wanted.getTime(), now.getTime() - 60_000)));
      previous = at.getTime();
      const toId = status(to);
      moveRows.push({
        program_id: row.program_id,
        patient_id: patient.id,
        stage,
        from_status_id: current,
        to_status_id: toId,
        moved_by: by,
        rule_id: made?.id ?? null,
        rule_type: made?.type ?? null,
        trigger_key: made ? triggerKey(made, facts) : null,
        moved_at: at,
      });
      current = toId;
    }
  }
  const since = missing ? null : new Date(previous);
  return {
    items: itemRows,
    moves: moveRows,
    update: {
      id: patient.id,
      stage_entered_at: iso(entered),
      pipeline_status_id: current,
      pipeline_status_since: since ? iso(since) : null,
      checklist_percent: percent,
    } satisfies PatientUpdate,
  };
}
