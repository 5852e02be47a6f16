import { createHash, randomBytes } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';

/** A new opaque bearer token (256 random bits), safe in a URL. */
export const newToken = (): string => randomBytes(32).toString('base64url');

/** What the database keeps of a token: its SHA-256, so a leaked table opens no session. */
export const tokenDigest = (token: string): string => createHash('sha256').update(token).digest('hex');

// argon2id with the library's defaults (19 MiB, 2 passes, 1 lane): the OWASP baseline.
export const hashPassword = (password: string): Promise<string> => hash(password);

export async function verifyPassword(passwordHash: string | null | undefined, password: string): Promise<boolean> {
  if (!passwordHash) {
    // Spend the same time as a real check so the answer does not tell which accounts exist.
    await verify(await dummyHash(), password).catch(() => false);
    return false;
  }
  return verify(passwordHash, password).catch(() => false);
}

// A hash of a random string, made on first need, for the timing-equalising check above.
let dummy: Promise<string> | undefined;
const dummyHash = (): Promise<string> => (dummy ??= hash(randomBytes(16).toString('hex')));
