import fp from 'fastify-plugin';
import { and, eq } from 'drizzle-orm';
import { CONTENT_PAGE_FIELDS, type ContentPage, type ContentPageField } from '@baridesk/contracts';
import type { Db } from '../../../db/client';
import { contentPages } from '../../../db/schema';
import type { StaffScope } from '../../../lib/scope';

declare module 'fastify' {
  interface FastifyInstance {
    contentPages: ContentPagesRepository;
  }
}

type PageRow = typeof contentPages.$inferSelect;

/** The stored values of a page's fields: text, the link, sanitised HTML and the image's upload key. */
export type PageValues = { [K in ContentPageField]: string | null };

/** A save's outcome: the page as the API gives it, which fields changed, and the file the save replaced or removed. */
export interface SavedPage {
  id: number;
  page: ContentPage;
  changed: ContentPageField[];
  replacedImage: string | null;
}

/**
 * The content library's pages (fastify.contentPages): one row per program and page type, read by its
 * key and written whole by the page's form. Every method is bound to scope.programId.
 */
export function createContentPagesRepository(db: Db, fileUrl: (key: string) => string) {
  const pageOf = (key: string, row: PageRow | undefined): ContentPage => ({
    key,
    title: row?.title ?? null,
    link: row?.link ?? null,
    body: row?.body ?? null,
    image: row?.image ? fileUrl(row.image) : null,
    updated_at: row ? row.updated_at.toISOString() : null,
  });
  const mine = (scope: StaffScope, key: string) => and(eq(contentPages.program_id, scope.programId), eq(contentPages.page, key));

  return {
    /** The program's page; an empty one (every field null) before its first save. */
    async find(scope: StaffScope, key: string): Promise<ContentPage> {
      const [row] = await db.select().from(contentPages).where(mine(scope, key)).limit(1);
      return pageOf(key, row);
    },

    /** The stored image key of the program's page (a required image may be kept by leaving it out of a save). */
    async imageKey(scope: StaffScope, key: string): Promise<string | null> {
      const [row] = await db.select({ image: contentPages.image }).from(contentPages).where(mine(scope, key)).limit(1);
      return row?.image ?? null;
    },

    /**
     * Writes the page's fields (`image` undefined keeps the stored one). The row is created on the first
     * save; two first saves at once meet at the unique (program, page) index and the second updates the
     * row the first made, with the row locked, so neither's replaced image is lost track of.
     */
    async save(scope: StaffScope, key: string, values: Partial<PageValues>, now: Date): Promise<SavedPage> {
      return db.transaction(async (tx) => {
        await tx
          .insert(contentPages)
          .values({ program_id: scope.programId, page: key, updated_by: scope.accountId, created_at: now, updated_at: now })
          .onConflictDoNothing({ target: [contentPages.program_id, contentPages.page] });
        const [before] = await tx.select().from(contentPages).where(mine(scope, key)).for('update');
        const written = Object.fromEntries(CONTENT_PAGE_FIELDS.filter((name) => values[name] !== undefined).map((name) => [name, values[name]]));
        const [after] = await tx
          .update(contentPages)
          .set({ ...written, updated_by: scope.accountId, updated_at: now })
          .where(eq(contentPages.id, before!.id))
          .returning();
        const changed = CONTENT_PAGE_FIELDS.filter((name) => before![name] !== after![name]);
        const replacedImage = before!.image !== null && before!.image !== after!.image ? before!.image : null;
        return { id: after!.id, page: pageOf(key, after), changed, replacedImage };
      });
    },
  };
}

export type ContentPagesRepository = ReturnType<typeof createContentPagesRepository>;

export default fp(
  async (fastify) => {
    fastify.decorate('contentPages', createContentPagesRepository(fastify.db, (key) => fastify.uploads.urlOf(key)));
  },
  { name: 'content-pages-repository', dependencies: ['database', 'uploads'] },
);
