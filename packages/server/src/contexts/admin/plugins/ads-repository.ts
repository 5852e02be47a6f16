/**
 * The ads of the patient app (docs/admin.md "Ads"): ad sets, banner ads and discount ads on the resource
 * kit, both kinds of ad in the one `ads` table (each resource bound to its kind by `rows`), plus what
 * the kit does not do: a set's ads, resetting an ad's counters, and the app's read of the ads it may
 * show now. The counting itself is fastify.adCounts (ad-counts.ts).
 */
import fp from 'fastify-plugin';
import { and, eq, sql, type SQL } from 'drizzle-orm';
import {
  AD_MESSAGES,
  DISCOUNTS_PLACEMENT,
  adSetResource,
  bannerAdResource,
  discountAdResource,
  type AdCountEvent,
  type AppAd,
  type BannerAd,
  type ResourceItem,
} from '@baridesk/contracts';
import type { Db } from '../../../db/client';
import { queryRows } from '../../../db/client';
import { adSets, ads } from '../../../db/schema';
import { isoTimestamp } from '../../../lib/sql';
import type { Scope } from '../../../lib/scope';
import { createResourceRepository, searchColumns, type ResourceRepository, type ResourceTable } from '../../platform/resource-kit';

declare module 'fastify' {
  interface FastifyInstance {
    adSets: ResourceRepository<typeof adSetResource>;
    bannerAds: ResourceRepository<typeof bannerAdResource>;
    discountAds: ResourceRepository<typeof discountAdResource>;
    ads: AdsRepository;
  }
}

export type AdKind = 'banner' | 'discount';
type Row = Record<string, unknown>;

/** The counters as every ad's item gives them (bigint columns read as numbers; CTR per 100 impressions, 2 decimals). */
const stats = {
  impressions: sql<number>`${ads.impressions}::float8`,
  clicks: sql<number>`${ads.clicks}::float8`,
  ctr: sql<number | null>`case when ${ads.impressions} > 0 then round(${ads.clicks} * 100.0 / ${ads.impressions}, 2)::float8 end`,
  stats_reset_at: isoTimestamp(sql`${ads.stats_reset_at}`),
};

/** A banner ad has an image (the app draws nothing else); a discount ad's days run forwards. */
const adChecks =
  (kind: AdKind) =>
  async (_tx: unknown, _scope: Scope, values: Row): Promise<Record<string, string[]> | null> => {
    const errors: Record<string, string[]> = {};
    // On update an image not sent is kept, so only a store or a removal leaves it empty.
    if ('image' in values && values.image == null) errors.image = [AD_MESSAGES.imageRequired];
    if (kind === 'discount' && typeof values.starts_on === 'string' && typeof values.ends_on === 'string' && values.ends_on < values.starts_on) {
      errors.ends_on = [AD_MESSAGES.endBeforeStart];
    }
    return Object.keys(errors).length > 0 ? errors : null;
  };

const adTable = <R extends typeof bannerAdResource | typeof discountAdResource>(kind: AdKind, fileUrl: (key: string) => string): ResourceTable<R> => ({
  table: ads,
  rows: eq(ads.kind, kind),
  insertValues: () => ({ kind }),
  computed: stats as ResourceTable<R>['computed'],
  search: searchColumns(ads.title, ads.discount_code),
  checks: adChecks(kind),
  fileUrl,
});

export function createAdsRepository(db: Db, fileUrl: (key: string) => string) {
  const bannerAds = createResourceRepository(db, bannerAdResource, adTable('banner', fileUrl));
  const discountAds = createResourceRepository(db, discountAdResource, adTable('discount', fileUrl));

  const ofSet = (column: SQL) => sql`(select ${column} from ads a where a.ad_set_id = ad_sets.id)`;
  const setsBase = createResourceRepository(db, adSetResource, {
    table: adSets,
    // `ads` is filled in below, from the banner ads' own repository (their image URLs and counters).
    computed: {
      placement: sql<string>`coalesce(${adSets.placement}, '')`,
      ads_count: sql<number>`${ofSet(sql`count(*)::int`)}`,
      impressions: sql<number>`${ofSet(sql`coalesce(sum(a.impressions), 0)::float8`)}`,
      clicks: sql<number>`${ofSet(sql`coalesce(sum(a.clicks), 0)::float8`)}`,
    } as ResourceTable<typeof adSetResource>['computed'],
    search: searchColumns(adSets.name, adSets.placement),
  });

  type AdSetItem = ResourceItem<typeof adSetResource>;
  /** Each set with its banner ads in their order (sets are the app's few ad places, so one read per set). */
  const withAds = async <T extends AdSetItem | null>(scope: Scope, set: T): Promise<T> => {
    if (!set) return set;
    const page = await bannerAds.list(scope, { ad_set_id: set.id, page: 1, perPage: 'All', sort: 'order_index', direction: 'asc' });
    return { ...set, ads: page.data as BannerAd[] };
  };

  const adSetsRepository: ResourceRepository<typeof adSetResource> = {
    ...setsBase,
    async list(scope, query) {
      const page = await setsBase.list(scope, query);
      return { ...page, data: await Promise.all(page.data.map((set) => withAds(scope, set))) };
    },
    find: async (scope, id) => withAds(scope, await setsBase.find(scope, id)),
    async update(scope, id, body, now) {
      const result = await setsBase.update(scope, id, body, now);
      if (!result || 'errors' in result) return result;
      return { ...result, saved: await withAds(scope, result.saved), before: await withAds(scope, result.before) };
    },
  };

  return {
    adSets: adSetsRepository,
    bannerAds,
    discountAds,
    ads: {
      /** Zeroes an ad's counters and stamps when; null when there is no ad of this kind with the id. */
      async resetStats(kind: AdKind, id: number, now: Date) {
        const [row] = await db
          .update(ads)
          .set({ impressions: 0, clicks: 0, stats_reset_at: now, updated_at: now })
          .where(and(eq(ads.id, id), eq(ads.kind, kind)))
          .returning({ id: ads.id, ...stats });
        return row ?? null;
      },

      /**
       * The ids the app may count: active ads, a banner only while its set is active too. Dates are not
       * asked: an app back online reports yesterday's impressions of an ad that ended.
       */
      async countableIds(): Promise<Set<number>> {
        const rows = await queryRows<{ id: number }>(
          db,
          sql`select a.id from ads a left join ad_sets s on s.id = a.ad_set_id
              where a.status = 1 and (a.kind = 'discount' or s.status = 1)`,
        );
        return new Set(rows.map((row) => row.id));
      },

      /** Adds counts gathered in memory, in one statement: `{ id: { impression, click } }`. */
      async addCounts(counts: ReadonlyMap<number, Record<AdCountEvent, number>>) {
        if (counts.size === 0) return;
        const values = sql.join(
          [...counts].map(([id, n]) => sql`(${id}::int, ${n.impression}::bigint, ${n.click}::bigint)`),
          sql`, `,
        );
        await db.execute(sql`update ads set impressions = ads.impressions + c.impressions, clicks = ads.clicks + c.clicks
          from (values ${values}) as c(id, impressions, clicks) where ads.id = c.id`);
      },

      /**
       * What the app shows now (`today`: the patient's program's day): the active banner ads of active
       * sets (of one placement when asked) and the active discount ads whose days include today.
       */
      async forApp(today: string, placement: string | undefined): Promise<AppAd[]> {
        const banners = placement === DISCOUNTS_PLACEMENT ? sql`false` : placement ? sql`s.placement = ${placement}` : sql`true`;
        const discounts = placement === undefined || placement === DISCOUNTS_PLACEMENT ? sql`true` : sql`false`;
        const rows = await queryRows<AppAd>(
          db,
          sql`select a.id, a.kind, coalesce(s.placement, ${DISCOUNTS_PLACEMENT}) as placement, a.title, a.description, a.image,
                a.link, a.discount_code, a.starts_on::text as starts_on, a.ends_on::text as ends_on
              from ads a left join ad_sets s on s.id = a.ad_set_id
              where a.status = 1 and (
                (a.kind = 'banner' and s.status = 1 and ${banners})
                or (a.kind = 'discount' and ${discounts} and a.starts_on <= ${today}::date and a.ends_on >= ${today}::date))
              order by a.kind, s.placement, a.order_index, a.ends_on, a.id`,
        );
        return rows.map((row) => ({ ...row, image: row.image ? fileUrl(row.image) : null }));
      },
    },
  };
}

export type AdsRepository = ReturnType<typeof createAdsRepository>['ads'];

export default fp(
  async (fastify) => {
    const repositories = createAdsRepository(fastify.db, (key) => fastify.uploads.urlOf(key));
    fastify.decorate('adSets', repositories.adSets);
    fastify.decorate('bannerAds', repositories.bannerAds);
    fastify.decorate('discountAds', repositories.discountAds);
    fastify.decorate('ads', repositories.ads);
  },
  { name: 'ads-repository', dependencies: ['database', 'uploads'] },
);
