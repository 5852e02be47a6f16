import type { FastifyInstance } from 'fastify';
import { verifyTokenBody, verifyTokenResponse } from '@baridesk/contracts';
import type { ValibotTypeProvider } from '../../../../lib/valibot';
import { findPasswordLink } from '../../password-link-check';

/**
 * POST /api/verify-token (public): whether an e-mailed password link can still be used, what it is for
 * and the address it went to. The reset page enables its form only after this succeeds; any unusable
 * link (unknown, expired, used, voided by a password change) gets the same 410.
 */
export default async function verifyTokenRoutes(fastify: FastifyInstance) {
  fastify.withTypeProvider<ValibotTypeProvider>().post(
    '',
    {
      config: { access: 'public' },
      schema: { body: verifyTokenBody, response: { 200: verifyTokenResponse }, tags: ['Auth'], security: [] },
    },
    async (request) => {
      const { token, patient_id: patientId } = request.body;
      const link = await findPasswordLink(fastify, token, { patientId, owner: 'any' });
      if (link.patient) {
        await fastify.audit.record(request, {
          action: 'patient.password_link.verify',
          entity: 'patient',
          entityId: link.patient.id,
          patientId: link.patient.id,
          programId: link.patient.programId,
        });
      }
      return { data: { valid: true as const, flow: link.flow, email: link.email } };
    },
  );
}
