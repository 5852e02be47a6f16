import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { DEVICE_COOKIE_DAYS } from './auth-policy';

/**
 * Device cookies (OWASP's defence against lockout by others): one per account a browser signed in to,
 * named after the account, holding `v1.<account id>.<nonce>.<issued, Unix seconds>.<HMAC-SHA256>`. The
 * HMAC, under the server's key, covers the other four parts, so a cookie cannot be made, altered, moved
 * to another account or kept past its lifetime without the key. The random nonce names the cookie in the
 * failure count, so a stolen copy shares the limit of the original.
 */
const VERSION = 'v1';
const LIFETIME_MS = DEVICE_COOKIE_DAYS * 24 * 60 * 60_000;
/** Replicas' clocks may differ a little: a cookie issued "in the future" by up to this much is accepted. */
const CLOCK_SKEW_MS = 5 * 60_000;

export const DEVICE_COOKIE_MAX_AGE_S = LIFETIME_MS / 1000;

export const deviceCookieName = (accountId: number): string => `baridesk_device_${accountId}`;

export interface DeviceToken {
  accountId: number;
  nonce: string;
  issuedAt: Date;
}

const signature = (key: string, accountId: number, nonce: string, issued: number): Buffer =>
  createHmac('sha256', key).update(`${VERSION}.${accountId}.${nonce}.${issued}`).digest();

/** A new device cookie's value for the account. */
export function newDeviceToken(key: string, accountId: number, now: Date): string {
  const nonce = randomBytes(16).toString('base64url');
  const issued = Math.floor(now.getTime() / 1000);
  return `${VERSION}.${accountId}.${nonce}.${issued}.${signature(key, accountId, nonce, issued).toString('base64url')}`;
}

/** The cookie's content when it is genuine, of this account and still current; null otherwise. */
export function readDeviceToken(key: string, value: string, accountId: number, now: Date): DeviceToken | null {
  const parts = value.split('.');
  if (parts.length !== 5) return null;
  const [version, id, nonce, issuedText, mac] = parts as [string, string, string, string, string];
  if (version !== VERSION || id !== String(accountId)) return null;
  if (!/^[A-Za-z0-9_-]{22}$/.test(nonce) || !/^\d{1,12}$/.test(issuedText)) return null;
  const issued = Number(issuedText);
  const given = Buffer.from(mac, 'base64url');
  const expected = signature(key, accountId, nonce, issued);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  const issuedAt = new Date(issued * 1000);
  const age = now.getTime() - issuedAt.getTime();
  if (age < -CLOCK_SKEW_MS || age >= LIFETIME_MS) return null;
  return { accountId, nonce, issuedAt };
}

/**
 * Whether cookies the API sets must be Secure: the request came over HTTPS (through a trusted proxy's
 * X-Forwarded-Proto too), or the public address is HTTPS (a TLS-terminating proxy not trusted for headers).
 */
export const cookiesAreSecure = (request: FastifyRequest): boolean =>
  request.protocol === 'https' || request.server.config.publicUrl.startsWith('https:');
