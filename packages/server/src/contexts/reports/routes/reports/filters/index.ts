import type { FastifyInstance } from 'fastify';
import { preLoadFiltersResponse } from '@baridesk/contracts';
import { staffScope } from '../../../../../lib/scope';
import { inMenuArea } from '../../../../../lib/menu-area';

/**
 * GET /api/reports/filters: the choices of the report filters (stages, tags, coordinators, locations, surgery
 * types), the same answer as GET /api/pre-load-filters. That one belongs to the patients area, so a program
 * user whose reports are on and patients off would be refused the names the report screens filter by; this
 * door is the reports area's own.
 */
export default async function reportFiltersRoutes(fastify: FastifyInstance) {
  inMenuArea(fastify, 'reports');
  fastify.get('', { schema: { response: { 200: preLoadFiltersResponse }, tags: ['Reports'] } }, async (request) => ({
    data: await fastify.programs.preLoadFilters(staffScope(request.scope)),
  }));
}
