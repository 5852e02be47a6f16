import { adminEventLocationResource } from '@baridesk/contracts';
import { locationRoutes } from '../../../../../events';
import { resourceRoutes } from '../../../../../platform/resource-kit';

const TAGS = ['Admin'];

/**
 * The shared event locations (rows without a program, offered to every program's event form): super
 * admins with manage_events. As the staff's, each save computes the zone and a used location is not deleted.
 */
export default resourceRoutes(adminEventLocationResource, {
  repository: (fastify) => fastify.locations.shared,
  tags: TAGS,
  inUseNoun: 'events_and_patients',
  extend: locationRoutes('super-admin', { access: 'super_admin', permission: 'manage_events' }, TAGS),
});
