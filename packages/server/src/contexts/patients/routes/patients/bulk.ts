import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  PATIENT_BULK_MESSAGES,
  PATIENT_RECORD_MESSAGES,
  patientBulkBody,
  patientBulkMessage,
  patientBulkResponse,
} from '@baridesk/contracts';
import type { Tx } from '../../../../db/client';
import type { PatientBulkChange } from '../../plugins/patients-bulk-repository';
import { staffScope } from '../../../../lib/scope';
import { ValidationError, type ValibotTypeProvider } from '../../../../lib/valibot';
import { inMenuArea } from '../../../../lib/menu-area';

/**
 * POST /api/patients/bulk: one change to the selected patients of the caller's program, in one
 * transaction with its audit record. Ids of another program count as not found: they are neither
 * changed nor revealed.
 */
export default async function patientBulkRoutes(fastify: FastifyInstance) {
  inMenuArea(fastify, 'patients');
  const app = fastify.withTypeProvider<ValibotTypeProvider>();

  /** One audit record per call: the action, its value, how many were selected, and the patients it changed. */
  const auditWith =
    (request: FastifyRequest, call: Record<string, unknown>) =>
    (tx: Tx, { changed, result }: PatientBulkChange) =>
      fastify.audit.record(
        request,
        {
          action: 'patient.bulk_update',
          entity: 'patient',
          detail: { ...call, patientIds: changed, updated: result.updated, skipped: result.skipped },
        },
        tx,
      );

  app.post(
    '/bulk',
    { schema: { body: patientBulkBody, response: { 200: patientBulkResponse }, tags: ['Patients'] } },
    async (request) => {
      const scope = staffScope(request.scope);
      const { ids, action, tag_id: tagId, stage } = request.body;
      const now = fastify.clock.now();
      if (action === 'add_tag') {
        // The schema requires both; checked again for the types.
        if (tagId == null) throw new ValidationError({ tag_id: [PATIENT_BULK_MESSAGES.chooseTag] });
        const done = await fastify.patientsBulk.addTag(scope, ids, tagId, now, auditWith(request, { action, tag_id: tagId, selected: ids.length }));
        if (!done) throw new ValidationError({ tag_id: [PATIENT_RECORD_MESSAGES.unknownTag] });
        return { data: done.result, message: patientBulkMessage({ action, tagName: done.tag.name }, done.result) };
      }
      if (stage == null) throw new ValidationError({ stage: [PATIENT_BULK_MESSAGES.chooseStage] });
      const result = await fastify.patientsBulk.changeStage(scope, ids, stage, now, auditWith(request, { action, stage, selected: ids.length }));
      return { data: result, message: patientBulkMessage({ action, stage }, result) };
    },
  );
}
