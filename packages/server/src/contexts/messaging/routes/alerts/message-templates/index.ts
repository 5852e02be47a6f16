import type { FastifyInstance } from 'fastify';
import {
  MESSAGE_TEMPLATE_MESSAGES as MESSAGES,
  messageTemplateDeleteBody,
  messageTemplateDeleteResponse,
  messageTemplateListQuery,
  messageTemplateListResponse,
  messageTemplateSavedResponse,
  messageTemplateStoreBody,
  messageTemplateUpdateBody,
} from '@baridesk/contracts';
import type { ValibotTypeProvider } from '../../../../../lib/valibot';
import { ValidationError } from '../../../../../lib/valibot';
import { staffScope } from '../../../../../lib/scope';
import { isUniqueViolation } from '../../../../../lib/pg-errors';

const SELF_SERVICE_REFUSED = 'Message templates are not available to self-service staff.';

/** Message templates: any staff member of the program but self-service ones (the spec hides Templates from them). */
export default async function messageTemplateRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ValibotTypeProvider>();
  const tags = ['Alerts'];

  // Runs after the api autohook has resolved the caller.
  fastify.addHook('onRequest', async (request) => {
    if (request.scope?.selfService) throw fastify.httpErrors.forbidden(SELF_SERVICE_REFUSED);
  });

  const titleTaken = () => new ValidationError({ title: [MESSAGES.titleTaken] });

  app.get(
    '',
    { schema: { querystring: messageTemplateListQuery, response: { 200: messageTemplateListResponse }, tags } },
    async (request) => ({ data: await fastify.messageTemplates.list(staffScope(request.scope), request.query) }),
  );

  app.post(
    '/store',
    { schema: { body: messageTemplateStoreBody, response: { 201: messageTemplateSavedResponse }, tags } },
    async (request, reply) => {
      const scope = staffScope(request.scope);
      if (await fastify.messageTemplates.titleTaken(scope, request.body.title)) throw titleTaken();
      const template = await fastify.messageTemplates.create(scope, request.body, fastify.clock.now()).catch((error) => {
        throw isUniqueViolation(error) ? titleTaken() : error;
      });
      await fastify.audit.record(request, { action: 'message-template.create', entity: 'message_template', entityId: template.id });
      return reply.code(201).send({ data: template, message: MESSAGES.created });
    },
  );

  app.post(
    '/update',
    { schema: { body: messageTemplateUpdateBody, response: { 200: messageTemplateSavedResponse }, tags } },
    async (request) => {
      const scope = staffScope(request.scope);
      const { body } = request;
      if (await fastify.messageTemplates.titleTaken(scope, body.title, body.id)) throw titleTaken();
      const template = await fastify.messageTemplates.update(scope, body, fastify.clock.now()).catch((error) => {
        throw isUniqueViolation(error) ? titleTaken() : error;
      });
      if (!template) throw fastify.httpErrors.notFound(MESSAGES.notFound);
      await fastify.audit.record(request, { action: 'message-template.update', entity: 'message_template', entityId: template.id });
      return { data: template, message: MESSAGES.updated };
    },
  );

  app.post(
    '/delete',
    { schema: { body: messageTemplateDeleteBody, response: { 200: messageTemplateDeleteResponse }, tags } },
    async (request) => {
      const scope = staffScope(request.scope);
      if (!(await fastify.messageTemplates.remove(scope, request.body.id))) throw fastify.httpErrors.notFound(MESSAGES.notFound);
      await fastify.audit.record(request, { action: 'message-template.delete', entity: 'message_template', entityId: request.body.id });
      return { message: MESSAGES.deleted };
    },
  );
}
