/**
 * What a program's patients see of its content library (GET /api/app/content): every content menu the
 * program has switched on, with its page or its active categories and items in their order, and its
 * active dynamic sections. See docs/content.md ("What the patient sees").
 *
 * The answer is built once per (program, content version) and kept serialised: the database raises a
 * program's `content_versions.version` on every write to the tables it reads (migration 0020), so a
 * request costs one small query for the version, and the cached text (or 304) is the answer. Replicas
 * each keep their own cache; they agree because the key is the database's version.
 */
import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlibConstants, gzip } from 'node:zlib';
import { and, asc, eq } from 'drizzle-orm';
import {
  CONTACT_GROUPS,
  CONTENT_LIBRARY,
  DYNAMIC_SECTION_MENU,
  SUPPORT_GROUP_MENU_PAGE,
  type AppContent,
  type AppContentCategory,
  type AppContentGroup,
  type AppContentItem,
  type AppContentMenu,
  type AppContentPage,
  type ContentType,
} from '@baridesk/contracts';
import { SPECIAL_PROGRAM_ID } from '@baridesk/domain';
import type { Db, Tx } from '../../db/client';
import {
  contentCategories,
  contentItems,
  contentPages,
  contentSubCategories,
  contentVersions,
  dynamicContentSections,
  programs,
  subMenuManagers,
  subMenus,
} from '../../db/schema';

/** The page type whose record gives the app the program's name and logo (not a menu of its own). */
const PROGRAM_LOGO_PAGE = 'program-logo';

/**
 * The registry's part of every ETag: a new release whose registry changed (a label, a type) must not
 * answer 304 to a body the old one built.
 */
const REGISTRY_STAMP = createHash('sha256').update(JSON.stringify(CONTENT_LIBRARY)).digest('base64url').slice(0, 8);

/** Programs whose answers are kept at once (each keeps only its newest version). */
const CACHED_PROGRAMS = 500;

/** A built answer: its ETag, the serialised `{ data }` and its compressed forms, made the first time asked. */
export interface AppContentAnswer {
  etag: string;
  version: number;
  /** The serialised `{ data }` as UTF-8 bytes, encoded once (a string would be encoded again for every answer). */
  body: Buffer;
  /** The same bytes compressed, for a client that accepts it (made once per version, then kept). */
  encoded(encoding: 'br' | 'gzip'): Promise<Buffer>;
}

/** The program's current stamp: its content version and what the answer shows of the program row. */
interface Stamp {
  programId: number;
  version: number;
  /** A digest of the program's name and image, which live outside the versioned tables. */
  head: string;
}

const etagOf = (s: Stamp) => `W/"${REGISTRY_STAMP}-${s.programId}-${s.version}-${s.head}"`;

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** True when an If-None-Match header names this ETag (weak comparison, as RFC 9110 asks for If-None-Match). */
export function matchesEtag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const opaque = etag.replace(/^W\//, '');
  return ifNoneMatch.split(',').some((tag) => {
    const given = tag.trim();
    return given === '*' || given.replace(/^W\//, '') === opaque;
  });
}

type ItemRow = typeof contentItems.$inferSelect;
type CategoryRow = typeof contentCategories.$inferSelect;
type SubCategoryRow = typeof contentSubCategories.$inferSelect;
type PageRow = typeof contentPages.$inferSelect;

/** The app's content reader with its cache; `fileUrl` gives a stored image key's URL (`fastify.uploads.urlOf`). */
export function createAppContentReader(db: Db, fileUrl: (key: string) => string) {
  const image = (key: string | null) => (key ? fileUrl(key) : null);
  /** Newest answer per program; Map order is the eviction order (least recently used first). */
  const cache = new Map<number, { etag: string; answer: Promise<AppContentAnswer> }>();

  async function stampOf(tx: Tx, programId: number): Promise<(Stamp & { title: string; image: string | null }) | null> {
    const [row] = await tx
      .select({ version: contentVersions.version, title: programs.title, image: programs.profile_image })
      .from(programs)
      .leftJoin(contentVersions, eq(contentVersions.program_id, programs.id))
      .where(eq(programs.id, programId))
      .limit(1);
    if (!row) return null;
    const head = createHash('sha256').update(`${row.title}\u0000${row.image ?? ''}`).digest('base64url').slice(0, 8);
    return { programId, version: row.version ?? 0, head, title: row.title, image: row.image };
  }

  const toItem = (row: ItemRow): AppContentItem => ({
    id: row.id,
    title: row.title,
    subtitle: row.subtitle,
    body: row.body,
    image: image(row.image),
    link: row.link,
    video_url: row.video_url,
    duration_minutes: row.duration_minutes,
    phone: row.phone,
    email: row.email,
    address: row.address,
    category_id: row.category_id,
    sub_category_id: row.sub_category_id,
  });
  const toPage = (row: PageRow): AppContentPage => ({
    title: row.title,
    body: row.body,
    image: image(row.image),
    link: row.link,
    updated_at: row.updated_at.toISOString(),
  });

  /** Reads everything in one snapshot, so the answer is exactly the content of the version it is cached under. */
  async function build(programId: number): Promise<AppContentAnswer | null> {
    const built = await db.transaction(
      async (tx) => {
        const stamp = await stampOf(tx, programId);
        if (!stamp) return null;
        const switches = await tx
          .select({ title: subMenus.title, status: subMenuManagers.status })
          .from(subMenuManagers)
          .innerJoin(subMenus, eq(subMenus.id, subMenuManagers.sub_menu_id))
          .where(eq(subMenuManagers.program_id, programId));
        const pages = await tx.select().from(contentPages).where(eq(contentPages.program_id, programId));
        const categories = await tx
          .select()
          .from(contentCategories)
          .where(and(eq(contentCategories.program_id, programId), eq(contentCategories.status, 1)))
          .orderBy(asc(contentCategories.order_index), asc(contentCategories.id));
        const subCategories = await tx
          .select()
          .from(contentSubCategories)
          .where(and(eq(contentSubCategories.program_id, programId), eq(contentSubCategories.status, 1)))
          .orderBy(asc(contentSubCategories.order_index), asc(contentSubCategories.id));
        const items = await tx
          .select()
          .from(contentItems)
          .where(and(eq(contentItems.program_id, programId), eq(contentItems.status, 1)))
          .orderBy(asc(contentItems.order_index), asc(contentItems.id));
        const sections = await tx
          .select({ id: dynamicContentSections.id, name: dynamicContentSections.name })
          .from(dynamicContentSections)
          .where(and(eq(dynamicContentSections.program_id, programId), eq(dynamicContentSections.status, 1)))
          .orderBy(asc(dynamicContentSections.order_index), asc(dynamicContentSections.id));
        const content = assemble({ programId, program: stamp, switches, pages, categories, subCategories, items, sections, version: stamp.version });
        return { stamp, content };
      },
      { isolationLevel: 'repeatable read', accessMode: 'read only' },
    );
    if (!built) return null;
    const body = Buffer.from(JSON.stringify({ data: built.content }), 'utf8');
    const encodings = new Map<'br' | 'gzip', Promise<Buffer>>();
    return {
      etag: etagOf(built.stamp),
      version: built.stamp.version,
      body,
      encoded(encoding) {
        let made = encodings.get(encoding);
        if (!made) {
          // Made once per version, so brotli may work harder than an on-the-fly compression would.
          made =
            encoding === 'br'
              ? brotli(body, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 9, [zlibConstants.BROTLI_PARAM_SIZE_HINT]: body.length } })
              : gzipAsync(body, { level: 9 });
          encodings.set(encoding, made);
        }
        return made;
      },
    };
  }

  interface Rows {
    programId: number;
    program: { title: string; image: string | null };
    switches: { title: string; status: number }[];
    pages: PageRow[];
    categories: CategoryRow[];
    subCategories: SubCategoryRow[];
    items: ItemRow[];
    sections: { id: number; name: string }[];
    version: number;
  }

  function assemble(rows: Rows): AppContent {
    const on = new Set(rows.switches.filter((s) => s.status === 1).map((s) => s.title));
    const pageOf = new Map(rows.pages.map((p) => [p.page, p]));
    // Only rows under active parents: an item of a switched-off category or sub-category is hidden with it.
    const subsByCategory = groupBy(rows.subCategories, (s) => s.category_id);
    const activeCategories = new Set(rows.categories.map((c) => c.id));
    const activeSubs = new Set(rows.subCategories.filter((s) => activeCategories.has(s.category_id)).map((s) => s.id));
    const visible = rows.items.filter(
      (i) => (i.category_id === null || activeCategories.has(i.category_id)) && (i.sub_category_id === null || activeSubs.has(i.sub_category_id)),
    );
    const categoriesOf = (rowsOf: CategoryRow[]): AppContentCategory[] =>
      rowsOf.map((c) => ({
        id: c.id,
        name: c.name,
        image: image(c.image),
        sub_categories: (subsByCategory.get(c.id) ?? []).map((s) => ({ id: s.id, name: s.name, image: image(s.image) })),
      }));
    const libraryCategories = groupBy(
      rows.categories.filter((c) => c.section_id === null),
      (c) => c.menu,
    );
    const libraryItems = groupBy(
      visible.filter((i) => i.section_id === null),
      (i) => i.menu,
    );

    const special = rows.programId === SPECIAL_PROGRAM_ID;
    const menuOf = (type: ContentType, group: AppContentGroup | null): AppContentMenu | null => {
      if (type.shape === 'page') {
        const page = pageOf.get(type.key);
        return page ? { key: type.key, label: type.label, group, shape: 'page', page: toPage(page) } : null;
      }
      let items = libraryItems.get(type.key) ?? [];
      // The special program's contacts belong to one group each (a contact without one shows in both).
      if (special && type.key === 'contacts' && group !== null) {
        const wanted = group === 'weight-management' ? CONTACT_GROUPS.weightManagement : CONTACT_GROUPS.weightLossSurgery;
        items = items.filter((i) => i.weight_loss_type === null || i.weight_loss_type === wanted);
      }
      if (items.length === 0) return null;
      const intro = type.key === 'support-group' ? pageOf.get(SUPPORT_GROUP_MENU_PAGE) : undefined;
      return {
        key: type.key,
        label: type.label,
        group,
        shape: 'list',
        intro: intro ? toPage(intro) : null,
        categories: type.categories > 0 ? categoriesOf(libraryCategories.get(type.key) ?? []) : [],
        items: items.map(toItem),
      };
    };
    const shown = (CONTENT_LIBRARY as readonly ContentType[]).filter((t) => t.key !== PROGRAM_LOGO_PAGE && (t.title === null || on.has(t.title)));
    const menus = special
      ? (['weight-management', 'weight-loss-surgery'] as const).flatMap((group) =>
          shown
            .filter((t) => t.key === 'contacts' || Boolean(t.weightManagement) === (group === 'weight-management'))
            .map((t) => menuOf(t, group)),
        )
      : shown.map((t) => menuOf(t, null));

    const sectionCategories = groupBy(
      rows.categories.filter((c) => c.menu === DYNAMIC_SECTION_MENU && c.section_id !== null),
      (c) => c.section_id as number,
    );
    const sectionItems = groupBy(
      visible.filter((i) => i.menu === DYNAMIC_SECTION_MENU && i.section_id !== null),
      (i) => i.section_id as number,
    );
    const logo = pageOf.get(PROGRAM_LOGO_PAGE);
    return {
      version: rows.version,
      program: { id: rows.programId, name: logo?.title ?? rows.program.title, logo: image(logo?.image ?? rows.program.image) },
      menus: menus.filter((m): m is AppContentMenu => m !== null),
      sections: rows.sections.map((s) => ({
        id: s.id,
        name: s.name,
        categories: categoriesOf(sectionCategories.get(s.id) ?? []),
        items: (sectionItems.get(s.id) ?? []).map(toItem),
      })),
    };
  }

  return {
    /**
     * The program's answer now: one query for its stamp, then the cached answer of that stamp or a new
     * one (built once however many ask at the same moment). Null for an unknown program.
     */
    async current(programId: number): Promise<AppContentAnswer | null> {
      const stamp = await stampOf(db, programId);
      if (!stamp) return null;
      const etag = etagOf(stamp);
      const hit = cache.get(programId);
      if (hit && hit.etag === etag) {
        cache.delete(programId);
        cache.set(programId, hit);
        return hit.answer;
      }
      const answer = build(programId).then((built) => {
        if (!built) throw new Error(`program ${programId} disappeared while its content was read`);
        return built;
      });
      const entry = { etag, answer };
      cache.delete(programId);
      cache.set(programId, entry);
      // The build may have seen a newer version than the stamp (a write in between): the entry takes the
      // built answer's own ETag, so the next request, which reads the newer stamp, finds it.
      answer.then(
        (built) => {
          if (cache.get(programId) === entry) entry.etag = built.etag;
        },
        () => {
          if (cache.get(programId) === entry) cache.delete(programId);
        },
      );
      while (cache.size > CACHED_PROGRAMS) cache.delete(cache.keys().next().value as number);
      return answer;
    },
  };
}

export type AppContentReader = ReturnType<typeof createAppContentReader>;

function groupBy<T, K>(rows: readonly T[], keyOf: (row: T) => K): Map<K, T[]> {
  const map = new Map<K, T[]>();
  for (const row of rows) {
    const key = keyOf(row);
    const list = map.get(key);
    if (list) list.push(row);
    else map.set(key, [row]);
  }
  return map;
}
