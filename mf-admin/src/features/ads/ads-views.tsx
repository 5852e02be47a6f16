import { AD_PLACEMENTS, adSetResource, bannerAdResource, discountAdResource } from '@baridesk/contracts';
import type { DataTableColumn } from '@baridesk/ui/lists';
import { defineResourceView, type ResourceRecord } from '@baridesk/ui/resources';

export const AD_SETS_PATH = '/admin/ads-sets';
export const DISCOUNT_ADS_PATH = '/admin/discount-ads';
export const adPaths = {
  sets: AD_SETS_PATH,
  set: (id: number) => `${AD_SETS_PATH}/${id}`,
  discounts: DISCOUNT_ADS_PATH,
  /** The spec's one form page of a discount ad: `?id=` for an existing one. */
  discountForm: (id?: number) => (id ? `${DISCOUNT_ADS_PATH}/edit?id=${id}` : `${DISCOUNT_ADS_PATH}/edit`),
};

const numberFormat = new Intl.NumberFormat('en-US');

/**
 * Clicks per 100 impressions: an ad's as the server gives it, a set's from its totals; a dash before
 * the first impression.
 */
export function ctrText(row: ResourceRecord): string {
  const impressions = Number(row.impressions ?? 0);
  const ctr = typeof row.ctr === 'number' ? row.ctr : impressions > 0 ? (Number(row.clicks ?? 0) * 100) / impressions : null;
  return ctr === null ? '–' : `${ctr.toFixed(2)}%`;
}

/** An ad's (or a set's) counters since its last reset, as list columns. */
export const statsColumns = (sortable: boolean): DataTableColumn<ResourceRecord>[] => [
  { key: 'impressions', header: 'Impressions', align: 'end', sortable, render: (row) => numberFormat.format(Number(row.impressions ?? 0)) },
  { key: 'clicks', header: 'Clicks', align: 'end', sortable, render: (row) => numberFormat.format(Number(row.clicks ?? 0)) },
  { key: 'ctr', header: 'CTR', align: 'end', sortable, render: ctrText },
];

const placementName = (placement: unknown) => AD_PLACEMENTS[placement as keyof typeof AD_PLACEMENTS] ?? String(placement ?? '');

/**
 * The app's ad places (/admin/ads-sets): a set's name links to its page (its banner ads); the list's
 * totals are of its ads. No Add or Delete: the places are the app's.
 */
export const adSetsView = defineResourceView({
  resource: adSetResource,
  words: { many: 'ad sets' },
  texts: { title: 'Ad Sets', editTitle: 'Edit Ad Set' },
  listPath: AD_SETS_PATH,
  showPath: adPaths.set,
  columns: [
    'name',
    { key: 'placement', header: 'Place in the app', sortable: true, render: (set) => placementName(set.placement) },
    { key: 'ads_count', header: 'Ads', align: 'end', sortable: true, render: (set) => set.ads_count },
    ...statsColumns(false),
    'status',
  ],
  fields: { name: { helperText: 'The set’s name on these screens; the app shows its ads in its place.' } },
});

/** A set's banner ads (on the set's page): impressions, clicks, CTR, a switch, and Reset statistics beside Edit and Delete. */
export const bannerAdsView = defineResourceView({
  resource: bannerAdResource,
  words: { many: 'banner ads' },
  texts: { addTitle: 'Add Banner Ad', editTitle: 'Edit Banner Ad' },
  columns: ['image', 'title', ...statsColumns(true), 'status', 'actions'],
  fields: {
    image: { helperText: 'At least 640 × 200 pixels: a strip across the app’s screen.' },
    link: { helperText: 'Where a tap on the banner goes.' },
  },
  deleteQuestion: (_ad, name) => ({ title: 'Delete banner ad', message: `Delete "${name}"? It leaves the app and its statistics are lost. This cannot be undone.` }),
});

/** Discount ads (/admin/discount-ads): the form on the spec's /admin/discount-ads/edit page. */
export const discountAdsView = defineResourceView({
  resource: discountAdResource,
  words: { many: 'discount ads' },
  texts: { addTitle: 'Add Discount Ad', editTitle: 'Edit Discount Ad' },
  form: { mode: 'page', path: adPaths.discountForm },
  listPath: DISCOUNT_ADS_PATH,
  columns: ['title', 'discount_code', 'starts_on', 'ends_on', ...statsColumns(true), 'status', 'actions'],
  fields: {
    image: { helperText: 'At least 400 × 225 pixels.' },
    starts_on: { helperText: 'The app shows the ad from this day…' },
    ends_on: { helperText: '…to this day, both included.' },
  },
  deleteQuestion: (_ad, name) => ({ title: 'Delete discount ad', message: `Delete "${name}"? It leaves the app and its statistics are lost. This cannot be undone.` }),
});
