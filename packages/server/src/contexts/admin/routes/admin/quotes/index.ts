import type { FastifyInstance } from 'fastify';
import {
  QUOTE_MESSAGES as MESSAGES,
  idParams,
  quoteDeleteBody,
  quoteDeleteResponse,
  quoteListQuery,
  quoteListResponse,
  quoteResponse,
  quoteSavedResponse,
  quoteStoreBody,
  quoteToggleBody,
  quoteToggleResponse,
  quoteUpdateBody,
} from '@baridesk/contracts';
import type { ValibotTypeProvider } from '../../../../../lib/valibot';
import { ValidationError } from '../../../../../lib/valibot';
import { isUniqueViolation } from '../../../../../lib/pg-errors';

/** Quotes of the day: super admins with manage_quotes (id 48 always). Global, not per program. */
export default async function quoteRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ValibotTypeProvider>();
  const config = { permission: 'manage_quotes' } as const;
  const tags = ['Admin'];

  const dateTaken = () => new ValidationError({ date_quote: [MESSAGES.dateTaken] });
  const orDateTaken = (error: unknown) => {
    throw isUniqueViolation(error) ? dateTaken() : error;
  };

  app.get(
    '',
    { config, schema: { querystring: quoteListQuery, response: { 200: quoteListResponse }, tags } },
    async (request) => ({ data: await fastify.quotes.list(request.query) }),
  );

  app.get('/:id', { config, schema: { params: idParams, response: { 200: quoteResponse }, tags } }, async (request) => {
    const quote = await fastify.quotes.find(request.params.id);
    if (!quote) throw fastify.httpErrors.notFound(MESSAGES.notFound);
    return { data: quote };
  });

  app.post(
    '/store',
    { config, schema: { body: quoteStoreBody, response: { 201: quoteSavedResponse }, tags } },
    async (request, reply) => {
      if (await fastify.quotes.dateTaken(request.body.date_quote)) throw dateTaken();
      const quote = await fastify.quotes.create(request.body, fastify.clock.now()).catch(orDateTaken);
      await fastify.audit.record(request, { action: 'quote.create', entity: 'quote', entityId: quote.id });
      return reply.code(201).send({ data: quote, message: MESSAGES.created });
    },
  );

  app.post(
    '/update',
    { config, schema: { body: quoteUpdateBody, response: { 200: quoteSavedResponse }, tags } },
    async (request) => {
      const { body } = request;
      if (await fastify.quotes.dateTaken(body.date_quote, body.id)) throw dateTaken();
      const quote = await fastify.quotes.update(body, fastify.clock.now()).catch(orDateTaken);
      if (!quote) throw fastify.httpErrors.notFound(MESSAGES.notFound);
      await fastify.audit.record(request, { action: 'quote.update', entity: 'quote', entityId: quote.id });
      return { data: quote, message: MESSAGES.updated };
    },
  );

  app.post(
    '/toggle-status',
    { config, schema: { body: quoteToggleBody, response: { 200: quoteToggleResponse }, tags } },
    async (request) => {
      const quote = await fastify.quotes.setStatus(request.body, fastify.clock.now());
      if (!quote) throw fastify.httpErrors.notFound(MESSAGES.notFound);
      await fastify.audit.record(request, {
        action: 'quote.toggle-status',
        entity: 'quote',
        entityId: quote.id,
        detail: { status: quote.status },
      });
      return { data: quote, message: MESSAGES.statusUpdated };
    },
  );

  app.post(
    '/delete',
    { config, schema: { body: quoteDeleteBody, response: { 200: quoteDeleteResponse }, tags } },
    async (request) => {
      if (!(await fastify.quotes.remove(request.body.id))) throw fastify.httpErrors.notFound(MESSAGES.notFound);
      await fastify.audit.record(request, { action: 'quote.delete', entity: 'quote', entityId: request.body.id });
      return { message: MESSAGES.deleted };
    },
  );
}
