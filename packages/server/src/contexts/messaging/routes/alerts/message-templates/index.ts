import { messageTemplateResource } from '@baridesk/contracts';
import { resourceRoutes } from '../../../../platform/resource-kit';

/** Message templates: the program's staff with Alerts and Messages, never self-service ones (the spec hides Templates from them). */
export default resourceRoutes(messageTemplateResource, {
  repository: (fastify) => fastify.messageTemplates,
  tags: ['Alerts'],
  area: 'messages',
});
