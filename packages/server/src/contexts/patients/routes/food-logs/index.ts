import type { FastifyInstance } from 'fastify';
import { FOOD_LOG_SECTIONS, foodLogSectionsResponse } from '@baridesk/contracts';
import { inMenuArea } from '../../../../lib/menu-area';

/**
 * GET /api/food-logs/sections: the food-log tabs (id, label, column), the meal types and the doughnut's
 * slices. Constants, no patient data: any program staff member may read them.
 */
export default async function foodLogSectionRoutes(fastify: FastifyInstance) {
  inMenuArea(fastify, 'none');
  fastify.get(
    '/sections',
    { schema: { response: { 200: foodLogSectionsResponse }, tags: ['Patient logs'] } },
    async () => ({ data: FOOD_LOG_SECTIONS }),
  );
}
