import * as v from 'valibot';
import { envelope } from './common';
import { required } from './messages';
import { hasNoNul, requiredString } from './rules';
import { forwardedCheck } from './forwarded-check';
import { signedInData } from './auth';

/**
 * The second sign-in factor (TOTP, RFC 6238): an authenticator app's 6-digit code, or a one-time recovery
 * code. The login answer's step (auth.ts mfaStepData) leads here. See docs/security.md.
 */

/** Recovery codes handed out at once; each works once. */
export const MFA_RECOVERY_CODE_COUNT = 10;

export const MFA_MESSAGES = {
  codeFormat: 'Enter the 6-digit code from your authenticator app.',
  codeOrRecoveryCode: 'Enter the 6-digit code from your authenticator app, or one of your recovery codes.',
  recoveryCodeFormat: 'A recovery code is 10 letters and digits, like abcde-23456.',
  /** A wrong code, or a right one that was used already (a code works once). */
  wrongCode: 'This code is not right or has been used already. Please enter the current code from your authenticator app.',
  wrongRecoveryCode: 'This recovery code is not right or has been used already.',
  wrongPassword: 'The password is incorrect.',
  notEnabled: 'Two-step sign-in is not turned on for your account.',
  alreadyEnabled: 'Two-step sign-in is already on. Turn it off first to use another authenticator.',
  noSetup: 'No authenticator is waiting to be confirmed. Please start the set-up again.',
  required: 'Two-step sign-in is required for your account and cannot be turned off.',
  enabled: 'Two-step sign-in is on.',
  disabled: 'Two-step sign-in is off.',
  recoveryCodesRenewed: 'New recovery codes are ready. The old ones no longer work.',
} as const;

/** Spaces (as apps show "123 456") and dashes are left out before the checks. */
const compact = (value: string) => value.replace(/[\s-]/g, '');

/** An authenticator's code as typed: 6 digits, spaces allowed; '' when left blank. */
const totpCode = v.optional(
  v.pipe(
    v.string(MFA_MESSAGES.codeFormat),
    v.transform(compact),
    v.maxLength(6, MFA_MESSAGES.codeFormat),
    v.check((value) => value === '' || /^\d{6}$/.test(value), MFA_MESSAGES.codeFormat),
  ),
  '',
);

/** A recovery code as typed (case, spaces and the dash do not matter); '' when left blank. */
const recoveryCode = v.optional(
  v.pipe(
    v.string(MFA_MESSAGES.recoveryCodeFormat),
    v.transform((value) => compact(value).toLowerCase()),
    v.maxLength(10, MFA_MESSAGES.recoveryCodeFormat),
    v.check((value) => value === '' || /^[a-z0-9]{10}$/.test(value), MFA_MESSAGES.recoveryCodeFormat),
  ),
  '',
);

/** A code that must be there. */
const requiredCode = v.pipe(totpCode, v.check((value) => value !== '', MFA_MESSAGES.codeFormat));
const challenge = requiredString('challenge', { max: 512 });

/** POST /api/mfa/challenge (public): the step's challenge and a code, or a recovery code instead (the other left blank). */
export const mfaChallengeBody = v.pipe(
  v.object({ challenge, code: totpCode, recovery_code: recoveryCode }),
  forwardedCheck(['code', 'recovery_code'], 'code', (input) => input.code !== '' || input.recovery_code !== '', MFA_MESSAGES.codeOrRecoveryCode),
);
export type MfaChallengeBody = v.InferInput<typeof mfaChallengeBody>;

/** POST /api/mfa/challenge/setup (public): a new authenticator for the account of a 'setup' step. */
export const mfaChallengeSetupBody = v.object({ challenge });
export type MfaChallengeSetupBody = v.InferInput<typeof mfaChallengeSetupBody>;

/** POST /api/mfa/challenge/confirm (public): the first code of the new authenticator completes the sign-in. */
export const mfaChallengeConfirmBody = v.object({ challenge, code: requiredCode });
export type MfaChallengeConfirmBody = v.InferInput<typeof mfaChallengeConfirmBody>;

/** POST /api/mfa/confirm and /recovery-codes (signed in): a current code. */
export const mfaCodeBody = v.object({ code: requiredCode });
export type MfaCodeBody = v.InferInput<typeof mfaCodeBody>;

/** The password as typed (never trimmed), asked again before the second factor changes. */
const currentPassword = v.optional(
  v.pipe(v.string(required('password')), v.minLength(1, required('password')), v.maxLength(254), v.check(hasNoNul, required('password'))),
  '',
);

/**
 * POST /api/mfa/setup (signed in): the password again, so that a session left open (or stolen) cannot bind
 * an authenticator of someone else's and lock the user out.
 */
export const mfaSetupBody = v.object({ password: currentPassword });
export type MfaSetupBody = v.InferInput<typeof mfaSetupBody>;

/** POST /api/mfa/disable (signed in): the password and a current code, both. */
export const mfaDisableBody = v.object({ password: currentPassword, code: requiredCode });
export type MfaDisableBody = v.InferInput<typeof mfaDisableBody>;

/**
 * A new authenticator, not yet confirmed: the base32 key (for typing in), the otpauth:// address an app
 * reads from the QR code, and that QR code as an SVG document (drawn on the server).
 */
export const mfaEnrolment = v.object({ secret: v.string(), otpauthUrl: v.string(), qrSvg: v.string() });
export type MfaEnrolment = v.InferOutput<typeof mfaEnrolment>;
export const mfaEnrolmentResponse = envelope(mfaEnrolment);
export type MfaEnrolmentResponse = v.InferOutput<typeof mfaEnrolmentResponse>;

/** The recovery codes, shown once: only their hashes are kept. */
export const mfaRecoveryCodes = v.object({ recoveryCodes: v.array(v.string()) });
export const mfaRecoveryCodesResponse = envelope(mfaRecoveryCodes);
export type MfaRecoveryCodesResponse = v.InferOutput<typeof mfaRecoveryCodesResponse>;

/** POST /api/mfa/challenge/confirm: the sign-in, with the new recovery codes. */
export const mfaSignedInWithCodesResponse = envelope(v.object({ ...signedInData.entries, recoveryCodes: v.array(v.string()) }));
export type MfaSignedInWithCodesResponse = v.InferOutput<typeof mfaSignedInWithCodesResponse>;

/** POST /api/mfa/challenge: the sign-in as login answers it. */
export const mfaSignedInResponse = envelope(signedInData);
export type MfaSignedInResponse = v.InferOutput<typeof mfaSignedInResponse>;

/** GET /api/mfa: the signed-in account's second factor. */
export const mfaStatus = v.object({
  enabled: v.boolean(),
  /** Required for this account (a super admin where the deployment says so, staff of a program that asks for it). */
  required: v.boolean(),
  confirmedAt: v.nullable(v.string()),
  recoveryCodesLeft: v.number(),
});
export type MfaStatus = v.InferOutput<typeof mfaStatus>;
export const mfaStatusResponse = envelope(mfaStatus);
export type MfaStatusResponse = v.InferOutput<typeof mfaStatusResponse>;
