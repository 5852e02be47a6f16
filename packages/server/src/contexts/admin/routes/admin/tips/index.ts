import { tipResource } from '@baridesk/contracts';
import { resourceRoutes } from '../../../../platform/resource-kit';

/** Tips (permission tips): GET, POST, PUT /{id}, DELETE /{id}, POST /toggle-status, GET /{id}; global, for every program's app alike. */
export default resourceRoutes(tipResource, { repository: (fastify) => fastify.tips, tags: ['Admin'] });
