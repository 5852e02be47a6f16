import type { FastifyInstance } from 'fastify';
import {
  dynamicSectionListQuery,
  dynamicSectionListResponse,
  dynamicSectionStoreBody,
  dynamicSectionStoreResponse,
} from '@baridesk/contracts';
import type { ValibotTypeProvider } from '../../../../../lib/valibot';
import { ValidationError } from '../../../../../lib/valibot';
import { staffScope } from '../../../../../lib/scope';
import { inMenuArea } from '../../../../../lib/menu-area';

/** Dynamic content sections: the list every staff member's sidebar reads, and the sub user's "Add New Section". */
export default async function dynamicSectionRoutes(fastify: FastifyInstance) {
  inMenuArea(fastify, 'none');
  const app = fastify.withTypeProvider<ValibotTypeProvider>();

  app.get(
    '',
    { schema: { querystring: dynamicSectionListQuery, response: { 200: dynamicSectionListResponse }, tags: ['Content'] } },
    async (request) => ({ data: await fastify.dynamicSections.list(staffScope(request.scope), request.query) }),
  );

  app.post(
    '/store',
    {
      config: { access: 'sub_user' },
      schema: { body: dynamicSectionStoreBody, response: { 201: dynamicSectionStoreResponse }, tags: ['Content'] },
    },
    async (request, reply) => {
      const scope = staffScope(request.scope);
      if (await fastify.dynamicSections.nameTaken(scope, request.body.name)) {
        throw new ValidationError({ name: ['A section with this name already exists.'] });
      }
      const section = await fastify.dynamicSections.create(scope, request.body, fastify.clock.now());
      await fastify.audit.record(request, { action: 'dynamic-section.create', entity: 'dynamic_content_section', entityId: section.id });
      return reply.code(201).send({ data: section, message: 'Dynamic section added successfully' });
    },
  );
}
