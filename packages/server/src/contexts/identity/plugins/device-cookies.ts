import { randomBytes } from 'node:crypto';
import { link, mkdir, readFile, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { DEVICE_FAILURE_WINDOW_MINUTES, type LockPolicy } from '../auth-policy';
import { DEVICE_COOKIE_MAX_AGE_S, cookiesAreSecure, deviceCookieName, newDeviceToken, readDeviceToken } from '../device-cookie';

declare module 'fastify' {
  interface FastifyInstance {
    deviceCookies: DeviceCookies;
  }
}

/** A browser that presented a genuine, current device cookie of the account, with failures left. */
export interface KnownBrowser {
  accountId: number;
  /** The cookie's nonce: its failures are counted under it. */
  nonce: string;
}

const KEY_FILE = 'device-cookie.secret';

/**
 * The key kept in DATA_DIR when DEVICE_COOKIE_SECRET is not set, made on first need. It is written to a
 * file of its own and linked into place, so replicas sharing the folder agree on one key.
 */
async function keyInDataDir(dataDir: string): Promise<string> {
  const file = path.join(dataDir, KEY_FILE);
  await mkdir(dataDir, { recursive: true });
  const draft = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
  await writeFile(draft, randomBytes(32).toString('base64url'), { mode: 0o600 });
  try {
    await link(draft, file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  } finally {
    await unlink(draft);
  }
  const key = (await readFile(file, 'utf8')).trim();
  if (key.length < 32) throw new Error(`${file} holds no usable key; delete it and a new one is made.`);
  return key;
}

export function createDeviceCookies(fastify: FastifyInstance) {
  let key: Promise<string> | undefined;
  const signingKey = (): Promise<string> => {
    const configured = fastify.config.deviceCookieSecret;
    if (configured) return Promise.resolve(configured);
    key ??= keyInDataDir(fastify.config.dataDir).catch((error: unknown) => {
      key = undefined;
      throw error;
    });
    return key;
  };

  return {
    /**
     * The caller's browser when it carries a valid device cookie of this account that has not failed the
     * account's `retries` times lately; null for every other browser (throttled and locked as usual).
     */
    async knownBrowser(request: FastifyRequest, account: { id: number; policy: LockPolicy }, now: Date): Promise<KnownBrowser | null> {
      const value = request.cookies[deviceCookieName(account.id)];
      if (!value) return null;
      const token = readDeviceToken(await signingKey(), value, account.id, now);
      if (!token) return null;
      const since = new Date(now.getTime() - DEVICE_FAILURE_WINDOW_MINUTES * 60_000);
      const failures = await fastify.accounts.failuresOfBrowser(token.nonce, since);
      return failures < account.policy.retries ? { accountId: account.id, nonce: token.nonce } : null;
    },

    /** A failed sign-in from a known browser: counted against its cookie, not its address or the account. */
    async recordFailure(browser: KnownBrowser, email: string, now: Date): Promise<void> {
      await fastify.accounts.recordBrowserFailure(browser.nonce, email, now);
    },

    /** After a successful sign-in: a fresh cookie (new nonce, new lifetime) binding this browser to the account. */
    async issue(request: FastifyRequest, reply: FastifyReply, accountId: number, now: Date): Promise<void> {
      reply.setCookie(deviceCookieName(accountId), newDeviceToken(await signingKey(), accountId, now), {
        // Sent to the sign-in routes (login, security answer, SSO exchange), all under /api; never to pages.
        path: '/api',
        maxAge: DEVICE_COOKIE_MAX_AGE_S,
        httpOnly: true,
        // Every sign-in is a same-origin fetch, including the SSO exchange made by the /sso page.
        sameSite: 'strict',
        secure: cookiesAreSecure(request),
      });
    },
  };
}

export type DeviceCookies = ReturnType<typeof createDeviceCookies>;

export default fp(
  async (fastify) => {
    fastify.decorate('deviceCookies', createDeviceCookies(fastify));
  },
  { name: 'device-cookies', dependencies: ['accounts-repository', 'cookie'] },
);
