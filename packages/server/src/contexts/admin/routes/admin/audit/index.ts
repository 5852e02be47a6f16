import type { FastifyInstance } from 'fastify';
import {
  AUDIT_EXPORT_MAX_ROWS,
  AUDIT_MESSAGES,
  auditChoicesResponse,
  auditExportQuery,
  auditListQuery,
  auditListResponse,
  reportExportResponse,
} from '@baridesk/contracts';
import type { ValibotTypeProvider } from '../../../../../lib/valibot';
import { ValidationError } from '../../../../../lib/valibot';
import type { AuditTrail } from '../../../../platform/audit';
import { AUDIT_EXPORT, usedFilters } from '../../../../platform/audit';

/**
 * The audit trail for super admins with audit_trail (id 48 always): GET '' (filters, newest first, a
 * page at a time by cursor), GET /excel (on the export kit: a large file is made by a job), GET /choices
 * (the actions the trail holds, the programs). Reading the trail is itself recorded ('audit.read', with
 * the filters and, when filtered by one, the patient and program: a patient's access history shows that
 * their trail was read).
 */
export default async function auditRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ValibotTypeProvider>();
  const config = { access: 'super_admin', permission: 'audit_trail' } as const;
  const tags = ['Admin'];
  const trail: AuditTrail = fastify.auditTrail;

  app.get('', { config, schema: { querystring: auditListQuery, response: { 200: auditListResponse }, tags, summary: 'The audit trail, newest first' } }, async (request) => {
    const { perPage, before, ...filters } = request.query;
    const [page, counted] = await Promise.all([trail.page(filters, { perPage, before }), trail.count(filters)]);
    await fastify.audit.record(request, {
      action: 'audit.read',
      entity: 'audit_record',
      patientId: filters.patient_id ?? null,
      programId: filters.program_id ?? null,
      detail: { ...usedFilters(filters), perPage, ...(before === undefined ? {} : { before }), count: page.data.length },
    });
    return { data: { data: page.data, total: counted.total, total_exact: counted.exact, perPage, next: page.next } };
  });

  app.get(
    '/excel',
    {
      config,
      schema: { querystring: auditExportQuery, response: { 202: reportExportResponse }, tags, summary: 'The audit trail as an Excel file (a large one in the background)' },
    },
    async (request, reply) => {
      const { exact } = await trail.count(request.query, AUDIT_EXPORT_MAX_ROWS);
      if (!exact) throw new ValidationError({ from: [AUDIT_MESSAGES.tooManyForExport] });
      return fastify.reportExports.send(request, reply, AUDIT_EXPORT, request.query);
    },
  );

  app.get('/choices', { config, schema: { response: { 200: auditChoicesResponse }, tags, summary: 'The actions the trail holds, and the programs' } }, async () => ({
    data: await trail.choices(),
  }));
}
