import { howToResource } from '@baridesk/contracts';
import { resourceRoutes } from '../../../../platform/resource-kit';

/** How to use the app (how_to_use_app): the guides' list, show, store, update, destroy, the bulk calls and reorder. */
export default resourceRoutes(howToResource, {
  repository: (fastify) => fastify.howTo.items,
  tags: ['Admin how to use the app'],
});
