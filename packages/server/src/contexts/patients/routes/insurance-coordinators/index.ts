import { insuranceCoordinatorResource } from '@baridesk/contracts';
import { resourceRoutes } from '../../../platform/resource-kit';

/**
 * Insurance coordinators: the program's staff with Patients (manage_user), never self-service ones. The kit's audit of an
 * update names the changed fields, never their contact values.
 */
export default resourceRoutes(insuranceCoordinatorResource, {
  repository: (fastify) => fastify.insuranceCoordinators,
  tags: ['Insurance coordinators'],
  area: 'patients',
  inUseNoun: 'patients',
});
