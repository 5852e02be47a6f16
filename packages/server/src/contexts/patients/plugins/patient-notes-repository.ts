import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql, type SQL } from 'drizzle-orm';
import {
  INTERNAL_NOTE_TYPE_IDS,
  PATIENT_NOTE_MESSAGES,
  type ChecklistNote,
  type ChecklistNoteStoreBody,
  type InternalNote,
  type InternalNoteStoreBody,
  type InternalNoteType,
  type NoteStage,
  type NoteTimelineItem,
  type Page,
} from '@baridesk/contracts';
import { queryRows, type Db } from '../../../db/client';
import { pageWindow, toPage } from '../../../lib/paging';
import { staffScope, type StaffScope } from '../../../lib/scope';
import { patientNotFound } from '../patient-not-found';
import { staffName } from '../../../lib/staff-name';
import { isoTimestamp } from '../../../lib/sql';

declare module 'fastify' {
  interface FastifyInstance {
    patientNotes: PatientNotesRepository;
  }
}

/** The two kinds of note: internal_notes and checklist_notes. */
export type NoteKind = 'internal' | 'checklist';

/** Where a row of the common note query came from; 'pipeline' is an internal note of type pipeline. */
type Source = 'internal' | 'checklist' | 'pipeline';

/** A row of the common note query (see `readNotes`). */
interface NoteRow {
  source: Source;
  id: number | string;
  patient_id: number;
  note_type: string | null;
  stage: number | null;
  checklist_item_id: number | null;
  note: string;
  created_at: string;
  created_by: number | null;
  author_name: string | null;
}

/** A note window: LIMIT and OFFSET. */
type Window = { limit: number; offset: number };

/** Who may delete a note: its author, or the program's own account (the sub user). */
export const canDeleteNote = (scope: StaffScope, authorId: number | null): boolean =>
  scope.type === 'sub_user' || (authorId !== null && authorId === scope.accountId);

/**
 * The columns every note source selects, in this order, so sources can be combined with UNION ALL:
 * source, id, patient_id, note_type, stage, checklist_item_id, note, created_at, created_by.
 */
function internalSource(scope: StaffScope, patientId: number, only: { type?: InternalNoteType; label?: Source } = {}): SQL {
  return sql`select ${only.label ?? 'internal'}::text as source, n.id, n.patient_id, n.note_type::text as note_type,
      null::smallint as stage, null::integer as checklist_item_id, n.note, n.created_at, n.created_by
    from internal_notes n
    where n.program_id = ${scope.programId} and n.patient_id = ${patientId} and n.deleted_at is null
      ${only.type === undefined ? sql`` : sql`and n.note_type = ${only.type}`}`;
}

function checklistSource(scope: StaffScope, patientId: number, stage?: NoteStage): SQL {
  return sql`select 'checklist'::text as source, c.id, c.patient_id, null::text as note_type,
      c.stage, c.checklist_item_id, c.note, c.created_at, c.created_by
    from checklist_notes c
    where c.program_id = ${scope.programId} and c.patient_id = ${patientId} and c.deleted_at is null
      ${stage === undefined ? sql`` : sql`and c.stage = ${stage}`}`;
}

/**
 * The notes of `source` (a select or a data-changing statement with RETURNING, in the column order above)
 * with their authors' names, newest first; ties by source and id, so pages never overlap.
 */
async function readNotes(db: Db, source: SQL, window?: Window): Promise<NoteRow[]> {
  return queryRows<NoteRow>(
    db,
    sql`with x as (${source})
      select x.source, x.id, x.patient_id, x.note_type, x.stage, x.checklist_item_id, x.note,
        ${isoTimestamp(sql`x.created_at`)} as created_at, x.created_by,
        ${staffName(sql`x.created_by`)} as author_name
      from x
      order by x.created_at desc, x.source, x.id desc
      ${window ? sql`limit ${window.limit} offset ${window.offset}` : sql``}`,
  );
}

async function countNotes(db: Db, source: SQL): Promise<number> {
  const [row] = await queryRows<{ total: number }>(db, sql`select count(*)::int as total from (${source}) x`);
  return Number(row?.total ?? 0);
}

/** What every kind of note answers with. */
function common(scope: StaffScope, row: NoteRow) {
  return {
    id: Number(row.id),
    patient_id: row.patient_id,
    note: row.note,
    created_at: row.created_at,
    author: row.created_by === null ? null : { id: row.created_by, name: row.author_name ?? '' },
    can_delete: canDeleteNote(scope, row.created_by),
  };
}

const stageOf = (value: number | null): NoteStage | null => (value === 1 || value === 2 || value === 3 ? value : null);
const typeOf = (value: string | null): InternalNoteType =>
  (INTERNAL_NOTE_TYPE_IDS as readonly string[]).includes(value ?? '') ? (value as InternalNoteType) : 'general';

const toInternal = (scope: StaffScope, row: NoteRow): InternalNote => ({ ...common(scope, row), note_type: typeOf(row.note_type) });
const toChecklist = (scope: StaffScope, row: NoteRow): ChecklistNote => ({
  ...common(scope, row),
  stage: stageOf(row.stage) ?? 1,
  checklist_item_id: row.checklist_item_id,
});
const toTimelineItem = (scope: StaffScope, row: NoteRow): NoteTimelineItem => ({
  ...common(scope, row),
  source: row.source === 'checklist' ? 'checklist' : 'pipeline',
  stage: stageOf(row.stage),
  checklist_item_id: row.checklist_item_id,
});

/** A page of a note source: its rows (newest first) and how many there are in all. */
async function pageOfNotes<T>(
  db: Db,
  source: SQL,
  paging: { page: number; perPage: number | 'All' },
  map: (row: NoteRow) => T,
): Promise<Page<T>> {
  const [rows, total] = await Promise.all([readNotes(db, source, pageWindow(paging.page, paging.perPage)), countNotes(db, source)]);
  return toPage(rows.map(map), total, paging.page, paging.perPage);
}

/** The outcome of a delete: done, not found (or already deleted, or another program's), or not allowed. */
export type NoteDeleteResult =
  | { outcome: 'deleted'; patientId: number }
  | { outcome: 'not-found' }
  | { outcome: 'forbidden'; patientId: number };

const TABLES: Record<NoteKind, SQL> = { internal: sql.raw('internal_notes'), checklist: sql.raw('checklist_notes') };

/** Patient notes of the caller's program: every method is bound to scope.programId. */
export function createPatientNotesRepository(db: Db) {
  return {
    /** Whether the patient belongs to the caller's program. */
    async hasPatient(scope: StaffScope, patientId: number): Promise<boolean> {
      const [row] = await queryRows<{ found: boolean }>(
        db,
        sql`select exists (select 1 from patients where id = ${patientId} and program_id = ${scope.programId}) as found`,
      );
      return row?.found === true;
    },

    /** The patient's internal notes, newest first: a page, or every one when perPage is 'All'. */
    listInternal(
      scope: StaffScope,
      patientId: number,
      query: { note_type?: InternalNoteType; page: number; perPage: number | 'All' },
    ): Promise<Page<InternalNote>> {
      return pageOfNotes(db, internalSource(scope, patientId, { type: query.note_type }), query, (row) => toInternal(scope, row));
    },

    /** Adds an internal note by the caller; null when the patient is not the program's. */
    async createInternal(scope: StaffScope, input: InternalNoteStoreBody, now: Date): Promise<InternalNote | null> {
      const at = now.toISOString();
      const [row] = await readNotes(
        db,
        sql`insert into internal_notes (program_id, patient_id, note_type, note, created_by, created_at, updated_at)
          select p.program_id, p.id, ${input.note_type}::text, ${input.note}::text, ${scope.accountId}::integer,
            ${at}::timestamptz, ${at}::timestamptz
          from patients p where p.id = ${input.patient_id} and p.program_id = ${scope.programId}
          returning 'internal'::text as source, id, patient_id, note_type::text as note_type, null::smallint as stage,
            null::integer as checklist_item_id, note, created_at, created_by`,
      );
      return row ? toInternal(scope, row) : null;
    },

    /** The patient's checklist notes, newest first: of every stage, or of one. */
    async listChecklist(scope: StaffScope, patientId: number, stage?: NoteStage): Promise<ChecklistNote[]> {
      const rows = await readNotes(db, checklistSource(scope, patientId, stage), pageWindow(1, 'All'));
      return rows.map((row) => toChecklist(scope, row));
    },

    /** One page of a stage's checklist notes, newest first. */
    pageChecklist(
      scope: StaffScope,
      patientId: number,
      query: { stage: NoteStage; page: number; perPage: number | 'All' },
    ): Promise<Page<ChecklistNote>> {
      return pageOfNotes(db, checklistSource(scope, patientId, query.stage), query, (row) => toChecklist(scope, row));
    },

    /**
     * Adds a checklist note by the caller; null when the patient is not the program's, `itemNotFound`
     * when checklist_item_id is not an item of that patient's checklist of that stage.
     */
    async createChecklist(scope: StaffScope, input: ChecklistNoteStoreBody, now: Date): Promise<ChecklistNote | null | { itemNotFound: true }> {
      const itemId = input.checklist_item_id ?? null;
      if (itemId !== null) {
        // Checklist items are never deleted, so what is found here is still there at the insert.
        const [found] = await queryRows<{ patient: boolean; item: boolean }>(
          db,
          sql`select exists (select 1 from patients where id = ${input.patient_id} and program_id = ${scope.programId}) as patient,
            exists (select 1 from patient_checklist_items
              where id = ${itemId} and patient_id = ${input.patient_id} and program_id = ${scope.programId} and stage = ${input.stage}) as item`,
        );
        if (found?.patient !== true) return null;
        if (found.item !== true) return { itemNotFound: true };
      }
      const at = now.toISOString();
      const [row] = await readNotes(
        db,
        sql`insert into checklist_notes (program_id, patient_id, stage, checklist_item_id, note, created_by, created_at, updated_at)
          select p.program_id, p.id, ${input.stage}::smallint, ${itemId}::integer, ${input.note}::text,
            ${scope.accountId}::integer,
            ${at}::timestamptz, ${at}::timestamptz
          from patients p where p.id = ${input.patient_id} and p.program_id = ${scope.programId}
          returning 'checklist'::text as source, id, patient_id, null::text as note_type, stage, checklist_item_id,
            note, created_at, created_by`,
      );
      return row ? toChecklist(scope, row) : null;
    },

    /**
     * The patient's checklist notes and pipeline notes (internal notes of type pipeline) as one timeline,
     * newest first, paged by the database.
     */
    timeline(scope: StaffScope, patientId: number, paging: { page: number; perPage: number | 'All' }): Promise<Page<NoteTimelineItem>> {
      const source = sql`${checklistSource(scope, patientId)}
        union all
        ${internalSource(scope, patientId, { type: 'pipeline', label: 'pipeline' })}`;
      return pageOfNotes(db, source, paging, (row) => toTimelineItem(scope, row));
    },

    /**
     * Deletes a note (sets deleted_at and deleted_by) if the caller may: its author or the program's own
     * account. A note of another program, or one already deleted, is not found.
     */
    async delete(scope: StaffScope, kind: NoteKind, id: number, now: Date): Promise<NoteDeleteResult> {
      const table = TABLES[kind];
      const [note] = await queryRows<{ patient_id: number; created_by: number | null }>(
        db,
        sql`select patient_id, created_by from ${table}
          where id = ${id} and program_id = ${scope.programId} and deleted_at is null`,
      );
      if (!note) return { outcome: 'not-found' };
      if (!canDeleteNote(scope, note.created_by)) return { outcome: 'forbidden', patientId: note.patient_id };
      const at = now.toISOString();
      // Still undeleted: of two deletes at once, one finds nothing left to delete.
      const done = await queryRows<{ id: number | string }>(
        db,
        sql`update ${table} set deleted_at = ${at}::timestamptz, deleted_by = ${scope.accountId}, updated_at = ${at}::timestamptz
          where id = ${id} and program_id = ${scope.programId} and deleted_at is null
          returning id`,
      );
      return done.length > 0 ? { outcome: 'deleted', patientId: note.patient_id } : { outcome: 'not-found' };
    },
  };
}

export type PatientNotesRepository = ReturnType<typeof createPatientNotesRepository>;

export default fp(
  async (fastify) => {
    fastify.decorate('patientNotes', createPatientNotesRepository(fastify.db));
  },
  { name: 'patient-notes-repository', dependencies: ['database'] },
);

// ---------------------------------------------------------------------------------------------
// What the notes routes share
// ---------------------------------------------------------------------------------------------

/** Refuses (404, audited) a patient that is not the caller's program's. */
export async function requireNotesPatient(fastify: FastifyInstance, request: FastifyRequest, patientId: number, action: string) {
  if (!(await fastify.patientNotes.hasPatient(staffScope(request.scope), patientId))) {
    await patientNotFound(fastify, request, patientId, action);
  }
}

/**
 * The handler of both deletes: the note deleted (200 `{ message }`), or 404 (not found, already deleted,
 * another program's) or 403 (not its author nor the program's account). Every outcome is audited; the
 * note's text never is.
 */
export async function deleteNote(fastify: FastifyInstance, request: FastifyRequest, kind: NoteKind, id: number) {
  const action = `patient.${kind}-note.delete`;
  const entity = `${kind}_note`;
  const result = await fastify.patientNotes.delete(staffScope(request.scope), kind, id, fastify.clock.now());
  if (result.outcome === 'not-found') {
    await fastify.audit.record(request, { action, entity, entityId: id, success: false, detail: { refused: 'not-found' } });
    throw fastify.httpErrors.notFound(PATIENT_NOTE_MESSAGES.notFound);
  }
  if (result.outcome === 'forbidden') {
    await fastify.audit.record(request, {
      action,
      entity,
      entityId: id,
      patientId: result.patientId,
      success: false,
      detail: { refused: 'not-author' },
    });
    throw fastify.httpErrors.forbidden(PATIENT_NOTE_MESSAGES.notAllowed);
  }
  await fastify.audit.record(request, { action, entity, entityId: id, patientId: result.patientId });
  return { message: PATIENT_NOTE_MESSAGES.deleted };
}
