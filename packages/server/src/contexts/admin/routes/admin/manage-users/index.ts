import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  MANAGE_USERS_MESSAGES as MESSAGES,
  PATIENT_RECORD_MESSAGES,
  idParams,
  manageUserDeleteResponse,
  manageUserRecordResponse,
  manageUserSavedResponse,
  manageUsersExportQuery,
  manageUsersListQuery,
  manageUsersListResponse,
  manageUsersProgramsResponse,
  patientUpdateBody,
  reportExportResponse,
} from '@baridesk/contracts';
import type { ValibotTypeProvider } from '../../../../../lib/valibot';
import { ValidationError } from '../../../../../lib/valibot';
import { changedFields } from '../../../../patients';
import { exportCriteria } from '../../../../reports';
import { MANAGE_USERS_EXPORT } from '../../../plugins/manage-users-export';

const entity = 'patient';
/** Every record of this area says it was made across programs, so the trail tells it from a staff member's. */
const acrossPrograms = true;

/**
 * Patients across programs, for super admins with manage_users (id 48 always): GET '' (search and
 * filters over every program), GET /programs (the filter's choices), GET /{id} (with its program), PUT /{id} (the staff edit, inside the
 * patient's program), DELETE /{id} (saved inactive, never erased), GET /patient-report/excel. Every read
 * and change is audited with the patient and `acrossPrograms: true`.
 */
export default async function manageUsersRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ValibotTypeProvider>();
  const config = { access: 'super_admin', permission: 'manage_users' } as const;
  const tags = ['Admin'];

  /** An id no program has: audited (probing ids is worth seeing), then 404. */
  const notFound = async (request: FastifyRequest, action: string, id: number): Promise<never> => {
    await fastify.audit.record(request, { action, entity, entityId: id, success: false, detail: { acrossPrograms, refused: 'not-found' } });
    throw fastify.httpErrors.notFound(MESSAGES.notFound);
  };

  app.get('', { config, schema: { querystring: manageUsersListQuery, response: { 200: manageUsersListResponse }, tags } }, async (request) => {
    const page = await fastify.manageUsers.list(request.query);
    const { page: pageNumber, perPage, ...criteria } = request.query;
    await fastify.audit.record(request, {
      action: 'patient.list',
      entity,
      programId: request.query.program ?? null,
      detail: {
        acrossPrograms,
        page: pageNumber,
        perPage,
        ...exportCriteria(criteria),
        count: page.data.length,
        total: page.total,
        patientIds: page.data.map((row) => row.id),
      },
    });
    return { data: page };
  });

  app.get('/programs', { config, schema: { response: { 200: manageUsersProgramsResponse }, tags } }, async () => ({
    data: await fastify.manageUsers.programs(),
  }));

  app.get(
    '/patient-report/excel',
    { config, schema: { querystring: manageUsersExportQuery, response: { 202: reportExportResponse }, tags } },
    async (request, reply) => fastify.reportExports.send(request, reply, MANAGE_USERS_EXPORT, request.query),
  );

  app.get('/:id', { config, schema: { params: idParams, response: { 200: manageUserRecordResponse }, tags } }, async (request) => {
    const { id } = request.params;
    const patient = await fastify.manageUsers.find(request.scope, id, fastify.clock.now());
    if (!patient) return notFound(request, 'patient.read', id);
    await fastify.audit.record(request, {
      action: 'patient.read',
      entity,
      entityId: id,
      patientId: id,
      programId: patient.program_id,
      detail: { acrossPrograms },
    });
    return { data: patient };
  });

  app.put(
    '/:id',
    { config, schema: { params: idParams, body: patientUpdateBody, response: { 200: manageUserSavedResponse }, tags } },
    async (request) => {
      const { id } = request.params;
      if (request.body.id !== id) throw new ValidationError({ id: [MESSAGES.idMismatch] });
      const now = fastify.clock.now();
      const saved = await fastify.manageUsers.update(request.scope, request.body, now);
      if (!saved) return notFound(request, 'patient.update', id);
      const { result, programId } = saved;
      const audit = { action: 'patient.update', entity, entityId: id, patientId: id, programId };
      if ('errors' in result) throw new ValidationError(result.errors);
      if ('stale' in result) {
        await fastify.audit.record(request, {
          ...audit,
          success: false,
          detail: { acrossPrograms, refused: 'stale version', version: request.body.version, currentVersion: result.stale.current.version },
        });
        throw fastify.httpErrors.conflict(PATIENT_RECORD_MESSAGES.stale);
      }
      const changed = result.before ? changedFields(result.before, result.saved) : [];
      await fastify.audit.record(request, { ...audit, detail: { acrossPrograms, changed, version: result.saved.version } });
      const patient = await fastify.manageUsers.find(request.scope, id, now);
      return { data: patient!, message: MESSAGES.updated };
    },
  );

  app.delete('/:id', { config, schema: { params: idParams, response: { 200: manageUserDeleteResponse }, tags } }, async (request) => {
    const { id } = request.params;
    const done = await fastify.manageUsers.deactivate(request.scope, id, fastify.clock.now());
    if (!done) return notFound(request, 'patient.delete', id);
    const audit = { action: 'patient.delete', entity, entityId: id, patientId: id, programId: done.record.program_id };
    if (done.kind === 'already') {
      await fastify.audit.record(request, { ...audit, success: false, detail: { acrossPrograms, refused: 'already inactive' } });
      throw fastify.httpErrors.conflict(MESSAGES.alreadyDeleted);
    }
    if (done.kind === 'invalid') {
      await fastify.audit.record(request, { ...audit, success: false, detail: { acrossPrograms, refused: 'invalid record', fields: Object.keys(done.errors) } });
      throw new ValidationError(done.errors);
    }
    const { result } = done;
    if (result === null) return notFound(request, 'patient.delete', id);
    if ('errors' in result) throw new ValidationError(result.errors);
    // A save between the read and the write: the patient changed under the delete; ask again.
    if ('stale' in result) throw fastify.httpErrors.conflict(PATIENT_RECORD_MESSAGES.stale);
    await fastify.audit.record(request, { ...audit, detail: { acrossPrograms, status: 0, version: result.saved.version } });
    return { message: MESSAGES.deleted };
  });
}
