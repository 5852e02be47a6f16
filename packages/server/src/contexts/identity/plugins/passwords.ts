import fp from 'fastify-plugin';
import type { FastifyRequest } from 'fastify';
import { MESSAGES } from '../auth-policy';
import { hashPassword, verifyPassword } from '../../../lib/secrets';
import { ValidationError } from '../../../lib/valibot';

declare module 'fastify' {
  interface FastifyInstance {
    passwords: {
      /**
       * Sets an account's password. With `current`, the account's present password must match (one's
       * own change). Every other session of the account ends; the caller's own stays open.
       */
      change(request: FastifyRequest, accountId: number, input: { current?: string; password: string }): Promise<void>;
    };
  }
}

export default fp(
  async (fastify) => {
    fastify.decorate('passwords', {
      async change(request, accountId, input) {
        const existing = await fastify.accounts.passwordHash(accountId);
        if (input.current !== undefined) {
          if (!(await verifyPassword(existing, input.current))) {
            throw new ValidationError({ current_password: [MESSAGES.wrongCurrentPassword] });
          }
        }
        if (existing && (await verifyPassword(existing, input.password))) {
          throw new ValidationError({ password: [MESSAGES.samePassword] });
        }
        const hash = await hashPassword(input.password);
        const now = fastify.clock.now();
        const keep = request.scope.accountId === accountId ? request.scope.sessionId : null;
        await fastify.db.transaction(async (tx) => {
          await fastify.accounts.setPassword(tx, accountId, hash, now);
          await fastify.sessions.revokeOthers(tx, accountId, keep, now);
          await fastify.audit.record(request, { action: 'password.change', entity: 'account', entityId: accountId }, tx);
        });
      },
    });
  },
  { name: 'passwords', dependencies: ['accounts-repository', 'sessions-repository', 'audit'] },
);
