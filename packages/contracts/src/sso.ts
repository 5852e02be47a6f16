/**
 * Single sign-on (OpenID Connect) for programs that configure an identity provider.
 *
 * 1. POST /api/sso/start `{ email }` → `{ data: { redirectUrl } }`: the browser goes to the provider.
 * 2. The provider sends the browser to GET /api/sso/callback, which answers with a redirect to
 *    `/sso?ticket=…` (a one-time ticket, valid 2 minutes) or `/sso?error=<code>`.
 * 3. POST /api/sso/exchange `{ ticket }` → the same answer as a successful POST /api/login.
 */
import * as v from 'valibot';
import { signedInData } from './auth';
import { envelope } from './common';
import { email, requiredString } from './rules';

export const ssoStartBody = v.object({ email: email('email') });
export type SsoStartBody = v.InferOutput<typeof ssoStartBody>;

export const ssoStartResponse = envelope(v.object({ redirectUrl: v.string() }));
export type SsoStartResponse = v.InferOutput<typeof ssoStartResponse>;

/**
 * What the identity provider appends to the callback address. Every key is optional: whatever arrives,
 * the callback answers with a redirect to the /sso screen, never with an error page.
 */
export const ssoCallbackQuery = v.object({
  code: v.optional(v.string()),
  state: v.optional(v.string()),
  error: v.optional(v.string()),
  error_description: v.optional(v.string()),
  iss: v.optional(v.string()),
});
export type SsoCallbackQuery = v.InferOutput<typeof ssoCallbackQuery>;

export const ssoExchangeBody = v.object({ ticket: requiredString('ticket') });
export type SsoExchangeBody = v.InferOutput<typeof ssoExchangeBody>;

/**
 * The exchange answers exactly as a completed password sign-in does. There is no security-question
 * step: the identity provider authenticated the user (and applies its own second factor).
 */
export const ssoExchangeResponse = envelope(signedInData);
export type SsoExchangeResponse = v.InferOutput<typeof ssoExchangeResponse>;

/** The `error` the callback puts on `/sso?error=…`: short codes, never details (those go to the log). */
export const SSO_ERROR_CODES = ['expired', 'denied', 'failed', 'unverified', 'no_account', 'inactive'] as const;
export type SsoErrorCode = (typeof SSO_ERROR_CODES)[number];

export const SSO_MESSAGES = {
  notConfigured: 'Single sign-on is not set up for this email domain.',
  providerUnavailable: 'Your identity provider cannot be reached right now. Please try again in a few minutes.',
  ticketInvalid: 'This sign-in has expired or was already used. Please sign in again.',
  throttled: (minutes: number) =>
    `Too many single sign-on attempts from this address. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
} as const;

/** What the /sso screen says for each error code. `inactive` is the login's own message. */
export const SSO_ERROR_MESSAGES: Readonly<Record<SsoErrorCode, string>> = {
  expired: 'This sign-in took too long or was already completed. Please start again.',
  denied: 'The sign-in was cancelled at your identity provider.',
  failed: 'We could not complete the sign-in with your identity provider. Please try again.',
  unverified: 'Your identity provider has not verified your email address, so it cannot be used to sign in.',
  no_account: 'There is no staff account of this program with the email address your identity provider gave.',
  inactive: 'Your account is inactive. Please contact your program administrator.',
};

/** The message of an error code from the address bar; an unknown code reads as a failed sign-in. */
export function ssoErrorMessage(code: string): string {
  return (SSO_ERROR_CODES as readonly string[]).includes(code)
    ? SSO_ERROR_MESSAGES[code as SsoErrorCode]
    : SSO_ERROR_MESSAGES.failed;
}
