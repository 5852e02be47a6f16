import fp from 'fastify-plugin';
import type { FastifyRequest } from 'fastify';
import { BACKGROUND_REQUEST_HEADER, SESSION_TIMEOUT_MINUTES, hasPermission } from '@baridesk/domain';
import { MESSAGES } from '../auth-policy';
import { toScope } from '../auth-user';
import { tokenDigest } from '../../../lib/secrets';
import type { Access } from '../../../lib/scope';

declare module 'fastify' {
  interface FastifyInstance {
    authenticate(request: FastifyRequest): Promise<void>;
    authorize(request: FastifyRequest, access: Access): void;
  }
}

// Our tokens are 32 random bytes in base64url: 43 characters. The scheme's name is case-insensitive and
// may be followed by more than one space (RFC 7235, section 2.1).
const BEARER = /^bearer +([A-Za-z0-9_-]{43})$/i;
// A session's last use is written at most once a minute, so reads stay reads; idle expiry is
// therefore exact to the minute.
const TOUCH_EVERY_MS = 60_000;
const IDLE_MS = SESSION_TIMEOUT_MINUTES * 60_000;

export default fp(
  async (fastify) => {
    const { httpErrors } = fastify;
    fastify.decorateRequest('scope', null as never);
    fastify.decorateRequest('principal', null as never);

    fastify.decorate('authenticate', async (request: FastifyRequest) => {
      const header = request.headers.authorization;
      if (!header) throw httpErrors.unauthorized(MESSAGES.missingToken);
      const token = BEARER.exec(header)?.[1];
      if (!token) throw httpErrors.unauthorized(MESSAGES.malformedToken);

      const { sessions, clock } = fastify;
      const digest = tokenDigest(token);
      const now = clock.now();
      const nowMs = now.getTime();
      let entry = sessions.cache.get(digest, nowMs);
      // Unknown here, or idle by what this replica saw: read the database, where others record use too.
      if (!entry || nowMs - entry.lastSeenAt > IDLE_MS) {
        const principal = await sessions.findByDigest(digest);
        if (!principal) {
          sessions.cache.delete(digest);
          throw httpErrors.unauthorized(MESSAGES.unknownToken);
        }
        const lastUsed = principal.session.lastUsedAt.getTime();
        entry = {
          principal,
          scope: toScope(principal),
          fetchedAt: nowMs,
          lastSeenAt: Math.max(lastUsed, entry?.lastSeenAt ?? 0),
          lastWrittenAt: lastUsed,
        };
        sessions.cache.set(digest, entry);
      }

      const { principal } = entry;
      if (principal.session.revokedAt) throw httpErrors.unauthorized(MESSAGES.revoked);
      if (nowMs - entry.lastSeenAt > IDLE_MS) throw httpErrors.unauthorized(MESSAGES.expired);
      if (principal.account.status !== 1 || (principal.program && principal.program.status !== 1)) {
        throw httpErrors.unauthorized(MESSAGES.inactive);
      }
      // A background call (a figure the page refreshes on its own) is answered but is not a use of the
      // session: an open tab nobody touches still reaches the idle expiry.
      if (request.headers[BACKGROUND_REQUEST_HEADER] !== '1') {
        if (nowMs - entry.lastWrittenAt >= TOUCH_EVERY_MS) {
          await sessions.touch(principal.session.id, now);
          entry.lastWrittenAt = nowMs;
        }
        entry.lastSeenAt = Math.max(entry.lastSeenAt, nowMs);
      }

      request.principal = principal;
      request.scope = entry.scope;
    });

    fastify.decorate('authorize', (request: FastifyRequest, access: Access) => {
      const { scope } = request;
      switch (access) {
        case 'public':
        case 'signed-in':
          return;
        case 'staff':
          if (scope.type === 'super_admin' || scope.programId === null) throw httpErrors.forbidden(MESSAGES.staffOnly);
          return;
        case 'sub_user':
          if (scope.type !== 'sub_user') throw httpErrors.forbidden(MESSAGES.subUserOnly);
          return;
        case 'program_user':
          if (scope.type !== 'program_user') throw httpErrors.forbidden(MESSAGES.programUserOnly);
          return;
        case 'super_admin': {
          if (scope.type !== 'super_admin') throw httpErrors.forbidden(MESSAGES.superAdminOnly);
          const slug = request.routeOptions.config.permission;
          if (slug && !hasPermission({ id: scope.accountId, type: scope.type, permissions: scope.permissions }, slug)) {
            throw httpErrors.forbidden(MESSAGES.missingPermission);
          }
          return;
        }
      }
    });
  },
  { name: 'authentication', dependencies: ['sessions-repository'] },
);
