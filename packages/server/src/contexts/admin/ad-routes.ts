import type { FastifyInstance } from 'fastify';
import { AD_MESSAGES, adIdParams, adStatsResetResponse, type AnyResource } from '@baridesk/contracts';
import type { PermissionSlug } from '@baridesk/domain';
import type { AdKind } from './plugins/ads-repository';

/** The ads routes' OpenAPI tag. */
export const AD_TAGS = ['Admin ads'];

/**
 * What the ads resources add to the kit's routes (their `extend`): after any change the counting reads
 * which ads are countable again at once in this process (other processes within a second); and for an
 * ad resource, PATCH reset-stats/{id}, which zeroes the counters between two writes of the counts.
 */
export function adRoutesExtension(resource: AnyResource, kind: AdKind | null) {
  return async (fastify: FastifyInstance) => {
    fastify.addHook('onResponse', async (request, reply) => {
      if (request.method !== 'GET' && reply.statusCode < 400) fastify.adCounts.invalidate();
    });
    if (kind === 'banner') {
      // A banner ad goes into a set that exists (the partition in store's path); sets are never deleted, so it still does at the insert.
      fastify.addHook('preHandler', async (request) => {
        const setId = (request.params as { ad_set_id?: number }).ad_set_id;
        if (setId !== undefined && !(await fastify.adSets.find(request.scope, setId))) throw fastify.httpErrors.notFound(AD_MESSAGES.setNotFound);
      });
    }
    if (!kind) return;
    const slug = (resource.permission as { slug: PermissionSlug }).slug;
    fastify.patch(
      '/reset-stats/:id',
      { config: { access: 'super_admin', permission: slug }, schema: { params: adIdParams, response: { 200: adStatsResetResponse }, tags: AD_TAGS } },
      async (request) => {
        const { id } = request.params as { id: number };
        const row = await fastify.adCounts.resetStats(kind, id, fastify.clock.now());
        if (!row) throw fastify.httpErrors.notFound(resource.messages.notFound);
        await fastify.audit.record(request, { action: `${resource.name}.reset-stats`, entity: resource.entity, entityId: id });
        return { data: row, message: AD_MESSAGES.statsReset };
      },
    );
  };
}
