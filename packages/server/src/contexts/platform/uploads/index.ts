/**
 * The platform's uploads: `fastify.uploads` (accept, store, claim, remove, open, serve) and the types
 * other contexts use with it. See README.md beside this file; other contexts import from here only.
 */
export type { Uploads } from './plugins/uploads';
export { UPLOADS_PATH, isPublicImageUrl, uploadErrorOf } from './uploads';
export type { UploadOwner, UploadRules } from './uploads';
