import { dynamicSectionCategoryResource, type AnyResource } from '@baridesk/contracts';
import { resourceRoutes } from '../../../../../platform/resource-kit';

/** A dynamic section's categories (?section_id=); one its items or sub-categories name is not deleted (409). */
export default resourceRoutes(dynamicSectionCategoryResource as AnyResource, {
  repository: (fastify) => fastify.dynamicSections.categories,
  tags: ['Content'],
  area: 'none',
  inUseNoun: 'items_and_sub_categories',
});
