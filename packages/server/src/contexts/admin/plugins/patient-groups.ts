import fp from 'fastify-plugin';
import { and, asc, desc, eq, ilike, inArray, ne, or, sql, type SQL } from 'drizzle-orm';
import {
  GROUP_MESSAGES,
  groupResource,
  type Group,
  type GroupMember,
  type GroupShowQuery,
  type GroupStoreBody,
  type GroupUpdateBody,
  type Page,
  type SendGroupMessageBody,
} from '@baridesk/contracts';
import type { Db, Tx } from '../../../db/client';
import { patientGroupMembers, patientGroups, patients, programs } from '../../../db/schema';
import { likePattern, pageWindow, toPage } from '../../../lib/paging';
import { unlessUniqueViolation } from '../../../lib/pg-errors';
import type { Scope } from '../../../lib/scope';
import { asFlag } from '../../../lib/sql';
import type { Audience, Delivery } from '../../messaging';
import { createResourceRepository, searchColumns } from '../../platform/resource-kit';

declare module 'fastify' {
  interface FastifyInstance {
    patientGroups: PatientGroups;
  }
}

/** The registered delivery audience of a group message: the group's members (of the message's program; active ones, as always). */
export const GROUP_AUDIENCE = 'admin.group';

export const groupAudience = (groupId: number): Audience => ({ registered: { name: GROUP_AUDIENCE, params: { groupId } } });

/** The group audience's condition on `patients`; throws on parameters it cannot read (the fan-out then fails instead of reaching anyone else). */
export function groupCondition(params: Record<string, unknown>): SQL {
  const { groupId } = params;
  if (typeof groupId !== 'number' || !Number.isSafeInteger(groupId) || groupId <= 0) {
    throw new Error(`The audience ${GROUP_AUDIENCE} was stored with parameters it cannot read: ${JSON.stringify(params)}`);
  }
  return sql`exists (select 1 from ${patientGroupMembers} m where m.group_id = ${groupId} and m.patient_id = ${patients.id})`;
}

const MEMBER_SORTS = {
  name: [patients.last_name, patients.first_name],
  program: [programs.title],
  added_at: [patientGroupMembers.added_at],
} as const;

type Saved = { saved: Group } | { errors: Record<string, string[]> } | null;

/**
 * Groups of patients of any program. The list, toggle-status and destroy are the kit's; a save names
 * patients of any program, so store and update are this repository's, each one transaction (the group
 * and its members, or nothing). A member row keeps the patient's program for the staff-side reads; the
 * group message reads the patient's current program.
 */
export function createPatientGroups(db: Db, delivery: () => Delivery) {
  const kit = createResourceRepository(db, groupResource, {
    table: patientGroups,
    search: searchColumns(patientGroups.name),
    computed: { members_count: sql<number>`(select count(*)::int from ${patientGroupMembers} m where m.group_id = ${patientGroups.id})` },
    insertValues: (scope) => ({ created_by: scope.accountId }),
  });

  const nameTaken = async (tx: Tx, name: string, exceptId: number | null) => {
    const [row] = await tx
      .select({ id: patientGroups.id })
      .from(patientGroups)
      .where(and(sql`lower(${patientGroups.name}) = lower(${name})`, exceptId === null ? undefined : ne(patientGroups.id, exceptId)))
      .limit(1);
    return row !== undefined;
  };

  /** Adds patients (members already in stay as they were); false when an id is no patient's. */
  const addMembers = async (tx: Tx, groupId: number, ids: readonly number[], now: Date): Promise<boolean> => {
    if (ids.length === 0) return true;
    const found = await tx
      .insert(patientGroupMembers)
      .select(
        tx
          .select({ group_id: sql<number>`${groupId}::int`.as('group_id'), patient_id: patients.id, program_id: patients.program_id, added_at: sql<Date>`${now.toISOString()}::timestamptz`.as('added_at') })
          .from(patients)
          .where(inArray(patients.id, [...ids])),
      )
      .onConflictDoNothing()
      .returning({ id: patientGroupMembers.patient_id });
    if (found.length === ids.length) return true;
    // Some were members already (nothing inserted for them): count the ids that name a patient at all.
    const [known] = await tx.select({ n: sql<number>`count(*)::int` }).from(patients).where(inArray(patients.id, [...ids]));
    return (known?.n ?? 0) === ids.length;
  };

  const unknownMembers = { errors: { user_ids: [GROUP_MESSAGES.unknownMembers] } };
  const taken = { errors: { name: [GROUP_MESSAGES.nameTaken] } };

  /** Ends the transaction without writing: the answer is a refusal. */
  class Refused extends Error {
    constructor(readonly answer: { errors: Record<string, string[]> }) {
      super('refused');
    }
  }

  const refusable = async (save: () => Promise<Saved>): Promise<Saved> => {
    try {
      return await unlessUniqueViolation(save, taken);
    } catch (error) {
      if (error instanceof Refused) return error.answer;
      throw error;
    }
  };

  return {
    ...kit,

    storeGroup(scope: Scope, body: GroupStoreBody, now: Date): Promise<Saved> {
      return refusable(async () => {
        const outcome = await db.transaction(async (tx) => {
          if (await nameTaken(tx, body.name, null)) return taken;
          const [row] = await tx
            .insert(patientGroups)
            .values({ name: body.name, status: body.status, created_by: scope.accountId, created_at: now, updated_at: now })
            .returning({ id: patientGroups.id });
          if (!(await addMembers(tx, row!.id, body.user_ids, now))) throw new Refused(unknownMembers);
          return { id: row!.id };
        });
        // Read after the commit: the kit's reader has its own connection (PGlite has one: inside, it would wait for this transaction).
        return 'errors' in outcome ? outcome : { saved: (await kit.find(scope, outcome.id))! };
      });
    },

    /** The new name, and the patients to add; null when there is no such group. */
    updateGroup(scope: Scope, body: GroupUpdateBody, now: Date): Promise<Saved> {
      return refusable(async () => {
        const outcome = await db.transaction(async (tx) => {
          const [locked] = await tx.select({ id: patientGroups.id }).from(patientGroups).where(eq(patientGroups.id, body.id)).for('update');
          if (!locked) return null;
          if (await nameTaken(tx, body.name, body.id)) return taken;
          await tx.update(patientGroups).set({ name: body.name, updated_at: now }).where(eq(patientGroups.id, body.id));
          if (!(await addMembers(tx, body.id, body.user_ids, now))) throw new Refused(unknownMembers);
          return { id: body.id };
        });
        if (outcome === null || 'errors' in outcome) return outcome;
        return { saved: (await kit.find(scope, outcome.id))! };
      });
    },

    /** One page of a group's members (searched by name or e-mail); null when there is no such group. */
    async members(groupId: number, query: GroupShowQuery): Promise<Page<GroupMember>> {
      const conditions: SQL[] = [eq(patientGroupMembers.group_id, groupId)];
      if (query.search) {
        const pattern = likePattern(query.search);
        conditions.push(or(ilike(patients.name, pattern), ilike(patients.email, pattern)) as SQL);
      }
      const where = and(...conditions);
      const order = query.direction === 'desc' ? desc : asc;
      const { limit, offset } = pageWindow(query.page, query.perPage);
      const [rows, [counted]] = await Promise.all([
        db
          .select({
            patient_id: patients.id,
            first_name: patients.first_name,
            last_name: patients.last_name,
            email: patients.email,
            status: patients.status,
            program_id: patients.program_id,
            program_name: programs.title,
            added_at: patientGroupMembers.added_at,
          })
          .from(patientGroupMembers)
          .innerJoin(patients, eq(patients.id, patientGroupMembers.patient_id))
          .innerJoin(programs, eq(programs.id, patients.program_id))
          .where(where)
          .orderBy(...[...MEMBER_SORTS[query.sort], patients.id].map((column) => order(column)))
          .limit(limit)
          .offset(offset),
        db
          .select({ n: sql<number>`count(*)::int` })
          .from(patientGroupMembers)
          .innerJoin(patients, eq(patients.id, patientGroupMembers.patient_id))
          .where(where),
      ]);
      const data = rows.map(({ first_name, last_name, status, added_at, ...row }) => ({
        ...row,
        name: `${first_name} ${last_name}`.trim(),
        status: asFlag(status),
        added_at: added_at.toISOString(),
      }));
      return toPage(data, counted?.n ?? 0, query.page, query.perPage);
    },

    /** Takes a patient out of a group: 'removed' (with the patient's program), or why not. */
    async removeMember(groupId: number, patientId: number, now: Date): Promise<{ kind: 'removed'; programId: number } | { kind: 'no-group' } | { kind: 'not-member' }> {
      return db.transaction(async (tx) => {
        const [group] = await tx.select({ id: patientGroups.id }).from(patientGroups).where(eq(patientGroups.id, groupId)).for('update');
        if (!group) return { kind: 'no-group' as const };
        const [gone] = await tx
          .delete(patientGroupMembers)
          .where(and(eq(patientGroupMembers.group_id, groupId), eq(patientGroupMembers.patient_id, patientId)))
          .returning({ programId: patientGroupMembers.program_id });
        if (!gone) return { kind: 'not-member' as const };
        await tx.update(patientGroups).set({ updated_at: now }).where(eq(patientGroups.id, groupId));
        return { kind: 'removed' as const, programId: gone.programId };
      });
    },

    /**
     * One message of kind 'group' per program among the group's active members, in one transaction, each
     * to the registered audience of the group (read again when it is fanned out, in that program); the
     * fan-outs are queued after the commit. 'empty' when no active patient is a member.
     */
    async send(scope: Scope, groupId: number, body: SendGroupMessageBody): Promise<{ kind: 'sent'; messages: { id: number; program_id: number }[]; recipients: number } | { kind: 'no-group' } | { kind: 'inactive' } | { kind: 'empty' }> {
      const outcome = await db.transaction(async (tx) => {
        const [group] = await tx.select({ status: patientGroups.status }).from(patientGroups).where(eq(patientGroups.id, groupId)).for('share');
        if (!group) return { kind: 'no-group' as const };
        if (group.status !== 1) return { kind: 'inactive' as const };
        const perProgram = await tx
          .select({ programId: patients.program_id, n: sql<number>`count(*)::int` })
          .from(patientGroupMembers)
          .innerJoin(patients, eq(patients.id, patientGroupMembers.patient_id))
          .where(and(eq(patientGroupMembers.group_id, groupId), eq(patients.status, 1)))
          .groupBy(patients.program_id)
          .orderBy(patients.program_id);
        if (perProgram.length === 0) return { kind: 'empty' as const };
        const made: { id: number; program_id: number }[] = [];
        for (const { programId } of perProgram) {
          const { id } = await delivery().createMessage(
            { programId, kind: 'group', title: body.title, message: body.message, channels: body.channels, audience: groupAudience(groupId), createdBy: scope.accountId },
            tx,
          );
          made.push({ id, program_id: programId });
        }
        return { kind: 'sent' as const, messages: made, recipients: perProgram.reduce((sum, row) => sum + row.n, 0) };
      });
      // After the commit: the queue's own connection must see the messages (the delivery sweep queues any this misses).
      if (outcome.kind === 'sent') for (const message of outcome.messages) await delivery().queueFanOut(message.id);
      return outcome;
    },
  };
}

export type PatientGroups = ReturnType<typeof createPatientGroups>;

export default fp(
  async (fastify) => {
    fastify.decorate('patientGroups', createPatientGroups(fastify.db, () => fastify.delivery));
    fastify.delivery.registerAudience(GROUP_AUDIENCE, (_programId, params) => groupCondition(params));
  },
  { name: 'patient-groups', dependencies: ['database', 'delivery'] },
);
