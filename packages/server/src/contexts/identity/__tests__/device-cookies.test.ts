/**
 * Device cookies (OWASP): a browser that signed in to an account before is not stopped by the address
 * throttle or by a lock that other browsers caused; every other browser is throttled and locks as before.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { createTestApp, type TestApp } from '../../../test/app';
import { DEMO_PASSWORD, SECURITY_QUESTION_DEMO_EMAIL } from '../../../seed/demo';
import { accounts } from '../../../db/schema';
import { ADDRESS_FAILURE_LIMIT, DEVICE_COOKIE_DAYS, MESSAGES } from '../auth-policy';
import { deviceCookieName, newDeviceToken } from '../device-cookie';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const STAFF = 'staff@northside.test';
const STAFF_ID = 201;

type Cookies = Record<string, string>;

const login = (email: string, password: string, ip: string, cookies: Cookies = {}) =>
  t.call({ method: 'POST', url: '/api/login', payload: { email, password }, remoteAddress: ip, cookies });

/** The device cookie an answer set for the account, with its attributes. */
function deviceCookieOf(res: LightMyRequestResponse, accountId: number) {
  return res.cookies.find((c) => c.name === deviceCookieName(accountId));
}

/** Signs in from a fresh browser at `ip` and returns that browser's cookies (its device cookie). */
async function knownBrowserOf(email: string, ip: string): Promise<Cookies> {
  const res = await login(email, DEMO_PASSWORD, ip);
  expect(res.statusCode).toBe(200);
  const cookie = deviceCookieOf(res, res.json().data.user.id as number);
  if (!cookie) throw new Error(`no device cookie for ${email}`);
  return { [cookie.name]: cookie.value };
}

/** Enough failed sign-ins from `ip`, by unknown browsers, to throttle the address. */
async function throttle(ip: string) {
  for (let i = 0; i < ADDRESS_FAILURE_LIMIT; i++) {
    expect((await login(`nobody${i}@example.test`, 'Wrong1234', ip)).statusCode).toBe(401);
  }
  expect((await login(STAFF, DEMO_PASSWORD, ip)).statusCode).toBe(429);
}

const lockOf = async (id: number) =>
  (await t.app.db.select({ failed: accounts.failed_attempts, lockedUntil: accounts.locked_until }).from(accounts).where(eq(accounts.id, id)))[0];

/** Ends every lock, so each test starts from an unlocked account. */
afterEach(async () => {
  await t.app.db.update(accounts).set({ failed_attempts: 0, locked_until: null });
});

describe('the device cookie', () => {
  it('is set by a password sign-in: HttpOnly, SameSite=Strict, for /api, for 180 days; Secure when the site is HTTPS', async () => {
    const res = await login(STAFF, DEMO_PASSWORD, '192.0.2.1');
    expect(res.statusCode).toBe(200);
    expect(deviceCookieOf(res, STAFF_ID)).toEqual({
      name: 'baridesk_device_201',
      value: expect.stringMatching(/^v1\.201\.[A-Za-z0-9_-]{22}\.\d+\.[A-Za-z0-9_-]{43}$/),
      path: '/api',
      maxAge: DEVICE_COOKIE_DAYS * 24 * 60 * 60,
      httpOnly: true,
      sameSite: 'Strict',
    });

    const publicUrl = t.app.config.publicUrl;
    t.app.config.publicUrl = 'https://baridesk.example';
    try {
      const secure = await login(STAFF, DEMO_PASSWORD, '192.0.2.1');
      expect(deviceCookieOf(secure, STAFF_ID)?.secure).toBe(true);
    } finally {
      t.app.config.publicUrl = publicUrl;
    }
  });

  it('is not set by a failed sign-in', async () => {
    const res = await login(STAFF, 'Wrong1234', '192.0.2.2');
    expect(res.statusCode).toBe(401);
    expect(res.cookies).toEqual([]);
  });
});

describe('a known browser at a throttled address', () => {
  it('signs in at once after 25 failures from its address, to real and unknown accounts; an unknown browser there is still refused', async () => {
    const office = '192.0.2.10';
    const staffBrowser = await knownBrowserOf(STAFF, office);

    // 25 failures from the clinic's one address: five guesses at staff's password (the default limit:
    // they lock the account) and the rest at addresses that have no account.
    const statuses: number[] = [];
    for (let i = 0; i < 25; i++) {
      const email = i < 5 ? STAFF : `nobody${i}@example.test`;
      statuses.push((await login(email, `Wrong${i}xyz`, office)).statusCode);
    }
    expect(statuses).toEqual([401, 401, 401, 401, 423, ...Array(15).fill(401), 429, 429, 429, 429, 429]);

    const stranger = await login(STAFF, DEMO_PASSWORD, office);
    expect(stranger.statusCode).toBe(429);
    expect(stranger.json().message).toMatch(/^Too many failed sign-in attempts from this address/);

    // The account is locked and the address throttled; staff's own browser signs in at once all the same.
    expect((await lockOf(STAFF_ID))?.lockedUntil).not.toBeNull();
    const known = await login(STAFF, DEMO_PASSWORD, office, staffBrowser);
    expect(known.statusCode).toBe(200);
    expect(known.json().data.user.email).toBe(STAFF);
    // A fresh cookie for the next 180 days.
    expect(deviceCookieOf(known, STAFF_ID)?.value).not.toBe(staffBrowser[deviceCookieName(STAFF_ID)]);

    // Its cookie names one account: another account from the same browser is an unknown browser's attempt.
    expect((await login('subuser@northside.test', DEMO_PASSWORD, office, staffBrowser)).statusCode).toBe(429);
  });

  it('is not stopped by an account lock that attempts from elsewhere caused, which still holds for everyone else', async () => {
    const staffBrowser = await knownBrowserOf(STAFF, '192.0.2.20');
    let status = 0;
    for (let i = 0; i < 10 && status !== 423; i++) status = (await login(STAFF, `Wrong${i}abc`, '198.51.100.77')).statusCode;
    expect(status).toBe(423);
    const lockedUntil = (await lockOf(STAFF_ID))?.lockedUntil;
    expect(lockedUntil?.getTime()).toBeGreaterThan(t.clock.now().getTime());

    expect((await login(STAFF, DEMO_PASSWORD, '192.0.2.20', staffBrowser)).statusCode).toBe(200);
    // The known browser's sign-in leaves the lock to the browsers that caused it.
    expect((await lockOf(STAFF_ID))?.lockedUntil?.getTime()).toBe(lockedUntil?.getTime());
    const elsewhere = await login(STAFF, DEMO_PASSWORD, '192.0.2.21');
    expect(elsewhere.statusCode).toBe(423);
    expect(elsewhere.json().message).toMatch(/^Your account is locked after too many failed sign-in attempts/);
  });
});

describe('a known browser of an account with the security question', () => {
  it('passes the throttle at both steps, where an unknown browser is stopped at the second too', async () => {
    const ip = '192.0.2.60';
    const answer = (payload: object, cookies: Cookies = {}) =>
      t.call({ method: 'POST', url: '/api/security-answer', payload, remoteAddress: ip, cookies });
    const first = await login(SECURITY_QUESTION_DEMO_EMAIL, DEMO_PASSWORD, ip);
    expect(first.json().data.securityStep).toBe('setup');
    const setUp = await answer({ challenge: first.json().data.challenge, answer: 'Rex', question_id: 2 });
    expect(setUp.statusCode).toBe(200);
    const cookie = deviceCookieOf(setUp, setUp.json().data.user.id as number);
    expect(cookie).toBeDefined();
    const browser = { [cookie!.name]: cookie!.value };

    // A challenge handed out before the address was throttled, then 20 failures there.
    const pending = (await login(SECURITY_QUESTION_DEMO_EMAIL, DEMO_PASSWORD, ip)).json().data.challenge as string;
    await throttle(ip);
    expect((await answer({ challenge: pending, answer: 'Rex' })).statusCode).toBe(429);

    const known = await login(SECURITY_QUESTION_DEMO_EMAIL, DEMO_PASSWORD, ip, browser);
    expect(known.statusCode).toBe(200);
    expect(known.json().data.securityStep).toBe('answer');
    const signedIn = await answer({ challenge: known.json().data.challenge, answer: 'Rex' }, browser);
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json().data.token).toEqual(expect.any(String));
  });
});

describe('a cookie that gives no exemption', () => {
  const throttled = '192.0.2.30';
  let genuine: string;
  beforeAll(async () => {
    genuine = (await knownBrowserOf(STAFF, throttled))[deviceCookieName(STAFF_ID)] ?? '';
    await throttle(throttled);
    expect((await login(STAFF, DEMO_PASSWORD, throttled, { [deviceCookieName(STAFF_ID)]: genuine })).statusCode).toBe(200);
  });

  const key = () => readFileSync(path.join(t.dataDir, 'device-cookie.secret'), 'utf8').trim();
  const refused = async (cookie: string, name = deviceCookieName(STAFF_ID)) => {
    const res = await login(STAFF, DEMO_PASSWORD, throttled, { [name]: cookie });
    expect(res.statusCode).toBe(429);
    expect(res.json().message).toMatch(/^Too many failed sign-in attempts from this address/);
  };

  it('a tampered one: another signature, another account id, another nonce or issue time', async () => {
    const [version, id, nonce, issued, mac] = genuine.split('.') as [string, string, string, string, string];
    const flip = (text: string) => `${text.slice(0, 5)}${text[5] === 'A' ? 'B' : 'A'}${text.slice(6)}`;
    await refused([version, id, nonce, issued, flip(mac)].join('.'));
    await refused([version, '101', nonce, issued, mac].join('.'));
    await refused([version, id, flip(nonce), issued, mac].join('.'));
    await refused([version, id, nonce, String(Number(issued) + 1), mac].join('.'));
    await refused('garbage');
  });

  it('an expired one: signed with the right key, issued more than 180 days ago', async () => {
    const past = new Date(t.clock.now().getTime() - (DEVICE_COOKIE_DAYS * 24 * 60 + 1) * 60_000);
    await refused(newDeviceToken(key(), STAFF_ID, past));
    // The same a day younger is honoured: only the age refused it.
    const younger = new Date(t.clock.now().getTime() - (DEVICE_COOKIE_DAYS - 1) * 24 * 60 * 60_000);
    expect((await login(STAFF, DEMO_PASSWORD, throttled, { [deviceCookieName(STAFF_ID)]: newDeviceToken(key(), STAFF_ID, younger) })).statusCode).toBe(200);
  });

  it('one signed with another key', async () => {
    await refused(newDeviceToken('another-key-that-is-long-enough-0123456789', STAFF_ID, t.clock.now()));
  });

  it('the genuine cookie of another account, under either name', async () => {
    const subUser = await knownBrowserOf('subuser@northside.test', '192.0.2.31');
    const value = subUser[deviceCookieName(101)] ?? '';
    await refused(value);
    await refused(value, deviceCookieName(101));
  });
});

describe('failures from a known browser', () => {
  it('count against its cookie only: no account lock, and after the account’s retries the cookie is trusted no more', async () => {
    const email = 'newstaff@northside.test';
    const ip = '192.0.2.40';
    const browser = await knownBrowserOf(email, ip);
    const account = await t.app.accounts.findForLogin(email);
    const id = account?.id ?? 0;
    const retries = account?.policy.retries ?? 0;
    expect(retries).toBeGreaterThan(1);
    await throttle(ip);

    for (let i = 0; i < retries; i++) {
      const res = await login(email, `Wrong${i}known`, ip, browser);
      expect(res.statusCode).toBe(401);
      expect(res.json().message).toBe(MESSAGES.badCredentials);
    }
    // The account was never locked by them…
    expect(await lockOf(id)).toEqual({ failed: 0, lockedUntil: null });
    expect((await login(email, DEMO_PASSWORD, '192.0.2.41')).statusCode).toBe(200);
    // …but the cookie has spent its failures: it is now an unknown browser at a throttled address.
    expect((await login(email, DEMO_PASSWORD, ip, browser)).statusCode).toBe(429);
  });
});

describe('single sign-on look-ups and tickets', () => {
  it('are not failed sign-ins: 25 unknown domains and 25 junk tickets from one address leave its password sign-ins alone', async () => {
    const ip = '192.0.2.50';
    for (let i = 0; i < 25; i++) {
      const res = await t.call({ method: 'POST', url: '/api/sso/start', payload: { email: `nurse@clinic${i}.test` }, remoteAddress: ip });
      expect(res.statusCode).toBe(422);
    }
    for (let i = 0; i < 25; i++) {
      const res = await t.call({ method: 'POST', url: '/api/sso/exchange', payload: { ticket: `junk-ticket-${i}` }, remoteAddress: ip });
      expect(res.statusCode).toBe(422);
    }
    expect((await login(STAFF, DEMO_PASSWORD, ip)).statusCode).toBe(200);
    // And they did not fill the address's budget: 19 failures later it is not yet throttled.
    for (let i = 0; i < ADDRESS_FAILURE_LIMIT - 1; i++) expect((await login(`nobody${i}@example.test`, 'Wrong1234', ip)).statusCode).toBe(401);
    expect((await login(STAFF, DEMO_PASSWORD, ip)).statusCode).toBe(200);
  });
});
