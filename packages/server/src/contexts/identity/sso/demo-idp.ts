/**
 * A DEMONSTRATION OpenID Connect identity provider (oidc-provider), so single sign-on can be tried without
 * a real one: `pnpm start` mounts it under /demo-idp for the demo program Lakeview, and the SSO tests run
 * against it on a port of their own. Its accounts are a fixed list with one shared password, unrelated to
 * BariDesk's accounts; its keys and sessions live in memory and are new at every start. Never use it
 * as a real identity provider.
 */
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type * as OidcProvider from 'oidc-provider';
import { importEsm } from '../../../lib/esm';

export interface DemoIdpAccount {
  email: string;
  name: string;
  /** What the provider says in `email_verified`. */
  emailVerified: boolean;
  /** Shown on the login page: what signing in as this account demonstrates. */
  note: string;
}

export interface DemoIdpClient {
  clientId: string;
  clientSecret: string;
  redirectUris: string[];
}

export interface DemoIdpOptions {
  /** The issuer URL; its path (e.g. /demo-idp) is where the provider is mounted. */
  issuer: string;
  clients: DemoIdpClient[];
  accounts: readonly DemoIdpAccount[];
  /** The one password of every account. */
  password: string;
  /** Behind a proxy that terminates TLS: trust its X-Forwarded-* headers. */
  proxy?: boolean;
  onError?: (error: unknown) => void;
}

export interface DemoIdp {
  issuer: string;
  /** Handles a request whose URL starts with the issuer's path. */
  handle(req: IncomingMessage, res: ServerResponse): void;
}

/** The accounts of the demo provider that `pnpm start` mounts (see contexts/identity/plugins/demo-idp.ts). */
export const DEMO_IDP_ACCOUNTS: readonly DemoIdpAccount[] = [
  {
    email: 'subuser@lakeview.test',
    name: 'Lakeview program account',
    emailVerified: true,
    note: 'Signs in to BariDesk as the Lakeview program account.',
  },
  {
    email: 'unverified@lakeview.test',
    name: 'Unverified address',
    emailVerified: false,
    note: 'Its e-mail address is not verified: BariDesk refuses it.',
  },
  {
    email: 'nobody@lakeview.test',
    name: 'No BariDesk account',
    emailVerified: true,
    note: 'Verified, but Lakeview has no staff account with this address.',
  },
];

type ProviderModule = typeof OidcProvider;

const INTERACTION = /^\/interaction\/([A-Za-z0-9_-]+)(\/login|\/abort)?$/;
const MAX_FORM_BYTES = 16 * 1024;

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>
body{font-family:system-ui,sans-serif;background:#f4f4f5;margin:0;padding:2rem 1rem;color:#18181b}
main{max-width:30rem;margin:0 auto;background:#fff;border:1px solid #e4e4e7;border-radius:.75rem;padding:1.5rem}
.banner{background:#fef3c7;border:1px solid #f59e0b;border-radius:.5rem;padding:.75rem;margin-bottom:1rem;font-size:.9rem}
label{display:block;margin:.75rem 0 .25rem;font-weight:600}input{width:100%;box-sizing:border-box;padding:.5rem;font-size:1rem}
button{margin-top:1rem;padding:.6rem 1rem;font-size:1rem;cursor:pointer}.error{color:#b91c1c;font-weight:600}
li{margin:.4rem 0}code{background:#f4f4f5;padding:0 .25rem}
</style></head><body><main>
<p class="banner"><strong>Demonstration identity provider.</strong> It exists only to try single sign-on in the BariDesk demo; it is not a real sign-in service.</p>
${body}
</main></body></html>`;
}

function send(res: ServerResponse, status: number, html: string) {
  res.statusCode = status;
  res.setHeader('content-type', 'text/html; charset=utf-8');
  res.setHeader('cache-control', 'no-store');
  res.end(html);
}

async function readForm(req: IncomingMessage): Promise<URLSearchParams> {
  let size = 0;
  const chunks: Buffer[] = [];
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_FORM_BYTES) throw new Error('form too large');
    chunks.push(chunk as Buffer);
  }
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}

/** Starts the provider; its keys and sessions are in memory and new each time. */
export async function createDemoIdp(options: DemoIdpOptions): Promise<DemoIdp> {
  const { default: Provider } = await importEsm<ProviderModule>('oidc-provider');
  const mountPath = new URL(options.issuer).pathname.replace(/\/+$/, '');
  const byEmail = new Map(options.accounts.map((a) => [a.email.toLowerCase(), a]));

  const signingKey = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ format: 'jwk' });
  const provider = new Provider(options.issuer, {
    clients: options.clients.map((c) => ({
      client_id: c.clientId,
      client_secret: c.clientSecret,
      redirect_uris: c.redirectUris,
      response_types: ['code'],
      grant_types: ['authorization_code'],
      token_endpoint_auth_method: 'client_secret_basic',
    })),
    pkce: { required: () => true },
    scopes: ['openid', 'email', 'profile'],
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    async findAccount(_ctx, sub) {
      const account = byEmail.get(sub);
      if (!account) return undefined;
      return {
        accountId: sub,
        claims: async () => ({ sub, email: account.email, email_verified: account.emailVerified, name: account.name }),
      };
    },
    interactions: { url: (_ctx, interaction) => `${mountPath}/interaction/${interaction.uid}` },
    features: { devInteractions: { enabled: false } },
    cookies: { keys: [randomBytes(32).toString('hex')] },
    jwks: { keys: [{ ...signingKey, kid: randomBytes(8).toString('hex'), alg: 'RS256', use: 'sig' }] },
    async renderError(ctx, out) {
      ctx.type = 'html';
      const text = String(out.error_description ?? out.error ?? 'The request could not be handled.');
      ctx.body = page('Sign-in error', `<h1>Sign-in error</h1><p class="error">${escapeHtml(text)}</p>`);
    },
  });
  provider.proxy = options.proxy ?? false;
  if (options.onError) provider.on('server_error', (_ctx, error) => options.onError?.(error));
  const oidcCallback = provider.callback();

  const loginPage = (uid: string, hint: string, problem?: string) =>
    page(
      'Demo sign-in',
      `<h1>Sign in</h1>
${problem ? `<p class="error" role="alert">${escapeHtml(problem)}</p>` : ''}
<p>Every demonstration account has the password <code>${escapeHtml(options.password)}</code>:</p>
<ul>${options.accounts.map((a) => `<li><code>${escapeHtml(a.email)}</code> — ${escapeHtml(a.note)}</li>`).join('')}</ul>
<form method="post" action="${mountPath}/interaction/${uid}/login">
<label for="email">Email</label><input id="email" name="email" type="email" autocomplete="username" required value="${escapeHtml(hint)}">
<label for="password">Password</label><input id="password" name="password" type="password" autocomplete="current-password" required>
<button type="submit">Sign in</button>
</form>
<form method="post" action="${mountPath}/interaction/${uid}/abort"><button type="submit">Cancel</button></form>`,
    );

  async function interaction(req: IncomingMessage, res: ServerResponse, uid: string, step: string | undefined) {
    let details: OidcProvider.Interaction;
    try {
      details = await provider.interactionDetails(req, res);
    } catch {
      return send(res, 400, page('Sign-in expired', '<p class="error">This sign-in has expired. Go back to BariDesk and start again.</p>'));
    }
    if (details.uid !== uid) return send(res, 400, page('Sign-in expired', '<p class="error">This sign-in is not the current one.</p>'));
    const { prompt, params } = details;

    if (step === '/abort' && req.method === 'POST') {
      return provider.interactionFinished(
        req,
        res,
        { error: 'access_denied', error_description: 'The user cancelled the sign-in.' },
        { mergeWithLastSubmission: false },
      );
    }
    if (prompt.name === 'login') {
      if (step === '/login' && req.method === 'POST') {
        const form = await readForm(req);
        const email = (form.get('email') ?? '').trim().toLowerCase();
        const account = byEmail.get(email);
        if (!account || form.get('password') !== options.password) {
          return send(res, 401, loginPage(uid, email, 'That e-mail address and password are not a demonstration account.'));
        }
        return provider.interactionFinished(req, res, { login: { accountId: email } }, { mergeWithLastSubmission: false });
      }
      return send(res, 200, loginPage(uid, typeof params.login_hint === 'string' ? params.login_hint : ''));
    }
    if (prompt.name === 'consent') {
      // BariDesk is this provider's only client: what it asks for is granted without a question.
      const grant = details.grantId
        ? await provider.Grant.find(details.grantId)
        : new provider.Grant({ accountId: details.session?.accountId, clientId: String(params.client_id) });
      if (!grant) throw new Error('The grant of this interaction is gone.');
      const missing = prompt.details as { missingOIDCScope?: string[]; missingOIDCClaims?: string[] };
      if (missing.missingOIDCScope) grant.addOIDCScope(missing.missingOIDCScope.join(' '));
      if (missing.missingOIDCClaims) grant.addOIDCClaims(missing.missingOIDCClaims);
      const grantId = await grant.save();
      return provider.interactionFinished(req, res, { consent: details.grantId ? {} : { grantId } }, { mergeWithLastSubmission: true });
    }
    return send(res, 400, page('Sign-in error', '<p class="error">This step is not supported by the demonstration provider.</p>'));
  }

  return {
    issuer: options.issuer,
    handle(req, res) {
      const url = req.url ?? '/';
      if (mountPath && url !== mountPath && !url.startsWith(`${mountPath}/`) && !url.startsWith(`${mountPath}?`)) {
        return send(res, 404, page('Not found', '<p>Not found.</p>'));
      }
      const inner = url.slice(mountPath.length) || '/';
      const match = INTERACTION.exec(inner.split('?')[0] ?? '');
      if (match) {
        interaction(req, res, match[1] ?? '', match[2]).catch((error: unknown) => {
          options.onError?.(error);
          if (!res.headersSent) send(res, 500, page('Sign-in error', '<p class="error">Something went wrong.</p>'));
          else res.end();
        });
        return;
      }
      // oidc-provider works out its mount path from the original URL and the one it is given.
      (req as IncomingMessage & { originalUrl?: string }).originalUrl = url;
      req.url = inner;
      void oidcCallback(req, res);
    },
  };
}
