import type { FastifyInstance } from 'fastify';
import { AUTH_FLOW_MESSAGES, resetPatientPasswordBody, resetPatientPasswordResponse } from '@baridesk/contracts';
import type { ValibotTypeProvider } from '../../../../lib/valibot';
import { staffScope } from '../../../../lib/scope';
import { ValidationError } from '../../../../lib/valibot';
import { sendPatientPasswordLink } from '../../../identity';
import { inMenuArea } from '../../../../lib/menu-area';

/**
 * POST /api/reset-patient-password (staff): e-mails one of the caller's patients a link to set the app
 * password — a first password (new_patient=1) when the patient has none yet, else a reset. Another
 * program's patient is not found (404); self-service staff are refused (403).
 */
export default async function resetPatientPasswordRoutes(fastify: FastifyInstance) {
  inMenuArea(fastify, 'patients');
  fastify.withTypeProvider<ValibotTypeProvider>().post(
    '',
    {
      config: { access: 'staff' },
      schema: { body: resetPatientPasswordBody, response: { 200: resetPatientPasswordResponse }, tags: ['Staff'] },
    },
    async (request) => {
      const scope = staffScope(request.scope);
      const patient = await fastify.authLinks.patientById(request.body.patient_id, scope.programId);
      if (!patient) throw fastify.httpErrors.notFound('Patient not found.');
      if (!patient.email) {
        await fastify.audit.record(request, {
          action: 'patient.password_link',
          entity: 'patient',
          entityId: patient.id,
          patientId: patient.id,
          success: false,
          detail: { reason: 'no e-mail address' },
        });
        throw new ValidationError({ patient_id: [AUTH_FLOW_MESSAGES.patientHasNoEmail] });
      }
      const purpose = patient.hasPassword ? 'reset' : 'set';
      await sendPatientPasswordLink(fastify, request, { ...patient, email: patient.email }, purpose);
      await fastify.audit.record(request, {
        action: 'patient.password_link',
        entity: 'patient',
        entityId: patient.id,
        patientId: patient.id,
        detail: { purpose, requestedBy: 'staff' },
      });
      return { message: AUTH_FLOW_MESSAGES.patientLinkSent };
    },
  );
}
