import { bariResourceSubCategoryResource } from '@baridesk/contracts';
import { resourceRoutes } from '../../../../platform/resource-kit';

/** The Bari resources' sub-categories (manage_resources), each in a category; one its resources name is not deleted (409). */
export default resourceRoutes(bariResourceSubCategoryResource, {
  repository: (fastify) => fastify.bariResources.subCategories,
  tags: ['Admin: Bari resources'],
  inUseNoun: 'resources',
});
