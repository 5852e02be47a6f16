import * as v from 'valibot';
import { PERMISSION_SLUGS, PROGRAM_USER_MENU_FLAGS, USER_TYPES, type MenuAreaHolder, type ProgramUserMenuFlag } from '@baridesk/domain';
import { DEFAULT_MAX_LENGTH, maxLength, required } from './messages';
import { email, id, passwordEntries, passwordsMatch } from './rules';
import { envelope, flag } from './common';

/** A password as typed (never trimmed), only required to be there. */
const presentSecret = (field: string) =>
  v.optional(
    v.pipe(v.string(required(field)), v.minLength(1, required(field)), v.maxLength(DEFAULT_MAX_LENGTH, maxLength(field))),
    '',
  );

export const loginBody = v.object({
  email: email('email'),
  // Sign-in checks only presence: accounts made before today's password rules must still get in.
  password: presentSecret('password'),
});
export type LoginBody = v.InferOutput<typeof loginBody>;

export const permissionSchema = v.object({ id: v.number(), name: v.string(), slug: v.picklist(PERMISSION_SLUGS) });
export type Permission = v.InferOutput<typeof permissionSchema>;

/** A program user's 0/1 menu flags, each by its stored name (domain PROGRAM_USER_MENU_FLAGS). */
export const programUserMenuFlags = v.object(
  Object.fromEntries(PROGRAM_USER_MENU_FLAGS.map((name) => [name, flag])) as Record<ProgramUserMenuFlag, typeof flag>,
);

/** The signed-in user as the front ends hold it (GET /api/user, and the login answer). */
export const authUserSchema = v.object({
  id: v.number(),
  name: v.string(),
  email: v.string(),
  created: v.string(),
  type: v.picklist(USER_TYPES),
  program_id: v.nullable(v.number()),
  popup_msg1: v.nullable(v.string()),
  popup_status: flag,
  programmer_code: v.nullable(v.string()),
  sub_user: v.nullable(v.object({ id: v.number(), title: v.string(), programmer_code: v.nullable(v.string()) })),
  permissions: v.array(permissionSchema),
  administrative_rights: flag,
  self_service: flag,
  terms_and_conditions_check: flag,
  is_password_changed: flag,
  /**
   * A program user's menu flags, which open the areas of domain MENU_AREAS (the shell's page guard reads
   * them as the server does); null for sub users, who have every area, and super admins.
   */
  menu_flags: v.nullable(programUserMenuFlags),
});
export type AuthUser = v.InferOutput<typeof authUserSchema>;

/** The signed-in user as the domain's menu-flag table reads it (mayOpenMenuArea, menuAreaRefusal). */
export const menuAreaHolderOf = (user: AuthUser): MenuAreaHolder => ({
  type: user.type,
  selfService: user.self_service === 1,
  flags: user.menu_flags,
});

/** A completed sign-in: the bearer token and the signed-in user. */
export const signedInData = v.object({
  token: v.string(),
  isEventExist: v.boolean(),
  expiresInMinutes: v.number(),
  user: authUserSchema,
});
export type SignedIn = v.InferOutput<typeof signedInData>;

/** The steps of the security question after a correct password: choose one first, or answer it. */
export const SECURITY_STEPS = ['setup', 'answer'] as const;
export type SecurityStep = (typeof SECURITY_STEPS)[number];

export const securityQuestionSchema = v.object({ id: v.number(), question: v.string() });
export type SecurityQuestion = v.InferOutput<typeof securityQuestionSchema>;

/**
 * The password was right, but the account must also pass its security question: no token yet. The
 * `challenge` (opaque, single use, valid a few minutes) goes to POST /api/security-answer; `question`
 * is present for the 'answer' step only ('setup' lets the user pick one from GET /api/security-questions).
 */
export const securityStepData = v.object({
  securityStep: v.picklist(SECURITY_STEPS),
  challenge: v.string(),
  challengeExpiresInMinutes: v.number(),
  question: v.optional(securityQuestionSchema),
});
export type SecurityStepData = v.InferOutput<typeof securityStepData>;

/**
 * The second factor after the password (and the security question, when asked): 'code' for an account
 * with an authenticator (a 6-digit code or a recovery code goes to POST /api/mfa/challenge), 'setup' for
 * one that must have one and has none yet (POST /api/mfa/challenge/setup, then /confirm).
 */
export const MFA_STEPS = ['code', 'setup'] as const;
export type MfaStep = (typeof MFA_STEPS)[number];

/** Minutes the challenge of a second-factor step stays valid (setting up an app takes a while). */
export const MFA_CHALLENGE_TTL_MINUTES = 15;

/** The password (and security answer) were right, the second factor comes next: no token yet. */
export const mfaStepData = v.object({
  mfaStep: v.picklist(MFA_STEPS),
  challenge: v.string(),
  challengeExpiresInMinutes: v.number(),
});
export type MfaStepData = v.InferOutput<typeof mfaStepData>;

/** POST /api/login: a completed sign-in, a security question step or a second-factor step. */
export const loginResponse = envelope(v.union([signedInData, securityStepData, mfaStepData]));
export type LoginResponse = v.InferOutput<typeof loginResponse>;
export type LoginData = LoginResponse['data'];

/** Tells the login answers apart. */
export const isSecurityStep = (data: LoginData): data is SecurityStepData => 'securityStep' in data;
export const isMfaStep = (data: object): data is MfaStepData => 'mfaStep' in data;

export const userResponse = envelope(authUserSchema);

export const tokenValidateResponse = envelope(
  v.object({ valid: v.literal(true), type: v.picklist(USER_TYPES), expiresInMinutes: v.number() }),
);

/** A signed-in staff member or super admin choosing a new password for their own account. */
export const changePasswordBody = v.pipe(
  v.object({
    current_password: presentSecret('current password'),
    ...passwordEntries(),
  }),
  passwordsMatch(),
);
export type ChangePasswordBody = v.InferOutput<typeof changePasswordBody>;

/** PATCH /api/admin/super-admin/change-password/{id}: the current password is asked only for one's own. */
export const superAdminChangePasswordBody = v.pipe(
  v.object({ current_password: v.optional(v.string()), ...passwordEntries() }),
  passwordsMatch(),
);
export type SuperAdminChangePasswordBody = v.InferOutput<typeof superAdminChangePasswordBody>;

export const termsCheckBody = v.object({ programUserId: id });


/** The header marking a call the page makes on its own (domain BACKGROUND_REQUEST_HEADER), for the api client. */
export { BACKGROUND_REQUEST_HEADER } from '@baridesk/domain';
