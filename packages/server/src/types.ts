import type { MenuAreaOrNone, PermissionSlug } from '@baridesk/domain';
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
    /**
     * The menu area the route belongs to (domain MENU_AREAS), checked after `access`: a program user whose
     * flag for it is off gets 403. Every staff route declares one, or 'none' (src/__tests__/menu-areas.test.ts).
     */
    area?: MenuAreaOrNone;
    /** The 403 message for self-service staff in an area closed to them, when the route has its own wording. */
    selfServiceRefusal?: string;
    /**
     * A content type's route: the rules its guard adds to the area (contexts/content/content-guard.ts: the
     * sub-menu switch, the shop switch, sub user only), stamped so the role suites can expect its refusals.
     */
    content?: { title: string | null; area: string; subUserOnly: boolean; label: string };
  }
}
