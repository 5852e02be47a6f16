/**
 * Program users (super admins with program_users; user 48 always): the staff accounts of a program,
 * under /api/admin/program-user. A resource of the kit, kept in two tables (the sign-in account and
 * the program_users profile; server: identity's account-backed resources). The program is the record's
 * category and its default tag a sub-category that must be one of that program's patient tags, so the
 * list filters by program and the kit refuses another program's tag.
 *
 * Beside the kit's calls: POST /update-password (the super admin sets a password), POST /reset-security
 * (clears the security answer: the next sign-in asks for a new one when the question is on), POST
 * /resend-invite (a fresh invite link by e-mail; older links stop working) and GET /export (Excel).
 */
import * as v from 'valibot';
import { PROGRAM_USER_MENU_FLAGS, STAGES, type ProgramUserMenuFlag } from '@baridesk/domain';
import { flag, messageOnly } from './common';
import { isoDate } from './date-rules';
import { invalidValue } from './messages';
import { PATIENT_STAGE_IDS } from './patients';
import { defineResource, field, flagField, type ResourceItem, type ResourceStoreBody } from './resource-kit';
import { email, id, optionalOf, optionalString, passwordEntries, passwordsMatch, requiredString } from './rules';

export const PROGRAM_USER_MESSAGES = {
  created: 'Program user created. An invitation to set a password has been e-mailed.',
  updated: 'Program user updated successfully.',
  deleted: 'Program user deleted. The account can no longer sign in; its history is kept.',
  notFound: 'Program user not found.',
  statusUpdated: 'Program user status updated.',
  passwordUpdated: 'The password has been updated.',
  securityReset: 'The security question has been reset. It will be asked again at the next sign-in when it is on.',
  inviteSent: 'A new invitation has been e-mailed.',
  /** A deleted (or unknown) program cannot take new staff. */
  programGone: 'Please enter valid program.',
} as const;

export const PROGRAM_USER_SORTS = ['name', 'email', 'username', 'program_id', 'status', 'deactivation_date', 'created_at', 'updated_at'] as const;

/** The groups of the form and the show page, in order. */
export const PROGRAM_USER_GROUPS = {
  areas: 'Staff areas',
  content: 'Content menus',
  rights: 'Rights',
  signIn: 'Sign-in',
  defaults: 'Defaults',
} as const;

/**
 * The label of each menu flag: the staff areas by the name their menu has, the content menus by their
 * sub-menu title (staff-area §3). shop_url is no menu flag of the domain but opens Shop (the shell's sidebar).
 */
export const PROGRAM_USER_FLAG_LABELS = {
  manage_user: 'Patients',
  pipeline_status: 'Patient Pipeline',
  seminar_to_surgery: 'Reports',
  alert_notification: 'Alerts and Messages',
  event: 'Event Calendar',
  contact: 'Contact Us',
  our_team: 'Our Team',
  faq: 'FAQ’s',
  vitamin_supplement: 'Vitamin and Supplements',
  after_before: 'Success Stories',
  videos: 'Videos',
  diet: 'Nutrition Guidelines',
  instruction: 'Instructions',
  non_surgeries_wight: 'Non-Surgical Weight Loss',
  program_logo: 'Program Logo',
  support_services: 'Support Service',
  support_group: 'Support Group',
  join_us_facebook: 'Join Us On Facebook',
  our_website: 'Our Website',
  Newsletter: 'Newsletter',
  our_blog: 'Our Blog',
  patient_portal: 'Patient Portal',
  online_seminar: 'Online Seminar',
  about_surgery: 'About Surgery',
  shop_url: 'Shop',
  self_service: 'Self service',
} as const satisfies Record<ProgramUserMenuFlag | 'shop_url', string>;

const AREA_FLAGS = ['manage_user', 'pipeline_status', 'seminar_to_surgery', 'alert_notification', 'event'] as const;
/** The content menus: every menu flag that is neither a staff area nor self service, then Shop. */
const CONTENT_FLAGS = [
  ...PROGRAM_USER_MENU_FLAGS.filter((name) => !(AREA_FLAGS as readonly string[]).includes(name) && name !== 'self_service'),
  'shop_url',
] as const;

const flagsIn = <N extends string>(names: readonly N[], group: string) =>
  Object.fromEntries(names.map((name) => [name, flagField(PROGRAM_USER_FLAG_LABELS[name as keyof typeof PROGRAM_USER_FLAG_LABELS], { group })])) as {
    [K in N]: ReturnType<typeof flagField>;
  };

/** Limits of the sign-in settings: failed attempts before the lock, minutes of the lock. */
export const PROGRAM_USER_RETRIES_MAX = 20;
export const PROGRAM_USER_TIME_OUT_MAX = 1440;

/**
 * An optional whole number within [1, max] (a form's number input sends text): blank gives null, which
 * means the sign-in default (5 attempts, 15 minutes; identity auth-policy).
 */
function optionalWholeNumber(label: string, max: number) {
  const message = `${label} must be a whole number between 1 and ${max}.`;
  return v.pipe(
    v.optional(v.nullable(v.union([v.number(message), v.string(message)], message)), null),
    v.transform((value) => (value === null || value === undefined || String(value).trim() === '' ? null : Number(String(value).trim()))),
    v.check((value) => value === null || (Number.isInteger(value) && value >= 1 && value <= max), message),
  );
}

/** Pre-Op, Post-Op or Weight-Management (1, 2, 3), or none; the form's select sends text. */
const defaultStage = v.pipe(
  v.optional(v.nullable(v.union([v.number(), v.string()], invalidValue('default stage'))), null),
  v.transform((value) => (value === null || value === undefined || String(value).trim() === '' ? null : Number(String(value).trim()))),
  v.check((value) => value === null || (PATIENT_STAGE_IDS as readonly number[]).includes(value), invalidValue('default stage')),
);

/** The stage choices of the default stage. */
export const PROGRAM_USER_STAGE_OPTIONS = STAGES.map((stage) => ({ value: String(stage.id), label: stage.label }));

const optionalText = v.nullable(v.string());
const optionalNumber = v.nullable(v.number());

/**
 * GET '' (page, perPage, search over name, e-mail and username; program_id; status; sort), GET /{id},
 * POST /store, /update, /toggle-status, /delete (soft: the account cannot sign in, its history stays).
 */
export const programUserResource = defineResource({
  name: 'program-user',
  // The programs' list counts each program's users.
  shownIn: ['program'],
  entity: 'program_user',
  labels: { singular: 'Program User', plural: 'Program Users' },
  fields: {
    name: field('text', 'Name', requiredString('name')),
    email: field('email', 'Email', email('email')),
    username: field('text', 'Username', optionalString('username'), { output: optionalText }),
    ...flagsIn(AREA_FLAGS, PROGRAM_USER_GROUPS.areas),
    ...flagsIn(CONTENT_FLAGS, PROGRAM_USER_GROUPS.content),
    administrative_rights: flagField('Administrative rights (customize the pipeline)', { group: PROGRAM_USER_GROUPS.rights }),
    self_service: flagField(PROGRAM_USER_FLAG_LABELS.self_service, { group: PROGRAM_USER_GROUPS.rights }),
    send_email_check: flagField('Receives e-mail notices', { group: PROGRAM_USER_GROUPS.rights }),
    security_status: flagField('Ask a security question at sign-in', { group: PROGRAM_USER_GROUPS.signIn }),
    retries: field('number', 'Failed sign-ins before the lock', optionalWholeNumber('Retries', PROGRAM_USER_RETRIES_MAX), {
      output: optionalNumber,
      column: false,
      group: PROGRAM_USER_GROUPS.signIn,
    }),
    time_out: field('number', 'Lock time (minutes)', optionalWholeNumber('Time out', PROGRAM_USER_TIME_OUT_MAX), {
      output: optionalNumber,
      column: false,
      group: PROGRAM_USER_GROUPS.signIn,
    }),
    /** yyyy-MM-dd: from this day the account cannot sign in. */
    deactivation_date: field('date', 'Deactivation date', optionalOf(isoDate('deactivation_date', { label: 'Deactivation date' })), {
      output: optionalText,
      group: PROGRAM_USER_GROUPS.signIn,
    }),
    default_stage: field('number', 'Default stage', defaultStage, { output: optionalNumber, column: false, group: PROGRAM_USER_GROUPS.defaults }),
  },
  labelField: 'name',
  extra: {
    /** 1 once the user has set a password (the invitation was used). */
    password_set: flag,
  },
  sorts: PROGRAM_USER_SORTS,
  defaultSort: 'name',
  scope: 'global',
  permission: { who: 'super-admin', slug: 'program_users' },
  status: true,
  ordering: false,
  categories: {
    category: { field: 'program_id', label: 'Program', required: true },
    subCategory: { field: 'default_category1_id', label: 'Default tag' },
  },
  messages: PROGRAM_USER_MESSAGES,
  paths: { base: '/api/admin/program-user', byCategory: false },
});

export type ProgramUser = ResourceItem<typeof programUserResource>;
export type ProgramUserStoreBody = ResourceStoreBody<typeof programUserResource>;
/** Every 0/1 switch of a program user, in the form's order. */
export const PROGRAM_USER_FLAGS = Object.entries(programUserResource.fields)
  .filter(([, entry]) => entry.kind === 'flag')
  .map(([name]) => name);

/** POST /update-password: a new password for the user, set by the super admin (its other sessions end). */
export const programUserUpdatePasswordBody = v.pipe(v.object({ id, ...passwordEntries() }), passwordsMatch());
/** The change-password screen's form: the same rules, the id being the address's. */
export const programUserPasswordForm = v.pipe(v.object(passwordEntries()), passwordsMatch());
export type ProgramUserUpdatePasswordBody = v.InferOutput<typeof programUserUpdatePasswordBody>;

/** POST /reset-security and POST /resend-invite: the user's id. */
export const programUserIdBody = v.object({ id });

/** GET /export: the list's search, filters and order, every row, as an Excel file. */
export const programUserExportQuery = v.object(v.omit(programUserResource.schemas.listQuery, ['page', 'perPage']).entries);
export type ProgramUserExportQuery = v.InferOutput<typeof programUserExportQuery>;

export const programUserMessageResponse = messageOnly;
