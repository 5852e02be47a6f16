import type { FastifyInstance } from 'fastify';
import { SESSION_TIMEOUT_MINUTES } from '@baridesk/domain';
import { loginBody, loginResponse } from '@baridesk/contracts';
import type { ValibotTypeProvider } from '../../../lib/valibot';
import { verifyPassword } from '../../../lib/secrets';
import {
  ADDRESS_FAILURE_LIMIT,
  ADDRESS_FAILURE_WINDOW_MINUTES,
  MESSAGES,
  minutesLeft,
} from '../../../lib/auth-policy';
import { toAuthUser } from '../../../lib/auth-user';

/** POST /api/login: e-mail and password in, a bearer token out. */
export default async function loginRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ValibotTypeProvider>();
  const { accounts, audit, clock, httpErrors } = fastify;

  app.post(
    '',
    {
      config: { access: 'public' },
      schema: { body: loginBody, response: { 200: loginResponse }, tags: ['Auth'], security: [] },
    },
    async (request, reply) => {
      const { email, password } = request.body;
      const now = clock.now();
      const ip = request.ip;
      const fail = async (accountId: number | null, reason: string) => {
        await accounts.recordAddressFailure(ip, email, now);
        await audit.record(request, {
          action: 'login',
          entity: 'account',
          entityId: accountId,
          actorAccountId: accountId,
          success: false,
          detail: { reason },
        });
      };

      // Per address: too many failures from one place, whichever accounts they tried.
      const windowMs = ADDRESS_FAILURE_WINDOW_MINUTES * 60_000;
      const recent = await accounts.failuresFromAddress(ip, new Date(now.getTime() - windowMs));
      if (recent.count >= ADDRESS_FAILURE_LIMIT) {
        const freeAt = new Date((recent.oldest ?? now).getTime() + windowMs);
        reply.header('retry-after', Math.ceil((freeAt.getTime() - now.getTime()) / 1000));
        throw httpErrors.tooManyRequests(MESSAGES.addressThrottled(minutesLeft(freeAt, now)));
      }

      const account = await accounts.findForLogin(email);
      if (!account) {
        await verifyPassword(null, password);
        await fail(null, 'unknown e-mail');
        throw httpErrors.unauthorized(MESSAGES.badCredentials);
      }
      // A locked account stays locked, whatever password is offered.
      if (account.lockedUntil && account.lockedUntil > now) {
        await fail(account.id, 'locked');
        throw httpErrors.locked(MESSAGES.locked(minutesLeft(account.lockedUntil, now)));
      }
      if (!(await verifyPassword(account.passwordHash, password))) {
        const lockedUntil = await accounts.recordFailedPassword(account.id, account.policy, now);
        await fail(account.id, lockedUntil ? 'wrong password; locked' : 'wrong password');
        if (lockedUntil) throw httpErrors.locked(MESSAGES.locked(minutesLeft(lockedUntil, now)));
        throw httpErrors.unauthorized(MESSAGES.badCredentials);
      }
      const today = now.toISOString().slice(0, 10);
      const deactivated = account.deactivationDate !== null && account.deactivationDate <= today;
      if (account.status !== 1 || account.programStatus === 0 || deactivated) {
        await fail(account.id, 'inactive');
        throw httpErrors.forbidden(MESSAGES.inactive);
      }

      const token = await fastify.db.transaction(async (tx) => {
        await accounts.recordSuccessfulLogin(tx, account.id, now);
        const issued = await fastify.sessions.create(tx, account.id, now, {
          ip,
          userAgent: request.headers['user-agent'],
        });
        await audit.record(
          request,
          { action: 'login', entity: 'account', entityId: account.id, actorAccountId: account.id, actorType: account.type, programId: account.programId },
          tx,
        );
        return issued;
      });
      const principal = await fastify.sessions.findByToken(token);
      if (!principal) throw new Error('A session just created could not be read back.');
      const isEventExist =
        account.type === 'super_admin' || account.programId === null ? true : await fastify.programs.hasEvents(account.programId);
      return {
        data: { token, isEventExist, expiresInMinutes: SESSION_TIMEOUT_MINUTES, user: toAuthUser(principal) },
      };
    },
  );
}
