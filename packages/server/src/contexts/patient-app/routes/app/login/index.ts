import type { FastifyInstance } from 'fastify';
import * as v from 'valibot';
import { appLoginBody, appLoginResponse, messageOnly } from '@baridesk/contracts';
import type { ValibotTypeProvider } from '../../../../../lib/valibot';
import { verifyPassword } from '../../../../../lib/secrets';
import { AUTH_MESSAGES, assertAddressNotThrottled } from '../../../../identity';
import { PATIENT_SESSION_MESSAGES } from '../../../plugins/patient-sessions';

/** One address and password that open patients of more than one program: the app must say which. */
const severalPrograms = v.object({
  message: v.string(),
  programs: v.array(v.object({ id: v.number(), title: v.string() })),
});

export const AMBIGUOUS_LOGIN =
  'This e-mail address and password open accounts in more than one program. Choose your program and log in again.';

/**
 * POST /api/app/login: a patient's e-mail and the password they set (through the set-password link) in,
 * an app session's bearer token out. Failures count towards the same per-address throttle as staff
 * sign-in. E-mail addresses are unique within a program only: when the address and password match
 * patients of several programs, the answer is 409 with those programs, and the app sends `program_id`.
 */
export default async function appLoginRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ValibotTypeProvider>();
  const { audit, clock, httpErrors, patientInbox, patientSessions } = fastify;

  app.post(
    '',
    {
      config: { access: 'public' },
      schema: {
        body: appLoginBody,
        response: { 200: appLoginResponse, 401: messageOnly, 403: messageOnly, 409: severalPrograms },
        tags: ['Patient app'],
        security: [],
      },
    },
    async (request, reply) => {
      const { email, password, program_id: programId } = request.body;
      const now = clock.now();
      await assertAddressNotThrottled(fastify, request, reply, now);

      const candidates = (await patientInbox.candidatesForLogin(email)).filter((c) => programId === undefined || c.programId === programId);
      const matching = [];
      for (const candidate of candidates) {
        if (await verifyPassword(candidate.passwordHash, password)) matching.push(candidate);
      }
      // An unknown address costs a hash check too, so timing does not tell which addresses exist.
      if (candidates.length === 0) await verifyPassword(null, password);
      if (matching.length === 0) {
        await fastify.accounts.recordAddressFailure(request.ip, email, now);
        await audit.record(request, {
          action: 'app.login',
          entity: 'patient',
          actorType: 'patient',
          success: false,
          detail: { reason: candidates.length === 0 ? 'unknown e-mail' : 'wrong password' },
        });
        throw httpErrors.unauthorized(AUTH_MESSAGES.badCredentials);
      }
      if (matching.length > 1) {
        return reply.code(409).send({ message: AMBIGUOUS_LOGIN, programs: matching.map((m) => ({ id: m.programId, title: m.programTitle })) });
      }
      const patient = matching[0]!;
      const who = { entity: 'patient', entityId: patient.id, patientId: patient.id, programId: patient.programId, actorType: 'patient' };
      if (patient.status !== 1 || patient.programStatus !== 1) {
        await audit.record(request, { action: 'app.login', ...who, success: false, detail: { reason: 'inactive' } });
        throw httpErrors.forbidden(PATIENT_SESSION_MESSAGES.inactive);
      }
      const token = await fastify.db.transaction(async (tx) => {
        const issued = await patientSessions.create(tx, patient.id, now, { ip: request.ip, userAgent: request.headers['user-agent'] });
        await patientSessions.recordActivity(tx, patient.id, now);
        await audit.record(request, { action: 'app.login', ...who }, tx);
        return issued;
      });
      return { data: { token } };
    },
  );
}
