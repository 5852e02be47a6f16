/**
 * The OpenID Connect relying party of BariDesk, on openid-client: discovery, the authorization request
 * (authorization code flow with PKCE S256, state and nonce) and the code exchange with ID-token
 * validation (signature, issuer, audience, expiry, nonce). Nothing of the protocol is hand-rolled here.
 */
import { createHash } from 'node:crypto';
import type * as OpenIdClient from 'openid-client';
import { importEsm } from '../../../lib/esm';

type Client = typeof OpenIdClient;

let client: Promise<Client> | undefined;
const openIdClient = (): Promise<Client> => (client ??= importEsm<Client>('openid-client'));

/** How long a provider's discovered metadata is reused before it is read again. */
const METADATA_TTL_MS = 15 * 60_000;
/** Seconds allowed for each call to a provider (discovery, token, keys, user info). */
const PROVIDER_TIMEOUT_S = 10;

export interface RelyingPartySettings {
  issuer: string;
  clientId: string;
  clientSecret: string | null;
}

/** Plain HTTP is allowed only for a provider on this machine (the demonstration IdP, tests). */
export function isLoopbackIssuer(issuer: string): boolean {
  const { hostname } = new URL(issuer);
  return hostname === 'localhost' || hostname === '127.0.0.1' || hostname === '[::1]';
}

/** What the provider says about the user, once the ID token has been validated. */
export interface VerifiedIdentity {
  subject: string;
  email: string | null;
  emailVerified: boolean;
}

export interface AuthorizationRequest {
  url: URL;
  state: string;
  nonce: string;
  codeVerifier: string;
}

/**
 * The relying party for every configured provider. Discovered metadata is kept per provider for a while
 * (it is public and the same for every replica); a failed discovery is not kept.
 */
export class RelyingParty {
  readonly #configs = new Map<string, { at: number; config: Promise<OpenIdClient.Configuration> }>();

  async #configuration(settings: RelyingPartySettings, nowMs: number): Promise<OpenIdClient.Configuration> {
    const key = createHash('sha256')
      .update(JSON.stringify([settings.issuer, settings.clientId, settings.clientSecret]))
      .digest('hex');
    const cached = this.#configs.get(key);
    if (cached && nowMs - cached.at < METADATA_TTL_MS) return cached.config;
    const config = this.#discover(settings);
    this.#configs.set(key, { at: nowMs, config });
    config.catch(() => {
      if (this.#configs.get(key)?.config === config) this.#configs.delete(key);
    });
    return config;
  }

  async #discover({ issuer, clientId, clientSecret }: RelyingPartySettings) {
    const oidc = await openIdClient();
    const insecure = isLoopbackIssuer(issuer) && new URL(issuer).protocol === 'http:';
    return oidc.discovery(
      new URL(issuer),
      clientId,
      undefined,
      clientSecret ? oidc.ClientSecretBasic(clientSecret) : oidc.None(),
      { timeout: PROVIDER_TIMEOUT_S, ...(insecure ? { execute: [oidc.allowInsecureRequests] } : {}) },
    );
  }

  /** The provider's authorization URL for a new sign-in, with the secrets the callback will need. */
  async authorizationRequest(
    settings: RelyingPartySettings,
    { redirectUri, loginHint, nowMs }: { redirectUri: string; loginHint: string; nowMs: number },
  ): Promise<AuthorizationRequest> {
    const oidc = await openIdClient();
    const config = await this.#configuration(settings, nowMs);
    const state = oidc.randomState();
    const nonce = oidc.randomNonce();
    const codeVerifier = oidc.randomPKCECodeVerifier();
    const url = oidc.buildAuthorizationUrl(config, {
      redirect_uri: redirectUri,
      response_type: 'code',
      scope: 'openid email',
      state,
      nonce,
      code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
      code_challenge_method: 'S256',
      login_hint: loginHint,
    });
    return { url, state, nonce, codeVerifier };
  }

  /**
   * Trades the code of the provider's answer (the full callback URL) for tokens, validates the ID
   * token, and reads the e-mail claims from it — or, when the provider keeps them out of the ID
   * token, from its user-info endpoint for the same subject.
   */
  async completeSignIn(
    settings: RelyingPartySettings,
    callbackUrl: URL,
    checks: { state: string; nonce: string; codeVerifier: string; nowMs: number },
  ): Promise<VerifiedIdentity> {
    const oidc = await openIdClient();
    const config = await this.#configuration(settings, checks.nowMs);
    const tokens = await oidc.authorizationCodeGrant(config, callbackUrl, {
      pkceCodeVerifier: checks.codeVerifier,
      expectedState: checks.state,
      expectedNonce: checks.nonce,
      idTokenExpected: true,
    });
    const claims = tokens.claims();
    if (!claims) throw new Error('The provider answered without an ID token.');
    let email: unknown = claims.email;
    let verified: unknown = claims.email_verified;
    if (email === undefined && tokens.access_token) {
      const info = await oidc.fetchUserInfo(config, tokens.access_token, claims.sub);
      email = info.email;
      verified = info.email_verified;
    }
    return {
      subject: claims.sub,
      email: typeof email === 'string' && email.trim() !== '' ? email.trim().toLowerCase() : null,
      emailVerified: verified === true,
    };
  }
}
