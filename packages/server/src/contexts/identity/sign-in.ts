/**
 * The steps of signing in that POST /api/login, POST /api/security-answer and the second factor's
 * POST /api/mfa/challenge… share: the per-address throttle, the account lock, counting a wrong secret (a
 * password, a security answer or an authenticator code alike) towards the lock, the challenge that carries
 * a sign-in from one step to the next, and opening the session once every step has passed.
 *
 * A browser with a valid device cookie of the account (a known browser, see device-cookie.ts) skips the
 * address throttle and the lock, and its failures count against its cookie only: a clinic sharing one
 * address, or everyone behind one proxy, cannot be locked out by someone else's guesses.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { SESSION_TIMEOUT_MINUTES } from '@baridesk/domain';
import { AUTH_FLOW_MESSAGES, MFA_CHALLENGE_TTL_MINUTES, type MfaStepData, type SignedIn } from '@baridesk/contracts';
import type { LinkPurpose, ValidLink } from './plugins/auth-links-repository';
import type { AccountsRepository } from './plugins/accounts-repository';
import type { KnownBrowser } from './plugins/device-cookies';
import { ADDRESS_FAILURE_LIMIT, ADDRESS_FAILURE_WINDOW_MINUTES, MESSAGES, minutesLeft } from './auth-policy';
import { toAuthUser } from './auth-user';

export type LoginAccount = NonNullable<Awaited<ReturnType<AccountsRepository['findForLogin']>>>;

interface Failure {
  accountId: number | null;
  /** The address the caller typed (kept in the short-lived failure log, not in the audit). */
  email: string;
  reason: string;
  now: Date;
  /** The audit action; 'login' unless told. */
  action?: string;
  /** The attempt came from a known browser of the account: counted against its device cookie. */
  knownBrowser?: KnownBrowser | null;
}

/**
 * The first step of every attempt on an account (null: no such account): the caller's known browser, if
 * it is one; any other browser must first pass the address throttle (429).
 */
export async function admitAttempt(
  fastify: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  account: LoginAccount | null,
  now: Date,
): Promise<KnownBrowser | null> {
  const knownBrowser = account ? await fastify.deviceCookies.knownBrowser(request, account, now) : null;
  if (!knownBrowser) await assertAddressNotThrottled(fastify, request, reply, now);
  return knownBrowser;
}

/** 429 with Retry-After when one network address failed too often lately, whichever accounts it tried. */
export async function assertAddressNotThrottled(fastify: FastifyInstance, request: FastifyRequest, reply: FastifyReply, now: Date) {
  const windowMs = ADDRESS_FAILURE_WINDOW_MINUTES * 60_000;
  const recent = await fastify.accounts.failuresFromAddress(request.ip, new Date(now.getTime() - windowMs));
  if (recent.count >= ADDRESS_FAILURE_LIMIT) {
    const freeAt = new Date((recent.oldest ?? now).getTime() + windowMs);
    reply.header('retry-after', Math.ceil((freeAt.getTime() - now.getTime()) / 1000));
    throw fastify.httpErrors.tooManyRequests(MESSAGES.addressThrottled(minutesLeft(freeAt, now)));
  }
}

/** A failed sign-in step: counted against the known browser's cookie, else the caller's address; audited. */
export async function recordSignInFailure(fastify: FastifyInstance, request: FastifyRequest, failure: Failure) {
  const { knownBrowser } = failure;
  if (knownBrowser) await fastify.deviceCookies.recordFailure(knownBrowser, failure.email, failure.now);
  else await fastify.accounts.recordAddressFailure(request.ip, failure.email, failure.now);
  await fastify.audit.record(request, {
    action: failure.action ?? 'login',
    entity: 'account',
    entityId: failure.accountId,
    actorAccountId: failure.accountId,
    success: false,
    detail: { reason: failure.reason, ...(knownBrowser ? { knownBrowser: true } : {}) },
  });
}

/**
 * 423 while the account is locked, whatever secret is offered (the attempt is recorded). Not for a known
 * browser: its own failures never lock the account, so a lock was caused elsewhere.
 */
export async function refuseIfLocked(fastify: FastifyInstance, request: FastifyRequest, account: LoginAccount, failure: Omit<Failure, 'accountId' | 'reason'>) {
  if (failure.knownBrowser) return;
  if (account.lockedUntil && account.lockedUntil > failure.now) {
    await recordSignInFailure(fastify, request, { ...failure, accountId: account.id, reason: 'locked' });
    throw fastify.httpErrors.locked(MESSAGES.locked(minutesLeft(account.lockedUntil, failure.now)));
  }
}

/**
 * A wrong password or security answer: counts towards the account's lock (its `retries` in a row, then
 * `time_out` minutes) and is recorded. Throws 423 when this attempt locked the account; otherwise
 * returns, and the caller answers its own refusal. From a known browser it counts against the browser's
 * cookie instead, and never locks the account.
 */
export async function countWrongSecret(
  fastify: FastifyInstance,
  request: FastifyRequest,
  account: LoginAccount,
  failure: Omit<Failure, 'accountId'>,
) {
  if (failure.knownBrowser) {
    await recordSignInFailure(fastify, request, { ...failure, accountId: account.id });
    return;
  }
  const lockedUntil = await fastify.accounts.recordFailedPassword(account.id, account.policy, failure.now);
  await recordSignInFailure(fastify, request, {
    ...failure,
    accountId: account.id,
    reason: lockedUntil ? `${failure.reason}; locked` : failure.reason,
  });
  if (lockedUntil) throw fastify.httpErrors.locked(MESSAGES.locked(minutesLeft(lockedUntil, failure.now)));
}

/** An inactive account, an inactive program, or a program user past its deactivation date. */
export function isInactive(account: LoginAccount, now: Date): boolean {
  const today = now.toISOString().slice(0, 10);
  const deactivated = account.deactivationDate !== null && account.deactivationDate <= today;
  return account.status !== 1 || account.programStatus === 0 || deactivated;
}

/**
 * Every step passed: resets the failure count (unless a known browser signed in: the lock is then left to
 * the browsers that caused it), opens a session, audits the sign-in, gives the browser a fresh device
 * cookie of the account, and answers like login.
 */
export async function openSession(
  fastify: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  account: LoginAccount,
  now: Date,
  { knownBrowser = null, detail }: { knownBrowser?: KnownBrowser | null; detail?: Record<string, unknown> } = {},
): Promise<SignedIn> {
  const auditDetail = { ...detail, ...(knownBrowser ? { knownBrowser: true } : {}) };
  const token = await fastify.db.transaction(async (tx) => {
    await fastify.accounts.recordSuccessfulLogin(tx, account.id, now, { keepLock: knownBrowser !== null });
    const issued = await fastify.sessions.create(tx, account.id, now, {
      ip: request.ip,
      userAgent: request.headers['user-agent'],
    });
    await fastify.audit.record(
      request,
      {
        action: 'login',
        entity: 'account',
        entityId: account.id,
        actorAccountId: account.id,
        actorType: account.type,
        programId: account.programId,
        ...(Object.keys(auditDetail).length > 0 ? { detail: auditDetail } : {}),
      },
      tx,
    );
    return issued;
  });
  await fastify.deviceCookies.issue(request, reply, account.id, now);
  const principal = await fastify.sessions.findByToken(token);
  if (!principal) throw new Error('A session just created could not be read back.');
  const isEventExist =
    account.type === 'super_admin' || account.programId === null ? true : await fastify.programs.hasEvents(account.programId);
  return { token, isEventExist, expiresInMinutes: SESSION_TIMEOUT_MINUTES, user: toAuthUser(principal) };
}

/** What a later step of signing in holds once its challenge checked out. */
export interface ChallengedSignIn {
  link: ValidLink;
  account: LoginAccount;
  knownBrowser: KnownBrowser | null;
}

/**
 * The start of every step after the password: the challenge the previous step handed out (410 when it is
 * unknown, used or expired, or the password changed since), then the same gates as login: the address
 * throttle for unknown browsers, the lock (recorded under `action`), an account or program gone inactive.
 */
export async function openChallenge(
  fastify: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  { challenge, purpose, action, now }: { challenge: string; purpose: LinkPurpose; action: string; now: Date },
): Promise<ChallengedSignIn> {
  const { accounts, authLinks, httpErrors } = fastify;
  const link = await authLinks.findValid(challenge, [purpose], now);
  const contact = link?.accountId ? await authLinks.accountById(link.accountId) : null;
  const account = contact ? await accounts.findForLogin(contact.email) : null;
  // As at login: a known browser of the account goes on, any other must pass the address throttle.
  const knownBrowser = await admitAttempt(fastify, request, reply, link ? account : null, now);
  if (!link || !account) throw httpErrors.gone(AUTH_FLOW_MESSAGES.challengeInvalid);
  const email = account.email;
  await refuseIfLocked(fastify, request, account, { email, now, action, knownBrowser });
  if (isInactive(account, now)) {
    await recordSignInFailure(fastify, request, { accountId: account.id, email, reason: 'inactive', now, knownBrowser });
    throw httpErrors.forbidden(MESSAGES.inactive);
  }
  return { link, account, knownBrowser };
}

/**
 * The password (and the security question, when asked) passed: the second factor comes next when the
 * account has an authenticator ('code') or must have one and has none ('setup'), with a challenge for
 * POST /api/mfa/challenge…; otherwise the session opens. The failure count is reset only when the whole
 * sign-in succeeds, so a known password buys no more guesses at the code.
 */
export async function finishSignIn(
  fastify: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  account: LoginAccount,
  now: Date,
  options: { knownBrowser?: KnownBrowser | null; detail?: Record<string, unknown> } = {},
): Promise<SignedIn | MfaStepData> {
  const factor = await fastify.mfa.factor(account.id);
  const step = factor?.confirmedAt ? 'code' : (await fastify.mfa.required(account)) ? 'setup' : null;
  if (!step) return openSession(fastify, request, reply, account, now, options);
  const challenge = await fastify.authLinks.issue(fastify.db, { accountId: account.id }, 'mfa', now, MFA_CHALLENGE_TTL_MINUTES);
  await fastify.audit.record(request, {
    action: 'login.mfa_step',
    entity: 'account',
    entityId: account.id,
    actorAccountId: account.id,
    actorType: account.type,
    programId: account.programId,
    detail: { step, ...options.detail },
  });
  return { mfaStep: step, challenge, challengeExpiresInMinutes: MFA_CHALLENGE_TTL_MINUTES };
}
