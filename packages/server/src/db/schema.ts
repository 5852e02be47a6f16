/**
 * The database schema, in drizzle's TypeScript form. `pnpm --filter @baridesk/server db:generate` turns a
 * change here into the next numbered SQL migration under drizzle/, which is committed and kept forever.
 *
 * One id space for every account that signs in (accounts.id): a program's own account (the "sub user"),
 * its staff (program users) and the super admins. The profile tables share that id as their primary key,
 * so "program 302" is account 302 and "super admin 48" is account 48, as the specs number them.
 * Flags the specs give as 0/1 stay 0/1 smallints so the API hands them out unchanged.
 */
import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigserial,
  boolean,
  check,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  time,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const flag = (name: string) => smallint(name).notNull().default(0);
const createdUpdated = {
  created_at: ts('created_at').notNull().defaultNow(),
  updated_at: ts('updated_at').notNull().defaultNow(),
};

export const accounts = pgTable(
  'accounts',
  {
    id: serial('id').primaryKey(),
    type: varchar('type', { length: 20 }).notNull().$type<'sub_user' | 'program_user' | 'super_admin'>(),
    email: varchar('email', { length: 254 }).notNull(),
    password_hash: text('password_hash'),
    status: smallint('status').notNull().default(1),
    is_password_changed: flag('is_password_changed'),
    email_verified_at: ts('email_verified_at'),
    failed_attempts: integer('failed_attempts').notNull().default(0),
    locked_until: ts('locked_until'),
    last_login_at: ts('last_login_at'),
    password_changed_at: ts('password_changed_at'),
    ...createdUpdated,
  },
  (t) => [
    uniqueIndex('accounts_email_lower_key').on(sql`lower(${t.email})`),
    check('accounts_type_check', sql`${t.type} in ('sub_user', 'program_user', 'super_admin')`),
  ],
);

/** The program account ("baritastic program"); its sign-in identity is the account with the same id. */
export const programs = pgTable(
  'programs',
  {
    id: integer('id')
      .primaryKey()
      .references(() => accounts.id, { onDelete: 'restrict' }),
    role_id: integer('role_id'),
    parent_id: integer('parent_id'),
    username: varchar('username', { length: 254 }),
    owner_name: varchar('owner_name', { length: 254 }),
    programmer_code: varchar('programmer_code', { length: 64 }),
    event_email: varchar('event_email', { length: 254 }),
    title: varchar('title', { length: 254 }).notNull(),
    first_name: varchar('first_name', { length: 254 }),
    last_name: varchar('last_name', { length: 254 }),
    third_checklist_name: varchar('third_checklist_name', { length: 254 }).notNull().default('Weight Management'),
    profile_image: text('profile_image'),
    phone: varchar('phone', { length: 32 }),
    address: text('address'),
    pin_code: varchar('pin_code', { length: 16 }),
    city: varchar('city', { length: 254 }),
    map_address: text('map_address'),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    practice: varchar('practice', { length: 254 }),
    about: text('about'),
    activation_key: text('activation_key'),
    security_status: flag('security_status'),
    time_out: integer('time_out'),
    retries: integer('retries'),
    show_name: flag('show_name'),
    popup_check: flag('popup_check'),
    popup_msg: text('popup_msg'),
    popup_check2: flag('popup_check2'),
    popup_msg2: text('popup_msg2'),
    popup_status: flag('popup_status'),
    total_p: integer('total_p'),
    year_p: integer('year_p'),
    estimated_surgery: integer('estimated_surgery'),
    status: smallint('status').notNull().default(1),
    tier: varchar('tier', { length: 32 }),
    timezone: varchar('timezone', { length: 64 }).notNull().default('America/New_York'),
    account_number: varchar('account_number', { length: 64 }),
    program_type: varchar('program_type', { length: 64 }),
    ...createdUpdated,
  },
  (t) => [uniqueIndex('programs_programmer_code_key').on(t.programmer_code)],
);

/** The program a row belongs to; the row goes when the program does. */
const ownedByProgram = () =>
  integer('program_id')
    .notNull()
    .references(() => programs.id, { onDelete: 'cascade' });

/** Program staff. parent_id and sub_user_id of the specs are both this program_id. */
export const programUsers = pgTable(
  'program_users',
  {
    id: integer('id')
      .primaryKey()
      .references(() => accounts.id, { onDelete: 'restrict' }),
    program_id: integer('program_id')
      .notNull()
      .references(() => programs.id, { onDelete: 'restrict' }),
    name: varchar('name', { length: 254 }).notNull(),
    username: varchar('username', { length: 254 }),
    self_service: flag('self_service'),
    default_stage: smallint('default_stage'),
    deactivation_date: date('deactivation_date', { mode: 'string' }),
    security_status: flag('security_status'),
    time_out: integer('time_out'),
    retries: integer('retries'),
    role: varchar('role', { length: 64 }),
    default_category1_id: integer('default_category1_id'),
    administrative_rights: flag('administrative_rights'),
    send_email_check: flag('send_email_check'),
    terms_and_conditions_check: flag('terms_and_conditions_check'),
    manage_user: flag('manage_user'),
    pipeline_status: flag('pipeline_status'),
    seminar_to_surgery: flag('seminar_to_surgery'),
    alert_notification: flag('alert_notification'),
    event: flag('event'),
    contact: flag('contact'),
    our_team: flag('our_team'),
    faq: flag('faq'),
    vitamin_supplement: flag('vitamin_supplement'),
    after_before: flag('after_before'),
    videos: flag('videos'),
    diet: flag('diet'),
    instruction: flag('instruction'),
    non_surgeries_wight: flag('non_surgeries_wight'),
    program_logo: flag('program_logo'),
    support_services: flag('support_services'),
    support_group: flag('support_group'),
    join_us_facebook: flag('join_us_facebook'),
    our_website: flag('our_website'),
    Newsletter: flag('Newsletter'),
    our_blog: flag('our_blog'),
    patient_portal: flag('patient_portal'),
    online_seminar: flag('online_seminar'),
    about_surgery: flag('about_surgery'),
    shop_url: flag('shop_url'),
    ...createdUpdated,
  },
  (t) => [index('program_users_program_idx').on(t.program_id)],
);

export const superAdmins = pgTable('super_admins', {
  id: integer('id')
    .primaryKey()
    .references(() => accounts.id, { onDelete: 'restrict' }),
  first_name: varchar('first_name', { length: 254 }).notNull(),
  last_name: varchar('last_name', { length: 254 }).notNull(),
  phone: varchar('phone', { length: 32 }),
  title: varchar('title', { length: 254 }),
  username: varchar('username', { length: 254 }),
  ...createdUpdated,
});

export const permissions = pgTable('permissions', {
  id: serial('id').primaryKey(),
  name: varchar('name', { length: 254 }).notNull(),
  slug: varchar('slug', { length: 64 }).notNull().unique(),
});

export const superAdminPermissions = pgTable(
  'super_admin_permissions',
  {
    super_admin_id: integer('super_admin_id')
      .notNull()
      .references(() => superAdmins.id, { onDelete: 'cascade' }),
    permission_id: integer('permission_id')
      .notNull()
      .references(() => permissions.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.super_admin_id, t.permission_id] })],
);

/** Signed-in sessions. Only a SHA-256 of the bearer token is kept. */
export const sessions = pgTable(
  'sessions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    account_id: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    token_hash: varchar('token_hash', { length: 64 }).notNull().unique(),
    created_at: ts('created_at').notNull(),
    last_used_at: ts('last_used_at').notNull(),
    revoked_at: ts('revoked_at'),
    ip: varchar('ip', { length: 64 }),
    user_agent: text('user_agent'),
  },
  (t) => [index('sessions_account_idx').on(t.account_id), index('sessions_last_used_idx').on(t.last_used_at)],
);

/** Failed sign-ins, kept a short while: the per-address throttle counts them (shared by every replica). */
export const loginFailures = pgTable(
  'login_failures',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    ip: varchar('ip', { length: 64 }).notNull(),
    email: varchar('email', { length: 254 }),
    at: ts('at').notNull(),
  },
  (t) => [index('login_failures_ip_at_idx').on(t.ip, t.at)],
);

export const subMenus = pgTable('sub_menus', {
  id: serial('id').primaryKey(),
  title: varchar('title', { length: 254 }).notNull().unique(),
});

/** Whether each sub-menu of the content menu is switched on for a program. */
export const subMenuManagers = pgTable(
  'sub_menu_managers',
  {
    id: serial('id').primaryKey(),
    program_id: ownedByProgram(),
    sub_menu_id: integer('sub_menu_id')
      .notNull()
      .references(() => subMenus.id, { onDelete: 'cascade' }),
    status: smallint('status').notNull().default(1),
    ...createdUpdated,
  },
  (t) => [uniqueIndex('sub_menu_managers_program_menu_key').on(t.program_id, t.sub_menu_id)],
);

export const dynamicContentSections = pgTable(
  'dynamic_content_sections',
  {
    id: serial('id').primaryKey(),
    program_id: ownedByProgram(),
    name: varchar('name', { length: 254 }).notNull(),
    status: smallint('status').notNull().default(1),
    created_by: integer('created_by').references(() => accounts.id, { onDelete: 'set null' }),
    ...createdUpdated,
  },
  (t) => [index('dynamic_content_sections_program_idx').on(t.program_id, t.name)],
);

/** Patient tags ("user categories" in the specs). */
export const patientTags = pgTable(
  'patient_tags',
  {
    id: serial('id').primaryKey(),
    program_id: ownedByProgram(),
    name: varchar('name', { length: 254 }).notNull(),
    status: smallint('status').notNull().default(1),
    ...createdUpdated,
  },
  (t) => [
    index('patient_tags_program_idx').on(t.program_id, t.name),
    uniqueIndex('patient_tags_program_name_key').on(t.program_id, sql`lower(${t.name})`),
  ],
);

export const insuranceCoordinators = pgTable(
  'insurance_coordinators',
  {
    id: serial('id').primaryKey(),
    program_id: ownedByProgram(),
    name: varchar('name', { length: 254 }).notNull(),
    email: varchar('email', { length: 254 }),
    phone: varchar('phone', { length: 32 }),
    status: smallint('status').notNull().default(1),
    ...createdUpdated,
  },
  (t) => [
    index('insurance_coordinators_program_idx').on(t.program_id, t.name),
    uniqueIndex('insurance_coordinators_program_name_key').on(t.program_id, sql`lower(${t.name})`),
  ],
);

export const locations = pgTable(
  'locations',
  {
    id: serial('id').primaryKey(),
    program_id: integer('program_id').references(() => programs.id, { onDelete: 'cascade' }),
    name: varchar('name', { length: 254 }).notNull(),
    address: text('address'),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    timezone: varchar('timezone', { length: 64 }),
    status: smallint('status').notNull().default(1),
    ...createdUpdated,
  },
  (t) => [index('locations_program_idx').on(t.program_id, t.name)],
);

export const events = pgTable(
  'events',
  {
    id: serial('id').primaryKey(),
    program_id: ownedByProgram(),
    place_id: varchar('place_id', { length: 254 }),
    push_notification: flag('push_notification'),
    five_minute_earlier_reminder: flag('five_minute_earlier_reminder'),
    custom_reminder_message: text('custom_reminder_message'),
    stage: smallint('stage'),
    stages: integer('stages').array().notNull().default(sql`'{}'::integer[]`),
    event_title: varchar('event_title', { length: 254 }).notNull(),
    event_description: text('event_description'),
    type: varchar('type', { length: 64 }),
    time: time('time'),
    end_time: time('end_time'),
    date: date('date', { mode: 'string' }).notNull(),
    timezone: varchar('timezone', { length: 64 }),
    location_id: integer('location_id').references(() => locations.id, { onDelete: 'set null' }),
    location: text('location'),
    email: varchar('email', { length: 254 }),
    status: smallint('status').notNull().default(1),
    venue_type: varchar('venue_type', { length: 32 }),
    weight_loss_type: varchar('weight_loss_type', { length: 32 }),
    patient_type: varchar('patient_type', { length: 32 }),
    hosted_by: varchar('hosted_by', { length: 254 }),
    ...createdUpdated,
  },
  (t) => [index('events_program_date_idx').on(t.program_id, t.date)],
);

/**
 * What the patient list's search looks in, as one lower-case text: "first last", the full name, the
 * e-mail, the MRN and the phone's digits, the fields apart by a character nobody types (chr(31)) so a
 * search never matches across two of them. Stored in patients.search_text (a generated column) with a
 * trigram index on it.
 */
function patientSearchText(t: Record<'first_name' | 'last_name' | 'name' | 'email' | 'mrn_number' | 'phone', SQLWrapper>): SQL {
  return sql`lower(${t.first_name} || ' ' || ${t.last_name} || chr(31) || ${t.name} || chr(31) || coalesce(${t.email}, '') || chr(31) || coalesce(${t.mrn_number}, '') || chr(31) || regexp_replace(coalesce(${t.phone}, ''), '[^0-9]', '', 'g'))`;
}

/**
 * Patients. Weights are in pounds and height ("hight", as the specs spell it) in inches, the units US
 * programs chart in. `version` rises with every change so a stale edit can be refused.
 */
export const patients = pgTable(
  'patients',
  {
    id: serial('id').primaryKey(),
    user_id: integer('user_id'),
    program_id: integer('program_id')
      .notNull()
      .references(() => programs.id, { onDelete: 'restrict' }),
    // A tag or coordinator still carried by patients cannot be deleted (the API answers 409 first).
    // "no action" rather than "restrict": checked at the end of the statement, so deleting a whole
    // program (which cascades to its patients and its tags) still works.
    insurance_coordinator_id: integer('insurance_coordinator_id').references(() => insuranceCoordinators.id, {
      onDelete: 'no action',
    }),
    name: varchar('name', { length: 254 }).notNull(),
    nick_name: varchar('nick_name', { length: 254 }),
    first_name: varchar('first_name', { length: 254 }).notNull(),
    last_name: varchar('last_name', { length: 254 }).notNull(),
    email: varchar('email', { length: 254 }),
    password_hash: text('password_hash'),
    phone: varchar('phone', { length: 32 }),
    dob: date('dob', { mode: 'string' }),
    city: varchar('city', { length: 254 }),
    state_id: integer('state_id'),
    hight: numeric('hight', { precision: 5, scale: 1 }),
    age: smallint('age'),
    sex: varchar('sex', { length: 16 }),
    inital_stage: smallint('inital_stage'),
    current_stage: smallint('current_stage').notNull().default(1),
    surgery_date: date('surgery_date', { mode: 'string' }),
    non_surgery_date: date('non_surgery_date', { mode: 'string' }),
    type_of_surgery: varchar('type_of_surgery', { length: 64 }),
    starting_weight: numeric('starting_weight', { precision: 6, scale: 1 }),
    current_weight: numeric('current_weight', { precision: 6, scale: 1 }),
    target_weight: numeric('target_weight', { precision: 6, scale: 1 }),
    timezone: varchar('timezone', { length: 64 }),
    location_id: integer('location_id').references(() => locations.id, { onDelete: 'set null' }),
    nutrition: integer('nutrition'),
    protien: integer('protien'),
    fiber: integer('fiber'),
    water: integer('water'),
    calories: integer('calories'),
    weight_loss_gain: numeric('weight_loss_gain', { precision: 6, scale: 1 }),
    total_weight_lost: numeric('total_weight_lost', { precision: 6, scale: 1 }),
    snooze_status: flag('snooze_status'),
    snooze_date: date('snooze_date', { mode: 'string' }),
    user_cat_id: integer('user_cat_id').references(() => patientTags.id, { onDelete: 'no action' }),
    user_cat_name: varchar('user_cat_name', { length: 254 }),
    user_cat_id2: integer('user_cat_id2').references(() => patientTags.id, { onDelete: 'no action' }),
    user_cat_name2: varchar('user_cat_name2', { length: 254 }),
    checklist_deactivate: flag('checklist_deactivate'),
    checklist_deactivate_reason: text('checklist_deactivate_reason'),
    due_date_auto_cal: flag('due_date_auto_cal'),
    consult_date: date('consult_date', { mode: 'string' }),
    chat_status: flag('chat_status'),
    is_invited: flag('is_invited'),
    last_app_activity_at: ts('last_app_activity_at'),
    mrn_number: varchar('mrn_number', { length: 64 }),
    status: smallint('status').notNull().default(1),
    created_by: integer('created_by').references(() => accounts.id, { onDelete: 'set null' }),
    matrix_system: varchar('matrix_system', { length: 64 }),
    /** When the patient entered current_stage (the "Days in Stage" rule counts from its calendar day). */
    stage_entered_at: ts('stage_entered_at').notNull().defaultNow(),
    /** The pipeline status on the current stage's board; null = a "missing pipeline patient". */
    pipeline_status_id: integer('pipeline_status_id').references((): AnyPgColumn => pipelineStatuses.id, {
      onDelete: 'no action',
    }),
    /** When the patient entered pipeline_status_id (days in status). */
    pipeline_status_since: ts('pipeline_status_since'),
    /** 0..100: the share of the current stage's checklist items that are ticked (0 with no items). */
    checklist_percent: smallint('checklist_percent').notNull().default(0),
    version: integer('version').notNull().default(1),
    /** What the list's search looks in (patientSearchText), kept by PostgreSQL itself. */
    search_text: text('search_text').generatedAlwaysAs(
      (): SQL =>
        patientSearchText({
          first_name: sql.identifier('first_name'),
          last_name: sql.identifier('last_name'),
          name: sql.identifier('name'),
          email: sql.identifier('email'),
          mrn_number: sql.identifier('mrn_number'),
          phone: sql.identifier('phone'),
        }),
    ),
    ...createdUpdated,
  },
  (t) => [
    index('patients_program_name_idx').on(t.program_id, t.last_name, t.first_name, t.id),
    index('patients_program_stage_idx').on(t.program_id, t.current_stage, t.id),
    index('patients_program_surgery_idx').on(t.program_id, t.surgery_date, t.id),
    index('patients_program_created_idx').on(t.program_id, t.created_at, t.id),
    index('patients_program_coordinator_idx').on(t.program_id, t.insurance_coordinator_id),
    index('patients_program_tag_idx').on(t.program_id, t.user_cat_id),
    index('patients_program_tag2_idx').on(t.program_id, t.user_cat_id2),
    index('patients_program_location_idx').on(t.program_id, t.location_id),
    // The board: one stage's columns, each card list oldest-in-status first; counts per status.
    index('patients_program_pipeline_idx').on(t.program_id, t.current_stage, t.pipeline_status_id, t.pipeline_status_since, t.id),
    // pg_trgm + btree_gin: a search term and the program narrow the rows together (migration 0006).
    index('patients_program_search_idx').using('gin', t.program_id, sql`${t.search_text} gin_trgm_ops`),
    uniqueIndex('patients_program_email_key')
      .on(t.program_id, sql`lower(${t.email})`)
      .where(sql`${t.email} is not null`),
  ],
);

export const securityQuestions = pgTable('security_questions', {
  id: serial('id').primaryKey(),
  question: varchar('question', { length: 254 }).notNull().unique(),
  status: smallint('status').notNull().default(1),
});

/** One answer per account, kept only as a hash of its normalised text. */
export const securityAnswers = pgTable('security_answers', {
  account_id: integer('account_id')
    .primaryKey()
    .references(() => accounts.id, { onDelete: 'cascade' }),
  question_id: integer('question_id')
    .notNull()
    .references(() => securityQuestions.id, { onDelete: 'restrict' }),
  answer_hash: text('answer_hash').notNull(),
  ...createdUpdated,
});

/** Links e-mailed to set or reset a password; single use, kept as a hash. */
export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    account_id: integer('account_id').references(() => accounts.id, { onDelete: 'cascade' }),
    patient_id: integer('patient_id').references(() => patients.id, { onDelete: 'cascade' }),
    // 'security': the short-lived challenge between a correct password and the security answer (a
    // TypeScript-only value; the column is free text).
    purpose: varchar('purpose', { length: 16 }).notNull().$type<'reset' | 'set' | 'invite' | 'verify' | 'security'>(),
    token_hash: varchar('token_hash', { length: 64 }).notNull().unique(),
    expires_at: ts('expires_at').notNull(),
    used_at: ts('used_at'),
    created_at: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    check('password_reset_tokens_owner_check', sql`(${t.account_id} is null) <> (${t.patient_id} is null)`),
  ],
);

/** Who did what to which record, when and from where. Written by the audit plugin only. */
export const auditRecords = pgTable(
  'audit_records',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: ts('at').notNull(),
    actor_account_id: integer('actor_account_id'),
    actor_type: varchar('actor_type', { length: 20 }),
    program_id: integer('program_id'),
    action: varchar('action', { length: 64 }).notNull(),
    entity: varchar('entity', { length: 64 }).notNull(),
    entity_id: varchar('entity_id', { length: 64 }),
    patient_id: integer('patient_id'),
    ip: varchar('ip', { length: 64 }),
    user_agent: text('user_agent'),
    success: boolean('success').notNull().default(true),
    detail: jsonb('detail'),
  },
  (t) => [
    index('audit_records_patient_idx').on(t.patient_id, t.at),
    index('audit_records_program_idx').on(t.program_id, t.at),
    index('audit_records_actor_idx').on(t.actor_account_id, t.at),
  ],
);

/**
 * A program's message templates: a title and the text sent to the patient app, picked when writing an
 * on-demand or scheduled message. A title is unique within its program whatever its case.
 */
export const messageTemplates = pgTable(
  'message_templates',
  {
    id: serial('id').primaryKey(),
    program_id: ownedByProgram(),
    title: varchar('title', { length: 254 }).notNull(),
    message: text('message').notNull(),
    status: smallint('status').notNull().default(1),
    created_by: integer('created_by').references(() => accounts.id, { onDelete: 'set null' }),
    ...createdUpdated,
  },
  (t) => [
    index('message_templates_program_title_idx').on(t.program_id, t.title),
    uniqueIndex('message_templates_program_title_key').on(t.program_id, sql`lower(${t.title})`),
  ],
);

/** The quote of the day shown in the patient app; one per date, for every program alike. */
export const quotes = pgTable(
  'quotes',
  {
    id: serial('id').primaryKey(),
    description: text('description').notNull(),
    date_quote: date('date_quote', { mode: 'string' }).notNull(),
    status: smallint('status').notNull().default(1),
    ...createdUpdated,
  },
  (t) => [uniqueIndex('quotes_date_quote_key').on(t.date_quote)],
);

/**
 * Single sign-on: the OpenID Connect identity provider a program signs its staff in with (one per
 * program). `client_secret` is kept encrypted (AES-256-GCM, "v1:" prefix) when SSO_SECRET_KEY is set;
 * a production deployment should set it or take secrets from its secret store.
 */
export const ssoProviders = pgTable('sso_providers', {
  id: serial('id').primaryKey(),
  program_id: integer('program_id')
    .notNull()
    .unique()
    .references(() => programs.id, { onDelete: 'cascade' }),
  display_name: varchar('display_name', { length: 254 }).notNull(),
  issuer: varchar('issuer', { length: 500 }).notNull(),
  client_id: varchar('client_id', { length: 254 }).notNull(),
  /** Empty for a public client (PKCE only). */
  client_secret: text('client_secret'),
  status: smallint('status').notNull().default(1),
  ...createdUpdated,
});

/** The e-mail domains that lead to a program's identity provider; a domain belongs to one provider only. */
export const ssoProviderDomains = pgTable(
  'sso_provider_domains',
  {
    /** Lower-case, without the '@': 'lakeview.test'. */
    domain: varchar('domain', { length: 254 }).primaryKey(),
    provider_id: integer('provider_id')
      .notNull()
      .references(() => ssoProviders.id, { onDelete: 'cascade' }),
  },
  (t) => [
    index('sso_provider_domains_provider_idx').on(t.provider_id),
    check('sso_provider_domains_lower_check', sql`${t.domain} = lower(${t.domain})`),
  ],
);

/**
 * Sign-ins in flight, kept in the database so any replica can finish what another started. A row is
 * made by POST /api/sso/start (state kept as a SHA-256, the nonce and PKCE verifier as they are, valid
 * 10 minutes), used once by the callback, which then records the account and a one-time ticket
 * (SHA-256, valid 2 minutes) that POST /api/sso/exchange trades for a session.
 */
export const ssoSignIns = pgTable(
  'sso_sign_ins',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    state_hash: varchar('state_hash', { length: 64 }).notNull().unique(),
    /** SHA-256 of the random value of the browser's sign-in cookie: the flow must end where it began. */
    browser_hash: varchar('browser_hash', { length: 64 }).notNull(),
    nonce: varchar('nonce', { length: 128 }).notNull(),
    code_verifier: varchar('code_verifier', { length: 128 }).notNull(),
    provider_id: integer('provider_id')
      .notNull()
      .references(() => ssoProviders.id, { onDelete: 'cascade' }),
    program_id: integer('program_id')
      .notNull()
      .references(() => programs.id, { onDelete: 'cascade' }),
    ip: varchar('ip', { length: 64 }),
    created_at: ts('created_at').notNull(),
    expires_at: ts('expires_at').notNull(),
    used_at: ts('used_at'),
    account_id: integer('account_id').references(() => accounts.id, { onDelete: 'cascade' }),
    ticket_hash: varchar('ticket_hash', { length: 64 }).unique(),
    ticket_expires_at: ts('ticket_expires_at'),
    ticket_used_at: ts('ticket_used_at'),
  },
  (t) => [index('sso_sign_ins_ip_created_idx').on(t.ip, t.created_at), index('sso_sign_ins_created_idx').on(t.created_at)],
);

// ---------------------------------------------------------------------------------------------------
// Patient logs: food, weight and water logged in the patient app (or weight entered by staff), the
// staff's internal notes on a patient, and a program's weight-reminder settings. Every log carries the
// program_id of its patient, so each staff query is filtered by program first and served by a
// (program_id, patient_id, logged_on) index.
// ---------------------------------------------------------------------------------------------------

/** The patient a log row belongs to; the rows go when the patient does. */
const loggedBy = () =>
  integer('patient_id')
    .notNull()
    .references(() => patients.id, { onDelete: 'cascade' });

/**
 * One food or drink logged in the patient app ("nutrition meal" in the specs). Nutrients are per serving
 * as the food database gives them, grams except nf_calories (kcal) and nf_water (fluid ounces); a value the
 * app did not send stays null and counts as 0. `user_serving_size` is kept as the app sends it: empty or
 * non-numeric counts as 1 serving. `logged_on` is the day in the patient's own time zone.
 */
export const foodLogEntries = pgTable(
  'food_log_entries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    program_id: ownedByProgram(),
    patient_id: loggedBy(),
    logged_on: date('logged_on', { mode: 'string' }).notNull(),
    meal_type: varchar('meal_type', { length: 16 })
      .notNull()
      .$type<'breakfast' | 'lunch' | 'dinner' | 'snacks' | 'other'>(),
    item_name: varchar('item_name', { length: 254 }).notNull(),
    user_serving_size: varchar('user_serving_size', { length: 32 }),
    nf_calories: numeric('nf_calories', { precision: 10, scale: 2 }),
    nf_total_carbohydrate: numeric('nf_total_carbohydrate', { precision: 10, scale: 2 }),
    nf_protein: numeric('nf_protein', { precision: 10, scale: 2 }),
    nf_total_fat: numeric('nf_total_fat', { precision: 10, scale: 2 }),
    nf_sugars: numeric('nf_sugars', { precision: 10, scale: 2 }),
    nf_sugar_added: numeric('nf_sugar_added', { precision: 10, scale: 2 }),
    nf_dietary_fiber: numeric('nf_dietary_fiber', { precision: 10, scale: 2 }),
    nf_water: numeric('nf_water', { precision: 10, scale: 2 }),
    ...createdUpdated,
  },
  (t) => [
    index('food_log_entries_program_patient_day_idx').on(t.program_id, t.patient_id, t.logged_on),
    // Deleting a patient cascades here by patient_id alone.
    index('food_log_entries_patient_idx').on(t.patient_id),
    check('food_log_entries_meal_type_check', sql`${t.meal_type} in ('breakfast', 'lunch', 'dinner', 'snacks', 'other')`),
  ],
);

/**
 * A weigh-in, in pounds, on a day of the patient's time zone. `source` says who entered it: the patient
 * app ('app') or a staff member ('staff', with the account in entered_by). A day may have several.
 */
export const weightLogs = pgTable(
  'weight_logs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    program_id: ownedByProgram(),
    patient_id: loggedBy(),
    logged_on: date('logged_on', { mode: 'string' }).notNull(),
    weight: numeric('weight', { precision: 6, scale: 1 }).notNull(),
    source: varchar('source', { length: 8 }).notNull().default('app').$type<'app' | 'staff'>(),
    entered_by: integer('entered_by').references(() => accounts.id, { onDelete: 'set null' }),
    created_at: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('weight_logs_program_patient_day_idx').on(t.program_id, t.patient_id, t.logged_on),
    index('weight_logs_patient_idx').on(t.patient_id),
    check('weight_logs_source_check', sql`${t.source} in ('app', 'staff')`),
    check('weight_logs_weight_check', sql`${t.weight} > 0`),
  ],
);

/** Water drunk on one day, in fluid ounces: one row per patient and day holding the day's total. */
export const waterLogs = pgTable(
  'water_logs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    program_id: ownedByProgram(),
    patient_id: loggedBy(),
    logged_on: date('logged_on', { mode: 'string' }).notNull(),
    total: numeric('total', { precision: 7, scale: 1 }).notNull(),
    ...createdUpdated,
  },
  (t) => [
    uniqueIndex('water_logs_program_patient_day_key').on(t.program_id, t.patient_id, t.logged_on),
    index('water_logs_patient_idx').on(t.patient_id),
    check('water_logs_total_check', sql`${t.total} >= 0`),
  ],
);

/** Staff notes on a patient, never shown to the patient. Deleting one only sets deleted_at. */
export const internalNotes = pgTable(
  'internal_notes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    program_id: ownedByProgram(),
    patient_id: loggedBy(),
    note_type: varchar('note_type', { length: 32 }).notNull().default('general'),
    note: text('note').notNull(),
    created_by: integer('created_by').references(() => accounts.id, { onDelete: 'set null' }),
    ...createdUpdated,
    deleted_at: ts('deleted_at'),
    deleted_by: integer('deleted_by').references(() => accounts.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('internal_notes_program_patient_idx')
      .on(t.program_id, t.patient_id, t.note_type, t.created_at)
      .where(sql`${t.deleted_at} is null`),
    index('internal_notes_patient_idx').on(t.patient_id),
  ],
);

/**
 * Staff notes on a patient's checklist: on one stage's checklist (1 Pre-Op, 2 Post-Op, 3 the third
 * checklist), and on one item of it when checklist_item_id is set (the patient checklist items of
 * mf-patients II). Never shown to the patient. Deleting one only sets deleted_at.
 */
export const checklistNotes = pgTable(
  'checklist_notes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    program_id: ownedByProgram(),
    patient_id: loggedBy(),
    stage: smallint('stage').notNull(),
    checklist_item_id: integer('checklist_item_id').references((): AnyPgColumn => patientChecklistItems.id, {
      onDelete: 'set null',
    }),
    note: text('note').notNull(),
    created_by: integer('created_by').references(() => accounts.id, { onDelete: 'set null' }),
    ...createdUpdated,
    deleted_at: ts('deleted_at'),
    deleted_by: integer('deleted_by').references(() => accounts.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('checklist_notes_program_patient_idx')
      .on(t.program_id, t.patient_id, t.stage, t.created_at)
      .where(sql`${t.deleted_at} is null`),
    index('checklist_notes_patient_idx').on(t.patient_id),
    check('checklist_notes_stage_check', sql`${t.stage} between 1 and 3`),
  ],
);

/**
 * A program's weight reminder (the /weight-reminder-message screen): the text the patient app sends
 * when no weight has been logged for `interval_days`, whether the reminder is on (`status`), and
 * whether the program's own text is used (`message_field_status` 1) or the app's default (0).
 */
export const weightReminderSettings = pgTable(
  'weight_reminder_settings',
  {
    id: serial('id').primaryKey(),
    program_id: integer('program_id')
      .notNull()
      .unique()
      .references(() => programs.id, { onDelete: 'cascade' }),
    message: text('message').notNull(),
    status: smallint('status').notNull().default(1),
    interval_days: integer('interval_days').notNull().default(7),
    message_field_status: smallint('message_field_status').notNull().default(1),
    updated_by: integer('updated_by').references(() => accounts.id, { onDelete: 'set null' }),
    ...createdUpdated,
  },
  (t) => [check('weight_reminder_settings_interval_check', sql`${t.interval_days} between 1 and 365`)],
);

// ---------------------------------------------------------------------------------------------
// Pipeline and checklists (mf-patients II)
// ---------------------------------------------------------------------------------------------

/**
 * One column of a program's pipeline board for one stage ("a pipeline" in the API's words): ordered by
 * `position`; one per stage may be the default that new patients (and patients entering the stage) get.
 * Deleting one only sets deleted_at (its patients were moved first), so the move history keeps its names.
 */
export const pipelineStatuses = pgTable(
  'pipeline_statuses',
  {
    id: serial('id').primaryKey(),
    program_id: ownedByProgram(),
    stage: smallint('stage').notNull(),
    name: varchar('name', { length: 100 }).notNull(),
    position: integer('position').notNull().default(0),
    is_default: flag('is_default'),
    created_by: integer('created_by').references(() => accounts.id, { onDelete: 'set null' }),
    ...createdUpdated,
    deleted_at: ts('deleted_at'),
    deleted_by: integer('deleted_by').references(() => accounts.id, { onDelete: 'set null' }),
  },
  (t) => [
    uniqueIndex('pipeline_statuses_name_key')
      .on(t.program_id, t.stage, sql`lower(${t.name})`)
      .where(sql`${t.deleted_at} is null`),
    uniqueIndex('pipeline_statuses_default_key')
      .on(t.program_id, t.stage)
      .where(sql`${t.is_default} = 1 and ${t.deleted_at} is null`),
    index('pipeline_statuses_program_stage_idx').on(t.program_id, t.stage, t.position),
    check('pipeline_statuses_stage_check', sql`${t.stage} between 1 and 3`),
  ],
);

/**
 * A checklist template: the items a patient's checklist of one stage starts from. The stage's default
 * template is applied when a patient enters the stage; others are added by hand. Soft-deleted.
 */
export const checklistTemplates = pgTable(
  'checklist_templates',
  {
    id: serial('id').primaryKey(),
    program_id: ownedByProgram(),
    stage: smallint('stage').notNull(),
    name: varchar('name', { length: 254 }).notNull(),
    description: text('description'),
    status: smallint('status').notNull().default(1),
    is_default: flag('is_default'),
    created_by: integer('created_by').references(() => accounts.id, { onDelete: 'set null' }),
    ...createdUpdated,
    deleted_at: ts('deleted_at'),
    deleted_by: integer('deleted_by').references(() => accounts.id, { onDelete: 'set null' }),
  },
  (t) => [
    uniqueIndex('checklist_templates_name_key')
      .on(t.program_id, t.stage, sql`lower(${t.name})`)
      .where(sql`${t.deleted_at} is null`),
    uniqueIndex('checklist_templates_default_key')
      .on(t.program_id, t.stage)
      .where(sql`${t.is_default} = 1 and ${t.deleted_at} is null`),
    check('checklist_templates_stage_check', sql`${t.stage} between 1 and 3`),
    check('checklist_templates_status_check', sql`${t.status} in (0, 1)`),
  ],
);

/**
 * An item of a template, in `position` order, with an optional due-date rule: `due_days` days (may be
 * negative) after `due_anchor` ('stage_start', 'consult_date' or 'surgery_date'). Removing one from a
 * template only sets deleted_at: patients' copies and the "Checklist Item completed" rules keep it.
 */
export const checklistTemplateItems = pgTable(
  'checklist_template_items',
  {
    id: serial('id').primaryKey(),
    program_id: ownedByProgram(),
    template_id: integer('template_id')
      .notNull()
      .references(() => checklistTemplates.id, { onDelete: 'cascade' }),
    position: integer('position').notNull().default(0),
    title: varchar('title', { length: 254 }).notNull(),
    description: text('description'),
    due_anchor: varchar('due_anchor', { length: 20 }).$type<'stage_start' | 'consult_date' | 'surgery_date'>(),
    due_days: integer('due_days'),
    ...createdUpdated,
    deleted_at: ts('deleted_at'),
  },
  (t) => [
    index('checklist_template_items_template_idx').on(t.template_id, t.position),
    check(
      'checklist_template_items_due_check',
      sql`(${t.due_anchor} is null and ${t.due_days} is null) or (${t.due_anchor} in ('stage_start', 'consult_date', 'surgery_date') and ${t.due_days} between -3650 and 3650)`,
    ),
  ],
);

/**
 * One item of a patient's checklist for one stage: a copy of a template item (template_item_id) or one
 * added by hand. Ticked = completed_at set, by completed_by. A template item is on a patient's list once.
 */
export const patientChecklistItems = pgTable(
  'patient_checklist_items',
  {
    id: serial('id').primaryKey(),
    program_id: ownedByProgram(),
    patient_id: loggedBy(),
    stage: smallint('stage').notNull(),
    template_id: integer('template_id').references(() => checklistTemplates.id, { onDelete: 'set null' }),
    template_item_id: integer('template_item_id').references(() => checklistTemplateItems.id, { onDelete: 'set null' }),
    title: varchar('title', { length: 254 }).notNull(),
    description: text('description'),
    position: integer('position').notNull().default(0),
    due_date: date('due_date', { mode: 'string' }),
    completed_at: ts('completed_at'),
    completed_by: integer('completed_by').references(() => accounts.id, { onDelete: 'set null' }),
    created_by: integer('created_by').references(() => accounts.id, { onDelete: 'set null' }),
    ...createdUpdated,
  },
  (t) => [
    index('patient_checklist_items_patient_idx').on(t.patient_id, t.stage, t.position, t.id),
    index('patient_checklist_items_program_stage_idx').on(t.program_id, t.stage, t.due_date, t.id).where(sql`${t.completed_at} is null`),
    index('patient_checklist_items_template_item_idx').on(t.template_item_id),
    uniqueIndex('patient_checklist_items_template_item_key')
      .on(t.patient_id, t.template_item_id)
      .where(sql`${t.template_item_id} is not null`),
    check('patient_checklist_items_stage_check', sql`${t.stage} between 1 and 3`),
  ],
);

/**
 * A pipeline automation rule (customize pipeline): in `stage`, move a patient (from `from_status_id`,
 * or any status) to `to_status_id` when its trigger fires. type 1 Surgery Date passed `days` days,
 * 6 Surgery Date added, 2 Checklist Item `checklist_item_id` completed, 4 Checklist `percent` % Complete,
 * 5 `days` Days in Stage. Lower `priority` runs first. See packages/domain/src/pipeline-engine.ts.
 */
export const pipelineRules = pgTable(
  'pipeline_rules',
  {
    id: serial('id').primaryKey(),
    program_id: ownedByProgram(),
    stage: smallint('stage').notNull(),
    type: smallint('type').notNull(),
    from_status_id: integer('from_status_id').references(() => pipelineStatuses.id, { onDelete: 'no action' }),
    to_status_id: integer('to_status_id')
      .notNull()
      .references(() => pipelineStatuses.id, { onDelete: 'no action' }),
    days: integer('days'),
    checklist_item_id: integer('checklist_item_id').references(() => checklistTemplateItems.id, { onDelete: 'no action' }),
    percent: smallint('percent'),
    priority: integer('priority').notNull().default(0),
    status: smallint('status').notNull().default(1),
    created_by: integer('created_by').references(() => accounts.id, { onDelete: 'set null' }),
    ...createdUpdated,
  },
  (t) => [
    index('pipeline_rules_program_stage_idx').on(t.program_id, t.stage, t.priority, t.id),
    check('pipeline_rules_stage_check', sql`${t.stage} between 1 and 3`),
    check('pipeline_rules_type_check', sql`${t.type} in (1, 2, 4, 5, 6)`),
    check('pipeline_rules_status_check', sql`${t.status} in (0, 1)`),
    check('pipeline_rules_days_check', sql`${t.days} is null or ${t.days} between 0 and 3650`),
    check('pipeline_rules_percent_check', sql`${t.percent} is null or ${t.percent} between 1 and 100`),
  ],
);

/**
 * Every change of a patient's pipeline status: by hand (moved_by, no rule) or by a rule (rule_id and
 * the trigger key of the occurrence that fired it). (patient, rule, trigger_key) is unique, so one
 * occurrence never moves a patient twice, whoever runs the engine and however often.
 */
export const pipelineMoves = pgTable(
  'pipeline_moves',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    program_id: ownedByProgram(),
    patient_id: loggedBy(),
    stage: smallint('stage').notNull(),
    from_status_id: integer('from_status_id').references(() => pipelineStatuses.id, { onDelete: 'no action' }),
    to_status_id: integer('to_status_id').references(() => pipelineStatuses.id, { onDelete: 'no action' }),
    moved_by: integer('moved_by').references(() => accounts.id, { onDelete: 'set null' }),
    rule_id: integer('rule_id').references(() => pipelineRules.id, { onDelete: 'set null' }),
    rule_type: smallint('rule_type'),
    trigger_key: varchar('trigger_key', { length: 128 }),
    moved_at: ts('moved_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('pipeline_moves_rule_occurrence_key')
      .on(t.patient_id, t.rule_id, t.trigger_key)
      .where(sql`${t.rule_id} is not null`),
    index('pipeline_moves_patient_idx').on(t.patient_id, t.moved_at, t.id),
    index('pipeline_moves_program_status_idx').on(t.program_id, t.to_status_id, t.moved_at),
    // Deleting a rule empties rule_id on its moves: without this it would read every move.
    index('pipeline_moves_rule_idx').on(t.rule_id).where(sql`${t.rule_id} is not null`),
  ],
);

/** One daily sweep of a program's time-based rules, for the program's calendar day `day`. */
export const pipelineSweeps = pgTable(
  'pipeline_sweeps',
  {
    program_id: ownedByProgram(),
    day: date('day', { mode: 'string' }).notNull(),
    started_at: ts('started_at').notNull().defaultNow(),
    finished_at: ts('finished_at'),
    patients: integer('patients').notNull().default(0),
    moves: integer('moves').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.program_id, t.day] })],
);
