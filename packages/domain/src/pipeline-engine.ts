/**
 * Pipeline automation: which rule moves a patient to which status, as pure functions.
 *
 * The server does the I/O around them: it loads the program's rules and the patient's facts, asks
 * {@link settlePipeline} (after an event) or {@link sweepPipeline} (once a day) for the moves, then
 * records each move with its rule and {@link PipelineMove.triggerKey}, unique per
 * (patient, rule, triggerKey), so an occurrence is never applied twice.
 *
 * Dates are 'yyyy-MM-dd' calendar days in the program's time zone; `today` is passed in (the server
 * works it out in that zone), and all arithmetic is on calendar days, so DST changes and the machine's
 * zone never shift a day.
 */
import { DateTime } from 'luxon';
import type { PipelineRuleTypeId } from './pipeline-rules';
import type { StageId } from './stages';

/** An automation rule as configured on the customize-pipeline screen. */
export interface PipelineRule {
  id: number;
  stage: StageId;
  type: PipelineRuleTypeId;
  active: boolean;
  /** Lower runs first; ties are broken by the lower id. */
  priority: number;
  /** Only patients in this status; `null` = any status of the stage. */
  fromStatusId: number | null;
  toStatusId: number;
  /** Types 1 and 5: whole days, >= 0. */
  days?: number;
  /** Type 2: the checklist item whose completion fires the rule. */
  checklistItemId?: number;
  /** Type 4: 1..100. */
  percent?: number;
}

/** What the engine needs to know about one patient. */
export interface PatientPipelineFacts {
  patientId: number;
  stage: StageId;
  statusId: number | null;
  /** Calendar day the patient entered the current stage. */
  stageEnteredOn: string;
  surgeryDate: string | null;
  /** 0..100, of the current stage's checklist. */
  checklistPercent: number;
  completedItemIds: readonly number[];
  /** The patient's checklist is turned off: checklist rules (types 2 and 4) never fire. */
  checklistDeactivated: boolean;
}

/**
 * Why the engine runs. `tickedItemId` is for the caller's records only: evaluation always reads the
 * current facts, so an event gives the same moves the next sweep would, only sooner.
 */
export type PipelineTrigger =
  | { kind: 'surgery-date-set' }
  | { kind: 'checklist-changed'; tickedItemId?: number }
  | { kind: 'daily-sweep' };

/** One automatic status change, to be recorded with the rule that made it. */
export interface PipelineMove {
  patientId: number;
  ruleId: number;
  fromStatusId: number | null;
  toStatusId: number;
  triggerKey: string;
}

/**
 * Rule types each trigger looks at. The sweep covers the time-based types (1, 5) and also the
 * event-based ones (6, 2, 4), so an event that was missed is caught up within a day.
 */
export const PIPELINE_TRIGGER_RULE_TYPES: Readonly<Record<PipelineTrigger['kind'], readonly PipelineRuleTypeId[]>> = {
  'surgery-date-set': [6, 1],
  'checklist-changed': [2, 4],
  'daily-sweep': [1, 5, 6, 2, 4],
};

/** Default cap on the moves of one patient in one {@link settlePipeline} call. */
export const PIPELINE_MAX_MOVES = 10;

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

function isoDay(text: string | null | undefined): DateTime | null {
  if (typeof text !== 'string' || !ISO_DAY.test(text)) return null;
  const day = DateTime.fromISO(text, { zone: 'utc' });
  return day.isValid ? day : null;
}

function isWholeDays(days: number | undefined): days is number {
  return typeof days === 'number' && Number.isInteger(days) && days >= 0;
}

/**
 * `day` ('yyyy-MM-dd') plus `days` calendar days, as 'yyyy-MM-dd' ('2024-02-28' + 1 = '2024-02-29').
 * Counted in UTC on the bare date, so no time zone or DST change can shift it. `null` when `day` is not
 * a valid calendar day or `days` is not a whole number.
 */
export function addCalendarDays(day: string, days: number): string | null {
  const start = isoDay(day);
  if (!start || !Number.isInteger(days)) return null;
  return start.plus({ days }).toISODate();
}

/** True when `today` is on or after `day` + `days` (all valid); 'yyyy-MM-dd' texts compare as text. */
function daysHavePassed(day: string | null, days: number | undefined, today: string): boolean {
  if (day === null || !isWholeDays(days) || !isoDay(today)) return false;
  const due = addCalendarDays(day, days);
  return due !== null && today >= due;
}

/**
 * Names the occurrence that fires `rule` for this patient: the same facts always give the same key,
 * and a new surgery date (types 1, 6) or a new stage entry (type 5) gives a new one. Checklist rules
 * are keyed by item (type 2) or threshold (type 4): each fires once per patient.
 */
export function triggerKey(rule: PipelineRule, facts: PatientPipelineFacts): string {
  switch (rule.type) {
    case 6:
      return `surgery-date:${facts.surgeryDate ?? ''}`;
    case 1:
      return `surgery-date+${rule.days ?? ''}:${facts.surgeryDate ?? ''}`;
    case 5:
      return `stage-days:${rule.days ?? ''}:${facts.stageEnteredOn}`;
    case 2:
      return `item:${rule.checklistItemId ?? ''}`;
    case 4:
      return `percent:${rule.percent ?? ''}`;
  }
}

/** The key stored in `applied` sets: `${rule.id}|${triggerKey(rule, facts)}`. */
export function appliedRuleKey(rule: PipelineRule, facts: PatientPipelineFacts): string {
  return `${rule.id}|${triggerKey(rule, facts)}`;
}

/**
 * Whether `rule` would move this patient on `today` (ignoring what was already applied). False for an
 * inactive rule, another stage, a patient outside `fromStatusId`, a patient already in `toStatusId`,
 * a rule missing its setting (days, item, percent), and for checklist rules while the checklist is
 * deactivated.
 */
export function ruleMatches(rule: PipelineRule, facts: PatientPipelineFacts, today: string): boolean {
  if (!rule.active || rule.stage !== facts.stage) return false;
  if (rule.fromStatusId !== null && rule.fromStatusId !== facts.statusId) return false;
  if (rule.toStatusId === facts.statusId) return false;
  switch (rule.type) {
    case 1:
      return daysHavePassed(facts.surgeryDate, rule.days, today);
    case 6:
      return isoDay(facts.surgeryDate) !== null;
    case 2:
      return (
        !facts.checklistDeactivated &&
        rule.checklistItemId !== undefined &&
        facts.completedItemIds.includes(rule.checklistItemId)
      );
    case 4:
      return (
        !facts.checklistDeactivated &&
        typeof rule.percent === 'number' &&
        rule.percent >= 1 &&
        rule.percent <= 100 &&
        facts.checklistPercent >= rule.percent
      );
    case 5:
      return daysHavePassed(facts.stageEnteredOn, rule.days, today);
  }
}

/** Rules in the order they run: priority, then id. Returns a new array. */
export function sortPipelineRules<R extends PipelineRule>(rules: readonly R[]): R[] {
  return [...rules].sort((a, b) => a.priority - b.priority || a.id - b.id);
}

/**
 * The one move `trigger` causes now, or `null`: among the rule types the trigger watches
 * ({@link PIPELINE_TRIGGER_RULE_TYPES}), in priority order, the first rule that matches and whose
 * {@link appliedRuleKey} is not in `applied`.
 *
 * One move per call: the caller records it, updates the facts and may call again; a chain stops when
 * no rule matches. {@link settlePipeline} does that loop with a guard.
 */
export function evaluatePipeline(
  rules: readonly PipelineRule[],
  facts: PatientPipelineFacts,
  trigger: PipelineTrigger,
  today: string,
  applied: ReadonlySet<string>,
): PipelineMove | null {
  const watched = PIPELINE_TRIGGER_RULE_TYPES[trigger.kind];
  for (const rule of sortPipelineRules(rules)) {
    if (!watched.includes(rule.type)) continue;
    const key = triggerKey(rule, facts);
    if (applied.has(`${rule.id}|${key}`) || !ruleMatches(rule, facts, today)) continue;
    return {
      patientId: facts.patientId,
      ruleId: rule.id,
      fromStatusId: facts.statusId,
      toStatusId: rule.toStatusId,
      triggerKey: key,
    };
  }
  return null;
}

/**
 * All the moves `trigger` causes, one after another (A→B by one rule, then B→C by another), on a copy
 * of the facts where only the status changes. Stops when no rule matches or after `maxMoves` moves;
 * no rule|key is applied twice, so rules bouncing a patient between two statuses stop too.
 */
export function settlePipeline(
  rules: readonly PipelineRule[],
  facts: PatientPipelineFacts,
  trigger: PipelineTrigger,
  today: string,
  applied: ReadonlySet<string>,
  maxMoves: number = PIPELINE_MAX_MOVES,
): PipelineMove[] {
  const current: PatientPipelineFacts = { ...facts };
  const done = new Set(applied);
  const moves: PipelineMove[] = [];
  while (moves.length < maxMoves) {
    const move = evaluatePipeline(rules, current, trigger, today, done);
    if (!move) break;
    moves.push(move);
    done.add(`${move.ruleId}|${move.triggerKey}`);
    current.statusId = move.toStatusId;
  }
  return moves;
}

/**
 * The daily sweep: {@link settlePipeline} with the 'daily-sweep' trigger for every patient, in
 * patient-id order. `applied(patientId)` gives the keys already recorded for that patient. Running it
 * again with the moves of a first run recorded gives no new moves, so a sweep that was interrupted
 * can simply be run again.
 */
export function sweepPipeline(
  rules: readonly PipelineRule[],
  patients: readonly PatientPipelineFacts[],
  today: string,
  applied: (patientId: number) => ReadonlySet<string>,
  maxMovesPerPatient: number = PIPELINE_MAX_MOVES,
): PipelineMove[] {
  const sweep: PipelineTrigger = { kind: 'daily-sweep' };
  return [...patients]
    .sort((a, b) => a.patientId - b.patientId)
    .flatMap((facts) =>
      settlePipeline(rules, facts, sweep, today, applied(facts.patientId), maxMovesPerPatient),
    );
}
