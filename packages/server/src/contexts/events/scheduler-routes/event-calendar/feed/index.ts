import type { FastifyInstance } from 'fastify';
import { CALENDAR_IMPORT_MESSAGES as MESSAGES, calendarFeedResponse, calendarFeedSavedResponse } from '@baridesk/contracts';
import { inMenuArea } from '../../../../../lib/menu-area';
import { staffScope } from '../../../../../lib/scope';

/**
 * The program's private iCalendar feed: GET its URL (null before one is made); POST makes it, or gives it
 * a new address (the old one stops working at once), audited as a rotation.
 */
export default async function calendarFeedSettingsRoutes(fastify: FastifyInstance) {
  inMenuArea(fastify, 'calendar');
  const tags = ['Event calendar'];
  const config = { access: 'staff' as const };

  fastify.get('', { config, schema: { response: { 200: calendarFeedResponse }, tags } }, async (request) => ({
    data: { url: await fastify.calendarFeeds.urlOf(staffScope(request.scope).programId) },
  }));

  fastify.post('', { config, schema: { response: { 200: calendarFeedSavedResponse }, tags } }, async (request) => {
    const scope = staffScope(request.scope);
    const { url, rotated } = await fastify.calendarFeeds.rotate(scope.programId, scope.accountId);
    await fastify.audit.record(request, { action: rotated ? 'calendar-feed.rotate' : 'calendar-feed.create', entity: 'calendar_feed', entityId: scope.programId });
    return { data: { url }, message: rotated ? MESSAGES.feedRotated : MESSAGES.feedCreated };
  });
}
