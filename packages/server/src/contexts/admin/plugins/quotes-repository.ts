import fp from 'fastify-plugin';
import { and, asc, desc, eq, ilike, ne, sql, type SQL } from 'drizzle-orm';
import type { Quote, QuoteListQuery, QuoteStoreBody, QuoteToggleBody, QuoteUpdateBody } from '@baridesk/contracts';
import type { Db } from '../../../db/client';
import { quotes } from '../../../db/schema';
import { likePattern, pageWindow, toPage } from '../../../lib/paging';

declare module 'fastify' {
  interface FastifyInstance {
    quotes: QuotesRepository;
  }
}

type Row = typeof quotes.$inferSelect;
const toQuote = (row: Row): Quote => ({
  id: row.id,
  description: row.description,
  date_quote: row.date_quote,
  status: row.status === 1 ? 1 : 0,
  created_at: row.created_at.toISOString(),
  updated_at: row.updated_at.toISOString(),
});

const SORT_COLUMNS = { date_quote: quotes.date_quote, description: quotes.description, status: quotes.status } as const;

/** The quotes of the day, managed by super admins; global, not per program. */
export function createQuotesRepository(db: Db) {
  return {
    async list(query: QuoteListQuery) {
      const conditions: (SQL | undefined)[] = [];
      if (query.search) conditions.push(ilike(quotes.description, likePattern(query.search)));
      if (query.status !== undefined) conditions.push(eq(quotes.status, query.status));
      const where = and(...conditions);
      const order = query.direction === 'desc' ? desc : asc;
      const { limit, offset } = pageWindow(query.page, query.perPage);
      const [rows, counted] = await Promise.all([
        db
          .select()
          .from(quotes)
          .where(where)
          .orderBy(order(SORT_COLUMNS[query.sort]), order(quotes.id))
          .limit(limit)
          .offset(offset),
        db.select({ total: sql<number>`count(*)::int` }).from(quotes).where(where),
      ]);
      return toPage(rows.map(toQuote), counted[0]?.total ?? 0, query.page, query.perPage);
    },

    async find(id: number) {
      const rows = await db.select().from(quotes).where(eq(quotes.id, id)).limit(1);
      return rows[0] ? toQuote(rows[0]) : null;
    },

    /** Whether another quote has this date. */
    async dateTaken(date: string, exceptId?: number): Promise<boolean> {
      const rows = await db
        .select({ id: quotes.id })
        .from(quotes)
        .where(and(eq(quotes.date_quote, date), exceptId === undefined ? undefined : ne(quotes.id, exceptId)))
        .limit(1);
      return rows.length > 0;
    },

    async create(body: QuoteStoreBody, now: Date) {
      const rows = await db
        .insert(quotes)
        .values({ description: body.description, date_quote: body.date_quote, status: body.status, created_at: now, updated_at: now })
        .returning();
      return toQuote(rows[0] as Row);
    },

    /** The updated quote, or null when there is none with this id. */
    async update(body: QuoteUpdateBody, now: Date) {
      const rows = await db
        .update(quotes)
        .set({ description: body.description, date_quote: body.date_quote, status: body.status, updated_at: now })
        .where(eq(quotes.id, body.id))
        .returning();
      return rows[0] ? toQuote(rows[0]) : null;
    },

    async setStatus(body: QuoteToggleBody, now: Date) {
      const rows = await db
        .update(quotes)
        .set({ status: body.status, updated_at: now })
        .where(eq(quotes.id, body.id))
        .returning({ id: quotes.id, status: quotes.status });
      const row = rows[0];
      return row ? { id: row.id, status: (row.status === 1 ? 1 : 0) as 0 | 1 } : null;
    },

    /** Deletes the quote; false when there is none with this id. */
    async remove(id: number): Promise<boolean> {
      const rows = await db.delete(quotes).where(eq(quotes.id, id)).returning({ id: quotes.id });
      return rows.length > 0;
    },
  };
}

export type QuotesRepository = ReturnType<typeof createQuotesRepository>;

export default fp(
  async (fastify) => {
    fastify.decorate('quotes', createQuotesRepository(fastify.db));
  },
  { name: 'quotes-repository', dependencies: ['database'] },
);
