/**
 * What super admins keep for every program's patients alike (admin-public-auth §3, §7): trophy cards
 * and who earned them, banner and discount ads with their counters, Bari resources, the shop per surgery
 * type, how-to-use-app items, tips, recipes, patient groups, dynamic notifications and what they sent,
 * the app's main menu, the support addresses. None of these rows belongs to a program; the rows that
 * name a patient (awards, sends, group members) carry the patient's program so staff-side reads and the
 * delivery service stay scoped by program.
 */
import { sql } from 'drizzle-orm';
import { bigint, check, date, index, integer, jsonb, numeric, pgTable, primaryKey, serial, smallint, text, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { accounts } from '../identity/schema';
import { patients } from '../patients/schema';
import { messages } from '../messaging/schema';
import { createdUpdated, flag, ts } from '../../db/columns';

const upload = (name: string) => varchar(name, { length: 512 });
const url = (name: string) => varchar(name, { length: 2048 });
const status = (initial = 1) => smallint('status').notNull().default(initial);
const orderIndex = () => integer('order_index').notNull().default(0);
const patientRef = () =>
  integer('patient_id')
    .notNull()
    .references(() => patients.id, { onDelete: 'cascade' });

// ---------------------------------------------------------------------------------------------------
// Cards and trophies (cards_and_trophies)
// ---------------------------------------------------------------------------------------------------

/**
 * A trophy card: the rule a patient meets to earn it (`rule_type`, default food_log, over `days` days
 * `in_row` or in total; or days after surgery: `surgery_days` × `surgery_day_type`; or a `date`), the
 * tier it is for, its two faces, a link and the text the app inbox tells the patient.
 */
export const trophyCards = pgTable('trophy_cards', {
  id: serial('id').primaryKey(),
  title: varchar('title', { length: 254 }).notNull(),
  user_tier: varchar('user_tier', { length: 32 }),
  rule_type: varchar('rule_type', { length: 32 }).notNull().default('food_log'),
  date: date('date', { mode: 'string' }),
  days: integer('days').notNull().default(1),
  days_condition: varchar('days_condition', { length: 16 }).notNull().default('in_row'),
  surgery_day_type: varchar('surgery_day_type', { length: 8 }).notNull().default('day'),
  surgery_days: integer('surgery_days'),
  front_image: upload('front_image'),
  back_image: upload('back_image'),
  link: url('link'),
  notification_content: text('notification_content'),
  status: status(),
  order_index: orderIndex(),
  ...createdUpdated,
});

/** A trophy a patient earned: once per card and patient, with the inbox message that told them. */
export const patientTrophies = pgTable(
  'patient_trophies',
  {
    trophy_id: integer('trophy_id')
      .notNull()
      .references(() => trophyCards.id, { onDelete: 'cascade' }),
    patient_id: patientRef(),
    program_id: integer('program_id').notNull(),
    awarded_on: date('awarded_on', { mode: 'string' }).notNull(),
    message_id: bigint('message_id', { mode: 'number' }).references(() => messages.id, { onDelete: 'set null' }),
    created_at: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.trophy_id, t.patient_id] }),
    index('patient_trophies_patient_idx').on(t.patient_id, t.awarded_on),
    index('patient_trophies_program_day_idx').on(t.program_id, t.awarded_on),
    index('patient_trophies_message_idx').on(t.message_id),
  ],
);

// ---------------------------------------------------------------------------------------------------
// Banner ads in ad sets (banner_ads) and discount ads (discount_ads): one table, one id space, so the
// app counts an impression or a click of either at /api/app/ads/{id}/…
// ---------------------------------------------------------------------------------------------------

/** A set of banner ads shown together in one place of the app (`placement`). */
export const adSets = pgTable('ad_sets', {
  id: serial('id').primaryKey(),
  name: varchar('name', { length: 254 }).notNull(),
  placement: varchar('placement', { length: 32 }),
  status: status(),
  ...createdUpdated,
});

/** A banner ad (kind 'banner', in an ad set) or a discount ad (kind 'discount'), with its counters since `stats_reset_at`. */
export const ads = pgTable(
  'ads',
  {
    id: serial('id').primaryKey(),
    kind: varchar('kind', { length: 12 }).notNull(),
    ad_set_id: integer('ad_set_id').references(() => adSets.id, { onDelete: 'cascade' }),
    title: varchar('title', { length: 254 }).notNull(),
    description: text('description'),
    image: upload('image'),
    link: url('link'),
    discount_code: varchar('discount_code', { length: 64 }),
    starts_on: date('starts_on', { mode: 'string' }),
    ends_on: date('ends_on', { mode: 'string' }),
    impressions: bigint('impressions', { mode: 'number' }).notNull().default(0),
    clicks: bigint('clicks', { mode: 'number' }).notNull().default(0),
    stats_reset_at: ts('stats_reset_at'),
    status: status(),
    order_index: orderIndex(),
    ...createdUpdated,
  },
  (t) => [
    index('ads_kind_set_idx').on(t.kind, t.ad_set_id, t.order_index, t.id),
    check('ads_kind_check', sql`${t.kind} in ('banner', 'discount')`),
    check('ads_set_check', sql`(${t.kind} = 'banner') = (${t.ad_set_id} is not null)`),
  ],
);

// ---------------------------------------------------------------------------------------------------
// Bari resources (manage_resources)
// ---------------------------------------------------------------------------------------------------

export const bariResourceCategories = pgTable(
  'bari_resource_categories',
  { id: serial('id').primaryKey(), name: varchar('name', { length: 254 }).notNull(), status: status(), order_index: orderIndex(), ...createdUpdated },
  (t) => [uniqueIndex('bari_resource_categories_name_key').on(sql`lower(${t.name})`)],
);

export const bariResourceSubCategories = pgTable(
  'bari_resource_sub_categories',
  {
    id: serial('id').primaryKey(),
    category_id: integer('category_id')
      .notNull()
      .references(() => bariResourceCategories.id),
    name: varchar('name', { length: 254 }).notNull(),
    status: status(),
    order_index: orderIndex(),
    ...createdUpdated,
  },
  (t) => [uniqueIndex('bari_resource_sub_categories_name_key').on(t.category_id, sql`lower(${t.name})`)],
);

/** A resource the app links to: an article, video, PDF or podcast (`link_type`), with the minutes it takes. */
export const bariResources = pgTable(
  'bari_resources',
  {
    id: serial('id').primaryKey(),
    bari_resource_category_id: integer('bari_resource_category_id').references(() => bariResourceCategories.id),
    bari_resource_sub_category_id: integer('bari_resource_sub_category_id').references(() => bariResourceSubCategories.id),
    title: varchar('title', { length: 254 }).notNull(),
    link: url('link'),
    link_type: varchar('link_type', { length: 16 }),
    engagement_time: integer('engagement_time'),
    preview_image: upload('preview_image'),
    status: status(),
    order_index: orderIndex(),
    ...createdUpdated,
  },
  (t) => [
    index('bari_resources_order_idx').on(t.order_index, t.id),
    index('bari_resources_category_idx').on(t.bari_resource_category_id),
    index('bari_resources_sub_category_idx').on(t.bari_resource_sub_category_id),
  ],
);

// ---------------------------------------------------------------------------------------------------
// Shop (manage_shop): entries per surgery type, one of each type the default
// ---------------------------------------------------------------------------------------------------

export const shopItems = pgTable(
  'shop_items',
  {
    id: serial('id').primaryKey(),
    surgery_type: varchar('surgery_type', { length: 16 }).notNull(),
    title: varchar('title', { length: 254 }).notNull(),
    description: text('description'),
    link: url('link'),
    image: upload('image'),
    is_default: flag('is_default'),
    status: status(),
    order_index: orderIndex(),
    ...createdUpdated,
  },
  (t) => [
    index('shop_items_type_idx').on(t.surgery_type, t.order_index, t.id),
    uniqueIndex('shop_items_default_key')
      .on(t.surgery_type)
      .where(sql`${t.is_default} = 1`),
    check('shop_items_surgery_type_check', sql`${t.surgery_type} in ('surgical', 'non_surgical')`),
  ],
);

// ---------------------------------------------------------------------------------------------------
// How to use the app (how_to_use_app)
// ---------------------------------------------------------------------------------------------------

export const howToCategories = pgTable(
  'how_to_categories',
  { id: serial('id').primaryKey(), name: varchar('name', { length: 254 }).notNull(), status: status(), order_index: orderIndex(), ...createdUpdated },
  (t) => [uniqueIndex('how_to_categories_name_key').on(sql`lower(${t.name})`)],
);

export const howToItems = pgTable(
  'how_to_items',
  {
    id: serial('id').primaryKey(),
    category_id: integer('category_id').references(() => howToCategories.id),
    title: varchar('title', { length: 254 }).notNull(),
    description: text('description'),
    video_url: url('video_url'),
    image: upload('image'),
    status: status(),
    order_index: orderIndex(),
    ...createdUpdated,
  },
  (t) => [index('how_to_items_order_idx').on(t.order_index, t.id), index('how_to_items_category_idx').on(t.category_id)],
);

// ---------------------------------------------------------------------------------------------------
// Tips (tips), the app's main menu (manage_main_menu), support addresses (support_mail,
// manage_mobile_support_mail)
// ---------------------------------------------------------------------------------------------------

export const tips = pgTable('tips', { id: serial('id').primaryKey(), description: text('description').notNull(), status: status(), ...createdUpdated });

/** The entries of the patient app's main menu; super admins switch each on or off. `key` is what the app knows it by. */
export const appMainMenu = pgTable('app_main_menu', {
  id: serial('id').primaryKey(),
  key: varchar('key', { length: 64 }).notNull().unique(),
  label: varchar('label', { length: 254 }).notNull(),
  status: status(),
  order_index: orderIndex(),
  ...createdUpdated,
});

/** Settings super admins change at run time, one row per key (`support_email`: where staff support messages go). */
export const appSettings = pgTable('app_settings', {
  key: varchar('key', { length: 64 }).primaryKey(),
  value: text('value'),
  updated_by: integer('updated_by').references(() => accounts.id, { onDelete: 'set null' }),
  updated_at: ts('updated_at').notNull().defaultNow(),
});

/** Addresses the patient app's support requests are mailed to. */
export const mobileSupportMails = pgTable(
  'mobile_support_mails',
  { id: serial('id').primaryKey(), email: varchar('email', { length: 254 }).notNull(), status: status(), ...createdUpdated },
  (t) => [uniqueIndex('mobile_support_mails_email_key').on(sql`lower(${t.email})`)],
);

// ---------------------------------------------------------------------------------------------------
// Groups of patients (groups), across programs
// ---------------------------------------------------------------------------------------------------

export const patientGroups = pgTable(
  'patient_groups',
  {
    id: serial('id').primaryKey(),
    name: varchar('name', { length: 254 }).notNull(),
    status: status(),
    created_by: integer('created_by').references(() => accounts.id, { onDelete: 'set null' }),
    ...createdUpdated,
  },
  (t) => [uniqueIndex('patient_groups_name_key').on(sql`lower(${t.name})`)],
);

export const patientGroupMembers = pgTable(
  'patient_group_members',
  {
    group_id: integer('group_id')
      .notNull()
      .references(() => patientGroups.id, { onDelete: 'cascade' }),
    patient_id: patientRef(),
    program_id: integer('program_id').notNull(),
    added_at: ts('added_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.group_id, t.patient_id] }), index('patient_group_members_patient_idx').on(t.patient_id)],
);

// ---------------------------------------------------------------------------------------------------
// Recipes (manage_recipe)
// ---------------------------------------------------------------------------------------------------

export const recipeCategories = pgTable(
  'recipe_categories',
  { id: serial('id').primaryKey(), name: varchar('name', { length: 254 }).notNull(), status: status(), order_index: orderIndex(), ...createdUpdated },
  (t) => [uniqueIndex('recipe_categories_name_key').on(sql`lower(${t.name})`)],
);

const nutrient = (name: string) => numeric(name, { precision: 10, scale: 2, mode: 'number' });

/**
 * A recipe of the app's recipe book: its categories (several), ingredients and method (rich text), a
 * picture, and the nutrition facts per serving as the food database names them (nf_*). A new recipe is a
 * draft (status 0) until switched on; `user_id` is who wrote it (super admin 48 for a draft without one).
 */
export const recipes = pgTable(
  'recipes',
  {
    id: serial('id').primaryKey(),
    user_id: integer('user_id').references(() => accounts.id, { onDelete: 'set null' }),
    category_ids: integer('category_ids').array().notNull().default(sql`'{}'::integer[]`),
    name: varchar('name', { length: 254 }).notNull(),
    recipe: text('recipe'),
    ingredient: text('ingredient'),
    picture: upload('picture'),
    recipes_flag: flag('recipes_flag'),
    status: status(0),
    nt_check: flag('nt_check'),
    item_id: varchar('item_id', { length: 64 }),
    brand_id: varchar('brand_id', { length: 64 }),
    item_name: varchar('item_name', { length: 254 }),
    brand_name: varchar('brand_name', { length: 254 }),
    nf_calories: nutrient('nf_calories'),
    nf_total_fat: nutrient('nf_total_fat'),
    nf_saturated_fat: nutrient('nf_saturated_fat'),
    nf_trans_fatty_acid: nutrient('nf_trans_fatty_acid'),
    nf_polyunsaturated_fat: nutrient('nf_polyunsaturated_fat'),
    nf_monounsaturated_fat: nutrient('nf_monounsaturated_fat'),
    nf_cholesterol: nutrient('nf_cholesterol'),
    nf_sodium: nutrient('nf_sodium'),
    nf_sugars: nutrient('nf_sugars'),
    nf_protein: nutrient('nf_protein'),
    nf_serving_size_qty: nutrient('nf_serving_size_qty'),
    nf_serving_size_unit: varchar('nf_serving_size_unit', { length: 64 }),
    nf_serving_weight_grams: nutrient('nf_serving_weight_grams'),
    nf_type: varchar('nf_type', { length: 32 }),
    nf_totalItem: integer('nf_total_item'),
    nf_dietary_fiber: nutrient('nf_dietary_fiber'),
    nf_remote_db_key: varchar('nf_remote_db_key', { length: 64 }),
    nf_total_carbohydrate: nutrient('nf_total_carbohydrate'),
    nf_calcium: nutrient('nf_calcium'),
    ...createdUpdated,
  },
  (t) => [index('recipes_name_idx').on(sql`lower(${t.name})`, t.id), index('recipes_categories_idx').using('gin', t.category_ids)],
);

// ---------------------------------------------------------------------------------------------------
// Dynamic notifications (manage_dynamic_notifications)
// ---------------------------------------------------------------------------------------------------

/**
 * A rule the daily run checks for every program's active patients (`rule_type` with its `metadata`:
 * surgery date ± days, no weight for days, weight lost reaching a value, a reminder, no food for days,
 * days after sign-up), narrowed by patient type and stages; a patient it holds for gets `message`
 * (with its image and link) in the app inbox and by push, once per trigger.
 */
export const dynamicNotifications = pgTable(
  'dynamic_notifications',
  {
    id: serial('id').primaryKey(),
    user_id: integer('user_id').references(() => accounts.id, { onDelete: 'set null' }),
    patient_type: varchar('patient_type', { length: 16 }).notNull().default('all'),
    stages: smallint('stages').array().notNull().default(sql`'{}'::smallint[]`),
    rule_type: varchar('rule_type', { length: 16 }).notNull(),
    metadata: jsonb('metadata').notNull().default(sql`'{}'::jsonb`),
    message: text('message').notNull(),
    image: upload('image'),
    url: url('url'),
    status: status(),
    ...createdUpdated,
  },
  (t) => [check('dynamic_notifications_rule_type_check', sql`${t.rule_type} in ('surgery_date', 'weight', 'weight_lost', 'reminder', 'food', 'signup')`)],
);

/** What a dynamic notification sent: one row per rule, patient and trigger occurrence, so a trigger is never sent twice. */
export const dynamicNotificationSends = pgTable(
  'dynamic_notification_sends',
  {
    notification_id: integer('notification_id')
      .notNull()
      .references(() => dynamicNotifications.id, { onDelete: 'cascade' }),
    patient_id: patientRef(),
    trigger_key: varchar('trigger_key', { length: 64 }).notNull(),
    program_id: integer('program_id').notNull(),
    message_id: bigint('message_id', { mode: 'number' }).references(() => messages.id, { onDelete: 'set null' }),
    created_at: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.notification_id, t.patient_id, t.trigger_key] }),
    index('dynamic_notification_sends_message_idx').on(t.message_id),
    index('dynamic_notification_sends_patient_idx').on(t.patient_id),
  ],
);
