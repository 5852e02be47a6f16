import fp from 'fastify-plugin';
import { aliasedTable, and, asc, desc, eq, inArray, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import { DateTime } from 'luxon';
import {
  PATIENT_RECORD_MESSAGES,
  type PatientListFilters,
  type PatientListItem,
  type PatientListQuery,
  type PatientRecord,
  type PatientSort,
  type PatientStoreBody,
  type PatientUpdateBody,
} from '@baridesk/contracts';
import { bmiFromImperial, round1, stageIdOf, surgeryDateDifference } from '@baridesk/domain';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../../../db/client';
import { insuranceCoordinators, locations, patientTags, patients, programs } from '../../../db/schema';
import { isUniqueViolation } from '../../../lib/pg-errors';
import { likePattern, pageWindow, toPage } from '../../../lib/paging';
import type { StaffScope } from '../../../lib/scope';
import type { PipelineAutomation } from '../../pipeline';
import { programToday, programZone } from '../../../lib/program-day';
import { asFlag } from '../../../lib/sql';

declare module 'fastify' {
  interface FastifyInstance {
    patients: PatientsRepository;
  }
}

/** The patient's first and second tag, joined by the list and the export. */
export const firstTag = aliasedTable(patientTags, 'first_tag');
export const secondTag = aliasedTable(patientTags, 'second_tag');

/** The columns of a list row; tag names are read from the tags, so a renamed tag shows its new name. */
const LIST_COLUMNS = {
  id: patients.id,
  first_name: patients.first_name,
  last_name: patients.last_name,
  name: patients.name,
  email: patients.email,
  phone: patients.phone,
  mrn_number: patients.mrn_number,
  current_stage: patients.current_stage,
  surgery_date: patients.surgery_date,
  type_of_surgery: patients.type_of_surgery,
  starting_weight: patients.starting_weight,
  current_weight: patients.current_weight,
  target_weight: patients.target_weight,
  user_cat_name: firstTag.name,
  user_cat_name2: secondTag.name,
  location_id: patients.location_id,
  insurance_coordinator_id: patients.insurance_coordinator_id,
  status: patients.status,
  is_invited: patients.is_invited,
  last_app_activity_at: patients.last_app_activity_at,
  created_at: patients.created_at,
};

/** Weights are numeric(6,1), which the drivers hand over as text. */
const weight = (value: string | null): number | null => (value === null ? null : Number(value));

/**
 * What each sort orders by, before the id that breaks ties. PostgreSQL's default null placement is
 * kept (last going up, first going down), so a descending list is exactly the ascending one reversed
 * and the (program_id, column, id) indexes serve both directions.
 */
const SORT_COLUMNS: Record<PatientSort, readonly AnyPgColumn[]> = {
  name: [patients.last_name, patients.first_name],
  email: [patients.email],
  phone: [patients.phone],
  mrn_number: [patients.mrn_number],
  current_stage: [patients.current_stage],
  surgery_date: [patients.surgery_date],
  type_of_surgery: [patients.type_of_surgery],
  current_weight: [patients.current_weight],
  // The patients' copies of their tags' names, which a rename rewrites (the list shows the same names).
  tags: [patients.user_cat_name, patients.user_cat_name2],
  created_at: [patients.created_at],
};

/** Whether a search term is long enough for the trigram index, so searchedPageIds pays off. */
export const isTrigramSearch = (search: string | undefined): boolean => (search?.trim().length ?? 0) >= TRIGRAM;

/**
 * The ids of one page of a search by a term of 3 characters or more, and the number of matches. Left to
 * itself the planner walks the sort's index and tests each row until the page is full: slow when the
 * matches sort late ("smi" on a list by last name, "wright" across every program). So the matches are
 * found first (the trigram index) behind a planning fence, and only their ids and sort keys are sorted.
 * The total comes with the page (a window over the matches): one pass, not two; null past the last page.
 */
export async function searchedPageIds(
  db: Db,
  where: SQL | undefined,
  keys: readonly (AnyPgColumn | SQL)[],
  direction: 'asc' | 'desc',
  limit: number,
  offset: number,
): Promise<{ ids: number[]; total: number | null }> {
  const selected = Object.fromEntries(keys.map((key, i) => [`k${i}`, sql`${key}`.as(`k${i}`)]));
  const matched = db.select({ id: patients.id, ...selected }).from(patients).where(where).limit(PLANNING_FENCE).as('matched');
  const order = direction === 'desc' ? desc : asc;
  const sortKeys = keys.map((_, i) => order((matched as unknown as Record<string, AnyPgColumn>)[`k${i}`]!));
  const page = await db
    .select({ id: matched.id, total: sql<number>`(count(*) over ())::int` })
    .from(matched)
    .orderBy(...sortKeys, order(matched.id))
    .limit(limit)
    .offset(offset);
  return { ids: page.map((row) => row.id), total: page[0]?.total ?? null };
}

/** Rows read by id, put back in the order of `ids`. */
export function inOrderOf<T extends { id: number }>(ids: readonly number[], rows: T[]): T[] {
  const position = new Map(ids.map((id, index) => [id, index]));
  return rows.sort((a, b) => (position.get(a.id) ?? 0) - (position.get(b.id) ?? 0));
}

/** The columns a sort orders by, before the id. */
export const listSortKeys = (sort: PatientSort): readonly AnyPgColumn[] => SORT_COLUMNS[sort];

/** The list's order for a sort and direction: the sort's columns, then the id. The export uses it too. */
export function listOrder({ sort, direction }: Pick<PatientListQuery, 'sort' | 'direction'>): SQL[] {
  const order = direction === 'desc' ? desc : asc;
  return [...SORT_COLUMNS[sort], patients.id].map((column) => order(column));
}

/** The shortest term a trigram index can serve. */
const TRIGRAM = 3;
/**
 * A LIMIT no program reaches: a subquery with a LIMIT is planned on its own (PostgreSQL does not pull
 * it up into the outer query), which is what pagePatientIds needs.
 */
const PLANNING_FENCE = 2_147_483_647;

/** A search that looks like (part of) a phone number: digits and the usual punctuation only. */
const PHONE_LIKE = /^\+?[\d\s().-]*\d[\d\s().-]*$/;

/** What the list's conditions read: the search text and the filters (an export passes its own query). */
export type PatientListCriteria = Pick<PatientListQuery, 'search'> & PatientListFilters;

/** The conditions of a list query, the program's first. The export reads its rows with them too. */
export function listConditions(scope: StaffScope, query: PatientListCriteria): SQL[] {
  const conditions: SQL[] = [eq(patients.program_id, scope.programId)];
  const search = query.search;
  if (search) {
    // One column (search_text, generated), the one the trigram index is built on.
    const text = patients.search_text;
    const matches: SQL[] = [sql`${text} like lower(${likePattern(search)})`];
    if (PHONE_LIKE.test(search)) {
      const digits = search.replace(/\D/g, '');
      if (digits !== search) matches.push(sql`${text} like ${`%${digits}%`}`);
    }
    conditions.push(or(...matches) as SQL);
  }
  if (query.stage !== undefined) conditions.push(eq(patients.current_stage, query.stage));
  if (query.tag !== undefined) {
    conditions.push(or(eq(patients.user_cat_id, query.tag), eq(patients.user_cat_id2, query.tag)) as SQL);
  }
  if (query.surgery_type !== undefined) {
    conditions.push(sql`lower(${patients.type_of_surgery}) = ${query.surgery_type.toLowerCase()}`);
  }
  if (query.surgery_from !== undefined) conditions.push(sql`${patients.surgery_date} >= ${query.surgery_from}`);
  if (query.surgery_to !== undefined) conditions.push(sql`${patients.surgery_date} <= ${query.surgery_to}`);
  if (query.location !== undefined) conditions.push(eq(patients.location_id, query.location));
  if (query.coordinator !== undefined) conditions.push(eq(patients.insurance_coordinator_id, query.coordinator));
  if (query.status !== undefined) conditions.push(eq(patients.status, query.status));
  if (query.app === 'invited') conditions.push(eq(patients.is_invited, 1));
  if (query.app === 'never_used') conditions.push(isNull(patients.last_app_activity_at));
  return conditions;
}

// ---------------------------------------------------------------------------------------------
// One patient: the record, create and update
// ---------------------------------------------------------------------------------------------

/** The columns of one patient's record, with the names of its coordinator and location and the program's zone. */
const RECORD_COLUMNS = {
  patient: patients,
  location_name: locations.name,
  insurance_coordinator_name: insuranceCoordinators.name,
  program_timezone: programs.timezone,
};
type RecordRow = {
  patient: typeof patients.$inferSelect;
  location_name: string | null;
  insurance_coordinator_name: string | null;
  program_timezone: string;
};

/** Whole years from `dob` to `today` (both calendar dates); null without a dob. */
function ageOn(dob: string | null, today: DateTime): number | null {
  if (!dob) return null;
  const born = DateTime.fromISO(dob, { zone: today.zone });
  if (!born.isValid) return null;
  const years = Math.floor(today.startOf('day').diff(born.startOf('day'), 'years').years);
  return years >= 0 ? years : null;
}

/** A stored row as the record screen reads it, with BMI, weight lost, age and the surgery-date difference. */
export function toPatientRecord({ patient: p, location_name, insurance_coordinator_name, program_timezone }: RecordRow, now: Date): PatientRecord {
  const today = programToday(now, program_timezone);
  const height = weight(p.hight);
  const starting = weight(p.starting_weight);
  const current = weight(p.current_weight);
  return {
    id: p.id,
    first_name: p.first_name,
    last_name: p.last_name,
    name: p.name,
    nick_name: p.nick_name,
    email: p.email,
    phone: p.phone,
    dob: p.dob,
    age: ageOn(p.dob, today),
    sex: p.sex,
    city: p.city,
    state_id: p.state_id,
    mrn_number: p.mrn_number,
    hight: height,
    starting_weight: starting,
    current_weight: current,
    target_weight: weight(p.target_weight),
    current_stage: stageIdOf(p.current_stage),
    inital_stage: p.inital_stage === null ? null : stageIdOf(p.inital_stage),
    surgery_date: p.surgery_date,
    non_surgery_date: p.non_surgery_date,
    consult_date: p.consult_date,
    type_of_surgery: p.type_of_surgery,
    due_date_auto_cal: asFlag(p.due_date_auto_cal),
    timezone: p.timezone,
    location_id: p.location_id,
    location_name,
    insurance_coordinator_id: p.insurance_coordinator_id,
    insurance_coordinator_name,
    user_cat_id: p.user_cat_id,
    user_cat_name: p.user_cat_id === null ? null : p.user_cat_name,
    user_cat_id2: p.user_cat_id2,
    user_cat_name2: p.user_cat_id2 === null ? null : p.user_cat_name2,
    snooze_status: asFlag(p.snooze_status),
    snooze_date: p.snooze_date,
    checklist_deactivate: asFlag(p.checklist_deactivate),
    checklist_deactivate_reason: p.checklist_deactivate_reason,
    nutrition: p.nutrition,
    protien: p.protien,
    fiber: p.fiber,
    water: p.water,
    calories: p.calories,
    weight_loss_gain: weight(p.weight_loss_gain),
    is_invited: asFlag(p.is_invited),
    has_app_password: p.password_hash !== null,
    chat_status: asFlag(p.chat_status),
    last_app_activity_at: p.last_app_activity_at?.toISOString() ?? null,
    status: asFlag(p.status),
    matrix_system: p.matrix_system,
    created_by: p.created_by,
    created_at: p.created_at.toISOString(),
    updated_at: p.updated_at.toISOString(),
    version: p.version,
    bmi: round1(bmiFromImperial(current, height)),
    weight_lost: starting === null || current === null ? null : round1(starting - current),
    surgery_date_difference: surgeryDateDifference(p.surgery_date, today),
  };
}

/** What a save answers: the saved patient, the field errors that stopped it, or a stale version. */
export type PatientSaveResult =
  | { saved: PatientRecord; before?: PatientRecord }
  | { errors: Record<string, string[]> }
  | { stale: { current: PatientRecord } }
  | null;

type PatientFields = PatientStoreBody;
const decimal = (value: number | undefined) => (value === undefined ? null : value.toFixed(1));
const orNull = <T>(value: T | undefined): T | null => (value === undefined ? null : value);

/** The columns a save writes from the form's fields (every field: a missing one is cleared). */
function columnsOf(body: PatientFields, tagNames: Map<number, string>, today: DateTime) {
  const starting = body.starting_weight;
  const current = body.current_weight;
  return {
    first_name: body.first_name,
    last_name: body.last_name,
    name: `${body.first_name} ${body.last_name}`,
    nick_name: orNull(body.nick_name),
    email: orNull(body.email),
    phone: orNull(body.phone),
    dob: orNull(body.dob),
    age: ageOn(body.dob ?? null, today),
    sex: orNull(body.sex),
    city: orNull(body.city),
    state_id: orNull(body.state_id),
    mrn_number: orNull(body.mrn_number),
    hight: decimal(body.hight),
    starting_weight: decimal(starting),
    current_weight: decimal(current),
    target_weight: decimal(body.target_weight),
    total_weight_lost: starting === undefined || current === undefined ? null : decimal(round1(starting - current) ?? undefined),
    current_stage: body.current_stage,
    surgery_date: orNull(body.surgery_date),
    non_surgery_date: orNull(body.non_surgery_date),
    consult_date: orNull(body.consult_date),
    type_of_surgery: orNull(body.type_of_surgery),
    due_date_auto_cal: body.due_date_auto_cal,
    location_id: orNull(body.location_id),
    insurance_coordinator_id: orNull(body.insurance_coordinator_id),
    user_cat_id: orNull(body.user_cat_id),
    user_cat_name: body.user_cat_id === undefined ? null : (tagNames.get(body.user_cat_id) ?? null),
    user_cat_id2: orNull(body.user_cat_id2),
    user_cat_name2: body.user_cat_id2 === undefined ? null : (tagNames.get(body.user_cat_id2) ?? null),
    snooze_status: body.snooze_status,
    snooze_date: orNull(body.snooze_date),
    checklist_deactivate: body.checklist_deactivate,
    checklist_deactivate_reason: orNull(body.checklist_deactivate_reason),
    protien: orNull(body.protien),
    fiber: orNull(body.fiber),
    water: orNull(body.water),
    calories: orNull(body.calories),
    status: body.status,
  };
}

/** The fields whose stored value a change altered (names only, for the audit record). */
export function changedFields(before: PatientRecord, after: PatientRecord): string[] {
  const skip = new Set(['updated_at', 'version', 'age', 'bmi', 'weight_lost', 'surgery_date_difference', 'name', 'location_name', 'insurance_coordinator_name']);
  return (Object.keys(after) as (keyof PatientRecord)[]).filter((key) => !skip.has(key) && before[key] !== after[key]);
}

/**
 * A program's patients, as its staff list them. Every method is bound to scope.programId. `pipeline`
 * gives the automation rules' side (looked up at call time): a patient created or moved to another
 * stage enters that stage's pipeline, and a new surgery date runs the rules that watch it.
 */
export function createPatientsRepository(db: Db, pipeline: () => PipelineAutomation) {
  /** One page of list rows with their tags' names, in the list's order. */
  const listPage = (where: SQL | undefined, orderBy: SQL[], limit: number | undefined, offset: number) => {
    const query = db
      .select(LIST_COLUMNS)
      .from(patients)
      // Tags are joined within the program too: a tag of another program never lends its name.
      .leftJoin(firstTag, and(eq(firstTag.id, patients.user_cat_id), eq(firstTag.program_id, patients.program_id)))
      .leftJoin(secondTag, and(eq(secondTag.id, patients.user_cat_id2), eq(secondTag.program_id, patients.program_id)))
      .where(where)
      .orderBy(...orderBy)
      .offset(offset);
    return limit === undefined ? query : query.limit(limit);
  };

  /** A page of a search by a term of 3 characters or more (see searchedPageIds), read whole in its order. */
  const searchedPage = async (scope: StaffScope, where: SQL | undefined, query: PatientListQuery, limit: number, offset: number) => {
    const { ids, total } = await searchedPageIds(db, where, SORT_COLUMNS[query.sort], query.direction, limit, offset);
    if (ids.length === 0) return { rows: [], total: null };
    const rows = await listPage(and(eq(patients.program_id, scope.programId), inArray(patients.id, ids)), [], undefined, 0);
    return { rows: inOrderOf(ids, rows), total };
  };

  const countOf = async (where: SQL | undefined) =>
    (await db.select({ total: sql<number>`count(*)::int` }).from(patients).where(where))[0]?.total ?? 0;

  const own = (scope: StaffScope, id: number) => and(eq(patients.id, id), eq(patients.program_id, scope.programId));

  const recordQuery = (tx: Tx) =>
    tx
      .select(RECORD_COLUMNS)
      .from(patients)
      .innerJoin(programs, eq(programs.id, patients.program_id))
      // Joined within the program: another program's coordinator or location never lends its name.
      .leftJoin(locations, and(eq(locations.id, patients.location_id), eq(locations.program_id, patients.program_id)))
      .leftJoin(
        insuranceCoordinators,
        and(eq(insuranceCoordinators.id, patients.insurance_coordinator_id), eq(insuranceCoordinators.program_id, patients.program_id)),
      );

  const findRow = async (tx: Tx, scope: StaffScope, id: number, lock = false) => {
    const query = recordQuery(tx).where(own(scope, id)).limit(1);
    const rows = lock ? await query.for('update', { of: patients }) : await query;
    return rows[0] ?? null;
  };

  /**
   * The field errors of the references a save names: tags, coordinator and location must be the
   * program's and active — except one the patient already has (switching a tag off does not make its
   * patients uneditable). E-mail must not be another patient's of the program. Answers the tag names too.
   */
  async function checkReferences(
    tx: Tx,
    scope: StaffScope,
    body: PatientFields,
    before: typeof patients.$inferSelect | null,
    today: DateTime,
  ) {
    const errors: Record<string, string[]> = {};
    if (body.dob !== undefined && body.dob >= (today.toISODate() ?? '')) errors.dob = [PATIENT_RECORD_MESSAGES.dobInFuture];
    const kept = (column: 'user_cat_id' | 'user_cat_id2' | 'insurance_coordinator_id' | 'location_id', value: number) =>
      before !== null && (before[column] === value || (column.startsWith('user_cat') && (before.user_cat_id === value || before.user_cat_id2 === value)));
    const tagIds = [body.user_cat_id, body.user_cat_id2].filter((value): value is number => value !== undefined);
    const tagNames = new Map<number, string>();
    if (tagIds.length > 0) {
      const tags = await tx
        .select({ id: patientTags.id, name: patientTags.name, status: patientTags.status })
        .from(patientTags)
        .where(and(eq(patientTags.program_id, scope.programId), inArray(patientTags.id, tagIds)));
      for (const tag of tags) tagNames.set(tag.id, tag.name);
      for (const key of ['user_cat_id', 'user_cat_id2'] as const) {
        const value = body[key];
        if (value === undefined) continue;
        const tag = tags.find((row) => row.id === value);
        if (!tag || (tag.status !== 1 && !kept(key, value))) errors[key] = [PATIENT_RECORD_MESSAGES.unknownTag];
      }
    }
    if (body.insurance_coordinator_id !== undefined) {
      const [row] = await tx
        .select({ status: insuranceCoordinators.status })
        .from(insuranceCoordinators)
        .where(and(eq(insuranceCoordinators.program_id, scope.programId), eq(insuranceCoordinators.id, body.insurance_coordinator_id)));
      if (!row || (row.status !== 1 && !kept('insurance_coordinator_id', body.insurance_coordinator_id))) {
        errors.insurance_coordinator_id = [PATIENT_RECORD_MESSAGES.unknownCoordinator];
      }
    }
    if (body.location_id !== undefined) {
      const [row] = await tx
        .select({ status: locations.status })
        .from(locations)
        .where(and(eq(locations.program_id, scope.programId), eq(locations.id, body.location_id)));
      if (!row || (row.status !== 1 && !kept('location_id', body.location_id))) errors.location_id = [PATIENT_RECORD_MESSAGES.unknownLocation];
    }
    if (body.email !== undefined) {
      const [taken] = await tx
        .select({ id: patients.id })
        .from(patients)
        .where(
          and(
            eq(patients.program_id, scope.programId),
            sql`lower(${patients.email}) = ${body.email.toLowerCase()}`,
            before === null ? undefined : ne(patients.id, before.id),
          ),
        )
        .limit(1);
      if (taken) errors.email = [PATIENT_RECORD_MESSAGES.emailTaken];
    }
    return { errors, tagNames };
  }

  /** Runs a save; the unique index on (program, lower(email)) settles two saves of one address at once. */
  async function saving(run: () => Promise<PatientSaveResult>): Promise<PatientSaveResult> {
    try {
      return await run();
    } catch (error) {
      if (isUniqueViolation(error)) return { errors: { email: [PATIENT_RECORD_MESSAGES.emailTaken] } };
      throw error;
    }
  }

  return {
    /** One patient of the program with its computed values; null when the program has none with this id. */
    async find(scope: StaffScope, id: number, now: Date): Promise<PatientRecord | null> {
      const row = await findRow(db, scope, id);
      return row ? toPatientRecord(row, now) : null;
    },

    /** Adds a patient (version 1, not yet invited: see markInvited). */
    create(scope: StaffScope, body: PatientStoreBody, now: Date): Promise<PatientSaveResult> {
      return saving(() =>
        db.transaction(async (tx) => {
          const today = programToday(now, (await programZone(tx, scope.programId)) ?? 'UTC');
          const { errors, tagNames } = await checkReferences(tx, scope, body, null, today);
          if (Object.keys(errors).length > 0) return { errors };
          const [row] = await tx
            .insert(patients)
            .values({
              ...columnsOf(body, tagNames, today),
              program_id: scope.programId,
              inital_stage: body.current_stage,
              timezone: today.zoneName,
              is_invited: 0,
              created_by: scope.accountId,
              created_at: now,
              updated_at: now,
            })
            .returning({ id: patients.id });
          await pipeline().enterStage(tx, { programId: scope.programId, patientId: row!.id, stage: body.current_stage, actorId: scope.accountId, now });
          const saved = await findRow(tx, scope, row!.id);
          return { saved: toPatientRecord(saved!, now) };
        }),
      );
    },

    /**
     * Saves every field if `body.version` is the current one, raising it by one; otherwise nothing is
     * written and the current record comes back as stale. The row is locked while checking, so of two
     * saves of the same version exactly one wins. is_invited is not changed here (see markInvited).
     */
    update(scope: StaffScope, body: PatientUpdateBody, now: Date): Promise<PatientSaveResult> {
      return saving(() =>
        db.transaction(async (tx) => {
          const before = await findRow(tx, scope, body.id, true);
          if (!before) return null;
          if (before.patient.version !== body.version) return { stale: { current: toPatientRecord(before, now) } };
          const today = programToday(now, before.program_timezone);
          const { errors, tagNames } = await checkReferences(tx, scope, body, before.patient, today);
          if (Object.keys(errors).length > 0) return { errors };
          const updated = await tx
            .update(patients)
            .set({ ...columnsOf(body, tagNames, today), updated_at: now, version: sql`${patients.version} + 1` })
            .where(and(own(scope, body.id), eq(patients.version, body.version)))
            .returning({ id: patients.id });
          // Cannot happen while the row is locked; kept so a lost race can never overwrite silently.
          if (updated.length === 0) return { stale: { current: toPatientRecord(before, now) } };
          const event = { programId: scope.programId, patientId: body.id, now };
          if (before.patient.current_stage !== body.current_stage) {
            await pipeline().enterStage(tx, { ...event, stage: body.current_stage, actorId: scope.accountId });
          } else if (body.surgery_date !== undefined && body.surgery_date !== before.patient.surgery_date) {
            await pipeline().afterEvent(tx, { ...event, trigger: { kind: 'surgery-date-set' } });
          }
          const saved = await findRow(tx, scope, body.id);
          return { saved: toPatientRecord(saved!, now), before: toPatientRecord(before, now) };
        }),
      );
    },

    /** Records that the app invitation went out (not a change of the record's content: the version stays). */
    async markInvited(scope: StaffScope, id: number): Promise<void> {
      await db.update(patients).set({ is_invited: 1 }).where(own(scope, id));
    },

    async list(scope: StaffScope, query: PatientListQuery) {
      const where = and(...listConditions(scope, query));
      const { limit, offset } = pageWindow(query.page, query.perPage);
      const trigramSearch = isTrigramSearch(query.search) && query.perPage !== 'All';
      let rows: Awaited<ReturnType<typeof listPage>>;
      let total: number;
      if (trigramSearch) {
        const searched = await searchedPage(scope, where, query, limit, offset);
        rows = searched.rows;
        // A page past the end has no row to carry the total.
        total = searched.total ?? (await countOf(where));
      } else {
        [rows, total] = await Promise.all([listPage(where, listOrder(query), limit, offset), countOf(where)]);
      }
      const items = rows.map(
        (row): PatientListItem => ({
          ...row,
          current_stage: stageIdOf(row.current_stage),
          starting_weight: weight(row.starting_weight),
          current_weight: weight(row.current_weight),
          target_weight: weight(row.target_weight),
          status: asFlag(row.status),
          is_invited: asFlag(row.is_invited),
          last_app_activity_at: row.last_app_activity_at?.toISOString() ?? null,
          created_at: row.created_at.toISOString(),
        }),
      );
      return toPage(items, total, query.page, query.perPage);
    },
  };
}

export type PatientsRepository = ReturnType<typeof createPatientsRepository>;

export default fp(
  async (fastify) => {
    fastify.decorate(
      'patients',
      createPatientsRepository(fastify.db, () => fastify.pipelineAutomation),
    );
  },
  { name: 'patients-repository', dependencies: ['database'] },
);
