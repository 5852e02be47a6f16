import type { FastifyInstance } from 'fastify';
import { trophyCardResource, trophyRunQueued, trophyRunResponse } from '@baridesk/contracts';
import { resourceRoutes } from '../../../../platform/resource-kit';

const tags = ['Admin'];

/**
 * Cards and trophies: super admins with cards_and_trophies (id 48 always). The kit's list, show, store
 * and update (JSON or form data with the faces as files), toggle-status, delete (409 once awarded) and
 * update-indexes; and POST /run, the awarding run queued now for every program's local day (the daily
 * run's job, one per program and day, so it never runs twice at once with the cron's).
 */
export default resourceRoutes(trophyCardResource, {
  repository: (fastify) => fastify.trophyCards,
  tags,
  inUseNoun: 'patients',
  extend: (fastify: FastifyInstance) => {
    const config = { access: 'super_admin', permission: 'cards_and_trophies' } as const;
    fastify.post('/run', { config, schema: { response: { 202: trophyRunResponse }, tags } }, async (request, reply) => {
      const programs = await fastify.trophyAwards.queueAll();
      await fastify.audit.record(request, { action: 'trophy-card.run', entity: 'trophy_card', detail: { programs } });
      return reply.code(202).send({ data: { programs }, message: trophyRunQueued(programs) });
    });
  },
});
