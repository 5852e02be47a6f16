import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  GROUP_MESSAGES as MESSAGES,
  groupRemoveMemberBody,
  groupResource,
  groupSavedResponse,
  groupShowQuery,
  groupShowResponse,
  groupStoreBody,
  groupUpdateBody,
  idParams,
  manageUsersListQuery,
  manageUsersListResponse,
  messageOnly,
} from '@baridesk/contracts';
import type { ValibotTypeProvider } from '../../../../../lib/valibot';
import { ValidationError } from '../../../../../lib/valibot';
import { resourceRoutes } from '../../../../platform/resource-kit';

const entity = groupResource.entity;

/**
 * Groups of patients of any program (permission groups). The kit serves GET '' (the list), POST
 * /toggle-status and POST /destroy; this file adds GET /{id} (the group with its members paged and
 * searched), POST /store and /update (members chosen among every program's patients), POST
 * /remove-member, and GET /patients, the member picker's search (manage-users' search, behind this
 * area's permission). The message to a group is the scheduler service's
 * (POST /scheduler/api/manage-users/send-group-message). Every read of members and every change names
 * the patients in the audit record.
 */
function groupRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ValibotTypeProvider>();
  const config = { access: 'super_admin', permission: 'groups' } as const;
  const tags = ['Admin'];
  const groups = fastify.patientGroups;
  const now = () => fastify.clock.now();

  const refused = async (request: FastifyRequest, action: string, entityId: number | null, errors: Record<string, string[]>): Promise<never> => {
    await fastify.audit.record(request, { action: `group.${action}`, entity, entityId, success: false, detail: { fields: Object.keys(errors) } });
    throw new ValidationError(errors);
  };

  app.get('/patients', { config, schema: { querystring: manageUsersListQuery, response: { 200: manageUsersListResponse }, tags } }, async (request) => {
    const page = await fastify.manageUsers.list(request.query);
    await fastify.audit.record(request, {
      action: 'patient.list',
      entity: 'patient',
      programId: request.query.program ?? null,
      detail: { acrossPrograms: true, for: 'group-members', search_length: request.query.search?.length ?? 0, count: page.data.length, patientIds: page.data.map((row) => row.id) },
    });
    return { data: page };
  });

  app.get('/:id', { config, schema: { params: idParams, querystring: groupShowQuery, response: { 200: groupShowResponse, 404: messageOnly }, tags } }, async (request) => {
    const { id } = request.params;
    const group = await groups.find(request.scope, id);
    if (!group) throw fastify.httpErrors.notFound(MESSAGES.notFound);
    const members = await groups.members(id, request.query);
    await fastify.audit.record(request, {
      action: 'group.read',
      entity,
      entityId: id,
      detail: { name: group.name, page: request.query.page, count: members.data.length, total: members.total, patientIds: members.data.map((m) => m.patient_id) },
    });
    return { data: { group, members } };
  });

  app.post('/store', { config, schema: { body: groupStoreBody, response: { 201: groupSavedResponse }, tags } }, async (request, reply) => {
    const result = await groups.storeGroup(request.scope, request.body, now());
    if (!result) throw fastify.httpErrors.notFound(MESSAGES.notFound);
    if ('errors' in result) return refused(request, 'create', null, result.errors);
    await fastify.audit.record(request, {
      action: 'group.create',
      entity,
      entityId: result.saved.id,
      detail: { name: result.saved.name, status: result.saved.status, patientIds: request.body.user_ids },
    });
    return reply.code(201).send({ data: result.saved, message: MESSAGES.created });
  });

  app.post('/update', { config, schema: { body: groupUpdateBody, response: { 200: groupSavedResponse }, tags } }, async (request) => {
    const result = await groups.updateGroup(request.scope, request.body, now());
    if (!result) throw fastify.httpErrors.notFound(MESSAGES.notFound);
    if ('errors' in result) return refused(request, 'update', request.body.id, result.errors);
    await fastify.audit.record(request, {
      action: 'group.update',
      entity,
      entityId: result.saved.id,
      detail: { name: result.saved.name, patientIds: request.body.user_ids },
    });
    return { data: result.saved, message: MESSAGES.updated };
  });

  app.post('/remove-member', { config, schema: { body: groupRemoveMemberBody, response: { 200: messageOnly }, tags } }, async (request) => {
    const { group_id: groupId, patient_id: patientId } = request.body;
    const outcome = await groups.removeMember(groupId, patientId, now());
    if (outcome.kind === 'no-group') throw fastify.httpErrors.notFound(MESSAGES.notFound);
    if (outcome.kind === 'not-member') {
      await fastify.audit.record(request, { action: 'group.remove-member', entity, entityId: groupId, patientId, success: false, detail: { refused: 'not-member' } });
      throw fastify.httpErrors.notFound(MESSAGES.notAMember);
    }
    await fastify.audit.record(request, { action: 'group.remove-member', entity, entityId: groupId, patientId, programId: outcome.programId });
    return { message: MESSAGES.memberRemoved };
  });
}

export default resourceRoutes(groupResource, {
  repository: (fastify) => fastify.patientGroups,
  tags: ['Admin'],
  extend: groupRoutes,
});
