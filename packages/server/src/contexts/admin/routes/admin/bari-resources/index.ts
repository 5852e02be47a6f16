import { bariResourceResource } from '@baridesk/contracts';
import { resourceRoutes } from '../../../../platform/resource-kit';

/** Bari resources: super admins with manage_resources (id 48 always). Global, ordered, JSON or multipart with the preview image as a file. */
export default resourceRoutes(bariResourceResource, {
  repository: (fastify) => fastify.bariResources.resources,
  tags: ['Admin: Bari resources'],
});
