import type { FastifyInstance } from 'fastify';
import { DYNAMIC_SECTION_MESSAGES } from '@baridesk/contracts';
import { staffScope } from '../../../../../lib/scope';

/**
 * Under /api/content/dynamic-content-section: a section's items, categories and sub-categories name their
 * section by `section_id` (the kit's partition: the list's query, store's body). Another program's section,
 * or none, is not found (404), as its id would be: the kit's own checks only bind rows to the caller's
 * program, and a list of a stranger's section would otherwise answer an empty 200.
 */
export default async function dynamicSectionAutohooks(fastify: FastifyInstance) {
  fastify.addHook('preHandler', async (request) => {
    const sectionId = (request.query as { section_id?: unknown } | undefined)?.section_id ?? (request.body as { section_id?: unknown } | undefined)?.section_id;
    if (typeof sectionId !== 'number') return;
    if (!(await fastify.dynamicSections.owns(staffScope(request.scope), sectionId))) {
      throw fastify.httpErrors.notFound(DYNAMIC_SECTION_MESSAGES.notFound);
    }
  });
}
