import type { PermissionSlug } from '@baridesk/domain';
import type { Config } from './config';
import type { Clock } from './lib/clock';
import type { DatabaseHandle, Db } from './db/client';
import type { Access, Scope } from './lib/scope';
import type { Principal } from './contexts/identity';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    clock: Clock;
    db: Db;
    dbKind: 'pglite' | 'postgres';
    dbListen: DatabaseHandle['listen'];
  }
  interface FastifyRequest {
    /** Set by the api autohook for every route that needs a session. */
    scope: Scope;
    /** The rows the session was resolved from, for answers that show the user. */
    principal: Principal;
  }
  interface FastifyContextConfig {
    access?: Access;
    permission?: PermissionSlug;
  }
}
