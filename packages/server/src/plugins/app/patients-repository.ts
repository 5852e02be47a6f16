import fp from 'fastify-plugin';
import { aliasedTable, and, asc, desc, eq, ilike, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { PatientListItem, PatientListQuery, PatientSort } from '@baridesk/contracts';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { patientTags, patients } from '../../db/schema';
import { likePattern, pageWindow, toPage } from '../../lib/paging';
import type { StaffScope } from '../../lib/scope';

declare module 'fastify' {
  interface FastifyInstance {
    patients: PatientsRepository;
  }
}

const firstTag = aliasedTable(patientTags, 'first_tag');
const secondTag = aliasedTable(patientTags, 'second_tag');

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
const stage = (value: number): PatientListItem['current_stage'] => (value === 2 || value === 3 ? value : 1);
const flag = (value: number): 0 | 1 => (value === 1 ? 1 : 0);

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
  created_at: [patients.created_at],
};

/** A search that looks like (part of) a phone number: digits and the usual punctuation only. */
const PHONE_LIKE = /^\+?[\d\s().-]*\d[\d\s().-]*$/;

/** The conditions of a list query, the program's first. */
function listConditions(scope: StaffScope, query: PatientListQuery): SQL[] {
  const conditions: SQL[] = [eq(patients.program_id, scope.programId)];
  const search = query.search;
  if (search) {
    const pattern = likePattern(search);
    const matches: SQL[] = [
      ilike(patients.first_name, pattern),
      ilike(patients.last_name, pattern),
      ilike(patients.name, pattern),
      sql`(${patients.first_name} || ' ' || ${patients.last_name}) ilike ${pattern}`,
      ilike(patients.email, pattern),
      ilike(patients.mrn_number, pattern),
    ];
    if (PHONE_LIKE.test(search)) {
      const digits = search.replace(/\D/g, '');
      matches.push(sql`regexp_replace(coalesce(${patients.phone}, ''), '[^0-9]', '', 'g') like ${`%${digits}%`}`);
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

/** A program's patients, as its staff list them. Every method is bound to scope.programId. */
export function createPatientsRepository(db: Db) {
  return {
    async list(scope: StaffScope, query: PatientListQuery) {
      const where = and(...listConditions(scope, query));
      const order = query.direction === 'desc' ? desc : asc;
      const orderBy = [...SORT_COLUMNS[query.sort], patients.id].map((column) => order(column));
      const { limit, offset } = pageWindow(query.page, query.perPage);
      const [rows, counted] = await Promise.all([
        db
          .select(LIST_COLUMNS)
          .from(patients)
          // Tags are joined within the program too: a tag of another program never lends its name.
          .leftJoin(firstTag, and(eq(firstTag.id, patients.user_cat_id), eq(firstTag.program_id, patients.program_id)))
          .leftJoin(secondTag, and(eq(secondTag.id, patients.user_cat_id2), eq(secondTag.program_id, patients.program_id)))
          .where(where)
          .orderBy(...orderBy)
          .limit(limit)
          .offset(offset),
        db.select({ total: sql<number>`count(*)::int` }).from(patients).where(where),
      ]);
      const items = rows.map(
        (row): PatientListItem => ({
          ...row,
          current_stage: stage(row.current_stage),
          starting_weight: weight(row.starting_weight),
          current_weight: weight(row.current_weight),
          target_weight: weight(row.target_weight),
          status: flag(row.status),
          is_invited: flag(row.is_invited),
          last_app_activity_at: row.last_app_activity_at?.toISOString() ?? null,
          created_at: row.created_at.toISOString(),
        }),
      );
      return toPage(items, counted[0]?.total ?? 0, query.page, query.perPage);
    },
  };
}

export type PatientsRepository = ReturnType<typeof createPatientsRepository>;

export default fp(
  async (fastify) => {
    fastify.decorate('patients', createPatientsRepository(fastify.db));
  },
  { name: 'patients-repository', dependencies: ['database'] },
);
