import { messageTemplateResource } from '@baridesk/contracts';
import { resourceRoutes } from '../../../../platform/resource-kit';

/** Message templates: any staff member of the program but self-service ones (the spec hides Templates from them). */
export default resourceRoutes(messageTemplateResource, {
  repository: (fastify) => fastify.messageTemplates,
  tags: ['Alerts'],
});
