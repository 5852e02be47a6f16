/**
 * The audit trail's published interface: fastify.audit's type (every context records through it), and
 * its reader's (fastify.auditTrail: the /api/admin/audit routes and a patient's access history).
 */
export type { AuditEntry, AuditWriter } from './plugins/audit';
export type { AuditTrail, AuditPageRequest } from './plugins/audit-trail';
export { AUDIT_EXPORT, usedFilters } from './plugins/audit-export';
