import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

/**
 * Keeps an identity provider's client secret encrypted at rest: AES-256-GCM with a key derived from
 * SSO_SECRET_KEY (any long random text). Stored as `v1:<iv>:<tag>:<ciphertext>` (base64url). Without a
 * key the secret is stored as it is — fine for a demonstration, not for production, where
 * SSO_SECRET_KEY should come from the deployment's secret store.
 */
const PREFIX = 'v1:';

const keyOf = (secretKey: string): Buffer => createHash('sha256').update(secretKey, 'utf8').digest();

export function sealSecret(plain: string, secretKey: string | undefined): string {
  if (!secretKey) return plain;
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyOf(secretKey), iv);
  const sealed = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return `${PREFIX}${iv.toString('base64url')}:${cipher.getAuthTag().toString('base64url')}:${sealed.toString('base64url')}`;
}

/** The secret as the provider expects it. Throws when it is sealed and the key is missing or wrong. */
export function openSecret(stored: string, secretKey: string | undefined): string {
  if (!stored.startsWith(PREFIX)) return stored;
  if (!secretKey) throw new Error('The client secret is encrypted, but SSO_SECRET_KEY is not set.');
  const [iv, tag, sealed] = stored.slice(PREFIX.length).split(':');
  if (!iv || !tag || sealed === undefined) throw new Error('The stored client secret is malformed.');
  const decipher = createDecipheriv('aes-256-gcm', keyOf(secretKey), Buffer.from(iv, 'base64url'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(sealed, 'base64url')), decipher.final()]).toString('utf8');
}
