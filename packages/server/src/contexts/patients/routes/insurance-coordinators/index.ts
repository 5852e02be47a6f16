import type { FastifyInstance } from 'fastify';
import {
  INSURANCE_COORDINATOR_MESSAGES as MESSAGES,
  idParams,
  insuranceCoordinatorDeleteBody,
  insuranceCoordinatorDeleteResponse,
  insuranceCoordinatorListQuery,
  insuranceCoordinatorListResponse,
  insuranceCoordinatorResponse,
  insuranceCoordinatorSavedResponse,
  insuranceCoordinatorStoreBody,
  insuranceCoordinatorToggleBody,
  insuranceCoordinatorToggleResponse,
  insuranceCoordinatorUpdateBody,
  type InsuranceCoordinator,
} from '@baridesk/contracts';
import type { ValibotTypeProvider } from '../../../../lib/valibot';
import { ValidationError } from '../../../../lib/valibot';
import { staffScope } from '../../../../lib/scope';
import { notForSelfService } from '../../../../lib/self-service';

const entity = 'insurance_coordinator';

/** Which fields a change touched, for the audit record (names of fields, never their contact values). */
const changedFields = (before: InsuranceCoordinator, after: InsuranceCoordinator) =>
  (['name', 'email', 'phone', 'status'] as const).filter((key) => before[key] !== after[key]);

/** Insurance coordinators: any staff member of the program but self-service ones (the spec hides Patients from them). */
export default async function insuranceCoordinatorRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ValibotTypeProvider>();
  const tags = ['Insurance coordinators'];

  fastify.addHook('onRequest', notForSelfService(fastify));

  const nameTaken = () => new ValidationError({ name: [MESSAGES.nameTaken] });

  app.get(
    '',
    { schema: { querystring: insuranceCoordinatorListQuery, response: { 200: insuranceCoordinatorListResponse }, tags } },
    async (request) => ({ data: await fastify.insuranceCoordinators.list(staffScope(request.scope), request.query) }),
  );

  app.get('/:id', { schema: { params: idParams, response: { 200: insuranceCoordinatorResponse }, tags } }, async (request) => {
    const coordinator = await fastify.insuranceCoordinators.find(staffScope(request.scope), request.params.id);
    if (!coordinator) throw fastify.httpErrors.notFound(MESSAGES.notFound);
    return { data: coordinator };
  });

  app.post(
    '/store',
    { schema: { body: insuranceCoordinatorStoreBody, response: { 201: insuranceCoordinatorSavedResponse }, tags } },
    async (request, reply) => {
      const result = await fastify.insuranceCoordinators.create(staffScope(request.scope), request.body, fastify.clock.now());
      if (!result || 'nameTaken' in result) throw nameTaken();
      const coordinator = result.saved;
      await fastify.audit.record(request, {
        action: 'insurance-coordinator.create',
        entity,
        entityId: coordinator.id,
        detail: { name: coordinator.name, status: coordinator.status },
      });
      return reply.code(201).send({ data: coordinator, message: MESSAGES.created });
    },
  );

  app.post(
    '/update',
    { schema: { body: insuranceCoordinatorUpdateBody, response: { 200: insuranceCoordinatorSavedResponse }, tags } },
    async (request) => {
      const scope = staffScope(request.scope);
      const before = await fastify.insuranceCoordinators.find(scope, request.body.id);
      if (!before) throw fastify.httpErrors.notFound(MESSAGES.notFound);
      const result = await fastify.insuranceCoordinators.update(scope, request.body, fastify.clock.now());
      if (!result) throw fastify.httpErrors.notFound(MESSAGES.notFound);
      if ('nameTaken' in result) throw nameTaken();
      const coordinator = result.saved;
      await fastify.audit.record(request, {
        action: 'insurance-coordinator.update',
        entity,
        entityId: coordinator.id,
        detail: { name: coordinator.name, changed: changedFields(before, coordinator) },
      });
      return { data: coordinator, message: MESSAGES.updated };
    },
  );

  app.post(
    '/toggle-status',
    { schema: { body: insuranceCoordinatorToggleBody, response: { 200: insuranceCoordinatorToggleResponse }, tags } },
    async (request) => {
      const coordinator = await fastify.insuranceCoordinators.setStatus(staffScope(request.scope), request.body, fastify.clock.now());
      if (!coordinator) throw fastify.httpErrors.notFound(MESSAGES.notFound);
      await fastify.audit.record(request, {
        action: 'insurance-coordinator.toggle-status',
        entity,
        entityId: coordinator.id,
        detail: { status: coordinator.status },
      });
      return { data: coordinator, message: MESSAGES.statusUpdated };
    },
  );

  app.post(
    '/delete',
    { schema: { body: insuranceCoordinatorDeleteBody, response: { 200: insuranceCoordinatorDeleteResponse }, tags } },
    async (request) => {
      const { id } = request.body;
      const result = await fastify.insuranceCoordinators.remove(staffScope(request.scope), id);
      if (!result) throw fastify.httpErrors.notFound(MESSAGES.notFound);
      if ('inUse' in result) {
        await fastify.audit.record(request, {
          action: 'insurance-coordinator.delete',
          entity,
          entityId: id,
          success: false,
          detail: { refused: 'in-use', patients: result.inUse },
        });
        throw fastify.httpErrors.conflict(MESSAGES.inUse(result.inUse));
      }
      await fastify.audit.record(request, {
        action: 'insurance-coordinator.delete',
        entity,
        entityId: id,
        detail: { name: result.deleted.name },
      });
      return { message: MESSAGES.deleted };
    },
  );
}
