import fp from 'fastify-plugin';
import type { FastifyRequest } from 'fastify';
import type { Db, Tx } from '../../../../db/client';
import { auditRecords } from '../../../../db/schema';
import type { Clock } from '../../../../lib/clock';

declare module 'fastify' {
  interface FastifyInstance {
    audit: AuditWriter;
  }
}

export interface AuditEntry {
  /** What happened, e.g. 'patient.read', 'login', 'password.change'. */
  action: string;
  /** The kind of record it concerns, e.g. 'patient', 'account'. */
  entity: string;
  entityId?: string | number | null;
  patientId?: number | null;
  /** The acting account when the request carries none (e.g. a sign-in). */
  actorAccountId?: number | null;
  actorType?: string | null;
  programId?: number | null;
  success?: boolean;
  /** Facts worth keeping; never passwords, tokens or patient values. */
  detail?: Record<string, unknown>;
}

/** The one writer of audit records: who, what, which patient, when and from which address. */
export function createAuditWriter(db: Db, clock: Clock) {
  return {
    async record(request: FastifyRequest | null, entry: AuditEntry, tx: Tx = db) {
      const scope = request?.scope;
      await tx.insert(auditRecords).values({
        at: clock.now(),
        actor_account_id: entry.actorAccountId ?? scope?.accountId ?? null,
        actor_type: entry.actorType ?? scope?.type ?? null,
        program_id: entry.programId ?? scope?.programId ?? null,
        action: entry.action,
        entity: entry.entity,
        entity_id: entry.entityId == null ? null : String(entry.entityId),
        patient_id: entry.patientId ?? null,
        ip: request?.ip ?? null,
        user_agent: request?.headers['user-agent']?.slice(0, 500) ?? null,
        success: entry.success ?? true,
        detail: entry.detail ?? null,
      });
    },
  };
}

export type AuditWriter = ReturnType<typeof createAuditWriter>;

export default fp(
  async (fastify) => {
    fastify.decorate('audit', createAuditWriter(fastify.db, fastify.clock));
  },
  { name: 'audit', dependencies: ['database'] },
);
