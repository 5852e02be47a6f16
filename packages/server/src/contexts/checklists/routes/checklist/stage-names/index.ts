import type { FastifyInstance } from 'fastify';
import { checklistStageNamesResponse } from '@baridesk/contracts';
import type { ValibotTypeProvider } from '../../../../../lib/valibot';
import { staffScope } from '../../../../../lib/scope';
import { inMenuArea } from '../../../../../lib/menu-area';

/** GET /api/checklist/stage-names: 1 Pre-Op, 2 Post-Op, 3 the program's third checklist name. */
export default async function checklistStageNameRoutes(fastify: FastifyInstance) {
  inMenuArea(fastify, 'pipeline');
  const app = fastify.withTypeProvider<ValibotTypeProvider>();

  app.get('', { schema: { response: { 200: checklistStageNamesResponse }, tags: ['Checklist templates'] } }, async (request) => ({
    data: await fastify.checklists.stageNames(staffScope(request.scope)),
  }));
}
