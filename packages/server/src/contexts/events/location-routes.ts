/**
 * The locations' calls beyond the resource kit's, for the staff and the super-admin resources: the zone
 * of a point (the form shows it while the coordinates are typed, before anything is saved) and, for
 * staff, the event form's choices (their program's locations and the shared ones, with each one's zone).
 */
import type { FastifyContextConfig, FastifyInstance } from 'fastify';
import { eventLocationOptionsResponse, locationTimezoneBody, locationTimezoneResponse } from '@baridesk/contracts';
import { staffScope } from '../../lib/scope';
import type { ValibotTypeProvider } from '../../lib/valibot';

/** `extend` of a locations resource: POST /timezone, and GET /all for staff. `config` is the resource's access (the kit's routes carry the same). */
export const locationRoutes =
  (who: 'staff' | 'super-admin', config: FastifyContextConfig, tags: string[]) =>
  (fastify: FastifyInstance): void => {
    const app = fastify.withTypeProvider<ValibotTypeProvider>();
    app.post(
      '/timezone',
      { config, schema: { body: locationTimezoneBody, response: { 200: locationTimezoneResponse }, tags } },
      async (request) => ({ data: { timezone: fastify.locations.timezoneAt(request.body.latitude, request.body.longitude) } }),
    );
    if (who === 'staff') {
      app.get('/all', { config, schema: { response: { 200: eventLocationOptionsResponse }, tags } }, async (request) => ({
        data: await fastify.locations.options(staffScope(request.scope).programId),
      }));
    }
  };
