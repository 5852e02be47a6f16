import fp from 'fastify-plugin';
import { quoteResource } from '@baridesk/contracts';
import type { Db } from '../../../db/client';
import { quotes } from '../../../db/schema';
import { createResourceRepository, searchColumns } from '../../platform/resource-kit';

declare module 'fastify' {
  interface FastifyInstance {
    quotes: QuotesRepository;
  }
}

/** The quotes of the day, managed by super admins; global, not per program, one per date (the unique index holds it when two saves race). */
export function createQuotesRepository(db: Db) {
  return createResourceRepository(db, quoteResource, { table: quotes, search: searchColumns(quotes.description) });
}

export type QuotesRepository = ReturnType<typeof createQuotesRepository>;

export default fp(
  async (fastify) => {
    fastify.decorate('quotes', createQuotesRepository(fastify.db));
  },
  { name: 'quotes-repository', dependencies: ['database'] },
);
