/**
 * Programs ("baritastic programs"; super admins with baritastic_programs, user 48 always), under
 * /api/admin/baritastic-program. A resource of the kit kept in two tables, the program's sign-in account
 * (its e-mail, status) and the programs profile with the same id (server: identity's account-backed
 * resources). Creating one creates its account (a sub user without a password) and e-mails it a link to
 * set one; switching it off or deleting it (softly: the rows and their history stay) keeps the program's
 * staff from signing in.
 *
 * Beside the kit's calls: POST /update-password, GET /export (Excel), GET /with-patient-tags[/{id}] (the
 * programs with their patient tags, for pickers) and GET /program-types.
 */
import * as v from 'valibot';
import { envelope, messageOnly } from './common';
import { invalidValue } from './messages';
import { defineResource, field, flagField, imageField, type ResourceItem, type ResourceStoreBody } from './resource-kit';
import { email, id, optionalOf, optionalString, passwordEntries, passwordsMatch, phone, requiredString } from './rules';
import { TIME_ZONE_CHOICES, isTimeZone } from './staff-messages';

export const PROGRAM_MESSAGES = {
  created: 'Program created. A link to set its password has been e-mailed.',
  updated: 'Program updated successfully.',
  deleted: 'Program deleted. Its staff can no longer sign in; its history is kept.',
  notFound: 'Program not found.',
  statusUpdated: 'Program status updated.',
  passwordUpdated: 'The password has been updated.',
  programmerCodeTaken: 'This programmer code is already in use.',
} as const;

/**
 * The kinds of program the list filters by and the form offers (GET /program-types): what the demo and
 * scale data hold. Stored as the label; a program saved before may hold another text, which is kept.
 */
export const PROGRAM_TYPES = ['Surgical', 'Medical', 'Hospital', 'Academic', 'Private Practice'] as const;
/** The service tiers. */
export const PROGRAM_TIERS = ['Basic', 'Standard', 'Premium', 'Enterprise'] as const;

/** The form's groups and the show page's, in order. */
export const PROGRAM_GROUPS = {
  account: 'Account',
  contact: 'Contact',
  address: 'Address and map',
  practice: 'Practice',
  app: 'Patient app',
  popups: 'Dashboard popup messages',
  signIn: 'Sign-in',
} as const;

export const PROGRAM_SORTS = ['title', 'owner_name', 'email', 'programmer_code', 'city', 'tier', 'program_type', 'status', 'created_at', 'updated_at'] as const;

/** Limits of the sign-in settings (staff without their own): failed attempts before the lock, minutes of the lock. */
export const PROGRAM_RETRIES_MAX = 20;
export const PROGRAM_TIME_OUT_MAX = 1440;
/** Longest "about" text and popup message. */
export const PROGRAM_ABOUT_MAX_LENGTH = 5000;
export const PROGRAM_POPUP_MAX_LENGTH = 1000;
/** The default name of the third checklist (spec §3). */
export const DEFAULT_THIRD_CHECKLIST_NAME = 'Weight Management';
/** Programmer codes: what patients type to join a program in the app; letters, digits and dashes. */
export const PROGRAMMER_CODE_MAX_LENGTH = 64;

/**
 * An optional number within [min, max] (a form's number input sends text): blank gives null. `whole`
 * refuses a fraction.
 */
export function optionalNumberIn(label: string, { min, max, whole = false }: { min: number; max: number; whole?: boolean }) {
  const message = `${label} must be ${whole ? 'a whole number' : 'a number'} between ${min} and ${max}.`;
  return v.pipe(
    v.optional(v.nullable(v.union([v.number(message), v.string(message)], message)), null),
    v.transform((value) => (value === null || value === undefined || String(value).trim() === '' ? null : Number(String(value).trim()))),
    v.check((value) => value === null || (Number.isFinite(value) && (!whole || Number.isInteger(value)) && value >= min && value <= max), message),
  );
}

/** One of `choices`, or none (blank gives null). */
function optionalChoice(name: string, choices: readonly string[]) {
  return optionalOf(v.pipe(v.string(), v.check((value) => choices.includes(value), invalidValue(name))), invalidValue(name));
}

const programmerCode = v.pipe(
  requiredString('programmer code', { max: PROGRAMMER_CODE_MAX_LENGTH }),
  v.check((value) => /^[A-Za-z0-9-]+$/.test(value), 'The programmer code may only contain letters, numbers and dashes.'),
);
const timezone = v.pipe(
  requiredString('time zone', { max: 64 }),
  v.check((value) => isTimeZone(value), invalidValue('time zone')),
);

const optionalText = v.nullable(v.string());
const optionalNumber = v.nullable(v.number());
const text = (label: string, name: string, group: string, options: { max?: number; column?: boolean } = {}) =>
  field('text', label, optionalString(name, options.max ? { max: options.max } : {}), { output: optionalText, column: options.column ?? false, group });

/**
 * GET '' (page, perPage, search over title, owner, e-mail, programmer code and city; sort; status;
 * program_type; tier), GET /{id}, POST /store, POST /update/{id}, POST /toggle-status, POST /delete.
 */
export const programResource = defineResource({
  name: 'program',
  entity: 'program',
  labels: { singular: 'Program', plural: 'Programs' },
  fields: {
    title: field('text', 'Program name', requiredString('title'), { group: PROGRAM_GROUPS.account }),
    email: field('email', 'Email', email('email'), { group: PROGRAM_GROUPS.account }),
    programmer_code: field('text', 'Programmer code', programmerCode, { group: PROGRAM_GROUPS.account }),
    username: text('Username', 'username', PROGRAM_GROUPS.account),
    program_type: field('text', 'Program type', optionalChoice('program type', PROGRAM_TYPES), { output: optionalText, group: PROGRAM_GROUPS.account }),
    tier: field('text', 'Tier', optionalChoice('tier', PROGRAM_TIERS), { output: optionalText, group: PROGRAM_GROUPS.account }),
    account_number: text('Account number', 'account number', PROGRAM_GROUPS.account, { max: 64 }),
    owner_name: field('text', 'Owner', optionalString('owner name'), { output: optionalText, group: PROGRAM_GROUPS.contact }),
    first_name: text('Contact first name', 'first name', PROGRAM_GROUPS.contact),
    last_name: text('Contact last name', 'last name', PROGRAM_GROUPS.contact),
    phone: field('phone', 'Phone', optionalOf(phone('phone'), invalidValue('phone')), { output: optionalText, column: false, group: PROGRAM_GROUPS.contact }),
    event_email: field('email', 'Events e-mail', optionalOf(email('event email'), invalidValue('event email')), {
      output: optionalText,
      column: false,
      group: PROGRAM_GROUPS.contact,
    }),
    address: field('textarea', 'Address', optionalString('address', { max: 1000 }), { output: optionalText, column: false, group: PROGRAM_GROUPS.address }),
    city: field('text', 'City', optionalString('city'), { output: optionalText, group: PROGRAM_GROUPS.address }),
    pin_code: text('ZIP code', 'zip code', PROGRAM_GROUPS.address, { max: 16 }),
    map_address: field('textarea', 'Map address', optionalString('map address', { max: 1000 }), { output: optionalText, column: false, group: PROGRAM_GROUPS.address }),
    latitude: field('number', 'Latitude', optionalNumberIn('Latitude', { min: -90, max: 90 }), { output: optionalNumber, column: false, group: PROGRAM_GROUPS.address }),
    longitude: field('number', 'Longitude', optionalNumberIn('Longitude', { min: -180, max: 180 }), { output: optionalNumber, column: false, group: PROGRAM_GROUPS.address }),
    timezone: field('text', 'Time zone', timezone, { column: false, group: PROGRAM_GROUPS.address }),
    practice: text('Practice', 'practice', PROGRAM_GROUPS.practice),
    about: field('textarea', 'About', optionalString('about', { max: PROGRAM_ABOUT_MAX_LENGTH }), { output: optionalText, column: false, group: PROGRAM_GROUPS.practice }),
    total_p: field('number', 'Patients in the program', optionalNumberIn('Patients in the program', { min: 0, max: 10_000_000, whole: true }), {
      output: optionalNumber,
      column: false,
      group: PROGRAM_GROUPS.practice,
    }),
    year_p: field('number', 'Patients a year', optionalNumberIn('Patients a year', { min: 0, max: 10_000_000, whole: true }), {
      output: optionalNumber,
      column: false,
      group: PROGRAM_GROUPS.practice,
    }),
    estimated_surgery: field('number', 'Estimated surgeries a year', optionalNumberIn('Estimated surgeries a year', { min: 0, max: 10_000_000, whole: true }), {
      output: optionalNumber,
      column: false,
      group: PROGRAM_GROUPS.practice,
    }),
    profile_image: imageField('profile_image', 'Profile image', { minWidth: 100, minHeight: 100 }),
    third_checklist_name: field('text', 'Third checklist name', v.optional(v.pipe(v.string(), v.trim(), v.maxLength(254, invalidValue('third checklist name'))), DEFAULT_THIRD_CHECKLIST_NAME), {
      column: false,
      group: PROGRAM_GROUPS.app,
    }),
    show_name: flagField('Show the program name in the app', { group: PROGRAM_GROUPS.app }),
    popup_check: flagField('Show the first popup message', { group: PROGRAM_GROUPS.popups }),
    popup_msg: field('textarea', 'First popup message', optionalString('popup message', { max: PROGRAM_POPUP_MAX_LENGTH }), {
      output: optionalText,
      column: false,
      group: PROGRAM_GROUPS.popups,
    }),
    popup_check2: flagField('Show the second popup message', { group: PROGRAM_GROUPS.popups }),
    popup_msg2: field('textarea', 'Second popup message', optionalString('second popup message', { max: PROGRAM_POPUP_MAX_LENGTH }), {
      output: optionalText,
      column: false,
      group: PROGRAM_GROUPS.popups,
    }),
    security_status: flagField('Ask a security question at sign-in', { group: PROGRAM_GROUPS.signIn }),
    mfa_required: flagField('Require two-step sign-in for staff', { group: PROGRAM_GROUPS.signIn }),
    retries: field('number', 'Failed sign-ins before the lock', optionalNumberIn('Retries', { min: 1, max: PROGRAM_RETRIES_MAX, whole: true }), {
      output: optionalNumber,
      column: false,
      group: PROGRAM_GROUPS.signIn,
    }),
    time_out: field('number', 'Lock time (minutes)', optionalNumberIn('Time out', { min: 1, max: PROGRAM_TIME_OUT_MAX, whole: true }), {
      output: optionalNumber,
      column: false,
      group: PROGRAM_GROUPS.signIn,
    }),
  },
  labelField: 'title',
  extra: {
    /** 1 once the program's account has set a password (the e-mailed link was used). */
    password_set: v.picklist([0, 1]),
    /** Its staff accounts (live ones). */
    users_count: v.number(),
  },
  sorts: PROGRAM_SORTS,
  defaultSort: 'title',
  filters: {
    program_type: v.optional(v.pipe(v.string(), v.maxLength(64, invalidValue('program type')))),
    tier: v.optional(v.pipe(v.string(), v.maxLength(32, invalidValue('tier')))),
  },
  scope: 'global',
  permission: { who: 'super-admin', slug: 'baritastic_programs' },
  status: true,
  ordering: false,
  messages: PROGRAM_MESSAGES,
  paths: { base: '/api/admin/baritastic-program', update: '/update/:id' },
});

export type Program = ResourceItem<typeof programResource>;
export type ProgramStoreBody = ResourceStoreBody<typeof programResource>;

/** POST /update-password: a new password for the program's account, set by the super admin (its sessions end). */
export const programUpdatePasswordBody = v.pipe(v.object({ id, ...passwordEntries() }), passwordsMatch());
export type ProgramUpdatePasswordBody = v.InferOutput<typeof programUpdatePasswordBody>;
/** The change-password screen's form: the same rules, the id being the address's. */
export const programPasswordForm = v.pipe(v.object(passwordEntries()), passwordsMatch());

/** GET /export: the list's search, filters and order, every row, as an Excel file. */
export const programExportQuery = v.object(v.omit(programResource.schemas.listQuery, ['page', 'perPage']).entries);
export type ProgramExportQuery = v.InferOutput<typeof programExportQuery>;

/** GET /with-patient-tags[/{id}]: live programs (or the one) with their active patient tags, for pickers. */
export const programWithTagsSchema = v.object({
  id: v.number(),
  title: v.string(),
  status: v.picklist([0, 1]),
  tags: v.array(v.object({ id: v.number(), name: v.string() })),
});
export type ProgramWithTags = v.InferOutput<typeof programWithTagsSchema>;
export const programsWithTagsResponse = envelope(v.array(programWithTagsSchema));
export const programWithTagsResponse = envelope(programWithTagsSchema);

/** GET /program-types: the kinds and tiers the form offers, and the time zones. */
export const programChoicesResponse = envelope(
  v.object({ program_types: v.array(v.string()), tiers: v.array(v.string()), time_zones: v.array(v.string()) }),
);
export type ProgramChoices = v.InferOutput<typeof programChoicesResponse>['data'];
export const PROGRAM_CHOICES: ProgramChoices = { program_types: [...PROGRAM_TYPES], tiers: [...PROGRAM_TIERS], time_zones: [...TIME_ZONE_CHOICES] };

export const programMessageResponse = messageOnly;
