import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { SESSION_TIMEOUT_MINUTES } from '@baridesk/domain';
import {
  SSO_MESSAGES,
  messageOnly,
  type SsoErrorCode,
  ssoCallbackQuery,
  ssoExchangeBody,
  ssoExchangeResponse,
  ssoStartBody,
  ssoStartResponse,
} from '@baridesk/contracts';
import { ValidationError, type ValibotTypeProvider } from '../../../../lib/valibot';
import { newToken, tokenDigest } from '../../../../lib/secrets';
import { logRequestFailure } from '../../../../lib/request-log';
import { ADDRESS_FAILURE_WINDOW_MINUTES, MESSAGES, minutesLeft } from '../../auth-policy';
import { toAuthUser } from '../../auth-user';
import type { SsoAccount } from '../../plugins/sso-repository';
import { bindingOf, clearBinding, setBinding } from '../../sso/browser-binding';
import { RelyingParty } from '../../sso/openid';
import {
  SSO_KEEP_SIGN_INS_MS,
  SSO_STARTS_PER_ADDRESS,
  SSO_STATE_MINUTES,
  SSO_TICKET_MINUTES,
  SSO_UNKNOWN_DOMAINS_PER_ADDRESS,
} from '../../sso/policy';

const WINDOW_MS = ADDRESS_FAILURE_WINDOW_MINUTES * 60_000;

/** Not allowed in, as a password sign-in would refuse it after the right password. */
function isInactive(account: SsoAccount, now: Date): boolean {
  const today = now.toISOString().slice(0, 10);
  const deactivated = account.deactivationDate !== null && account.deactivationDate <= today;
  return account.status !== 1 || account.programStatus !== 1 || deactivated;
}

/**
 * Single sign-on with a program's OpenID Connect provider: POST /api/sso/start, GET /api/sso/callback,
 * POST /api/sso/exchange (see packages/contracts/src/sso.ts for the whole exchange).
 */
export default async function ssoRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ValibotTypeProvider>();
  const { audit, authLinks, clock, httpErrors, sso } = fastify;
  const relyingParty = new RelyingParty();
  const redirectUri = () => `${fastify.config.publicUrl}/api/sso/callback`;

  /**
   * 429 when this address started too many sign-ins. Single sign-on has limits of its own: no password
   * is tried here, so neither its look-ups nor its tickets touch the sign-in throttle's budget.
   */
  async function throttleStarts(request: FastifyRequest, reply: FastifyReply, now: Date) {
    const starts = await sso.startsFromAddress(request.ip, new Date(now.getTime() - WINDOW_MS));
    if (starts.count >= SSO_STARTS_PER_ADDRESS) {
      const freeAt = new Date((starts.oldest ?? now).getTime() + WINDOW_MS);
      throw tooMany(reply, Math.ceil((freeAt.getTime() - now.getTime()) / 1000), now);
    }
  }
  function tooMany(reply: FastifyReply, seconds: number, now: Date) {
    reply.header('retry-after', seconds);
    return httpErrors.tooManyRequests(SSO_MESSAGES.throttled(minutesLeft(new Date(now.getTime() + seconds * 1000), now)));
  }

  app.post(
    '/start',
    {
      config: { access: 'public' },
      schema: { body: ssoStartBody, response: { 200: ssoStartResponse, 502: messageOnly }, tags: ['Auth'], security: [] },
    },
    async (request, reply) => {
      const { email } = request.body;
      const now = clock.now();
      await throttleStarts(request, reply, now);
      await sso.prune(new Date(now.getTime() - SSO_KEEP_SIGN_INS_MS));

      const domain = email.slice(email.lastIndexOf('@') + 1);
      const provider = await sso.providerForDomain(domain);
      if (!provider) {
        // Look-ups of domains without SSO have a budget of their own, which only they spend: it limits
        // listing which domains have SSO and never stops a start of a domain that has it.
        const wait = await authLinks.countRequest('sso-lookup-ip', request.ip, SSO_UNKNOWN_DOMAINS_PER_ADDRESS, ADDRESS_FAILURE_WINDOW_MINUTES, now);
        if (wait > 0) throw tooMany(reply, wait, now);
        await audit.record(request, {
          action: 'sso.start',
          entity: 'sso_provider',
          success: false,
          detail: { domain, reason: 'no provider for the domain' },
        });
        throw new ValidationError({ email: [SSO_MESSAGES.notConfigured] });
      }

      let authorization;
      try {
        authorization = await relyingParty.authorizationRequest(provider, {
          redirectUri: redirectUri(),
          loginHint: email,
          nowMs: now.getTime(),
        });
      } catch (error) {
        request.log.warn({ err: error, providerId: provider.id }, 'SSO: the identity provider could not be discovered');
        await audit.record(request, {
          action: 'sso.start',
          entity: 'sso_provider',
          entityId: provider.id,
          programId: provider.programId,
          success: false,
          detail: { domain, reason: 'provider unavailable' },
        });
        return reply.code(502).send({ message: SSO_MESSAGES.providerUnavailable });
      }

      const browser = newToken();
      await sso.createSignIn({
        stateHash: tokenDigest(authorization.state),
        browserHash: tokenDigest(browser),
        nonce: authorization.nonce,
        codeVerifier: authorization.codeVerifier,
        providerId: provider.id,
        programId: provider.programId,
        ip: request.ip,
        now,
        expiresAt: new Date(now.getTime() + SSO_STATE_MINUTES * 60_000),
      });
      setBinding(request, reply, browser);
      await audit.record(request, {
        action: 'sso.start',
        entity: 'sso_provider',
        entityId: provider.id,
        programId: provider.programId,
        detail: { domain },
      });
      reply.header('cache-control', 'no-store');
      return { data: { redirectUrl: authorization.url.href } };
    },
  );

  const toScreen = (reply: FastifyReply, query: string) =>
    reply.header('cache-control', 'no-store').redirect(`/sso?${query}`, 302);

  app.get(
    '/callback',
    {
      config: { access: 'public' },
      schema: { querystring: ssoCallbackQuery, tags: ['Auth'], security: [] },
      // Whatever goes wrong, the browser lands on the /sso screen with a short code: never an error page.
      errorHandler: (error, request, reply) => {
        // A malformed callback (a repeated or missing parameter) is the browser's doing: an info line;
        // only a failure of ours is an error with its stack.
        logRequestFailure(request.log, error, error.statusCode ?? 500, { what: 'SSO: the callback failed' });
        return toScreen(reply, 'error=failed');
      },
    },
    async (request, reply) => {
      const { code, state, error } = request.query;
      const now = clock.now();
      let programId: number | null = null;
      const refuse = async (errorCode: SsoErrorCode, reason: string, detail: Record<string, unknown> = {}, accountId?: number) => {
        request.log.warn({ reason, ...detail }, 'SSO: sign-in refused');
        await audit.record(request, {
          action: 'sso.callback',
          entity: 'account',
          entityId: accountId ?? null,
          programId,
          success: false,
          detail: { reason, ...detail },
        });
        return toScreen(reply, `error=${errorCode}`);
      };

      if (!state) return refuse('failed', 'no state');
      const found = await sso.useState(tokenDigest(state), now);
      if ('refused' in found) {
        programId = found.programId;
        return refuse('expired', `state ${found.refused}`);
      }
      const { signIn } = found;
      programId = signIn.program_id;

      const binding = bindingOf(request);
      if (!binding || tokenDigest(binding) !== signIn.browser_hash) {
        return refuse('failed', binding ? 'another browser' : 'no sign-in cookie');
      }
      if (error) return refuse('denied', 'the provider refused', { error: error.slice(0, 100) });
      if (!code) return refuse('failed', 'no code');
      const provider = await sso.providerById(signIn.provider_id);
      if (!provider) return refuse('failed', 'provider switched off', { providerId: signIn.provider_id });

      const callbackUrl = new URL(redirectUri());
      callbackUrl.search = new URL(request.url, 'http://callback').search;
      let identity;
      try {
        identity = await relyingParty.completeSignIn(provider, callbackUrl, {
          state,
          nonce: signIn.nonce,
          codeVerifier: signIn.code_verifier,
          nowMs: now.getTime(),
        });
      } catch (failure) {
        request.log.warn({ err: failure, providerId: provider.id }, 'SSO: code exchange or ID token validation failed');
        const name = failure instanceof Error ? (failure as Error & { code?: string }).code ?? failure.name : 'unknown';
        return refuse('failed', 'code exchange or ID token refused', { providerId: provider.id, error: name });
      }

      const about = { providerId: provider.id, subject: identity.subject };
      if (!identity.email || !identity.emailVerified) {
        return refuse('unverified', identity.email ? 'e-mail not verified' : 'no e-mail', about);
      }
      const account = await sso.accountByEmail(identity.email);
      if (!account || account.type === 'super_admin' || account.programId !== signIn.program_id) {
        return refuse('no_account', 'no staff account of the program', about);
      }
      if (isInactive(account, now)) return refuse('inactive', 'inactive', about, account.id);

      const ticket = newToken();
      await sso.issueTicket(signIn.id, account.id, tokenDigest(ticket), new Date(now.getTime() + SSO_TICKET_MINUTES * 60_000));
      await audit.record(request, {
        action: 'sso.callback',
        entity: 'account',
        entityId: account.id,
        actorAccountId: account.id,
        actorType: account.type,
        programId: signIn.program_id,
        detail: about,
      });
      return toScreen(reply, `ticket=${ticket}`);
    },
  );

  app.post(
    '/exchange',
    {
      config: { access: 'public' },
      schema: { body: ssoExchangeBody, response: { 200: ssoExchangeResponse }, tags: ['Auth'], security: [] },
    },
    async (request, reply) => {
      const now = clock.now();
      const fail = async (reason: string, accountId: number | null = null, programId: number | null = null) => {
        await audit.record(request, {
          action: 'login',
          entity: 'account',
          entityId: accountId,
          actorAccountId: accountId,
          programId,
          success: false,
          detail: { method: 'sso', reason },
        });
      };

      const used = await sso.useTicket(tokenDigest(request.body.ticket), now);
      const binding = bindingOf(request);
      // Not a failed sign-in of the address: a ticket is 256 random bits, single use, two minutes long and
      // bound to its browser, so there is nothing to guess, and no budget a junk ticket could spend.
      if (!used || !binding || tokenDigest(binding) !== used.browserHash) {
        await fail(used ? 'ticket from another browser' : 'unknown, used or expired ticket', used?.accountId, used?.programId);
        throw new ValidationError({ ticket: [SSO_MESSAGES.ticketInvalid] });
      }
      clearBinding(request, reply);
      // Checked again: the account or its program may have been switched off since the callback.
      const account = await sso.accountById(used.accountId);
      if (!account || account.programId !== used.programId) {
        await fail('account moved or deleted', used.accountId, used.programId);
        throw new ValidationError({ ticket: [SSO_MESSAGES.ticketInvalid] });
      }
      if (isInactive(account, now)) {
        await fail('inactive', account.id, used.programId);
        throw httpErrors.forbidden(MESSAGES.inactive);
      }

      // The same session a password sign-in opens.
      const token = await fastify.db.transaction(async (tx) => {
        await sso.recordSignIn(tx, account.id, now);
        const issued = await fastify.sessions.create(tx, account.id, now, {
          ip: request.ip,
          userAgent: request.headers['user-agent'],
        });
        await audit.record(
          request,
          {
            action: 'login',
            entity: 'account',
            entityId: account.id,
            actorAccountId: account.id,
            actorType: account.type,
            programId: used.programId,
            detail: { method: 'sso', providerId: used.providerId },
          },
          tx,
        );
        return issued;
      });
      const principal = await fastify.sessions.findByToken(token);
      if (!principal) throw new Error('A session just created could not be read back.');
      const isEventExist = await fastify.programs.hasEvents(used.programId);
      // This browser has now signed in to the account: its later password sign-ins are those of a known browser.
      await fastify.deviceCookies.issue(request, reply, account.id, now);
      return {
        data: { token, isEventExist, expiresInMinutes: SESSION_TIMEOUT_MINUTES, user: toAuthUser(principal) },
      };
    },
  );
}
