/**
 * The demonstration identity provider that `pnpm start` mounts under /demo-idp for the demo program
 * Lakeview: single sign-on works end to end on one origin, as a person tries it in the browser.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../../app';
import { ssoProviderDomains, ssoProviders } from '../../../db/schema';
import { ManualClock } from '../../../lib/clock';
import { freshDatabase, type FreshDatabase } from '../../../test/app';
import { TestBrowser } from '../../../test/browser';
import { DEMO_PASSWORD } from '../../../seed/demo';

let app: FastifyInstance;
let database: FreshDatabase;
let base: string;

async function freePort(): Promise<number> {
  const probe = http.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

beforeAll(async () => {
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  database = await freshDatabase();
  app = await buildApp({
    database: database.target,
    seed: { patientsPerProgram: 1 },
    clock: new ManualClock(new Date()),
    housekeeping: false,
    logger: false,
    demoIdp: true,
    config: { logLevel: 'silent', publicUrl: base, seedOnEmpty: true },
  });
  await app.listen({ port, host: '127.0.0.1' });
});
afterAll(async () => {
  await app.close();
  await database.drop();
});

describe('the demonstration identity provider', () => {
  it('is the identity provider of Lakeview (lakeview.test)', async () => {
    const [provider] = await app.db.select().from(ssoProviders).where(eq(ssoProviders.program_id, 102));
    expect(provider).toMatchObject({ issuer: `${base}/demo-idp`, client_id: 'baridesk-demo', status: 1 });
    const domains = await app.db.select().from(ssoProviderDomains).where(eq(ssoProviderDomains.provider_id, provider?.id ?? 0));
    expect(domains.map((d) => d.domain)).toEqual(['lakeview.test']);
  });

  it('signs the Lakeview program account in, on the same origin as the app', async () => {
    const browser = new TestBrowser();
    const started = await browser.request(`${base}/api/sso/start`, { method: 'POST', json: { email: 'subuser@lakeview.test' } });
    expect(started.status).toBe(200);
    const authorizationUrl = ((await started.json()) as { data: { redirectUrl: string } }).data.redirectUrl;
    expect(authorizationUrl.startsWith(`${base}/demo-idp/`)).toBe(true);

    const loginPage = await browser.follow(authorizationUrl);
    expect(loginPage.response.status).toBe(200);
    const html = await loginPage.response.text();
    expect(html).toContain('Demonstration identity provider');
    expect(html).toContain('subuser@lakeview.test');
    expect(html).toContain(DEMO_PASSWORD);

    const wrong = await browser.request(`${loginPage.url}/login`, { method: 'POST', form: { email: 'subuser@lakeview.test', password: 'nope' } });
    expect(wrong.status).toBe(401);
    expect(await wrong.text()).toContain('not a demonstration account');

    const done = await browser.follow(
      `${loginPage.url}/login`,
      { method: 'POST', form: { email: 'subuser@lakeview.test', password: DEMO_PASSWORD } },
      (url) => url.startsWith(`${base}/sso?`),
    );
    const ticket = new URL(done.url).searchParams.get('ticket');
    expect(ticket).toBeTruthy();

    const exchanged = await browser.request(`${base}/api/sso/exchange`, { method: 'POST', json: { ticket } });
    expect(exchanged.status).toBe(200);
    const { data } = (await exchanged.json()) as { data: { token: string; user: { id: number } } };
    expect(data.user.id).toBe(102);
    const user = await fetch(`${base}/api/user`, { headers: { authorization: `Bearer ${data.token}` } });
    expect(user.status).toBe(200);
  });

  it('shows the demo’s refusals: an unverified address', async () => {
    const browser = new TestBrowser();
    const started = await browser.request(`${base}/api/sso/start`, { method: 'POST', json: { email: 'unverified@lakeview.test' } });
    const loginPage = await browser.follow(((await started.json()) as { data: { redirectUrl: string } }).data.redirectUrl);
    const done = await browser.follow(
      `${loginPage.url}/login`,
      { method: 'POST', form: { email: 'unverified@lakeview.test', password: DEMO_PASSWORD } },
      (url) => url.startsWith(`${base}/sso?`),
    );
    expect(new URL(done.url).search).toBe('?error=unverified');
  });
});
