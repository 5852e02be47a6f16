import type { FastifyInstance } from 'fastify';
import {
  AUTH_FLOW_MESSAGES,
  confirmEmailBody,
  confirmEmailResponse,
  registerBody,
  registerResponse,
} from '@baridesk/contracts';
import type { ValibotTypeProvider } from '../../../../lib/valibot';
import { ValidationError } from '../../../../lib/valibot';
import { hashPassword } from '../../../../lib/secrets';
import { sendEmailConfirmation } from '../../password-links';
import { invalidLink } from '../../password-link-check';

/**
 * Registrations one network address may make per window (each one sends an e-mail). The window stays
 * within what the hourly sweep keeps of the shared request log (30 minutes).
 */
const REGISTRATIONS_PER_IP = 5;
const REGISTRATION_WINDOW_MINUTES = 15;

/**
 * POST /api/register (public): a practice signs itself up as a self-service program; its owner's
 * account can sign in once the address is confirmed through the e-mailed link.
 * POST /api/register/confirm (public): that link's token and account id.
 */
export default async function registerRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ValibotTypeProvider>();
  const { authLinks, registrations, httpErrors } = fastify;
  const emailTaken = () => new ValidationError({ email: [AUTH_FLOW_MESSAGES.emailTaken] });

  app.post(
    '',
    {
      config: { access: 'public' },
      schema: { body: registerBody, response: { 201: registerResponse }, tags: ['Auth'], security: [] },
    },
    async (request, reply) => {
      const { practice_name, owner_name, email, phone, password } = request.body;
      const now = fastify.clock.now();
      if (await registrations.emailTaken(email)) throw emailTaken();
      const wait = await authLinks.countRequest('register-ip', request.ip, REGISTRATIONS_PER_IP, REGISTRATION_WINDOW_MINUTES, now);
      if (wait > 0) {
        reply.header('retry-after', wait);
        throw httpErrors.tooManyRequests(
          `Too many registrations from this network address. Please try again in ${Math.ceil(wait / 60)} minutes.`,
        );
      }
      const created = await registrations.create(
        { practiceName: practice_name, ownerName: owner_name, email, phone, passwordHash: await hashPassword(password) },
        now,
      );
      if (created === 'email-taken') throw emailTaken();
      await fastify.audit.record(request, {
        action: 'register',
        entity: 'account',
        entityId: created.id,
        actorAccountId: created.id,
        actorType: 'program_user',
        programId: created.id,
        detail: { programmerCode: created.programmerCode, selfService: true },
      });
      await sendEmailConfirmation(
        fastify,
        request,
        { id: created.id, email, name: owner_name, programTitle: practice_name },
        { delivery: 'later' },
      );
      return reply.code(201).send({ message: AUTH_FLOW_MESSAGES.registrationReceived });
    },
  );

  app.post(
    '/confirm',
    {
      config: { access: 'public' },
      schema: { body: confirmEmailBody, response: { 200: confirmEmailResponse }, tags: ['Auth'], security: [] },
    },
    async (request) => {
      const { token, id } = request.body;
      const now = fastify.clock.now();
      const link = await authLinks.findValid(token, ['verify'], now);
      if (!link || link.accountId !== id) throw invalidLink(fastify);
      await fastify.db.transaction(async (tx) => {
        if (!(await authLinks.consume(tx, link.id, now))) throw invalidLink(fastify);
        await authLinks.markEmailVerified(tx, id, now);
        await authLinks.voidAll(tx, { accountId: id }, ['verify'], now);
        await fastify.audit.record(
          request,
          { action: 'email.confirm', entity: 'account', entityId: id, actorAccountId: id, programId: null },
          tx,
        );
      });
      return { message: AUTH_FLOW_MESSAGES.emailConfirmed };
    },
  );
}
