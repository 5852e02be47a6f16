import { bariResourceCategoryResource } from '@baridesk/contracts';
import { resourceRoutes } from '../../../../platform/resource-kit';

/** The Bari resources' categories (manage_resources): a category its resources or sub-categories name is not deleted (409). */
export default resourceRoutes(bariResourceCategoryResource, {
  repository: (fastify) => fastify.bariResources.categories,
  tags: ['Admin: Bari resources'],
  inUseNoun: 'resources and sub-categories',
});
