/**
 * Ads in the patient app (super admins; docs/admin.md "Ads"). Ad sets are the app's ad places, each a
 * set of banner ads (`banner_ads`); discount ads stand alone with a code and their days (`discount_ads`).
 * Both kinds of ad are rows of one table with one id space, so the app counts either through the same
 * calls: `POST /api/app/ads/{id}/impression` and `/click`.
 */
import * as v from 'valibot';
import { envelope, idParams } from './common';
import { isoDate } from './date-rules';
import { defineResource, field, imageField, type ResourceItem } from './resource-kit';
import { optionalOf, optionalString, requiredId, requiredString, url } from './rules';

/** The counters every ad carries: since `stats_reset_at` (null: since it was made). CTR is clicks per 100 impressions, null before the first impression. */
const adStats = {
  impressions: v.number(),
  clicks: v.number(),
  ctr: v.nullable(v.number()),
  stats_reset_at: v.nullable(v.string()),
};

/** Smallest images: a banner is a wide strip across the app's screen; a discount ad a card. */
export const AD_IMAGE_RULES = {
  banner: { minWidth: 640, minHeight: 200 },
  discount: { minWidth: 400, minHeight: 225 },
} as const;

export const AD_DESCRIPTION_MAX_LENGTH = 1000;
export const DISCOUNT_CODE_MAX_LENGTH = 64;

/**
 * The app's ad places, each one ad set (seeded; super admins rename them and switch them off, but do
 * not add places the app does not draw). `discounts` is the app's discounts screen: the discount ads.
 */
export const AD_PLACEMENTS = {
  home: 'Home banner',
  food_log: 'Food log banner',
  resources: 'Resources banner',
} as const;
export type AdPlacement = keyof typeof AD_PLACEMENTS;
export const DISCOUNTS_PLACEMENT = 'discounts';

const adMessages = (noun: string) =>
  ({
    created: `${noun} created successfully.`,
    updated: `${noun} updated successfully.`,
    deleted: `${noun} deleted successfully.`,
    notFound: `${noun} not found.`,
    statusUpdated: `${noun} status updated successfully.`,
    indexesUpdated: `${noun}s reordered successfully.`,
  }) as const;

export const AD_MESSAGES = {
  statsReset: 'Statistics reset successfully.',
  imageRequired: 'Image is required.',
  endBeforeStart: 'The end day may not be before the start day.',
  adNotFound: 'Ad not found.',
  setNotFound: 'Ad set not found.',
} as const;

const title = field('text', 'Title', requiredString('title'));
const description = field('textarea', 'Description', optionalString('description', { max: AD_DESCRIPTION_MAX_LENGTH }), {
  output: v.nullable(v.string()),
  column: false,
});
const link = field('url', 'Link', optionalOf(url('link'), 'Please enter valid link.'), { output: v.nullable(v.string()), column: false });

/**
 * Banner ads, each in one ad set (the partition `ad_set_id`): GET /api/admin/banner-ads?ad_set_id= (a
 * set's ads), GET /{id}, POST store/{adSetId} and POST update/{id} (JSON or multipart with the image as
 * a file part), DELETE destroy/{id}, PATCH toggle-status/{id} {status}, PATCH reset-stats/{id},
 * POST update-indexes?ad_set_id= (their order in the set).
 */
export const bannerAdResource = defineResource({
  name: 'banner-ad',
  // The ad sets' list counts a set's ads and adds up their impressions and clicks.
  shownIn: ['ad-set'],
  entity: 'ad',
  labels: { singular: 'Banner ad', plural: 'Banner ads' },
  fields: {
    title,
    image: imageField('image', 'Image', AD_IMAGE_RULES.banner),
    link,
    description,
  },
  labelField: 'title',
  extra: adStats,
  sorts: ['order_index', 'title', 'impressions', 'clicks', 'ctr', 'status', 'updated_at'],
  defaultSort: 'order_index',
  scope: 'global',
  permission: { who: 'super-admin', slug: 'banner_ads' },
  status: true,
  ordering: true,
  partition: { field: 'ad_set_id', label: 'Ad set', input: requiredId('ad set'), output: v.number() },
  multipart: true,
  messages: adMessages('Banner ad'),
  paths: {
    base: '/api/admin/banner-ads',
    store: '/store/:ad_set_id',
    update: '/update/:id',
    delete: { method: 'DELETE', path: '/destroy/:id' },
    toggleStatus: { method: 'PATCH', path: '/toggle-status/:id' },
  },
});

export type BannerAd = ResourceItem<typeof bannerAdResource>;

/**
 * Ad sets, the app's ad places: GET /api/admin/ads-sets (list), GET /{id} (a set with its banner ads in
 * order), PUT /{id} (name and status). No store or delete: the places are the app's (seeded).
 */
export const adSetResource = defineResource({
  name: 'ad-set',
  entity: 'ad_set',
  labels: { singular: 'Ad set', plural: 'Ad sets' },
  fields: { name: field('text', 'Name', requiredString('name')) },
  labelField: 'name',
  extra: {
    placement: v.string(),
    ads_count: v.number(),
    impressions: v.number(),
    clicks: v.number(),
    ads: v.array(bannerAdResource.schemas.item),
  },
  sorts: ['name', 'placement', 'ads_count', 'status', 'updated_at'],
  defaultSort: 'name',
  unique: { field: 'name', message: 'An ad set with this name already exists.' },
  scope: 'global',
  permission: { who: 'super-admin', slug: 'banner_ads' },
  status: true,
  ordering: false,
  messages: adMessages('Ad set'),
  paths: {
    base: '/api/admin/ads-sets',
    store: false,
    update: { method: 'PUT', path: '/:id' },
    toggleStatus: false,
    delete: false,
  },
});

export type AdSet = ResourceItem<typeof adSetResource>;

/**
 * Discount ads: GET /api/admin/discount-ads (list), GET /{id}, POST store and POST update/{id} (JSON or
 * multipart), DELETE destroy/{id}, PATCH toggle-status/{id} {status}, PATCH reset-stats/{id}. Shown in
 * the app from their start day to their end day (both included).
 */
export const discountAdResource = defineResource({
  name: 'discount-ad',
  entity: 'ad',
  labels: { singular: 'Discount ad', plural: 'Discount ads' },
  fields: {
    title,
    image: imageField('image', 'Image', AD_IMAGE_RULES.discount),
    discount_code: field('text', 'Discount code', optionalString('discount_code', { max: DISCOUNT_CODE_MAX_LENGTH }), { output: v.nullable(v.string()) }),
    starts_on: field('date', 'Start day', isoDate('starts_on', { label: 'Start day' })),
    ends_on: field('date', 'End day', isoDate('ends_on', { label: 'End day' })),
    link,
    description,
  },
  labelField: 'title',
  extra: adStats,
  sorts: ['starts_on', 'ends_on', 'title', 'impressions', 'clicks', 'ctr', 'status', 'updated_at'],
  defaultSort: 'starts_on',
  scope: 'global',
  permission: { who: 'super-admin', slug: 'discount_ads' },
  status: true,
  ordering: false,
  multipart: true,
  messages: adMessages('Discount ad'),
  paths: {
    base: '/api/admin/discount-ads',
    update: '/update/:id',
    delete: { method: 'DELETE', path: '/destroy/:id' },
    toggleStatus: { method: 'PATCH', path: '/toggle-status/:id' },
  },
});

export type DiscountAd = ResourceItem<typeof discountAdResource>;

/** PATCH reset-stats/{id} (either kind): the counters start again from 0 now. */
export const adStatsResetResponse = v.object({
  data: v.object({ id: v.number(), ...adStats }),
  message: v.string(),
});
export type AdStatsResetResponse = v.InferOutput<typeof adStatsResetResponse>;
export const adIdParams = idParams;

// ---------------------------------------------------------------------------------------------
// The patient app
// ---------------------------------------------------------------------------------------------

const placementValues: [string, ...string[]] = [DISCOUNTS_PLACEMENT, ...Object.keys(AD_PLACEMENTS)];

/** GET /api/app/ads?placement=: one place's ads (a set's placement, or `discounts`); none: every ad the app may show now. */
export const appAdsQuery = v.object({
  placement: v.optional(v.picklist(placementValues, `The placement must be one of: ${placementValues.join(', ')}.`)),
});
export type AppAdsQuery = v.InferOutput<typeof appAdsQuery>;

/** An ad as the app shows it; the app reports it shown (impression) and tapped (click) by its id. */
export const appAd = v.object({
  id: v.number(),
  kind: v.picklist(['banner', 'discount']),
  /** The set's placement for a banner; `discounts` for a discount ad. */
  placement: v.string(),
  title: v.string(),
  description: v.nullable(v.string()),
  image: v.nullable(v.string()),
  link: v.nullable(v.string()),
  discount_code: v.nullable(v.string()),
  starts_on: v.nullable(v.string()),
  ends_on: v.nullable(v.string()),
});
export type AppAd = v.InferOutput<typeof appAd>;
export const appAdsResponse = envelope(v.array(appAd));

/** 204 No Content of the counting calls. */
export const adCountedResponse = v.null();
export const AD_COUNT_EVENTS = ['impression', 'click'] as const;
export type AdCountEvent = (typeof AD_COUNT_EVENTS)[number];
