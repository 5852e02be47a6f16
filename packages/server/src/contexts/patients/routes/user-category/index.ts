import { patientTagResource } from '@baridesk/contracts';
import { resourceRoutes } from '../../../platform/resource-kit';

/**
 * Patient tags ("user categories"): the program's staff with Patients (manage_user), never self-service ones. A rename's
 * audit names the previous name and how many patients were relabelled.
 */
export default resourceRoutes(patientTagResource, {
  repository: (fastify) => fastify.patientTags,
  tags: ['Patient tags'],
  area: 'patients',
  inUseNoun: 'patients',
  audit: {
    update: (before, after) => ({
      name: after.name,
      ...(before.name === after.name ? {} : { previousName: before.name, patientsRelabelled: after.patients_count }),
      status: after.status,
    }),
  },
});
