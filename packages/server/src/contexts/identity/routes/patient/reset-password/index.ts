import type { FastifyInstance } from 'fastify';
import { AUTH_FLOW_MESSAGES, patientResetPasswordBody, resetPasswordResponse } from '@baridesk/contracts';
import type { ValibotTypeProvider } from '../../../../../lib/valibot';
import { hashPassword } from '../../../../../lib/secrets';
import { PASSWORD_LINK_PURPOSES, findPasswordLink, invalidLink } from '../../../password-link-check';

/**
 * POST /api/patient/reset-password (public): a patient's new password for the app, from a set or reset
 * link. The link's patient id and address must match it; the link is used up and the patient's other
 * links die with the old password.
 */
export default async function patientResetPasswordRoutes(fastify: FastifyInstance) {
  fastify.withTypeProvider<ValibotTypeProvider>().post(
    '',
    {
      config: { access: 'public' },
      schema: { body: patientResetPasswordBody, response: { 200: resetPasswordResponse }, tags: ['Auth'], security: [] },
    },
    async (request) => {
      const { token, password, email, patient_id: patientId } = request.body;
      const link = await findPasswordLink(fastify, token, { owner: 'patient', patientId, email });
      if (!link.patient) throw invalidLink(fastify);
      const patient = link.patient;
      const hash = await hashPassword(password);
      const now = fastify.clock.now();
      await fastify.db.transaction(async (tx) => {
        if (!(await fastify.authLinks.consume(tx, link.id, now))) throw invalidLink(fastify);
        await fastify.authLinks.setPatientPassword(tx, patient.id, hash, now);
        await fastify.authLinks.voidAll(tx, { patientId: patient.id }, PASSWORD_LINK_PURPOSES, now);
        await fastify.audit.record(
          request,
          {
            action: 'patient.password.reset',
            entity: 'patient',
            entityId: patient.id,
            patientId: patient.id,
            programId: patient.programId,
            detail: { flow: link.flow },
          },
          tx,
        );
      });
      return { message: AUTH_FLOW_MESSAGES.passwordUpdated };
    },
  );
}
