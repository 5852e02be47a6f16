import fp from 'fastify-plugin';
import { messageTemplateResource } from '@baridesk/contracts';
import type { Db } from '../../../db/client';
import { messageTemplates as templates } from '../../../db/schema';
import { createResourceRepository, searchColumns } from '../../platform/resource-kit';

declare module 'fastify' {
  interface FastifyInstance {
    messageTemplates: MessageTemplatesRepository;
  }
}

/**
 * A program's message templates, on the resource kit: searched in title and text, titles unique per
 * program whatever their case, and each remembers who wrote it.
 */
export function createMessageTemplatesRepository(db: Db) {
  return createResourceRepository(db, messageTemplateResource, {
    table: templates,
    search: searchColumns(templates.title, templates.message),
    insertValues: (scope) => ({ created_by: scope.accountId }),
  });
}

export type MessageTemplatesRepository = ReturnType<typeof createMessageTemplatesRepository>;

export default fp(
  async (fastify) => {
    fastify.decorate('messageTemplates', createMessageTemplatesRepository(fastify.db));
  },
  { name: 'message-templates-repository', dependencies: ['database'] },
);
