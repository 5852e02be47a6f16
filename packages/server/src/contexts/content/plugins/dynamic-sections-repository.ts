import fp from 'fastify-plugin';
import { and, asc, desc, eq, ilike, sql, type SQL } from 'drizzle-orm';
import type { DynamicContentSection, DynamicSectionListQuery, DynamicSectionStoreBody } from '@baridesk/contracts';
import type { Db } from '../../../db/client';
import { dynamicContentSections as sections } from '../../../db/schema';
import { likePattern, pageWindow, toPage } from '../../../lib/paging';
import type { StaffScope } from '../../../lib/scope';
import { asFlag } from '../../../lib/sql';

declare module 'fastify' {
  interface FastifyInstance {
    dynamicSections: DynamicSectionsRepository;
  }
}

type Row = typeof sections.$inferSelect;
const toSection = (row: Row): DynamicContentSection => ({
  id: row.id,
  name: row.name,
  status: asFlag(row.status),
  created_at: row.created_at.toISOString(),
  updated_at: row.updated_at.toISOString(),
});

const SORT_COLUMNS = { name: sections.name, status: sections.status, created_at: sections.created_at } as const;

/** Content sections a sub user adds to the program's content menu. */
export function createDynamicSectionsRepository(db: Db) {
  return {
    async list(scope: StaffScope, query: DynamicSectionListQuery) {
      const conditions: (SQL | undefined)[] = [eq(sections.program_id, scope.programId)];
      if (query.search) conditions.push(ilike(sections.name, likePattern(query.search)));
      if (query.status !== undefined) conditions.push(eq(sections.status, query.status));
      const where = and(...conditions);
      const order = query.direction === 'desc' ? desc : asc;
      const { limit, offset } = pageWindow(query.page, query.perPage);
      const [rows, counted] = await Promise.all([
        db
          .select()
          .from(sections)
          .where(where)
          .orderBy(order(SORT_COLUMNS[query.sort]), order(sections.id))
          .limit(limit)
          .offset(offset),
        db.select({ total: sql<number>`count(*)::int` }).from(sections).where(where),
      ]);
      return toPage(rows.map(toSection), counted[0]?.total ?? 0, query.page, query.perPage);
    },

    /** Active sections, as the sidebar lists them under Content. */
    async active(scope: StaffScope) {
      const rows = await db
        .select()
        .from(sections)
        .where(and(eq(sections.program_id, scope.programId), eq(sections.status, 1)))
        .orderBy(asc(sections.name), asc(sections.id));
      return rows.map(toSection);
    },

    async nameTaken(scope: StaffScope, name: string): Promise<boolean> {
      const rows = await db
        .select({ id: sections.id })
        .from(sections)
        .where(and(eq(sections.program_id, scope.programId), sql`lower(${sections.name}) = ${name.toLowerCase()}`))
        .limit(1);
      return rows.length > 0;
    },

    async create(scope: StaffScope, body: DynamicSectionStoreBody, now: Date) {
      const rows = await db
        .insert(sections)
        .values({
          program_id: scope.programId,
          name: body.name,
          status: body.status,
          created_by: scope.accountId,
          created_at: now,
          updated_at: now,
        })
        .returning();
      return toSection(rows[0] as Row);
    },
  };
}

export type DynamicSectionsRepository = ReturnType<typeof createDynamicSectionsRepository>;

export default fp(
  async (fastify) => {
    fastify.decorate('dynamicSections', createDynamicSectionsRepository(fastify.db));
  },
  { name: 'dynamic-sections-repository', dependencies: ['database'] },
);
