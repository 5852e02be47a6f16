import fp from 'fastify-plugin';
import { SidebarCache } from '../sidebar-cache';

declare module 'fastify' {
  interface FastifyInstance {
    sidebarCache: SidebarCache;
  }
}

/**
 * The channel on which database triggers (migration 0010) announce what changes a program's part of the
 * sidebar: `program:<id>`, or `all`.
 */
export const SIDEBAR_CHANNEL = 'baridesk_sidebar';
/**
 * How long a program's part is reused before it is read again. Every change is announced, and a replica
 * that cannot hear announcements reads every time, so this only bounds a message lost in between.
 */
export const SIDEBAR_CACHE_TTL_MS = 60_000;
/** Programs kept at most (one entry each, a few KB). */
const SIDEBAR_CACHE_SIZE = 1_000;

export default fp(
  async (fastify) => {
    const cache = new SidebarCache(SIDEBAR_CACHE_TTL_MS, SIDEBAR_CACHE_SIZE, async (scope) => {
      const [fromSubMenuManagers, dynamicContentSections] = await Promise.all([
        fastify.programs.subMenuManagers(scope),
        fastify.dynamicSections.active(scope),
      ]);
      return { fromSubMenuManagers, dynamicContentSections };
    });
    // Until this replica hears the announcements, it reads every sidebar from the database.
    cache.enabled = false;
    await fastify.dbListen(
      SIDEBAR_CHANNEL,
      (payload) => {
        const [kind, id] = payload.split(':');
        if (kind === 'program' && id) cache.evictProgram(Number(id));
        // 'all', or a message this version does not know: forget everything rather than guess.
        else cache.clear();
      },
      (listening) => {
        cache.enabled = listening;
      },
    );
    fastify.decorate('sidebarCache', cache);
  },
  { name: 'sidebar-cache', dependencies: ['database', 'programs-repository', 'dynamic-sections-repository'] },
);
