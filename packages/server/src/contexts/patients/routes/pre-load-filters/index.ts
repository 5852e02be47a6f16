import type { FastifyInstance } from 'fastify';
import { preLoadFiltersResponse } from '@baridesk/contracts';
import { staffScope } from '../../../../lib/scope';
import { inMenuArea } from '../../../../lib/menu-area';

/** GET /api/pre-load-filters: the caller's stages, patient tags, insurance coordinators and locations. */
export default async function preLoadFiltersRoutes(fastify: FastifyInstance) {
  inMenuArea(fastify, 'patients');
  fastify.get('', { schema: { response: { 200: preLoadFiltersResponse }, tags: ['Staff'] } }, async (request) => ({
    data: await fastify.programs.preLoadFilters(staffScope(request.scope)),
  }));
}
