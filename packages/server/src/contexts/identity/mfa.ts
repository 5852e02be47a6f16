/**
 * The second sign-in factor's checks, free of the database: TOTP (RFC 6238: HMAC-SHA1, 6 digits, 30-second
 * steps, what every authenticator app speaks) through otplib, and one-time recovery codes.
 *
 * - A code is accepted one step either side of the server's clock (RFC 6238 §5.2 allows for a phone's
 *   clock drifting and the time taken to type), and never for a step at or before the last one accepted
 *   (§5.2: "the verifier MUST NOT accept the second attempt of the same OTP"): the caller stores the step.
 * - Recovery codes are 10 characters from an alphabet without look-alikes (about 49 bits each), shown once
 *   and kept as SHA-256: with that much randomness and the account lock in front, a slow hash adds nothing.
 */
import { createHash, randomInt } from 'node:crypto';
import { generateSecret, generateSync, generateURI, verifySync } from 'otplib';
import QRCode from 'qrcode';
import { MFA_RECOVERY_CODE_COUNT } from '@baridesk/contracts';

const PERIOD_SECONDS = 30;
/** One step before or after the present one. */
const TOLERANCE_SECONDS = PERIOD_SECONDS;
/** The name authenticator apps show beside the account. */
export const MFA_ISSUER = 'BariDesk';

const epochOf = (now: Date) => Math.floor(now.getTime() / 1000);

/** A new base32 secret of 160 bits (RFC 4226's recommended length). */
export const newTotpSecret = (): string => generateSecret({ length: 20 });

/** The code an authenticator shows at `now` (tests, and nothing else, need it). */
export const totpCodeAt = (secret: string, now: Date): string => generateSync({ secret, epoch: epochOf(now) });

/**
 * The time step a code belongs to when it is right at `now` and newer than `lastStep`; null otherwise
 * (wrong, too old or too new, or replayed).
 */
export function acceptedTotpStep(secret: string, code: string, now: Date, lastStep: number | null): number | null {
  const result = verifySync({
    secret,
    token: code,
    epoch: epochOf(now),
    epochTolerance: TOLERANCE_SECONDS,
    ...(lastStep === null ? {} : { afterTimeStep: lastStep }),
  });
  // A TOTP check answers the step it matched (the library's result type also covers HOTP's).
  return result.valid && 'timeStep' in result ? result.timeStep : null;
}

/** What an app needs to add the account: the key, its otpauth:// address and that address as a QR code (SVG). */
export async function enrolmentOf(secret: string, accountLabel: string) {
  const otpauthUrl = generateURI({ issuer: MFA_ISSUER, label: accountLabel, secret });
  const qrSvg = await QRCode.toString(otpauthUrl, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  return { secret, otpauthUrl, qrSvg };
}

/** No 0/o, 1/l/i: a code read off paper is typed right. */
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

/** A new set of recovery codes as shown to the user ("abcde-23456"). */
export function newRecoveryCodes(count = MFA_RECOVERY_CODE_COUNT): string[] {
  return Array.from({ length: count }, () => {
    const chars = Array.from({ length: 10 }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]).join('');
    return `${chars.slice(0, 5)}-${chars.slice(5)}`;
  });
}

/** The stored form of a recovery code: SHA-256 of it without the dash, spaces or case (as the contract leaves it). */
export const recoveryCodeHash = (code: string): string =>
  createHash('sha256').update(code.replace(/[\s-]/g, '').toLowerCase(), 'utf8').digest('hex');
