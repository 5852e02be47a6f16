/**
 * Who an event is for (docs/events.md, "Who an event is for"): the program's active patients whose
 * current stage is one of the event's stages, narrowed by its patient type and weight-loss type, as of
 * the occurrence's day. One rule, written once as SQL on `patients`: the patient app's list and RSVP
 * check read it against an event row, the reminders' delivery audience against the values a reminder
 * stored. The plugin registers that audience with the delivery service.
 */
import fp from 'fastify-plugin';
import { sql, type SQL } from 'drizzle-orm';
import { EVENT_PATIENT_TYPES, EVENT_STAGE_IDS, WEIGHT_LOSS_TYPES, type EventPatientType, type WeightLossType } from '@baridesk/contracts';
import { isIsoDate } from '@baridesk/contracts';
import { eventRsvps, patients } from '../../../db/schema';
import type { Audience } from '../../messaging';

/** The event's side of the rule, as SQL: columns of an events row, or values. */
export interface AudienceTerms {
  /** int[]: the stages; an empty list means every stage (an imported event names none). */
  stages: SQL;
  /** text: 'all' (or null), 'prospective', 'existing'. */
  patientType: SQL;
  /** text: 'all' (or null), 'surgical', 'non_surgical'. */
  weightLossType: SQL;
  /** date: the occurrence's day, which "not yet operated" is judged on. */
  day: SQL;
}

/**
 * The condition on `patients` (program and status are the caller's): the stage, then
 * - prospective: no surgery (or non-surgical program) date before the occurrence's day; existing: one before it;
 * - non_surgical: a non-surgical program date and no surgery date; surgical: everyone else (a bariatric
 *   program's patients are on the surgical track unless enrolled in its non-surgical program).
 * Written so that values ('all', a literal stage list) fold away and the stage test meets the
 * (program_id, current_stage, id) index.
 */
export function audienceRule(t: AudienceTerms): SQL {
  const started = sql`coalesce(${patients.surgery_date}, ${patients.non_surgery_date})`;
  return sql`(cardinality(${t.stages}) = 0 or ${patients.current_stage} = any(${t.stages}))
    and (coalesce(${t.patientType}, 'all') = 'all'
         or (${t.patientType} = 'prospective') = (${started} is null or ${started} >= ${t.day}))
    and (coalesce(${t.weightLossType}, 'all') = 'all'
         or (${t.weightLossType} = 'non_surgical') = (${patients.non_surgery_date} is not null and ${patients.surgery_date} is null))`;
}

/** The terms of an events row aliased `alias` on the day `day` (an SQL date). */
export const rowTerms = (alias: string, day: SQL): AudienceTerms => {
  const e = sql.raw(alias);
  return { stages: sql`${e}.stages`, patientType: sql`${e}.patient_type`, weightLossType: sql`${e}.weight_loss_type`, day };
};

/** The registered delivery audience of an occurrence's reminders. */
export const OCCURRENCE_AUDIENCE = 'events.occurrence';

/** What a reminder stores of its occurrence: the key, and the event's audience fields as they were. */
export interface OccurrenceAudienceParams {
  /** The occurrence key: the series' id (or the single event's) and the day. */
  eventId: number;
  date: string;
  stages: number[];
  patientType: EventPatientType;
  weightLossType: WeightLossType;
}

/** The audience of an occurrence's reminder: who it is for, minus who answered not going. */
export function occurrenceAudience(params: OccurrenceAudienceParams): Audience {
  return { registered: { name: OCCURRENCE_AUDIENCE, params: { ...params } } };
}

const isKnown = <T extends string>(list: readonly T[], value: unknown): value is T => typeof value === 'string' && (list as readonly string[]).includes(value);

/** Reads stored parameters back; throws on anything else (the fan-out then fails instead of reaching the wrong people). */
export function readOccurrenceParams(params: Record<string, unknown>): OccurrenceAudienceParams {
  const { eventId, date, stages, patientType, weightLossType } = params;
  if (
    !Number.isSafeInteger(eventId) ||
    typeof date !== 'string' ||
    !isIsoDate(date) ||
    !Array.isArray(stages) ||
    !stages.every((s) => (EVENT_STAGE_IDS as readonly unknown[]).includes(s)) ||
    !isKnown(EVENT_PATIENT_TYPES, patientType) ||
    !isKnown(WEIGHT_LOSS_TYPES, weightLossType)
  ) {
    throw new Error(`The audience ${OCCURRENCE_AUDIENCE} was stored with parameters it cannot read: ${JSON.stringify(params)}`);
  }
  return { eventId: eventId as number, date, stages: stages as number[], patientType, weightLossType };
}

/** The occurrence audience's condition on `patients`. */
export function occurrenceCondition(params: OccurrenceAudienceParams): SQL {
  const stages = `{${params.stages.join(',')}}`;
  return sql`${audienceRule({
    stages: sql`${stages}::int[]`,
    patientType: sql`${params.patientType}::text`,
    weightLossType: sql`${params.weightLossType}::text`,
    day: sql`${params.date}::date`,
  })}
    and not exists (select 1 from ${eventRsvps} r where r.event_id = ${params.eventId} and r.event_date = ${params.date}::date
                    and r.patient_id = ${patients.id} and r.response = 'not_going')`;
}

export default fp(
  async (fastify) => {
    fastify.delivery.registerAudience(OCCURRENCE_AUDIENCE, (_programId, params) => occurrenceCondition(readOccurrenceParams(params)));
  },
  { name: 'event-audience', dependencies: ['delivery'] },
);
