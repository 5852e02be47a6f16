import { dynamicSectionItemResource } from '@baridesk/contracts';
import { resourceRoutes } from '../../../../../platform/resource-kit';

/** A dynamic section's items (?section_id=): every staff member manages them (the section's menu is open to all). */
export default resourceRoutes(dynamicSectionItemResource, {
  repository: (fastify) => fastify.dynamicSections.items,
  tags: ['Content'],
  area: 'none',
});
