/**
 * Cards and trophies (super admins, permission cards_and_trophies; admin-public-auth §3, §7): a trophy
 * card is a rule a patient meets (their food, weight or water logs; days after their surgery; a date)
 * with the card's two faces, a link and the text the app inbox tells them. The daily awarding run gives
 * each card once per patient (docs/admin.md, "Cards and trophies").
 */
import * as v from 'valibot';
import { formatDate } from '@baridesk/domain';
import { envelope } from './common';
import { invalidValue } from './messages';
import { PROGRAM_TIERS, optionalNumberIn } from './admin-programs';
import { isoDate } from './date-rules';
import { defineResource, field, imageField, type ResourceItem } from './resource-kit';
import { optionalOf, requiredString, url } from './rules';

/**
 * What a card asks of a patient:
 * - `food_log`, `weight_log`, `water_log`: logged food, a weigh-in or water on `days` days, in a row
 *   (`in_row`) or in all (`in_total`);
 * - `surgery_anniversary`: `surgery_days` days, weeks or months (`surgery_day_type`) after their surgery;
 * - `date`: the card's `date` (every patient the card is for earns it that day).
 */
export const TROPHY_RULE_TYPES = ['food_log', 'weight_log', 'water_log', 'surgery_anniversary', 'date'] as const;
export type TrophyRuleType = (typeof TROPHY_RULE_TYPES)[number];
export const TROPHY_RULE_LABELS: Record<TrophyRuleType, string> = {
  food_log: 'Food logged',
  weight_log: 'Weight logged',
  water_log: 'Water logged',
  surgery_anniversary: 'Time since surgery',
  date: 'On a date',
};
/** The rules counted over days of the patient's logs (days and days_condition apply to them only). */
export const TROPHY_LOG_RULES: readonly TrophyRuleType[] = ['food_log', 'weight_log', 'water_log'];

export const TROPHY_DAYS_CONDITIONS = ['in_row', 'in_total'] as const;
export type TrophyDaysCondition = (typeof TROPHY_DAYS_CONDITIONS)[number];
export const TROPHY_DAYS_CONDITION_LABELS: Record<TrophyDaysCondition, string> = { in_row: 'In a row', in_total: 'In total' };

export const TROPHY_SURGERY_DAY_TYPES = ['day', 'week', 'month'] as const;
export type TrophySurgeryDayType = (typeof TROPHY_SURGERY_DAY_TYPES)[number];
export const TROPHY_SURGERY_DAY_TYPE_LABELS: Record<TrophySurgeryDayType, string> = { day: 'Days', week: 'Weeks', month: 'Months' };

/** The spec's defaults (§9): rule food_log, days 1, in_row; surgery days counted in days. */
export const TROPHY_DEFAULTS = { rule_type: 'food_log', days: 1, days_condition: 'in_row', surgery_day_type: 'day' } as const;

/** Longest streak or total a log rule may ask for: two years of days. */
export const TROPHY_MAX_DAYS = 730;
/** Longest wait after surgery, in the rule's unit (ten years of days). */
export const TROPHY_MAX_SURGERY_DAYS = 3650;
export const TROPHY_NOTIFICATION_MAX_LENGTH = 1000;
/** The faces of a card: the spec's minimum-size rule for its images ("Please upload … with minimum 300 * 300."). */
export const TROPHY_IMAGE_RULE = { minWidth: 300, minHeight: 300 } as const;

export const TROPHY_MESSAGES = {
  created: 'Card created successfully.',
  updated: 'Card updated successfully.',
  statusUpdated: 'Card status updated successfully.',
  deleted: 'Card deleted successfully.',
  notFound: 'Card not found.',
  titleTaken: 'A card with this title already exists.',
  inUse: (n: number) =>
    `This card was awarded to ${n} ${n === 1 ? 'patient' : 'patients'}: it cannot be deleted. Switch it off instead.`,
  /** A rule's own field left empty (checked with the rule: the field is not asked otherwise). */
  dateRequired: 'Date is required for a card given on a date.',
  surgeryDaysRequired: 'Time after surgery is required for a card given after surgery.',
} as const;

export const TROPHY_SORTS = ['order_index', 'title', 'rule_type', 'user_tier', 'status', 'created_at', 'updated_at'] as const;

/** One of `choices`, the default when missing or blank. */
function choiceOr<const T extends readonly string[]>(name: string, choices: T, fallback: T[number]) {
  return v.pipe(
    v.optional(v.nullable(v.string(invalidValue(name))), null),
    v.transform((value) => (value === null || value.trim() === '' ? fallback : value.trim())),
    v.check((value) => (choices as readonly string[]).includes(value), invalidValue(name)),
    v.transform((value) => value as T[number]),
  );
}

const optionalText = v.nullable(v.string());
const optionalNumber = v.nullable(v.number());
const TIER_LABEL = 'Program tier';

/**
 * GET /api/admin/cards-trophies (page, perPage, search in the title, sort, status, rule_type), GET /{id},
 * POST /store and POST /update (JSON or form data: the faces as file parts), POST /toggle-status,
 * POST /delete (409 once a patient earned the card), POST /update-indexes (the app shows cards in this order).
 */
export const trophyCardResource = defineResource({
  name: 'trophy-card',
  entity: 'trophy_card',
  labels: { singular: 'Card', plural: 'Cards & Trophies' },
  fields: {
    title: field('text', 'Title', requiredString('title')),
    user_tier: field('text', TIER_LABEL, optionalOf(v.pipe(v.string(), v.check((value) => (PROGRAM_TIERS as readonly string[]).includes(value), invalidValue('tier'))), invalidValue('tier')), {
      output: optionalText,
    }),
    rule_type: field('text', 'Rule', choiceOr('rule', TROPHY_RULE_TYPES, TROPHY_DEFAULTS.rule_type)),
    days: field(
      'number',
      'Days',
      v.pipe(
        optionalNumberIn('Days', { min: 1, max: TROPHY_MAX_DAYS, whole: true }),
        v.transform((value) => value ?? TROPHY_DEFAULTS.days),
      ),
      { output: v.number(), column: false },
    ),
    days_condition: field('text', 'Counted', choiceOr('days condition', TROPHY_DAYS_CONDITIONS, TROPHY_DEFAULTS.days_condition), { column: false }),
    surgery_days: field('number', 'Time after surgery', optionalNumberIn('Time after surgery', { min: 1, max: TROPHY_MAX_SURGERY_DAYS, whole: true }), {
      output: optionalNumber,
      column: false,
    }),
    surgery_day_type: field('text', 'Counted in', choiceOr('surgery day type', TROPHY_SURGERY_DAY_TYPES, TROPHY_DEFAULTS.surgery_day_type), { column: false }),
    date: field('date', 'Date', optionalOf(isoDate('date', { label: 'Date' })), { output: optionalText, column: false }),
    front_image: imageField('front_image', 'Front image', TROPHY_IMAGE_RULE),
    back_image: imageField('back_image', 'Back image', TROPHY_IMAGE_RULE),
    link: field('url', 'Link', optionalOf(url('link', { max: 2048 }), invalidValue('link')), { output: optionalText, column: false }),
    notification_content: field('textarea', 'Notification text', requiredString('notification text', { max: TROPHY_NOTIFICATION_MAX_LENGTH }), {
      column: false,
    }),
  },
  labelField: 'title',
  extra: { awarded_count: v.number() },
  sorts: TROPHY_SORTS,
  defaultSort: 'order_index',
  filters: { rule_type: v.optional(v.picklist(TROPHY_RULE_TYPES, invalidValue('rule'))) },
  unique: { field: 'title', message: TROPHY_MESSAGES.titleTaken },
  scope: 'global',
  permission: { who: 'super-admin', slug: 'cards_and_trophies' },
  status: true,
  ordering: true,
  multipart: true,
  messages: { ...TROPHY_MESSAGES, indexesUpdated: 'Cards reordered successfully.' },
  paths: { base: '/api/admin/cards-trophies' },
});

export type TrophyCard = ResourceItem<typeof trophyCardResource>;

/** The fields each rule asks for; the form shows only these, and the server clears the others. */
export const TROPHY_RULE_FIELDS: Record<TrophyRuleType, readonly ('days' | 'days_condition' | 'surgery_days' | 'surgery_day_type' | 'date')[]> = {
  food_log: ['days', 'days_condition'],
  weight_log: ['days', 'days_condition'],
  water_log: ['days', 'days_condition'],
  surgery_anniversary: ['surgery_days', 'surgery_day_type'],
  date: ['date'],
};

/** A card's rule in words ("Food logged on 7 days in a row", "3 months after surgery", "On Jan 01, 2027"). */
export function describeTrophyRule(card: Pick<TrophyCard, 'rule_type' | 'days' | 'days_condition' | 'surgery_days' | 'surgery_day_type' | 'date'>): string {
  const rule = card.rule_type as TrophyRuleType;
  if (TROPHY_LOG_RULES.includes(rule)) {
    const what = { food_log: 'Food', weight_log: 'Weight', water_log: 'Water' }[rule as 'food_log'];
    const days = `${card.days} ${card.days === 1 ? 'day' : 'days'}`;
    return `${what} logged on ${days}${card.days > 1 ? (card.days_condition === 'in_total' ? ' in total' : ' in a row') : ''}`;
  }
  if (rule === 'surgery_anniversary') {
    const n = card.surgery_days ?? 0;
    return `${n} ${card.surgery_day_type}${n === 1 ? '' : 's'} after surgery`;
  }
  return card.date ? `On ${formatDate(card.date)}` : 'On a date';
}

// ---------------------------------------------------------------------------------------------
// The patient app: GET /api/app/trophies
// ---------------------------------------------------------------------------------------------

/** A card the patient earned: its faces as URLs, its link and text, and the day it was awarded (the program's day). */
export const appTrophy = v.object({
  id: v.number(),
  title: v.string(),
  front_image: optionalText,
  back_image: optionalText,
  link: optionalText,
  notification_content: v.string(),
  awarded_on: v.string(),
});
export type AppTrophy = v.InferOutput<typeof appTrophy>;
/** The patient's cards, newest award first. */
export const appTrophiesResponse = envelope(v.array(appTrophy));

/** POST /api/admin/cards-trophies/run: queues every program's awarding run for its local day now, as the daily run would. */
export const trophyRunResponse = v.object({ data: v.object({ programs: v.number() }), message: v.string() });
export const trophyRunQueued = (programs: number) => `The awarding run was queued for ${programs} ${programs === 1 ? 'program' : 'programs'}.`;
