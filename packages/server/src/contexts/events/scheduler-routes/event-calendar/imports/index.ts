import type { FastifyInstance } from 'fastify';
import { CALENDAR_IMPORT_MESSAGES as MESSAGES, calendarImportResponse, calendarLatestImportResponse, idParams } from '@baridesk/contracts';
import { inMenuArea } from '../../../../../lib/menu-area';
import { staffScope } from '../../../../../lib/scope';
import type { ValibotTypeProvider } from '../../../../../lib/valibot';

/** The program's imports: GET latest (the newest not dismissed, or null) and GET /{id} (its progress, polled while it runs). */
export default async function calendarImportsRoutes(fastify: FastifyInstance) {
  inMenuArea(fastify, 'calendar');
  const app = fastify.withTypeProvider<ValibotTypeProvider>();
  const tags = ['Event calendar'];
  const config = { access: 'staff' as const };

  app.get('/latest', { config, schema: { response: { 200: calendarLatestImportResponse }, tags } }, async (request) => ({
    data: await fastify.calendarImports.latest(staffScope(request.scope).programId),
  }));

  app.get('/:id', { config, schema: { params: idParams, response: { 200: calendarImportResponse }, tags } }, async (request) => {
    const found = await fastify.calendarImports.find(staffScope(request.scope).programId, request.params.id!);
    if (!found) throw fastify.httpErrors.notFound(MESSAGES.notFound);
    return { data: found };
  });
}
