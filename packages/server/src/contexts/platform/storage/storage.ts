import type { Readable } from 'node:stream';

/**
 * Where files live: a local folder by default, any S3-compatible store by configuration. Keys are
 * relative paths of safe segments ("101/3f9c….png"); every implementation refuses any other key, so a
 * key built from user input can never reach outside the store.
 */
export interface Storage {
  readonly kind: 'local' | 's3';
  /** Writes the whole object or nothing: a reader never sees half a file, and a failed write leaves no trace. */
  put(key: string, body: Buffer | Readable, options: PutOptions): Promise<void>;
  /** The object's bytes as a stream with its size, or null when there is no such key. */
  get(key: string): Promise<StoredObject | null>;
  /** Removes the object; removing a missing key is not an error. */
  delete(key: string): Promise<void>;
  exists(key: string): Promise<boolean>;
}

export interface PutOptions {
  /** Kept by stores that keep it (S3); the local folder does not, and readers sniff the bytes anyway. */
  contentType: string;
}

export interface StoredObject {
  body: Readable;
  /** Bytes. */
  size: number;
}

/** A key that is not a safe relative path (a programming error or a hostile value): never a file name. */
export class StorageKeyError extends Error {
  constructor(key: string) {
    super(`Not a storage key: ${JSON.stringify(key.slice(0, 80))}`);
  }
}

const MAX_KEY_LENGTH = 512;
/** A segment starts with a letter or digit (so never ".", ".." or a hidden name) and holds only [A-Za-z0-9._-]. */
const SEGMENT = /^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/;

/** True for keys made of '/'-separated safe segments: no "..", no leading or doubled '/', no backslash, no NUL. */
export function isStorageKey(key: unknown): key is string {
  if (typeof key !== 'string' || key.length === 0 || key.length > MAX_KEY_LENGTH) return false;
  return key.split('/').every((segment) => SEGMENT.test(segment));
}

export function assertStorageKey(key: string): void {
  if (!isStorageKey(key)) throw new StorageKeyError(key);
}
