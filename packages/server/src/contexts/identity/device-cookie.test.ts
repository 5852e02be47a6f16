import { loadConfig } from '../../config';
import { DEVICE_COOKIE_DAYS } from './auth-policy';
import { newDeviceToken, readDeviceToken } from './device-cookie';

const KEY = 'a-device-cookie-key-of-the-tests-0123456789';
const NOW = new Date('2026-03-02T15:00:00Z');
const DAY = 24 * 60 * 60_000;

describe('device tokens', () => {
  it('are read back for their account while younger than 180 days', () => {
    const token = newDeviceToken(KEY, 201, NOW);
    expect(readDeviceToken(KEY, token, 201, NOW)).toEqual({ accountId: 201, nonce: expect.stringMatching(/^[A-Za-z0-9_-]{22}$/), issuedAt: NOW });
    expect(readDeviceToken(KEY, token, 201, new Date(NOW.getTime() + DEVICE_COOKIE_DAYS * DAY - 1000))).not.toBeNull();
    expect(readDeviceToken(KEY, token, 201, new Date(NOW.getTime() + DEVICE_COOKIE_DAYS * DAY))).toBeNull();
  });

  it('carry a new nonce each time', () => {
    expect(newDeviceToken(KEY, 201, NOW).split('.')[2]).not.toBe(newDeviceToken(KEY, 201, NOW).split('.')[2]);
  });

  it('are refused for another account, under another key, altered, or issued far in the future', () => {
    const token = newDeviceToken(KEY, 201, NOW);
    expect(readDeviceToken(KEY, token, 202, NOW)).toBeNull();
    expect(readDeviceToken(`${KEY}x`, token, 201, NOW)).toBeNull();
    expect(readDeviceToken(KEY, token.replace(/^v1\./, 'v2.'), 201, NOW)).toBeNull();
    expect(readDeviceToken(KEY, `${token}.extra`, 201, NOW)).toBeNull();
    expect(readDeviceToken(KEY, token.slice(0, -2), 201, NOW)).toBeNull();
    expect(readDeviceToken(KEY, '', 201, NOW)).toBeNull();
    const future = newDeviceToken(KEY, 201, new Date(NOW.getTime() + 10 * 60_000));
    expect(readDeviceToken(KEY, future, 201, NOW)).toBeNull();
  });
});

describe('loadConfig: DEVICE_COOKIE_SECRET', () => {
  it('is optional, and refused when shorter than 32 characters', () => {
    expect(loadConfig({}).deviceCookieSecret).toBeUndefined();
    expect(loadConfig({ DEVICE_COOKIE_SECRET: KEY }).deviceCookieSecret).toBe(KEY);
    expect(() => loadConfig({ DEVICE_COOKIE_SECRET: 'short' })).toThrow('DEVICE_COOKIE_SECRET must be 32 characters or more');
  });
});
