import type { FastifyInstance } from 'fastify';
import { CALENDAR_IMPORT_MESSAGES as MESSAGES, calendarImportSavedResponse, updateImportStatusBody } from '@baridesk/contracts';
import { inMenuArea } from '../../../../../lib/menu-area';
import { staffScope } from '../../../../../lib/scope';
import type { ValibotTypeProvider } from '../../../../../lib/valibot';

/**
 * POST /scheduler/api/event-calendar/update-import-status { id, status }: `cancelled` stops an import
 * under way (the events it already wrote stay; 409 once it has finished), `acknowledged` dismisses a
 * finished one's result (409 while it runs). Another program's import is a 404.
 */
export default async function updateImportStatusRoutes(fastify: FastifyInstance) {
  inMenuArea(fastify, 'calendar');
  const app = fastify.withTypeProvider<ValibotTypeProvider>();
  app.post(
    '',
    { config: { access: 'staff' }, schema: { body: updateImportStatusBody, response: { 200: calendarImportSavedResponse }, tags: ['Event calendar'] } },
    async (request) => {
      const { id, status } = request.body;
      const result = await fastify.calendarImports.setStatus(staffScope(request.scope).programId, id, status);
      if ('refused' in result) {
        if (result.refused === 'notFound') throw fastify.httpErrors.notFound(MESSAGES.notFound);
        throw fastify.httpErrors.conflict(MESSAGES[result.refused]);
      }
      await fastify.audit.record(request, {
        action: status === 'cancelled' ? 'calendar-import.cancel' : 'calendar-import.acknowledge',
        entity: 'calendar_import',
        entityId: id,
      });
      return { data: result.changed, message: MESSAGES[status] };
    },
  );
}
