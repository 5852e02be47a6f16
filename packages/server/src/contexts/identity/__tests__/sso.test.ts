/**
 * Single sign-on against a real OpenID provider (oidc-provider, started here on a port of its own) and
 * the app listening on a real port: every step goes over HTTP as a browser would take it.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { and, eq, gt, sql } from 'drizzle-orm';
import { SSO_ERROR_MESSAGES, SSO_MESSAGES } from '@baridesk/contracts';
import { createTestApp, type TestApp } from '../../../test/app';
import { TestBrowser } from '../../../test/browser';
import { accounts, auditRecords, programs, sessions, ssoProviders, ssoSignIns } from '../../../db/schema';
import { createSsoRepository } from '../plugins/sso-repository';
import { MESSAGES } from '../auth-policy';
import { tokenDigest } from '../../../lib/secrets';
import { createDemoIdp, type DemoIdpAccount } from '../sso/demo-idp';
import { SSO_STATE_MINUTES, SSO_TICKET_MINUTES, SSO_UNKNOWN_DOMAINS_PER_ADDRESS } from '../sso/policy';
import { DEMO_PASSWORD } from '../../../seed/demo';

const IDP_PASSWORD = 'Idp-Pass-123';
const CLIENT_ID = 'baridesk-test';
const CLIENT_SECRET = 'a-client-secret-of-the-test';
const NORTHSIDE = 101;
const LAKEVIEW = 102;

const idpAccount = (email: string, emailVerified = true): DemoIdpAccount => ({ email, name: email, emailVerified, note: '' });
const IDP_ACCOUNTS = [
  idpAccount('staff@northside.test'),
  idpAccount('subuser@northside.test'),
  idpAccount('newstaff@northside.test'),
  idpAccount('limited@northside.test', false),
  idpAccount('nobody@northside.test'),
  idpAccount('subuser@lakeview.test'),
  idpAccount('superadmin@baridesk.test'),
];

let t: TestApp;
let appUrl: string;
let idpServer: http.Server;
let issuer: string;

async function listen(server: http.Server): Promise<number> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
}

beforeAll(async () => {
  t = await createTestApp({ patientsPerProgram: 1 });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  appUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  t.app.config.publicUrl = appUrl;

  let handle: http.RequestListener = (_req, res) => res.end();
  idpServer = http.createServer((req, res) => handle(req, res));
  issuer = `http://127.0.0.1:${await listen(idpServer)}`;
  const idp = await createDemoIdp({
    issuer,
    clients: [{ clientId: CLIENT_ID, clientSecret: CLIENT_SECRET, redirectUris: [`${appUrl}/api/sso/callback`] }],
    accounts: IDP_ACCOUNTS,
    password: IDP_PASSWORD,
  });
  handle = (req, res) => idp.handle(req, res);

  await t.app.sso.saveProvider(
    {
      programId: NORTHSIDE,
      displayName: 'Northside Okta',
      issuer,
      clientId: CLIENT_ID,
      clientSecret: CLIENT_SECRET,
      domains: ['northside.test', 'Northside.Example'],
    },
    t.clock.now(),
  );
});

afterAll(async () => {
  await new Promise((resolve) => idpServer.close(resolve));
  await t.close();
});

const isCallback = (url: string) => url.startsWith(`${appUrl}/api/sso/callback`);
const isScreen = (url: string) => url.startsWith(`${appUrl}/sso?`);

/** POST /api/sso/start over HTTP in this browser; the provider's authorization URL. */
async function start(browser: TestBrowser, email: string): Promise<URL> {
  const res = await browser.request(`${appUrl}/api/sso/start`, { method: 'POST', json: { email } });
  expect(res.status).toBe(200);
  return new URL(((await res.json()) as { data: { redirectUrl: string } }).data.redirectUrl);
}

/** At the provider: from the authorization URL through its login (and consent) to the app's callback URL. */
async function signInAtProvider(browser: TestBrowser, authorizationUrl: URL, email: string, password = IDP_PASSWORD): Promise<string> {
  const loginPage = await browser.follow(authorizationUrl.href);
  expect(loginPage.response.status).toBe(200);
  expect(await loginPage.response.text()).toContain('Demonstration identity provider');
  const done = await browser.follow(`${loginPage.url}/login`, { method: 'POST', form: { email, password } }, isCallback);
  expect(isCallback(done.url)).toBe(true);
  return done.url;
}

/** The callback, as the browser calls it: where the app sends the browser (the /sso screen). */
async function callback(browser: TestBrowser, callbackUrl: string): Promise<URL> {
  const res = await browser.request(callbackUrl);
  expect(res.status).toBe(302);
  expect(res.headers.get('cache-control')).toBe('no-store');
  return new URL(res.headers.get('location') ?? '', appUrl);
}

/** The whole way from the e-mail address to the /sso screen's address. */
async function signIn(email: string, idpEmail = email, browser = new TestBrowser()) {
  const authorizationUrl = await start(browser, email);
  const landing = await callback(browser, await signInAtProvider(browser, authorizationUrl, idpEmail));
  return { browser, landing };
}

const exchange = (browser: TestBrowser, ticket: string) =>
  browser.request(`${appUrl}/api/sso/exchange`, { method: 'POST', json: { ticket } });

/** The newest audit record's id: the records a step wrote come after it. */
async function auditMark(): Promise<number> {
  const [row] = await t.app.db.select({ id: sql<number | null>`max(${auditRecords.id})` }).from(auditRecords);
  return Number(row?.id ?? 0);
}

const auditOf = (action: string, after: number) =>
  t.app.db
    .select()
    .from(auditRecords)
    .where(and(eq(auditRecords.action, action), gt(auditRecords.id, after)))
    .orderBy(auditRecords.id);

describe('POST /api/sso/start', () => {
  it('answers the provider’s authorization URL with state, nonce and a S256 PKCE challenge, and sets the browser cookie', async () => {
    const browser = new TestBrowser();
    const since = await auditMark();
    const res = await browser.request(`${appUrl}/api/sso/start`, { method: 'POST', json: { email: ' Staff@Northside.TEST ' } });
    expect(res.status).toBe(200);
    const url = new URL(((await res.json()) as { data: { redirectUrl: string } }).data.redirectUrl);
    expect(url.origin).toBe(issuer);
    const q = url.searchParams;
    expect(q.get('client_id')).toBe(CLIENT_ID);
    expect(q.get('response_type')).toBe('code');
    expect(q.get('redirect_uri')).toBe(`${appUrl}/api/sso/callback`);
    expect(q.get('scope')).toBe('openid email');
    expect(q.get('code_challenge_method')).toBe('S256');
    expect(q.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(q.get('state')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(q.get('nonce')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(q.get('login_hint')).toBe('staff@northside.test');

    const setCookie = res.headers.getSetCookie()[0] ?? '';
    expect(setCookie).toMatch(/^baridesk_sso=[A-Za-z0-9_-]{43}; Max-Age=600; Path=\/api\/sso; HttpOnly; SameSite=Lax$/);

    // Kept in the database (any replica finishes it), the state only as a digest, valid 10 minutes.
    const [row] = await t.app.db.select().from(ssoSignIns).where(eq(ssoSignIns.state_hash, tokenDigest(q.get('state') ?? '')));
    expect(row).toMatchObject({ program_id: NORTHSIDE, nonce: q.get('nonce'), used_at: null, ticket_hash: null });
    expect(row?.expires_at.getTime()).toBe((row?.created_at.getTime() ?? 0) + SSO_STATE_MINUTES * 60_000);
    expect(row?.browser_hash).toBe(tokenDigest(browser.cookie(appUrl, 'baridesk_sso') ?? ''));
    expect(await auditOf('sso.start', since)).toEqual([
      expect.objectContaining({ success: true, program_id: NORTHSIDE, detail: { domain: 'northside.test' } }),
    ]);
  });

  it('finds the program by any of its domains, whatever the case', async () => {
    const res = await t.call({ method: 'POST', url: '/api/sso/start', payload: { email: 'someone@NORTHSIDE.example' }, remoteAddress: '198.51.100.20' });
    expect(res.statusCode).toBe(200);
  });

  it('refuses a domain without single sign-on with 422 under email, and audits it', async () => {
    const since = await auditMark();
    const res = await t.call({ method: 'POST', url: '/api/sso/start', payload: { email: 'nurse@elsewhere.test' }, remoteAddress: '198.51.100.21' });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      message: 'Single sign-on is not set up for this email domain.',
      errors: { email: ['Single sign-on is not set up for this email domain.'] },
    });
    expect(await auditOf('sso.start', since)).toEqual([
      expect.objectContaining({ success: false, ip: '198.51.100.21', detail: { domain: 'elsewhere.test', reason: 'no provider for the domain' } }),
    ]);
  });

  it('validates the e-mail address', async () => {
    const res = await t.call({ method: 'POST', url: '/api/sso/start', payload: { email: 'not-an-email' }, remoteAddress: '198.51.100.22' });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ email: ['The email field must have a valid email address.'] });
  });

  it('says so when the provider cannot be reached, without details', async () => {
    const closed = http.createServer();
    const deadIssuer = `http://127.0.0.1:${await listen(closed)}`;
    await new Promise((resolve) => closed.close(resolve));
    await t.app.sso.saveProvider(
      { programId: 302, displayName: 'Gone', issuer: deadIssuer, clientId: 'x', clientSecret: null, domains: ['program302.test'] },
      t.clock.now(),
    );
    const res = await t.call({ method: 'POST', url: '/api/sso/start', payload: { email: 'a@program302.test' }, remoteAddress: '198.51.100.23' });
    expect(res.statusCode).toBe(502);
    expect(res.json()).toEqual({ message: SSO_MESSAGES.providerUnavailable });
  });

  it('limits look-ups of domains without single sign-on apart: the 31st in 15 minutes gets 429, a domain with it still starts', async () => {
    const ip = '198.51.100.25';
    for (let i = 0; i < SSO_UNKNOWN_DOMAINS_PER_ADDRESS; i += 1) {
      const res = await t.call({ method: 'POST', url: '/api/sso/start', payload: { email: `a@clinic${i}.test` }, remoteAddress: ip });
      expect(res.statusCode).toBe(422);
    }
    const res = await t.call({ method: 'POST', url: '/api/sso/start', payload: { email: 'a@clinic-last.test' }, remoteAddress: ip });
    expect(res.statusCode).toBe(429);
    expect(res.json().message).toMatch(/^Too many single sign-on attempts from this address\. Please try again in \d+ minutes?\.$/);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    const known = await t.call({ method: 'POST', url: '/api/sso/start', payload: { email: 'a@northside.test' }, remoteAddress: ip });
    expect(known.statusCode).toBe(200);
  });

  it('limits how many sign-ins one address starts', async () => {
    const ip = '198.51.100.24';
    for (let i = 0; i < 30; i += 1) {
      const ok = await t.call({ method: 'POST', url: '/api/sso/start', payload: { email: 'a@northside.test' }, remoteAddress: ip });
      expect(ok.statusCode).toBe(200);
    }
    const res = await t.call({ method: 'POST', url: '/api/sso/start', payload: { email: 'a@northside.test' }, remoteAddress: ip });
    expect(res.statusCode).toBe(429);
    expect(res.json().message).toMatch(/^Too many single sign-on attempts from this address\. Please try again in \d+ minutes?\.$/);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
  });
});

describe('a complete sign-in', () => {
  it('goes start → provider login and consent → callback → ticket → exchange, and the token works', async () => {
    const since = await auditMark();
    const before = await t.app.db.select().from(accounts).where(eq(accounts.id, 201));
    await t.app.db.update(accounts).set({ failed_attempts: 2 }).where(eq(accounts.id, 201));

    const { browser, landing } = await signIn('staff@northside.test');
    expect(landing.pathname).toBe('/sso');
    const ticket = landing.searchParams.get('ticket') ?? '';
    expect(ticket).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const res = await exchange(browser, ticket);
    expect(res.status).toBe(200);
    const { data } = (await res.json()) as { data: { token: string; isEventExist: boolean; expiresInMinutes: number; user: { id: number; email: string; type: string; program_id: number } } };
    expect(data).toMatchObject({ isEventExist: true, expiresInMinutes: 90 });
    expect(data.user).toMatchObject({ id: 201, email: 'staff@northside.test', type: 'program_user', program_id: NORTHSIDE });
    // The browser's sign-in cookie is cleared, and it is now a known browser of the account.
    expect(browser.cookie(appUrl, 'baridesk_sso')).toBeUndefined();
    expect(browser.cookie(appUrl, 'baridesk_device_201')).toMatch(/^v1\.201\./);
    expect(res.headers.getSetCookie()).toContainEqual(expect.stringMatching(/^baridesk_device_201=.*; Path=\/api; HttpOnly; SameSite=Strict$/));

    // The same answer GET /api/user gives with the new token: a session like any other.
    const user = await t.call({ method: 'GET', url: '/api/user', token: data.token });
    expect(user.statusCode).toBe(200);
    expect(user.json().data).toEqual(data.user);
    const [session] = await t.app.db.select().from(sessions).where(eq(sessions.token_hash, tokenDigest(data.token)));
    expect(session).toMatchObject({ account_id: 201, revoked_at: null, ip: '127.0.0.1' });

    // Noted on the account; the password's failed-attempt count is not this sign-in's business.
    const [after] = await t.app.db.select().from(accounts).where(eq(accounts.id, 201));
    expect(after?.last_login_at?.getTime()).toBe(t.clock.now().getTime());
    expect(after?.failed_attempts).toBe(2);
    await t.app.db.update(accounts).set({ failed_attempts: before[0]?.failed_attempts ?? 0 }).where(eq(accounts.id, 201));

    expect(await auditOf('sso.callback', since)).toEqual([
      expect.objectContaining({ success: true, actor_account_id: 201, program_id: NORTHSIDE, entity_id: '201' }),
    ]);
    expect(await auditOf('login', since)).toEqual([
      expect.objectContaining({ success: true, actor_account_id: 201, actor_type: 'program_user', program_id: NORTHSIDE, detail: expect.objectContaining({ method: 'sso' }) }),
    ]);
  });

  it('signs in the program account (sub user) too, telling whether events exist', async () => {
    const { browser, landing } = await signIn('subuser@northside.test');
    const res = await exchange(browser, landing.searchParams.get('ticket') ?? '');
    expect(res.status).toBe(200);
    const { data } = (await res.json()) as { data: { isEventExist: boolean; user: { type: string } } };
    expect(data.user.type).toBe('sub_user');
    expect(data.isEventExist).toBe(true);
  });

  it('uses a ticket once', async () => {
    const { browser, landing } = await signIn('staff@northside.test');
    const ticket = landing.searchParams.get('ticket') ?? '';
    expect((await exchange(browser, ticket)).status).toBe(200);
    const again = await exchange(browser, ticket);
    expect(again.status).toBe(422);
    expect(await again.json()).toEqual({ message: SSO_MESSAGES.ticketInvalid, errors: { ticket: [SSO_MESSAGES.ticketInvalid] } });
  });

  it('refuses a ticket from another browser, and one older than two minutes', async () => {
    const first = await signIn('staff@northside.test');
    const res = await t.call({ method: 'POST', url: '/api/sso/exchange', payload: { ticket: first.landing.searchParams.get('ticket') }, remoteAddress: '198.51.100.30' });
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe(SSO_MESSAGES.ticketInvalid);

    const second = await signIn('staff@northside.test');
    t.clock.advanceMinutes(SSO_TICKET_MINUTES);
    const late = await exchange(second.browser, second.landing.searchParams.get('ticket') ?? '');
    expect(late.status).toBe(422);
  });

  it('does not count wrong tickets as failed sign-ins of the address, and is not stopped by the sign-in throttle', async () => {
    const ip = '198.51.100.31';
    for (let i = 0; i < 25; i += 1) {
      const res = await t.call({ method: 'POST', url: '/api/sso/exchange', payload: { ticket: `guess-${i}` }, remoteAddress: ip });
      expect(res.statusCode).toBe(422);
    }
    const password = await t.call({ method: 'POST', url: '/api/login', payload: { email: 'staff@northside.test', password: DEMO_PASSWORD }, remoteAddress: ip });
    expect(password.statusCode).toBe(200);

    // An address throttled by failed passwords still completes single sign-on: no password is tried there.
    const { browser, landing } = await signIn('staff@northside.test');
    for (let i = 0; i < 20; i += 1) {
      await t.call({ method: 'POST', url: '/api/login', payload: { email: `nobody${i}@example.test`, password: 'Wrong1234' }, remoteAddress: '127.0.0.1' });
    }
    expect((await t.call({ method: 'POST', url: '/api/login', payload: { email: 'staff@northside.test', password: DEMO_PASSWORD }, remoteAddress: '127.0.0.1' })).statusCode).toBe(429);
    expect((await exchange(browser, landing.searchParams.get('ticket') ?? '')).status).toBe(200);
    t.clock.advanceMinutes(16);
  });

  it('refuses at the exchange an account switched off since the callback, with the login’s message', async () => {
    const { browser, landing } = await signIn('newstaff@northside.test');
    await t.app.db.update(accounts).set({ status: 0 }).where(eq(accounts.id, 204));
    try {
      const res = await exchange(browser, landing.searchParams.get('ticket') ?? '');
      expect(res.status).toBe(403);
      expect(await res.json()).toEqual({ message: MESSAGES.inactive });
    } finally {
      await t.app.db.update(accounts).set({ status: 1 }).where(eq(accounts.id, 204));
    }
  });
});

describe('GET /api/sso/callback refuses, sending the browser to /sso with a short code', () => {
  it('an unknown state', async () => {
    const browser = new TestBrowser();
    await start(browser, 'staff@northside.test');
    const since = await auditMark();
    const landing = await callback(browser, `${appUrl}/api/sso/callback?code=abc&state=not-a-state-we-made`);
    expect(landing.pathname).toBe('/sso');
    expect(landing.search).toBe('?error=expired');
    expect(await auditOf('sso.callback', since)).toEqual([
      expect.objectContaining({ success: false, detail: { reason: 'state unknown' } }),
    ]);
  });

  it('a state used before', async () => {
    const browser = new TestBrowser();
    const callbackUrl = await signInAtProvider(browser, await start(browser, 'staff@northside.test'), 'staff@northside.test');
    expect((await callback(browser, callbackUrl)).searchParams.get('ticket')).toBeTruthy();
    const again = await callback(browser, callbackUrl);
    expect(again.search).toBe('?error=expired');
  });

  it('a state older than ten minutes', async () => {
    const browser = new TestBrowser();
    const authorizationUrl = await start(browser, 'staff@northside.test');
    t.clock.advanceMinutes(SSO_STATE_MINUTES);
    const since = await auditMark();
    const landing = await callback(browser, await signInAtProvider(browser, authorizationUrl, 'staff@northside.test'));
    expect(landing.search).toBe('?error=expired');
    expect(await auditOf('sso.callback', since)).toEqual([
      expect.objectContaining({ success: false, program_id: NORTHSIDE, detail: { reason: 'state expired' } }),
    ]);
  });

  it('a callback in a browser that did not start the sign-in (login CSRF)', async () => {
    const attacker = new TestBrowser();
    const callbackUrl = await signInAtProvider(attacker, await start(attacker, 'staff@northside.test'), 'staff@northside.test');
    const victim = new TestBrowser();
    expect((await callback(victim, callbackUrl)).search).toBe('?error=failed');
  });

  it('an e-mail address the provider has not verified', async () => {
    const { landing } = await signIn('limited@northside.test');
    expect(landing.search).toBe('?error=unverified');
  });

  it('no staff account with that address', async () => {
    const since = await auditMark();
    expect((await signIn('nobody@northside.test')).landing.search).toBe('?error=no_account');
    const [row] = await auditOf('sso.callback', since);
    expect(row).toMatchObject({ success: false, program_id: NORTHSIDE, detail: expect.objectContaining({ reason: 'no staff account of the program' }) });
  });

  it('an account of another program, or a super admin: a program’s provider signs in its own staff only', async () => {
    expect((await signIn('staff@northside.test', 'subuser@lakeview.test')).landing.search).toBe('?error=no_account');
    expect((await signIn('staff@northside.test', 'superadmin@baridesk.test')).landing.search).toBe('?error=no_account');
  });

  it('a disabled account, or a disabled program, with the login’s message on the screen', async () => {
    expect(SSO_ERROR_MESSAGES.inactive).toBe(MESSAGES.inactive);
    await t.app.db.update(accounts).set({ status: 0 }).where(eq(accounts.id, 204));
    try {
      expect((await signIn('newstaff@northside.test')).landing.search).toBe('?error=inactive');
    } finally {
      await t.app.db.update(accounts).set({ status: 1 }).where(eq(accounts.id, 204));
    }
    await t.app.db.update(programs).set({ status: 0 }).where(eq(programs.id, NORTHSIDE));
    try {
      expect((await signIn('staff@northside.test')).landing.search).toBe('?error=inactive');
    } finally {
      await t.app.db.update(programs).set({ status: 1 }).where(eq(programs.id, NORTHSIDE));
    }
  });

  it('a sign-in the user cancelled at the provider', async () => {
    const browser = new TestBrowser();
    const loginPage = await browser.follow((await start(browser, 'staff@northside.test')).href);
    const done = await browser.follow(`${loginPage.url}/abort`, { method: 'POST', form: {} }, isCallback);
    expect((await callback(browser, done.url)).search).toBe('?error=denied');
  });

  it('a provider that does not accept the client’s credentials', async () => {
    await t.app.sso.saveProvider(
      { programId: LAKEVIEW, displayName: 'Wrong secret', issuer, clientId: CLIENT_ID, clientSecret: 'not-the-secret', domains: ['lakeview.test'] },
      t.clock.now(),
    );
    const { landing } = await signIn('subuser@lakeview.test');
    expect(landing.search).toBe('?error=failed');
  });

  it('whatever arrives, never an error page', async () => {
    const browser = new TestBrowser();
    expect((await callback(browser, `${appUrl}/api/sso/callback`)).search).toBe('?error=failed');
    expect((await callback(browser, `${appUrl}/api/sso/callback?state=a&state=b`)).search).toBe('?error=failed');
  });

  it('the screen the browser lands on is the app’s own, never another site', async () => {
    const { landing } = await signIn('nobody@northside.test');
    expect(landing.origin).toBe(appUrl);
    expect(isScreen(landing.href)).toBe(true);
  });
});

describe('provider settings', () => {
  it('keep the client secret sealed in the database when SSO_SECRET_KEY is set', async () => {
    const sealed = createSsoRepository(t.app.db, 'the key of this deployment');
    const id = await sealed.saveProvider(
      { programId: 302, displayName: 'Sealed', issuer: `${issuer}/`, clientId: 'c', clientSecret: 'top-secret', domains: [' Program302.TEST '] },
      t.clock.now(),
    );
    const [row] = await t.app.db.select().from(ssoProviders).where(eq(ssoProviders.id, id));
    expect(row?.client_secret).toMatch(/^v1:/);
    expect(row?.issuer).toBe(issuer);
    expect((await sealed.providerForDomain('program302.test'))?.clientSecret).toBe('top-secret');
    expect(await sealed.domainOwner('program302.test')).toBe(302);
  });
});
