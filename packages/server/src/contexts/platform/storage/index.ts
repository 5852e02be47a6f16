/**
 * The platform's storage: one interface for files (`fastify.storage`), a local folder by default and
 * any S3-compatible store by configuration. Other contexts use the decorator and these types only.
 */
export type { PutOptions, Storage, StoredObject } from './storage';
export { StorageKeyError, isStorageKey } from './storage';
