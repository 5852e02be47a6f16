import { dynamicSectionSubCategoryResource, type AnyResource } from '@baridesk/contracts';
import { resourceRoutes } from '../../../../../platform/resource-kit';

/** A dynamic section's sub-categories (?section_id=), each in a category of the same section; one its items name is not deleted (409). */
export default resourceRoutes(dynamicSectionSubCategoryResource as AnyResource, {
  repository: (fastify) => fastify.dynamicSections.subCategories,
  tags: ['Content'],
  area: 'none',
  inUseNoun: 'items',
});
