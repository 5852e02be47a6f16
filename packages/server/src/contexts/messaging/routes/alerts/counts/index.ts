import type { FastifyInstance } from 'fastify';
import { alertCountsResponse } from '@baridesk/contracts';
import { staffScope } from '../../../../../lib/scope';
import { inMenuArea } from '../../../../../lib/menu-area';
import type { ValibotTypeProvider } from '../../../../../lib/valibot';

/** The sidebar's alert counts (no patient named: figures only), kept a minute per program. */
export default async function alertCountsRoutes(fastify: FastifyInstance) {
  inMenuArea(fastify, 'messages');
  const app = fastify.withTypeProvider<ValibotTypeProvider>();

  app.get('', { schema: { response: { 200: alertCountsResponse }, tags: ['Alerts'] } }, async (request) => ({
    data: await fastify.alerts.cachedCounts(staffScope(request.scope), fastify.clock.now()),
  }));
}
