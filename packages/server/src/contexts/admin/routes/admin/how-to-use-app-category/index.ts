import { howToCategoryResource } from '@baridesk/contracts';
import { resourceRoutes } from '../../../../platform/resource-kit';

/** The guides' categories (how_to_use_app): select, list, store, update, destroy and the bulk calls; a category guides name is kept (409). */
export default resourceRoutes(howToCategoryResource, {
  repository: (fastify) => fastify.howTo.categories,
  tags: ['Admin how to use the app'],
  inUseNoun: 'guides',
});
