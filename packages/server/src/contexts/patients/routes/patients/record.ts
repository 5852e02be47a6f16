import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  PATIENT_RECORD_MESSAGES as MESSAGES,
  idParams,
  patientRecordResponse,
  patientSavedResponse,
  patientStoreBody,
  patientUpdateBody,
  type PatientRecord,
  type PatientStoreBody,
} from '@baridesk/contracts';
import type { ValibotTypeProvider } from '../../../../lib/valibot';
import { ValidationError } from '../../../../lib/valibot';
import { staffScope } from '../../../../lib/scope';
import { invitePatient } from '../../invite';
import { changedFields } from '../../plugins/patients-repository';
import { inMenuArea } from '../../../../lib/menu-area';

const entity = 'patient';

/** The names of the fields a new patient was given (never their values: they are health data). */
const filledFields = (body: PatientStoreBody) =>
  Object.entries(body)
    .filter(([, value]) => value !== undefined)
    .map(([key]) => key);

/**
 * One patient of the caller's program: GET /api/patients/{id}, POST /api/patients/store and
 * POST /api/patients/update (optimistic locking on `version`: a stale one answers 409 and saves nothing).
 * Another program's patient is not found (404); self-service staff are refused (403), as the list does.
 */
export default async function patientRecordRoutes(fastify: FastifyInstance) {
  inMenuArea(fastify, 'patients');
  const app = fastify.withTypeProvider<ValibotTypeProvider>();
  const tags = ['Patients'];

  /** The app invitation (the patients context's one invitePatient); true when the patient counts as invited. */
  const invite = async (request: FastifyRequest, patient: PatientRecord) => (await invitePatient(fastify, request, patient.id)).invited;

  app.get(
    '/:id',
    { schema: { params: idParams, response: { 200: patientRecordResponse }, tags } },
    async (request) => {
      const { id } = request.params;
      const patient = await fastify.patients.find(staffScope(request.scope), id, fastify.clock.now());
      if (!patient) {
        // An id of another program (or none): recorded, since probing for patients is worth seeing.
        await fastify.audit.record(request, { action: 'patient.read', entity, entityId: id, success: false, detail: { reason: 'not found' } });
        throw fastify.httpErrors.notFound(MESSAGES.notFound);
      }
      await fastify.audit.record(request, { action: 'patient.read', entity, entityId: id, patientId: id });
      return { data: patient };
    },
  );

  app.post(
    '/store',
    { schema: { body: patientStoreBody, response: { 201: patientSavedResponse }, tags } },
    async (request, reply) => {
      const scope = staffScope(request.scope);
      const result = await fastify.patients.create(scope, request.body, fastify.clock.now());
      if (!result || !('saved' in result)) throw new ValidationError(result && 'errors' in result ? result.errors : {});
      let patient = result.saved;
      await fastify.audit.record(request, {
        action: 'patient.create',
        entity,
        entityId: patient.id,
        patientId: patient.id,
        detail: { fields: filledFields(request.body) },
      });
      let message: string = MESSAGES.created;
      if (request.body.is_invited === 1) {
        const invited = await invite(request, patient);
        if (invited) patient = { ...patient, is_invited: 1 };
        message = invited ? MESSAGES.createdAndInvited : MESSAGES.inviteFailed;
      }
      return reply.code(201).send({ data: patient, message });
    },
  );

  app.post(
    '/update',
    { schema: { body: patientUpdateBody, response: { 200: patientSavedResponse }, tags } },
    async (request) => {
      const scope = staffScope(request.scope);
      const { id, version } = request.body;
      const result = await fastify.patients.update(scope, request.body, fastify.clock.now());
      if (!result) throw fastify.httpErrors.notFound(MESSAGES.notFound);
      if ('errors' in result) throw new ValidationError(result.errors);
      if ('stale' in result) {
        await fastify.audit.record(request, {
          action: 'patient.update',
          entity,
          entityId: id,
          patientId: id,
          success: false,
          detail: { refused: 'stale version', version, currentVersion: result.stale.current.version },
        });
        throw fastify.httpErrors.conflict(MESSAGES.stale);
      }
      let patient = result.saved;
      await fastify.audit.record(request, {
        action: 'patient.update',
        entity,
        entityId: id,
        patientId: id,
        detail: { changed: result.before ? changedFields(result.before, patient) : [], version: patient.version },
      });
      let message: string = MESSAGES.updated;
      if (request.body.is_invited === 1 && patient.is_invited === 0) {
        const invited = await invite(request, patient);
        if (invited) patient = { ...patient, is_invited: 1 };
        message = invited ? MESSAGES.updatedAndInvited : MESSAGES.inviteFailed;
      }
      return { data: patient, message };
    },
  );
}
