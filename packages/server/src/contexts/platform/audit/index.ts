/** The audit trail's published interface: fastify.audit's type (every context records through it). */
export type { AuditEntry, AuditWriter } from './plugins/audit';
