/** The identity context's tables: accounts (one id space for everyone who signs in), programs and their staff, super admins, sessions, sign-in failures, security questions, SSO. Part of the schema that db/schema.ts gathers for drizzle-kit and the repositories. */
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  check,
  date,
  doublePrecision,
  index,
  integer,
  pgTable,
  serial,
  smallint,
  text,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { createdUpdated, flag, ts } from '../../db/columns';

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
    /**
     * Deleted by a super admin: the account can no longer sign in and is hidden from every list, but its
     * row (and the history that points at it) stays. Its e-mail address is free for a new account.
     */
    deleted_at: ts('deleted_at'),
    ...createdUpdated,
  },
  (t) => [
    uniqueIndex('accounts_email_lower_key').on(sql`lower(${t.email})`).where(sql`${t.deleted_at} is null`),
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
    /** The program asks every staff account for a second factor (TOTP) after the password. */
    mfa_required: flag('mfa_required'),
    ...createdUpdated,
  },
  (t) => [uniqueIndex('programs_programmer_code_key').on(t.programmer_code)],
);

/** The program a row belongs to; the row goes when the program does. */
export const ownedByProgram = () =>
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

/**
 * An account's authenticator (TOTP, RFC 6238): the shared secret, kept encrypted like the SSO client
 * secrets (secret-box, "v1:" prefix, when SSO_SECRET_KEY is set). A row without confirmed_at is an
 * enrolment under way; only a confirmed factor is asked for at sign-in. `last_step` is the time step of
 * the last code accepted, so a code is never accepted twice.
 */
export const mfaFactors = pgTable('mfa_factors', {
  account_id: integer('account_id')
    .primaryKey()
    .references(() => accounts.id, { onDelete: 'cascade' }),
  secret: text('secret').notNull(),
  confirmed_at: ts('confirmed_at'),
  last_step: bigint('last_step', { mode: 'number' }),
  ...createdUpdated,
});

/** One-time recovery codes of an account's second factor, kept only as SHA-256 hashes. */
export const mfaRecoveryCodes = pgTable(
  'mfa_recovery_codes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    account_id: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    code_hash: varchar('code_hash', { length: 64 }).notNull(),
    used_at: ts('used_at'),
    created_at: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('mfa_recovery_codes_account_idx').on(t.account_id)],
);
