import type { FastifyInstance } from 'fastify';
import { checklistItemListQuery, checklistItemListResponse } from '@baridesk/contracts';
import type { ValibotTypeProvider } from '../../../../lib/valibot';
import { staffScope } from '../../../../lib/scope';
import { inMenuArea } from '../../../../lib/menu-area';

/**
 * GET /api/checklist-items?stage&status&search&page&perPage&sort&direction: the program's worklist of one
 * stage (items of active patients now in that stage whose checklist is active). Program staff but
 * self-service accounts; audited with the ids of the patients it shows, never the search text.
 */
export default async function checklistWorklistRoutes(fastify: FastifyInstance) {
  inMenuArea(fastify, 'pipeline');
  const app = fastify.withTypeProvider<ValibotTypeProvider>();

  app.get(
    '',
    { schema: { querystring: checklistItemListQuery, response: { 200: checklistItemListResponse }, tags: ['Checklists'] } },
    async (request) => {
      const { search, ...query } = request.query;
      const page = await fastify.checklists.worklist(staffScope(request.scope), request.query, fastify.clock.now());
      await fastify.audit.record(request, {
        action: 'patient.checklist-items.list',
        entity: 'patient',
        detail: {
          ...query,
          searchLength: search ? search.length : 0,
          count: page.data.length,
          total: page.total,
          patientIds: [...new Set(page.data.map((item) => item.patient_id))],
        },
      });
      return { data: page };
    },
  );
}
