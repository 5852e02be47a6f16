import { createHash } from 'node:crypto';
import { acceptedTotpStep, enrolmentOf, newRecoveryCodes, newTotpSecret, recoveryCodeHash, totpCodeAt } from './mfa';

/** RFC 6238 appendix B's SHA-1 key ("12345678901234567890") in base32. */
const RFC_SECRET = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ';
const at = (seconds: number) => new Date(seconds * 1000);

describe('TOTP checks', () => {
  it('compute the codes of RFC 6238 appendix B (the last 6 digits of its 8)', () => {
    expect(totpCodeAt(RFC_SECRET, at(59))).toBe('287082');
    expect(totpCodeAt(RFC_SECRET, at(1111111109))).toBe('081804');
    expect(totpCodeAt(RFC_SECRET, at(2000000000))).toBe('279037');
  });

  it('accept a code one step either side of the clock, and answer the step it belongs to', () => {
    const now = at(1_800_000_015); // step 60,000,000
    const step = Math.floor(1_800_000_015 / 30);
    expect(acceptedTotpStep(RFC_SECRET, totpCodeAt(RFC_SECRET, now), now, null)).toBe(step);
    expect(acceptedTotpStep(RFC_SECRET, totpCodeAt(RFC_SECRET, at(1_800_000_015 - 30)), now, null)).toBe(step - 1);
    expect(acceptedTotpStep(RFC_SECRET, totpCodeAt(RFC_SECRET, at(1_800_000_015 + 30)), now, null)).toBe(step + 1);
  });

  it('refuse a code two steps away, a wrong one, and another secret’s', () => {
    const now = at(1_800_000_015);
    expect(acceptedTotpStep(RFC_SECRET, totpCodeAt(RFC_SECRET, at(1_800_000_015 - 60)), now, null)).toBeNull();
    expect(acceptedTotpStep(RFC_SECRET, totpCodeAt(RFC_SECRET, at(1_800_000_015 + 60)), now, null)).toBeNull();
    const right = totpCodeAt(RFC_SECRET, now);
    const wrong = String((Number(right) + 1) % 1_000_000).padStart(6, '0');
    expect(acceptedTotpStep(RFC_SECRET, wrong, now, null)).toBeNull();
    expect(acceptedTotpStep(newTotpSecret(), right, now, null)).toBeNull();
  });

  it('never accept a step at or before the last one accepted (RFC 6238 §5.2: no replay)', () => {
    const now = at(1_800_000_015);
    const step = Math.floor(1_800_000_015 / 30);
    const code = totpCodeAt(RFC_SECRET, now);
    expect(acceptedTotpStep(RFC_SECRET, code, now, step - 1)).toBe(step);
    expect(acceptedTotpStep(RFC_SECRET, code, now, step)).toBeNull();
    // The previous step's code, still inside the window, is refused once a newer step was used.
    expect(acceptedTotpStep(RFC_SECRET, totpCodeAt(RFC_SECRET, at(1_800_000_015 - 30)), now, step)).toBeNull();
    // The next step's code is still fine after the present one.
    expect(acceptedTotpStep(RFC_SECRET, totpCodeAt(RFC_SECRET, at(1_800_000_015 + 30)), now, step)).toBe(step + 1);
  });

  it('make 160-bit base32 secrets, new each time', () => {
    const secret = newTotpSecret();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(newTotpSecret()).not.toBe(secret);
  });

  it('give an authenticator the otpauth address and its QR code as SVG', async () => {
    const enrolment = await enrolmentOf(RFC_SECRET, 'nurse@example.test');
    expect(enrolment.secret).toBe(RFC_SECRET);
    const url = new URL(enrolment.otpauthUrl);
    expect(url.protocol).toBe('otpauth:');
    expect(url.host).toBe('totp');
    expect(decodeURIComponent(url.pathname)).toBe('/BariDesk:nurse@example.test');
    expect(url.searchParams.get('secret')).toBe(RFC_SECRET);
    expect(url.searchParams.get('issuer')).toBe('BariDesk');
    expect(enrolment.qrSvg).toMatch(/^<svg [^>]*viewBox="0 0 \d+ \d+"/);
    expect(enrolment.qrSvg).not.toMatch(/<script/i);
  });
});

describe('recovery codes', () => {
  it('are ten, of 10 characters without look-alikes, and all different', () => {
    const codes = newRecoveryCodes();
    expect(codes).toHaveLength(10);
    for (const code of codes) expect(code).toMatch(/^[a-hjkmnp-z2-9]{5}-[a-hjkmnp-z2-9]{5}$/);
    expect(new Set(codes).size).toBe(10);
  });

  it('are kept as SHA-256 of the code without dash, spaces or case', () => {
    const hash = createHash('sha256').update('abcde23456').digest('hex');
    expect(recoveryCodeHash('abcde-23456')).toBe(hash);
    expect(recoveryCodeHash(' ABCDE 23456 ')).toBe(hash);
    expect(recoveryCodeHash('abcde-23457')).not.toBe(hash);
  });
});
