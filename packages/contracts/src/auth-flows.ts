/**
 * The public and sign-in flows around the password: forgot / reset / set password links, the staff's
 * "send the patient a set-password link", the security question after the password, and self-service
 * registration with e-mail confirmation. Bodies, answers and the messages the server sends.
 */
import * as v from 'valibot';
import { INVALID_ID } from './messages';
import { MAX_ID, email, id, passwordEntries, passwordsMatch, phone, requiredString } from './rules';
import { envelope, messageOnly } from './common';
import { mfaStepData, securityQuestionSchema, signedInData } from './auth';

// ---------------------------------------------------------------------------------------------
// Constants
// ---------------------------------------------------------------------------------------------

/** How long an e-mailed link (reset, set, invite, confirm address) stays usable. */
export const PASSWORD_LINK_TTL_MINUTES = 60;
/** How long the security-question challenge handed out by POST /api/login stays usable. */
export const SECURITY_CHALLENGE_TTL_MINUTES = 10;
/** Reset e-mails one address may ask for in the window, and one network address (any e-mail). */
export const RESET_EMAIL_LIMIT_PER_ADDRESS = 5;
export const RESET_EMAIL_LIMIT_PER_IP = 20;
export const RESET_EMAIL_WINDOW_MINUTES = 15;

/** What the link of an e-mail lets its holder do (POST /api/verify-token answers it). */
export const PASSWORD_LINK_FLOWS = ['reset', 'set', 'invite'] as const;
export type PasswordLinkFlow = (typeof PASSWORD_LINK_FLOWS)[number];

export const AUTH_FLOW_MESSAGES = {
  /** The answer of POST /api/send-password-reset-email, whether the address is known or not. */
  resetEmailSent: (minutes: number) =>
    `If this address belongs to an account, we have sent it a link to reset the password. The link is valid for ${minutes} minute${minutes === 1 ? '' : 's'}.`,
  resetEmailThrottled: (minutes: number) =>
    `Too many password reset requests. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
  /** Any link that is unknown, expired, already used or voided by a later password change (410). */
  invalidLink: 'This link has expired or has already been used. Please ask for a new one.',
  passwordUpdated: 'Your password has been updated.',
  /** Added by the front end after passwordUpdated for program users (they also get an e-mail). */
  checkEmail: 'Please check your email.',
  patientLinkSent: 'We have sent the patient an e-mail with a link to set the password for the app.',
  patientHasNoEmail: 'This patient has no e-mail address. Add one to the patient first.',
  challengeInvalid: 'Your sign-in step has expired. Please log in again.',
  wrongSecurityAnswer: 'The answer does not match the one we have on file.',
  questionRequired: 'Please choose a security question.',
  unknownQuestion: 'Please choose one of the security questions.',
  registrationReceived: 'Registration received. Please check your email to confirm your address.',
  emailTaken: 'This email is already registered.',
  emailConfirmed: 'Your email address is confirmed. You can now log in.',
  /** 403 of POST /api/login for an account whose address is not confirmed; a new link is sent. */
  emailNotConfirmed: 'Please confirm your email address first. We have sent you a new link.',
} as const;

// ---------------------------------------------------------------------------------------------
// Building blocks
// ---------------------------------------------------------------------------------------------

/** A link's token as it arrives from the query string: required, trimmed. */
const linkToken = (field = 'token') => requiredString(field, { max: 512 });

/** An optional id: missing, null or '' gives undefined; else a positive integer (digits in a string too). */
export const optionalId = v.pipe(
  v.nullish(v.union([v.number(), v.string()], INVALID_ID)),
  v.transform((value): number | undefined => {
    if (value == null) return undefined;
    if (typeof value === 'number') return value;
    const text = value.trim();
    if (text === '') return undefined;
    return /^\d+$/.test(text) ? Number(text) : Number.NaN;
  }),
  v.check((value) => value === undefined || (Number.isSafeInteger(value) && value > 0 && value <= MAX_ID), INVALID_ID),
);

const YES = new Set(['yes', 'true', '1', 'on']);
const NO = new Set(['no', 'false', '0', 'off', '']);

/** A yes/no switch from a link's query string: 'yes'/'no', true/false, 1/0, '1'/'0'; missing is false. */
export const yesNo = v.pipe(
  v.nullish(v.union([v.boolean(), v.number(), v.string()], 'The value must be yes or no.')),
  v.check(
    (value) => value == null || typeof value === 'boolean' || YES.has(String(value).trim().toLowerCase()) || NO.has(String(value).trim().toLowerCase()),
    'The value must be yes or no.',
  ),
  v.transform((value): boolean => value != null && (value === true || YES.has(String(value).trim().toLowerCase()))),
);

/**
 * A security answer as compared: lower case, trimmed, inner whitespace collapsed, so "  New   York"
 * and "new york" are the same answer.
 */
export function normaliseSecurityAnswer(answer: string): string {
  return answer.normalize('NFKC').trim().replace(/\s+/g, ' ').toLowerCase();
}

// ---------------------------------------------------------------------------------------------
// Forgot password and the links
// ---------------------------------------------------------------------------------------------

/** POST /api/send-password-reset-email (public). `isProgramUser`: look for a staff account only. */
export const sendPasswordResetEmailBody = v.object({
  email: email('email'),
  isProgramUser: v.optional(yesNo, false),
});
export type SendPasswordResetEmailBody = v.InferInput<typeof sendPasswordResetEmailBody>;
export const sendPasswordResetEmailResponse = messageOnly;

/**
 * POST /api/verify-token (public): the link's query parameters. `patient_id` is the link's `id`
 * (patient links); `isProgramUserReset` its `isProgramUser=yes` (a hint; the token decides).
 */
export const verifyTokenBody = v.object({
  token: linkToken(),
  patient_id: optionalId,
  isProgramUserReset: v.optional(yesNo, false),
});
export type VerifyTokenBody = v.InferInput<typeof verifyTokenBody>;

export const verifyTokenResponse = envelope(
  v.object({
    valid: v.literal(true),
    flow: v.picklist(PASSWORD_LINK_FLOWS),
    /** The address the link was sent to, to show on the form. */
    email: v.string(),
  }),
);
export type VerifyTokenResponse = v.InferOutput<typeof verifyTokenResponse>;

const resetPasswordEntries = {
  token: linkToken(),
  patient_id: optionalId,
  isProgramUserReset: v.optional(yesNo, false),
  ...passwordEntries(),
};

/** POST /api/reset-password (public): a staff account's new password from a reset, set or invite link. */
export const resetPasswordBody = v.pipe(v.object(resetPasswordEntries), passwordsMatch());
export type ResetPasswordBody = v.InferInput<typeof resetPasswordBody>;

/** POST /api/patient/reset-password (public): a patient's new app password; `email` is the link's. */
export const patientResetPasswordBody = v.pipe(
  v.object({ ...resetPasswordEntries, email: email('email') }),
  passwordsMatch(),
);
export type PatientResetPasswordBody = v.InferInput<typeof patientResetPasswordBody>;

/** Both reset answers: { message: 'Your password has been updated.' }. */
export const resetPasswordResponse = messageOnly;

/** POST /api/reset-patient-password (staff): e-mail the patient a link to set the app password. */
export const resetPatientPasswordBody = v.object({ patient_id: id });
export type ResetPatientPasswordBody = v.InferInput<typeof resetPatientPasswordBody>;
export const resetPatientPasswordResponse = messageOnly;

// ---------------------------------------------------------------------------------------------
// Security question
// ---------------------------------------------------------------------------------------------

/** GET /api/security-questions (public): the active questions. */
export const securityQuestionsResponse = envelope(v.array(securityQuestionSchema));
export type SecurityQuestionsResponse = v.InferOutput<typeof securityQuestionsResponse>;

/**
 * POST /api/security-answer (public): the challenge from POST /api/login and the answer. For the
 * 'setup' step `question_id` (the chosen question) is required; for 'answer' it is ignored.
 */
export const securityAnswerBody = v.object({
  challenge: linkToken('challenge'),
  answer: requiredString('answer'),
  question_id: optionalId,
});
export type SecurityAnswerBody = v.InferInput<typeof securityAnswerBody>;

/**
 * A completed sign-in, as POST /api/login answers it, plus whether the password was ever changed; or,
 * for an account with a second factor (or one that must set it up), that step (auth.ts mfaStepData).
 */
export const securityAnswerResponse = envelope(
  v.union([v.object({ ...signedInData.entries, isPasswordChanged: v.boolean() }), mfaStepData]),
);
export type SecurityAnswerResponse = v.InferOutput<typeof securityAnswerResponse>;

// ---------------------------------------------------------------------------------------------
// Registration
// ---------------------------------------------------------------------------------------------

/** POST /api/register (public): a new self-service program and its owner's account. */
export const registerBody = v.pipe(
  v.object({
    practice_name: requiredString('practice_name'),
    owner_name: requiredString('owner_name'),
    email: email('email'),
    phone: phone('phone'),
    ...passwordEntries(),
  }),
  passwordsMatch(),
);
export type RegisterBody = v.InferInput<typeof registerBody>;
/** 201 { message: 'Registration received. Please check your email to confirm your address.' } */
export const registerResponse = messageOnly;

/** POST /api/register/confirm (public): the confirmation link's `token` and `id` (the account). */
export const confirmEmailBody = v.object({ token: linkToken(), id });
export type ConfirmEmailBody = v.InferInput<typeof confirmEmailBody>;
export const confirmEmailResponse = messageOnly;
