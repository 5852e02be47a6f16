import fp from 'fastify-plugin';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { PatientBulkResult, PatientExportQuery } from '@baridesk/contracts';
import type { StageId } from '@baridesk/domain';
import type { Db, Tx } from '../../../db/client';
import { insuranceCoordinators, locations, patientTags, patients } from '../../../db/schema';
import { programZone } from '../../../lib/program-day';
import type { StaffScope } from '../../../lib/scope';
import type { PipelineAutomation } from '../../pipeline';
import { firstTag, listConditions, listOrder, secondTag } from './patients-repository';

declare module 'fastify' {
  interface FastifyInstance {
    patientsBulk: PatientsBulkRepository;
  }
}

/** The columns of an export row: the list's, with the names of the tags, location and coordinator. */
const EXPORT_COLUMNS = {
  id: patients.id,
  name: patients.name,
  email: patients.email,
  phone: patients.phone,
  mrn_number: patients.mrn_number,
  current_stage: patients.current_stage,
  type_of_surgery: patients.type_of_surgery,
  surgery_date: patients.surgery_date,
  starting_weight: patients.starting_weight,
  current_weight: patients.current_weight,
  target_weight: patients.target_weight,
  first_tag: firstTag.name,
  second_tag: secondTag.name,
  location: locations.name,
  coordinator: insuranceCoordinators.name,
  status: patients.status,
  is_invited: patients.is_invited,
  last_app_activity_at: patients.last_app_activity_at,
  created_at: patients.created_at,
};

/** One patient as the export writes it (weights as the driver hands numeric columns over: text). */
export interface PatientExportRow {
  id: number;
  name: string;
  email: string | null;
  phone: string | null;
  mrn_number: string | null;
  current_stage: number;
  type_of_surgery: string | null;
  surgery_date: string | null;
  starting_weight: string | null;
  current_weight: string | null;
  target_weight: string | null;
  first_tag: string | null;
  second_tag: string | null;
  location: string | null;
  coordinator: string | null;
  status: number;
  is_invited: number;
  last_app_activity_at: Date | null;
  created_at: Date;
}

/** What a bulk change did, for the audit record written in its transaction. */
export interface PatientBulkChange {
  /** The ids of the patients changed, rising. */
  changed: number[];
  result: PatientBulkResult;
}

type Audit = (tx: Tx, change: PatientBulkChange) => Promise<void>;

const emptySkips = () => ({ already_tagged: 0, two_tags: 0, already_in_stage: 0, not_found: 0 });

/**
 * The patient list's selection and export: reads the list's rows for an export, and changes many
 * patients at once. Every method is bound to scope.programId: another program's ids are not found.
 */
export function createPatientsBulkRepository(db: Db, pipeline: () => PipelineAutomation) {
  const ofProgram = (scope: StaffScope, ids: readonly number[]) =>
    and(eq(patients.program_id, scope.programId), inArray(patients.id, [...ids]));

  /** Locks the program's patients among `ids` (in id order, so two bulk changes never deadlock). */
  const lockRows = (tx: Tx, scope: StaffScope, ids: readonly number[]) =>
    tx
      .select({ id: patients.id, user_cat_id: patients.user_cat_id, user_cat_id2: patients.user_cat_id2, current_stage: patients.current_stage })
      .from(patients)
      .where(ofProgram(scope, ids))
      .orderBy(asc(patients.id))
      .for('update');

  /** The result of a bulk change, audited in its transaction. */
  async function finish(
    tx: Tx,
    ids: readonly number[],
    found: number,
    changed: number[],
    skipped: Partial<PatientBulkResult['skipped']>,
    audit: Audit,
  ): Promise<PatientBulkResult> {
    const result: PatientBulkResult = {
      updated: changed.length,
      skipped: { ...emptySkips(), ...skipped, not_found: ids.length - found },
    };
    await audit(tx, { changed, result });
    return result;
  }

  return {
    /** The program's time zone (its calendar names the export's file). */
    async programZone(scope: StaffScope): Promise<string> {
      return (await programZone(db, scope.programId)) ?? 'UTC';
    },

    /**
     * The ids of every row the list shows for `query` (its search, filters and sort, no paging), in
     * the list's order; with `query.ids`, only those among them.
     */
    async exportIds(scope: StaffScope, query: PatientExportQuery): Promise<number[]> {
      const conditions = listConditions(scope, query);
      if (query.ids) conditions.push(inArray(patients.id, query.ids));
      const rows = await db
        .select({ id: patients.id })
        .from(patients)
        .where(and(...conditions))
        .orderBy(...listOrder(query));
      return rows.map((row) => row.id);
    },

    /**
     * The export rows of `ids` (a chunk of exportIds), in the order of `ids`. A patient removed since
     * is left out. Tags, location and coordinator are joined within the program, as the list does.
     */
    async exportRows(scope: StaffScope, ids: readonly number[]): Promise<PatientExportRow[]> {
      if (ids.length === 0) return [];
      const rows = await db
        .select(EXPORT_COLUMNS)
        .from(patients)
        .leftJoin(firstTag, and(eq(firstTag.id, patients.user_cat_id), eq(firstTag.program_id, patients.program_id)))
        .leftJoin(secondTag, and(eq(secondTag.id, patients.user_cat_id2), eq(secondTag.program_id, patients.program_id)))
        .leftJoin(locations, and(eq(locations.id, patients.location_id), eq(locations.program_id, patients.program_id)))
        .leftJoin(
          insuranceCoordinators,
          and(eq(insuranceCoordinators.id, patients.insurance_coordinator_id), eq(insuranceCoordinators.program_id, patients.program_id)),
        )
        .where(ofProgram(scope, ids));
      const byId = new Map(rows.map((row) => [row.id, row]));
      return ids.flatMap((patientId) => byId.get(patientId) ?? []);
    },

    /**
     * Puts an active tag of the program into the first empty tag slot (user_cat_id, then user_cat_id2)
     * of each selected patient, with its name, as the record's save does. Patients who already carry it,
     * or carry two tags, are left alone. Each changed patient's version rises. Null when the tag is not
     * one of the program's active tags (nothing is changed then).
     */
    async addTag(scope: StaffScope, ids: readonly number[], tagId: number, now: Date, audit: Audit) {
      return db.transaction(async (tx) => {
        // The tag first, then the patients, as a rename of the tag does: a shared lock, so the tag cannot
        // be renamed, switched off or deleted until this is saved.
        const [tag] = await tx
          .select({ id: patientTags.id, name: patientTags.name })
          .from(patientTags)
          .where(and(eq(patientTags.id, tagId), eq(patientTags.program_id, scope.programId), eq(patientTags.status, 1)))
          .for('share');
        if (!tag) return null;
        const rows = await lockRows(tx, scope, ids);
        const first: number[] = [];
        const second: number[] = [];
        const skipped = { already_tagged: 0, two_tags: 0 };
        for (const row of rows) {
          if (row.user_cat_id === tag.id || row.user_cat_id2 === tag.id) skipped.already_tagged += 1;
          else if (row.user_cat_id === null) first.push(row.id);
          else if (row.user_cat_id2 === null) second.push(row.id);
          else skipped.two_tags += 1;
        }
        const changed = { updated_at: now, version: sql`${patients.version} + 1` };
        if (first.length > 0) {
          await tx.update(patients).set({ user_cat_id: tag.id, user_cat_name: tag.name, ...changed }).where(ofProgram(scope, first));
        }
        if (second.length > 0) {
          await tx.update(patients).set({ user_cat_id2: tag.id, user_cat_name2: tag.name, ...changed }).where(ofProgram(scope, second));
        }
        const ordered = [...first, ...second].sort((a, b) => a - b);
        return { tag, result: await finish(tx, ids, rows.length, ordered, skipped, audit) };
      });
    },

    /**
     * Moves each selected patient to `stage`; those in it already are left alone. Each changed patient's
     * version rises, and each enters the stage's pipeline (default status, checklist, rules), in id order.
     */
    changeStage(scope: StaffScope, ids: readonly number[], stage: StageId, now: Date, audit: Audit): Promise<PatientBulkResult> {
      return db.transaction(async (tx) => {
        const rows = await lockRows(tx, scope, ids);
        const moving = rows.filter((row) => row.current_stage !== stage).map((row) => row.id);
        if (moving.length > 0) {
          await tx
            .update(patients)
            .set({ current_stage: stage, updated_at: now, version: sql`${patients.version} + 1` })
            .where(ofProgram(scope, moving));
          for (const patientId of moving) {
            await pipeline().enterStage(tx, { programId: scope.programId, patientId, stage, actorId: scope.accountId, now });
          }
        }
        return finish(tx, ids, rows.length, moving, { already_in_stage: rows.length - moving.length }, audit);
      });
    },
  };
}

export type PatientsBulkRepository = ReturnType<typeof createPatientsBulkRepository>;

export default fp(
  async (fastify) => {
    fastify.decorate(
      'patientsBulk',
      createPatientsBulkRepository(fastify.db, () => fastify.pipelineAutomation),
    );
  },
  { name: 'patients-bulk-repository', dependencies: ['database'] },
);
