import { eventLocationResource } from '@baridesk/contracts';
import { resourceRoutes } from '../../../../platform/resource-kit';
import { locationRoutes } from '../../../location-routes';

const TAGS = ['Event locations'];

/**
 * A program's event locations (the calendar's Locations screen): staff with the calendar, self-service
 * included. Each save computes the zone of the coordinates; a location events or patients use is
 * switched off rather than deleted (409). GET /all adds the shared locations for the event form.
 */
export default resourceRoutes(eventLocationResource, {
  repository: (fastify) => fastify.locations.program,
  tags: TAGS,
  area: 'calendar',
  inUseNoun: 'events_and_patients',
  extend: locationRoutes('staff', { access: 'staff', area: 'calendar' }, TAGS),
});
