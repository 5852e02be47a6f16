import type { FastifyInstance } from 'fastify';
import { dynamicSectionResource } from '@baridesk/contracts';
import { resourceRoutes } from '../../../../platform/resource-kit';

/**
 * Dynamic content sections, on the kit. The definition's permission (the program's sub user) guards the
 * writes; the list and one section are read by every staff member (the sidebar lists the sections, and
 * a section's screen shows its name to whoever manages its items), so the two GET routes are opened to
 * staff here, before the kit registers them.
 */
export default async function dynamicSectionRoutes(fastify: FastifyInstance) {
  fastify.addHook('onRoute', (route) => {
    if (route.method === 'GET' || route.method === 'HEAD') route.config = { ...route.config, access: 'staff' };
  });
  await fastify.register(
    resourceRoutes(dynamicSectionResource, {
      repository: (app) => app.dynamicSections.sections,
      tags: ['Content'],
      area: 'none',
    }),
  );
}
