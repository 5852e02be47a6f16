import fp from 'fastify-plugin';
import { and, asc, eq, isNotNull } from 'drizzle-orm';
import {
  DYNAMIC_SECTION_MENU,
  dynamicSectionCategoryResource,
  dynamicSectionItemResource,
  dynamicSectionResource,
  dynamicSectionSubCategoryResource,
  type DynamicContentSection,
} from '@baridesk/contracts';
import type { Db } from '../../../db/client';
import { contentCategories, contentItems, contentSubCategories, dynamicContentSections as sections } from '../../../db/schema';
import type { StaffScope } from '../../../lib/scope';
import { asFlag } from '../../../lib/sql';
import { createResourceRepository, searchColumns, type CategoryTable, type ResourceRepository } from '../../platform/resource-kit';
import { createCategoriesRepository, createSubCategoriesRepository } from './content-library-repository';

declare module 'fastify' {
  interface FastifyInstance {
    dynamicSections: DynamicSectionsRepository;
  }
}

type SectionsResource = typeof dynamicSectionResource;

/** The stored images of a section's rows (items, categories, sub-categories), removed with it. */
async function filesOfSection(db: Db, programId: number, sectionId: number): Promise<string[]> {
  const keys = await Promise.all(
    [contentItems, contentCategories, contentSubCategories].map((table) =>
      db
        .select({ key: table.image })
        .from(table)
        .where(and(eq(table.program_id, programId), eq(table.section_id, sectionId), isNotNull(table.image))),
    ),
  );
  return keys.flat().map((row) => row.key!);
}

/** A section's rows of the library's tables: the 'dynamic-section' menu, each with its section (the kit's partition). */
const ofSections = (table: typeof contentItems | typeof contentCategories | typeof contentSubCategories) =>
  and(eq(table.menu, DYNAMIC_SECTION_MENU), isNotNull(table.section_id))!;
const inSectionsMenu = () => ({ menu: DYNAMIC_SECTION_MENU });

/** The categories a section's item or sub-category may name: its section's (the partition checks the section). */
const sectionCategories: CategoryTable = { table: contentCategories, name: contentCategories.name, rows: ofSections(contentCategories) };
const sectionSubCategories: CategoryTable = {
  table: contentSubCategories,
  name: contentSubCategories.name,
  parent: contentSubCategories.category_id,
  rows: ofSections(contentSubCategories),
};

/**
 * The program's dynamic sections on the resource kit, and the active ones in the sidebar's order (what
 * the sidebar cache reads). Deleting a section removes its items, categories and sub-categories (their
 * section_id cascades) and, once that has committed, their images. A section's items, categories and
 * sub-categories are the content library's rows of menu 'dynamic-section', split by section_id; the
 * categories follow the library's rules (names unique in their list, not deleted while in use).
 */
export function createDynamicSectionsRepository(db: Db, fileUrl: (key: string) => string) {
  const kit = createResourceRepository(db, dynamicSectionResource, {
    table: sections,
    insertValues: (scope) => ({ created_by: scope.accountId }),
  });

  const sectionRepository: ResourceRepository<SectionsResource> = {
    ...kit,
    async remove(scope, id, now) {
      // Read before the delete: its cascade takes the rows. An item saved with an image in between
      // leaves that one file behind, never a broken record.
      const files = scope.programId === null ? [] : await filesOfSection(db, scope.programId, id);
      const result = await kit.remove(scope, id, now);
      return result && 'deleted' in result ? { ...result, files: [...result.files, ...files] } : result;
    },
  };

  return {
    sections: sectionRepository,

    items: createResourceRepository(db, dynamicSectionItemResource, {
      table: contentItems,
      rows: ofSections(contentItems),
      insertValues: (scope) => ({ ...inSectionsMenu(), created_by: scope.accountId }),
      search: searchColumns(contentItems.title),
      categories: [sectionCategories, sectionSubCategories],
      fileUrl,
    }),
    categories: createCategoriesRepository(db, dynamicSectionCategoryResource, ofSections(contentCategories), fileUrl, inSectionsMenu),
    subCategories: createSubCategoriesRepository(
      db,
      dynamicSectionSubCategoryResource,
      ofSections(contentSubCategories),
      sectionCategories,
      fileUrl,
      inSectionsMenu,
    ),

    /** Whether the section is the caller's program's (a partition value its items' calls may carry). */
    async owns(scope: StaffScope, sectionId: number): Promise<boolean> {
      const rows = await db
        .select({ id: sections.id })
        .from(sections)
        .where(and(eq(sections.id, sectionId), eq(sections.program_id, scope.programId)))
        .limit(1);
      return rows.length > 0;
    },

    /** Active sections, as the sidebar lists them under Content: in the order the sub user gave them. */
    async active(scope: StaffScope): Promise<DynamicContentSection[]> {
      const rows = await db
        .select()
        .from(sections)
        .where(and(eq(sections.program_id, scope.programId), eq(sections.status, 1)))
        .orderBy(asc(sections.order_index), asc(sections.id));
      return rows.map((row) => ({
        id: row.id,
        name: row.name,
        status: asFlag(row.status),
        created_at: row.created_at.toISOString(),
        updated_at: row.updated_at.toISOString(),
      }));
    },
  };
}

export type DynamicSectionsRepository = ReturnType<typeof createDynamicSectionsRepository>;

export default fp(
  async (fastify) => {
    fastify.decorate('dynamicSections', createDynamicSectionsRepository(fastify.db, (key) => fastify.uploads.urlOf(key)));
  },
  { name: 'dynamic-sections-repository', dependencies: ['database', 'uploads'] },
);
