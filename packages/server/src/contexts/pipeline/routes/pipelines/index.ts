import type { FastifyInstance } from 'fastify';
import {
  PIPELINE_MESSAGES as MESSAGES,
  pipelineStatusDeleteBody,
  pipelineStatusDeletedResponse,
  pipelineStatusListResponse,
  pipelineStatusReorderBody,
  pipelineStatusSavedResponse,
  pipelineStatusStoreBody,
  pipelineStatusUpdateBody,
  pipelinesQuery,
  pipelinesResponse,
} from '@baridesk/contracts';
import { needsAdministrativeRights } from '../../../../lib/administrative-rights';
import { staffScope } from '../../../../lib/scope';
import { ValidationError, type ValibotTypeProvider } from '../../../../lib/valibot';
import { inMenuArea } from '../../../../lib/menu-area';

const entity = 'pipeline_status';

/**
 * A program's pipeline statuses ("pipelines"): read by its staff, changed by its own account or staff
 * with administrative rights. Self-service staff get neither.
 */
export default async function pipelineStatusRoutes(fastify: FastifyInstance) {
  inMenuArea(fastify, 'pipeline');
  const app = fastify.withTypeProvider<ValibotTypeProvider>();
  const tags = ['Pipeline'];
  const changes = needsAdministrativeRights(fastify);

  app.get('', { schema: { querystring: pipelinesQuery, response: { 200: pipelinesResponse }, tags } }, async (request) => {
    const statuses = await fastify.pipelines.statuses(staffScope(request.scope), request.query.stage);
    return { data: { data: statuses, default: statuses.find((status) => status.is_default === 1)?.id ?? null } };
  });

  app.post(
    '/store',
    { onRequest: changes, schema: { body: pipelineStatusStoreBody, response: { 201: pipelineStatusSavedResponse }, tags } },
    async (request, reply) => {
      const result = await fastify.pipelines.create(staffScope(request.scope), request.body, fastify.clock.now());
      if (result === null) throw fastify.httpErrors.notFound(MESSAGES.statusNotFound);
      if ('errors' in result) throw new ValidationError(result.errors);
      const status = result.saved;
      await fastify.audit.record(request, {
        action: 'pipeline-status.create',
        entity,
        entityId: status.id,
        detail: { stage: status.stage, name: status.name, is_default: status.is_default },
      });
      return reply.code(201).send({ data: status, message: MESSAGES.statusCreated });
    },
  );

  app.post(
    '/update',
    { onRequest: changes, schema: { body: pipelineStatusUpdateBody, response: { 200: pipelineStatusSavedResponse }, tags } },
    async (request) => {
      const result = await fastify.pipelines.update(staffScope(request.scope), request.body, fastify.clock.now());
      if (result === null) throw fastify.httpErrors.notFound(MESSAGES.statusNotFound);
      if ('errors' in result) throw new ValidationError(result.errors);
      const status = result.saved;
      await fastify.audit.record(request, {
        action: 'pipeline-status.update',
        entity,
        entityId: status.id,
        detail: {
          stage: status.stage,
          name: status.name,
          ...(result.previousName === undefined ? {} : { previousName: result.previousName }),
          is_default: status.is_default,
        },
      });
      return { data: status, message: MESSAGES.statusUpdated };
    },
  );

  app.post(
    '/reorder',
    { onRequest: changes, schema: { body: pipelineStatusReorderBody, response: { 200: pipelineStatusListResponse }, tags } },
    async (request) => {
      const { stage, ids } = request.body;
      const result = await fastify.pipelines.reorder(staffScope(request.scope), stage, ids, fastify.clock.now());
      if ('errors' in result) throw new ValidationError(result.errors);
      await fastify.audit.record(request, { action: 'pipeline-status.reorder', entity, detail: { stage, ids } });
      return { data: result, message: MESSAGES.statusesReordered };
    },
  );

  app.post(
    '/delete',
    { onRequest: changes, schema: { body: pipelineStatusDeleteBody, response: { 200: pipelineStatusDeletedResponse }, tags } },
    async (request) => {
      const { id } = request.body;
      const result = await fastify.pipelines.remove(staffScope(request.scope), request.body, fastify.clock.now());
      const refuse = (refused: string, detail: Record<string, unknown> = {}) =>
        fastify.audit.record(request, { action: 'pipeline-status.delete', entity, entityId: id, success: false, detail: { refused, ...detail } });
      switch (result.outcome) {
        case 'not-found':
          await refuse('not-found');
          throw fastify.httpErrors.notFound(MESSAGES.statusNotFound);
        case 'used-by-rules':
          await refuse('used-by-rules', { rules: result.rules });
          throw fastify.httpErrors.conflict(MESSAGES.usedByRules);
        case 'invalid':
          throw new ValidationError(result.errors);
        case 'deleted':
          // One record for the delete; each patient's move is in pipeline_moves, by the caller.
          await fastify.audit.record(request, {
            action: 'pipeline-status.delete',
            entity,
            entityId: id,
            detail: { stage: result.status.stage, name: result.status.name, movedPatients: result.movedPatients, movedTo: result.movedTo },
          });
          return { message: MESSAGES.statusDeleted, data: { moved_patients: result.movedPatients } };
      }
    },
  );
}
