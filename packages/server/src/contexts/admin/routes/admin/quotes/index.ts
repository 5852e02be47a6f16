import { quoteResource } from '@baridesk/contracts';
import { resourceRoutes } from '../../../../platform/resource-kit';

/** Quotes of the day: super admins with manage_quotes (id 48 always). Global, not per program. */
export default resourceRoutes(quoteResource, {
  repository: (fastify) => fastify.quotes,
  tags: ['Admin'],
});
