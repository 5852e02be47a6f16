import type { FastifyInstance } from 'fastify';
import {
  PATIENT_TAG_MESSAGES as MESSAGES,
  idParams,
  patientTagDeleteBody,
  patientTagDeleteResponse,
  patientTagListQuery,
  patientTagListResponse,
  patientTagOptionsResponse,
  patientTagResponse,
  patientTagSavedResponse,
  patientTagStoreBody,
  patientTagToggleBody,
  patientTagToggleResponse,
  patientTagUpdateBody,
} from '@baridesk/contracts';
import type { ValibotTypeProvider } from '../../../../lib/valibot';
import { ValidationError } from '../../../../lib/valibot';
import { staffScope } from '../../../../lib/scope';
import { notForSelfService } from '../../../../lib/self-service';

const entity = 'patient_tag';

/**
 * Patient tags ("user categories"): any staff member of the program but self-service ones, from whom the
 * spec hides Patient Tags as it hides Patients.
 */
export default async function patientTagRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ValibotTypeProvider>();
  const tags = ['Patient tags'];

  fastify.addHook('onRequest', notForSelfService(fastify));

  const nameTaken = () => new ValidationError({ name: [MESSAGES.nameTaken] });

  app.get(
    '',
    { schema: { querystring: patientTagListQuery, response: { 200: patientTagListResponse }, tags } },
    async (request) => ({ data: await fastify.patientTags.list(staffScope(request.scope), request.query) }),
  );

  // The spec's call for the tag pickers. Nothing says what "1" stands for; it is read as status 1 (Active).
  app.get('/1', { schema: { response: { 200: patientTagOptionsResponse }, tags } }, async (request) => ({
    data: await fastify.patientTags.activeOptions(staffScope(request.scope)),
  }));

  app.get('/show/:id', { schema: { params: idParams, response: { 200: patientTagResponse }, tags } }, async (request) => {
    const tag = await fastify.patientTags.find(staffScope(request.scope), request.params.id);
    if (!tag) throw fastify.httpErrors.notFound(MESSAGES.notFound);
    return { data: tag };
  });

  app.post(
    '/store',
    { schema: { body: patientTagStoreBody, response: { 201: patientTagSavedResponse }, tags } },
    async (request, reply) => {
      const result = await fastify.patientTags.create(staffScope(request.scope), request.body, fastify.clock.now());
      if (!result || 'nameTaken' in result) throw nameTaken();
      const tag = result.saved;
      await fastify.audit.record(request, {
        action: 'patient-tag.create',
        entity,
        entityId: tag.id,
        detail: { name: tag.name, status: tag.status },
      });
      return reply.code(201).send({ data: tag, message: MESSAGES.created });
    },
  );

  app.post(
    '/update',
    { schema: { body: patientTagUpdateBody, response: { 200: patientTagSavedResponse }, tags } },
    async (request) => {
      const scope = staffScope(request.scope);
      const before = await fastify.patientTags.find(scope, request.body.id);
      if (!before) throw fastify.httpErrors.notFound(MESSAGES.notFound);
      const result = await fastify.patientTags.update(scope, request.body, fastify.clock.now());
      if (!result) throw fastify.httpErrors.notFound(MESSAGES.notFound);
      if ('nameTaken' in result) throw nameTaken();
      const tag = result.saved;
      await fastify.audit.record(request, {
        action: 'patient-tag.update',
        entity,
        entityId: tag.id,
        detail: {
          name: tag.name,
          ...(before.name === tag.name ? {} : { previousName: before.name, patientsRelabelled: tag.patients_count }),
          status: tag.status,
        },
      });
      return { data: tag, message: MESSAGES.updated };
    },
  );

  app.post(
    '/toggle-status',
    { schema: { body: patientTagToggleBody, response: { 200: patientTagToggleResponse }, tags } },
    async (request) => {
      const tag = await fastify.patientTags.setStatus(staffScope(request.scope), request.body, fastify.clock.now());
      if (!tag) throw fastify.httpErrors.notFound(MESSAGES.notFound);
      await fastify.audit.record(request, { action: 'patient-tag.toggle-status', entity, entityId: tag.id, detail: { status: tag.status } });
      return { data: tag, message: MESSAGES.statusUpdated };
    },
  );

  app.post(
    '/delete',
    { schema: { body: patientTagDeleteBody, response: { 200: patientTagDeleteResponse }, tags } },
    async (request) => {
      const { id } = request.body;
      const result = await fastify.patientTags.remove(staffScope(request.scope), id);
      if (!result) throw fastify.httpErrors.notFound(MESSAGES.notFound);
      if ('inUse' in result) {
        await fastify.audit.record(request, {
          action: 'patient-tag.delete',
          entity,
          entityId: id,
          success: false,
          detail: { refused: 'in-use', patients: result.inUse },
        });
        throw fastify.httpErrors.conflict(MESSAGES.inUse(result.inUse));
      }
      await fastify.audit.record(request, { action: 'patient-tag.delete', entity, entityId: id, detail: { name: result.deleted.name } });
      return { message: MESSAGES.deleted };
    },
  );
}
