import type { FastifyInstance } from 'fastify';
import * as v from 'valibot';
import { inMenuArea } from '../../../../lib/menu-area';
import type { ValibotTypeProvider } from '../../../../lib/valibot';

const FEED_NOT_FOUND = 'Calendar feed not found.';
const feedParams = v.object({ token: v.pipe(v.string(), v.maxLength(100, FEED_NOT_FOUND)) });

/**
 * GET /api/calendar-feed/{token}.ics: a program's active events as iCalendar, for Google Calendar or
 * Outlook to subscribe to. Public: the token in the URL is the credential (random, and rotated from the
 * calendar's feed dialog). 404 for any other token. Like every /api answer it is not cached (no-store).
 */
export default async function calendarFeedRoutes(fastify: FastifyInstance) {
  inMenuArea(fastify, 'none');
  const app = fastify.withTypeProvider<ValibotTypeProvider>();
  app.get(
    '/:token.ics',
    {
      config: { access: 'public' },
      schema: { params: feedParams, tags: ['Event calendar'], produces: ['text/calendar'], response: { 200: { type: 'string' } } },
    },
    async (request, reply) => {
      const feed = await fastify.calendarFeeds.render(request.params.token);
      if (!feed) throw fastify.httpErrors.notFound(FEED_NOT_FOUND);
      return reply.type('text/calendar; charset=utf-8').send(feed.text);
    },
  );
}
