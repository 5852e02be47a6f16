import { insuranceCoordinatorResource } from '@baridesk/contracts';
import { resourceRoutes } from '../../../platform/resource-kit';

/**
 * Insurance coordinators: any staff member of the program but self-service ones. The kit's audit of an
 * update names the changed fields, never their contact values.
 */
export default resourceRoutes(insuranceCoordinatorResource, {
  repository: (fastify) => fastify.insuranceCoordinators,
  tags: ['Insurance coordinators'],
  inUseNoun: 'patients',
});
