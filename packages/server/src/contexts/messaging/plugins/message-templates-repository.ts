import fp from 'fastify-plugin';
import { and, asc, desc, eq, ilike, ne, or, sql, type SQL } from 'drizzle-orm';
import type {
  MessageTemplate,
  MessageTemplateListQuery,
  MessageTemplateStoreBody,
  MessageTemplateUpdateBody,
} from '@baridesk/contracts';
import type { Db } from '../../../db/client';
import { messageTemplates as templates } from '../../../db/schema';
import { likePattern, pageWindow, toPage } from '../../../lib/paging';
import type { StaffScope } from '../../../lib/scope';

declare module 'fastify' {
  interface FastifyInstance {
    messageTemplates: MessageTemplatesRepository;
  }
}

type Row = typeof templates.$inferSelect;
const toTemplate = (row: Row): MessageTemplate => ({
  id: row.id,
  title: row.title,
  message: row.message,
  status: row.status === 1 ? 1 : 0,
  created_at: row.created_at.toISOString(),
  updated_at: row.updated_at.toISOString(),
});

const SORT_COLUMNS = {
  title: templates.title,
  status: templates.status,
  created_at: templates.created_at,
  updated_at: templates.updated_at,
} as const;

/** A program's message templates. Every method is bound to scope.programId: another program's id is not found. */
export function createMessageTemplatesRepository(db: Db) {
  const own = (scope: StaffScope, id: number) => and(eq(templates.id, id), eq(templates.program_id, scope.programId));

  return {
    async list(scope: StaffScope, query: MessageTemplateListQuery) {
      const conditions: (SQL | undefined)[] = [eq(templates.program_id, scope.programId)];
      if (query.search) {
        const pattern = likePattern(query.search);
        conditions.push(or(ilike(templates.title, pattern), ilike(templates.message, pattern)));
      }
      if (query.status !== undefined) conditions.push(eq(templates.status, query.status));
      const where = and(...conditions);
      const order = query.direction === 'desc' ? desc : asc;
      const { limit, offset } = pageWindow(query.page, query.perPage);
      const [rows, counted] = await Promise.all([
        db
          .select()
          .from(templates)
          .where(where)
          .orderBy(order(SORT_COLUMNS[query.sort]), order(templates.id))
          .limit(limit)
          .offset(offset),
        db.select({ total: sql<number>`count(*)::int` }).from(templates).where(where),
      ]);
      return toPage(rows.map(toTemplate), counted[0]?.total ?? 0, query.page, query.perPage);
    },

    /** Whether another template of the program has this title, whatever its case. */
    async titleTaken(scope: StaffScope, title: string, exceptId?: number): Promise<boolean> {
      const rows = await db
        .select({ id: templates.id })
        .from(templates)
        .where(
          and(
            eq(templates.program_id, scope.programId),
            sql`lower(${templates.title}) = ${title.toLowerCase()}`,
            exceptId === undefined ? undefined : ne(templates.id, exceptId),
          ),
        )
        .limit(1);
      return rows.length > 0;
    },

    async create(scope: StaffScope, body: MessageTemplateStoreBody, now: Date) {
      const rows = await db
        .insert(templates)
        .values({
          program_id: scope.programId,
          title: body.title,
          message: body.message,
          status: body.status,
          created_by: scope.accountId,
          created_at: now,
          updated_at: now,
        })
        .returning();
      return toTemplate(rows[0] as Row);
    },

    /** The updated template, or null when the program has no template with this id. */
    async update(scope: StaffScope, body: MessageTemplateUpdateBody, now: Date) {
      const rows = await db
        .update(templates)
        .set({ title: body.title, message: body.message, status: body.status, updated_at: now })
        .where(own(scope, body.id))
        .returning();
      return rows[0] ? toTemplate(rows[0]) : null;
    },

    /** Deletes the template; false when the program has none with this id. */
    async remove(scope: StaffScope, id: number): Promise<boolean> {
      const rows = await db.delete(templates).where(own(scope, id)).returning({ id: templates.id });
      return rows.length > 0;
    },
  };
}

export type MessageTemplatesRepository = ReturnType<typeof createMessageTemplatesRepository>;

export default fp(
  async (fastify) => {
    fastify.decorate('messageTemplates', createMessageTemplatesRepository(fastify.db));
  },
  { name: 'message-templates-repository', dependencies: ['database'] },
);
