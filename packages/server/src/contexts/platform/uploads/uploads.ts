import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import type { MultipartFile } from '@fastify/multipart';
import { and, asc, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import {
  CONTENT_TYPES,
  type ImageFormat,
  type ImageRule,
  type UploadFormat,
  type UploadKind,
  type UploadedFile,
  IMAGE_FORMATS,
  checkImageDimensions,
  fileRequired,
  fileTooLarge,
  formatsOf,
  unknownUpload,
  wrongFileType,
} from '@baridesk/contracts';
import type { Db } from '../../../db/client';
import type { Clock } from '../../../lib/clock';
import { ValidationError } from '../../../lib/valibot';
import type { Storage } from '../storage';
import { prepareImage, measureImage } from './images';
import { storedUploads } from './schema';
import { EXTENSIONS, SNIFF_BYTES, sniffFormat } from './sniff';

/** What a field takes. */
export interface UploadRules {
  /** The field's name: the key of the `errors` map and the {field} of the messages. */
  field: string;
  kind: UploadKind;
  /** Minimum width and height (and aspect ratio) of an image: "Please upload {field} with minimum W * H." */
  minimum?: ImageRule;
  /**
   * A file that must not be readable by its URL alone (a patient's document): stored under
   * `<scope>/private/`, never served by GET /uploads; the owning context serves it with `open`
   * after its own access check and audit. Program content (what the patients' app shows) is public.
   */
  private?: boolean;
}

/** Whose file it is: one program's (staff), or BariDesk-wide (super admins). A request's scope fits. */
export interface UploadOwner {
  programId: number | null;
}

/** An upload key read back: `<scope>/[private/]<32 hex>.<ext>`, or its preview `….preview.webp`. */
interface ParsedKey {
  scope: string;
  isPrivate: boolean;
  /** The original's key (for a preview key too). */
  original: string;
  format: UploadFormat;
  isPreview: boolean;
}

const KEY = /^(global|[1-9][0-9]{0,9})\/(private\/)?([0-9a-f]{32})\.(jpg|png|gif|webp|pdf|preview\.webp)$/;
const FORMAT_OF_EXTENSION = new Map(Object.entries(EXTENSIONS).map(([format, ext]) => [ext, format as UploadFormat]));
const PREVIEW_SUFFIX = '.preview.webp';

const scopeOf = (owner: UploadOwner) => (owner.programId === null ? 'global' : String(owner.programId));
const isImage = (format: UploadFormat): format is ImageFormat => (IMAGE_FORMATS as readonly string[]).includes(format);

/** The parts of an upload key, or null for anything that is not one. */
export function parseUploadKey(key: unknown): ParsedKey | null {
  if (typeof key !== 'string') return null;
  const match = KEY.exec(key);
  if (!match) return null;
  const [, scope = '', privateMark, id = '', extension = ''] = match;
  const folder = `${scope}/${privateMark ?? ''}`;
  if (extension === 'preview.webp') {
    // A preview belongs to an image whose extension the key no longer says; serving needs no more.
    return { scope, isPrivate: Boolean(privateMark), original: `${folder}${id}`, format: 'webp', isPreview: true };
  }
  const format = FORMAT_OF_EXTENSION.get(extension);
  if (!format) return null;
  return { scope, isPrivate: Boolean(privateMark), original: key, format, isPreview: false };
}

/** Where files are served, outside /api: a browser's <img src> sends no bearer token. */
export const UPLOADS_PATH = '/uploads';

/** True for the address of a public image upload or its preview, as the upload answers give it (`/uploads/<key>`). */
export function isPublicImageUrl(url: string): boolean {
  if (!url.startsWith(`${UPLOADS_PATH}/`)) return false;
  const parsed = parseUploadKey(url.slice(UPLOADS_PATH.length + 1));
  return parsed !== null && !parsed.isPrivate && isImage(parsed.format);
}

/** The key of an image's preview: beside the original, same name, `.preview.webp`. */
export function previewKeyOf(key: string): string {
  return key.replace(/\.[a-z]+$/, PREVIEW_SUFFIX);
}

/** A refused upload request that is not a field's fault: too large (413), not multipart (415), unreadable (400). */
export class UploadRequestError extends Error {
  readonly code = 'BARIDESK_UPLOAD';
  constructor(
    readonly statusCode: number,
    message: string,
  ) {
    super(message);
  }
}

/** Not in the spec: the answers to a multipart body that is not a form with one file. */
export const UPLOAD_MESSAGES = {
  notMultipart: 'Send the file as multipart/form-data.',
  unreadable: 'The upload could not be read. Please try again.',
  oneFile: 'Please upload one file at a time.',
  tooManyFields: 'The upload has too many fields.',
  fieldTooLong: 'A field of the upload is too long.',
} as const;

/**
 * What @fastify/multipart (and busboy below it) throws, said in the product's voice and never a 500:
 * its errors carry English status texts ("reach files limit"), busboy's a bare Error for a broken body.
 */
export function uploadErrorOf(error: unknown, field: string, maxBytes: number): Error {
  if (error instanceof ValidationError || error instanceof UploadRequestError) return error;
  switch ((error as { code?: string }).code) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return new UploadRequestError(413, fileTooLarge(field, maxBytes));
    case 'FST_FILES_LIMIT':
      return new ValidationError({ [field]: [UPLOAD_MESSAGES.oneFile] });
    case 'FST_FIELDS_LIMIT':
    case 'FST_PARTS_LIMIT':
      return new UploadRequestError(413, UPLOAD_MESSAGES.tooManyFields);
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return new UploadRequestError(415, UPLOAD_MESSAGES.notMultipart);
    default: {
      const status = (error as { statusCode?: number }).statusCode;
      if (error instanceof Error && status !== undefined && status >= 400 && status < 500) return error;
      return new UploadRequestError(400, UPLOAD_MESSAGES.unreadable);
    }
  }
}

export interface UploadsOptions {
  storage: Storage;
  maxBytes: number;
  /** Where GET /uploads/<key> is mounted (no trailing slash). */
  publicPath: string;
  /** Holds the ledger of stored uploads (table `uploads`), which finds the ones no record claimed. */
  db: Db;
  clock: Clock;
}

/** What one sweep of unclaimed uploads did: files deleted, and files that could not be (kept for the next run). */
export interface SweepResult {
  removed: number;
  failed: number;
}

/** Rows taken per transaction of a sweep: each batch's files are deleted while its rows are locked. */
const SWEEP_BATCH = 100;

/** The uploads service, published as `fastify.uploads` (see README.md beside this file). */
export function createUploads({ storage, maxBytes, publicPath, db, clock }: UploadsOptions) {
  const refuse = (field: string, message: string) => new ValidationError({ [field]: [message] });
  const urlOf = (key: string) => `${publicPath}/${key}`;

  const answer = (key: string, format: UploadFormat, size: number, measured: { width: number; height: number } | null): UploadedFile => ({
    key,
    url: urlOf(key),
    previewUrl: isImage(format) ? urlOf(previewKeyOf(key)) : null,
    width: measured?.width ?? null,
    height: measured?.height ?? null,
    contentType: CONTENT_TYPES[format],
    size,
  });

  async function readAll(file: MultipartFile, field: string): Promise<Buffer> {
    let bytes: Buffer;
    try {
      bytes = await file.toBuffer();
    } catch (error) {
      throw uploadErrorOf(error, field, maxBytes);
    }
    if (file.file.truncated) throw new UploadRequestError(413, fileTooLarge(field, maxBytes));
    return bytes;
  }

  /**
   * The ledger's row goes in before the files: a file the ledger does not know could never be swept,
   * while a row whose files never arrived is swept like any unclaimed upload.
   */
  async function putFiles(key: string, files: { key: string; bytes: Buffer; format: UploadFormat }[], row: Omit<typeof storedUploads.$inferInsert, 'key'>) {
    await db.insert(storedUploads).values({ ...row, key });
    const written: string[] = [];
    try {
      for (const file of files) {
        await storage.put(file.key, file.bytes, { contentType: CONTENT_TYPES[file.format] });
        written.push(file.key);
      }
    } catch (error) {
      for (const done of written) await storage.delete(done).catch(() => {});
      await db.delete(storedUploads).where(eq(storedUploads.key, key)).catch(() => {});
      throw error;
    }
  }

  /** Checks and stores one file's bytes; the answer names the new key. `uploadedBy`: the account, for the ledger. */
  async function store(bytes: Buffer, rules: UploadRules, owner: UploadOwner, uploadedBy: number | null = null): Promise<UploadedFile> {
    const { field, kind } = rules;
    if (bytes.length === 0) throw refuse(field, fileRequired(field));
    if (bytes.length > maxBytes) throw new UploadRequestError(413, fileTooLarge(field, maxBytes));
    const format = sniffFormat(bytes.subarray(0, SNIFF_BYTES));
    if (!format || !formatsOf(kind).includes(format)) throw refuse(field, wrongFileType(field, kind));

    // 128 random bits: a key cannot be guessed, and there is no listing, so a URL is only known to those given it.
    const key = `${scopeOf(owner)}/${rules.private ? 'private/' : ''}${randomBytes(16).toString('hex')}.${EXTENSIONS[format]}`;
    const row = { program_id: owner.programId, uploaded_by: uploadedBy, created_at: clock.now() };
    if (!isImage(format)) {
      await putFiles(key, [{ key, bytes, format }], { ...row, kind: 'document', size: bytes.length, preview_key: null });
      return answer(key, format, bytes.length, null);
    }
    const image = await prepareImage(bytes, format, field, rules.minimum);
    // The preview first: an original is never visible without its preview.
    const files = [
      { key: previewKeyOf(key), bytes: image.preview, format: 'webp' as const },
      { key, bytes: image.original, format },
    ];
    await putFiles(key, files, { ...row, kind: 'image', size: image.original.length, preview_key: previewKeyOf(key) });
    return answer(key, format, image.original.length, image);
  }

  return {
    /**
     * Reads a multipart file part (`await request.file()`, or a part of `request.parts()`), checks it
     * against `rules` by its bytes, and stores it (an image with its preview), unclaimed: the record that
     * takes it must `claim` the key, or the sweep deletes it. Refusals are 422 with
     * `errors[rules.field]` (no file, wrong type, too small, unreadable) or 413 (too large).
     */
    async accept(file: MultipartFile | undefined, rules: UploadRules, owner: UploadOwner, uploadedBy: number | null = null): Promise<UploadedFile> {
      if (!file) throw refuse(rules.field, fileRequired(rules.field));
      return store(await readAll(file, rules.field), rules, owner, uploadedBy);
    },

    store,

    /**
     * Checks that `key` (sent by a form that uploaded first) is an upload of `owner` that fits `rules`,
     * and describes it. A record takes a key only through claim: it cannot point at another program's
     * file, at a file of the wrong kind or size, or at something that was never uploaded. 422 otherwise.
     * A claimed upload is no longer swept as unclaimed (the ledger's claimed_at, set once).
     */
    async claim(owner: UploadOwner, key: unknown, rules: UploadRules): Promise<UploadedFile> {
      const { field, kind } = rules;
      const parsed = parseUploadKey(key);
      if (!parsed || parsed.isPreview || parsed.scope !== scopeOf(owner) || parsed.isPrivate !== Boolean(rules.private)) {
        throw refuse(field, unknownUpload(field));
      }
      if (!formatsOf(kind).includes(parsed.format)) throw refuse(field, wrongFileType(field, kind));
      const stored = await storage.get(parsed.original);
      if (!stored) throw refuse(field, unknownUpload(field));
      const bytes = await collect(stored.body);
      if (sniffFormat(bytes.subarray(0, SNIFF_BYTES)) !== parsed.format) throw refuse(field, unknownUpload(field));
      const measured = isImage(parsed.format) ? await measureImage(bytes, parsed.format) : null;
      if (isImage(parsed.format) && !measured) throw refuse(field, unknownUpload(field));
      const problem = measured && rules.minimum ? checkImageDimensions(measured, rules.minimum, field) : null;
      if (problem) throw refuse(field, problem);
      // Marked last, once the file fits: a refused claim leaves the upload to the sweep. No row (a file the
      // ledger never recorded, or one the sweep is deleting right now) is not an upload to claim.
      const [row] = await db
        .update(storedUploads)
        .set({ claimed_at: sql`coalesce(${storedUploads.claimed_at}, ${clock.now()})` })
        .where(eq(storedUploads.key, parsed.original))
        .returning({ key: storedUploads.key });
      if (!row) throw refuse(field, unknownUpload(field));
      return answer(parsed.original, parsed.format, bytes.length, measured);
    },

    /**
     * Deletes uploads and their previews: call it after a record that references them is deleted, or
     * when an update replaces a file. Values that are not upload keys (empty, null) are passed over.
     */
    async remove(keys: Iterable<string | null | undefined>): Promise<void> {
      const originals = [...keys].map(parseUploadKey).filter((parsed): parsed is ParsedKey => parsed !== null && !parsed.isPreview);
      if (originals.length === 0) return;
      // Released first: if a file delete fails, the sweep finds the upload unclaimed and deletes it later.
      await db
        .update(storedUploads)
        .set({ claimed_at: null })
        .where(inArray(storedUploads.key, originals.map((parsed) => parsed.original)));
      for (const parsed of originals) {
        await storage.delete(parsed.original);
        if (isImage(parsed.format)) await storage.delete(previewKeyOf(parsed.original));
        await db.delete(storedUploads).where(eq(storedUploads.key, parsed.original));
      }
    },

    /**
     * Deletes the files and ledger rows of uploads created before `before` that no record claimed, in
     * batches. Each batch's rows are locked (`FOR UPDATE SKIP LOCKED`) while its files go, so two
     * replicas sweeping at once take different rows, and a claim waits and then finds no row. A file
     * already gone is fine; a file that cannot be deleted keeps its row for the next run.
     */
    async sweepUnclaimed(before: Date): Promise<SweepResult> {
      let removed = 0;
      const failed = new Set<string>();
      for (;;) {
        const batch = await db.transaction(async (tx) => {
          const rows = await tx
            .select({ key: storedUploads.key, previewKey: storedUploads.preview_key })
            .from(storedUploads)
            .where(and(isNull(storedUploads.claimed_at), lt(storedUploads.created_at, before)))
            .orderBy(asc(storedUploads.created_at))
            .limit(SWEEP_BATCH)
            .for('update', { skipLocked: true });
          const gone: string[] = [];
          for (const row of rows) {
            failed.delete(row.key);
            try {
              // The original first, so an original is never left without its preview (as store keeps it).
              await storage.delete(row.key);
              if (row.previewKey) await storage.delete(row.previewKey);
              gone.push(row.key);
            } catch {
              // Kept: its row stays unclaimed, and the next run tries again.
              failed.add(row.key);
            }
          }
          if (gone.length > 0) await tx.delete(storedUploads).where(inArray(storedUploads.key, gone));
          return { taken: rows.length, removed: gone.length };
        });
        removed += batch.removed;
        if (batch.taken < SWEEP_BATCH || batch.removed === 0) return { removed, failed: failed.size };
      }
    },

    /**
     * The stored bytes of an upload key (original or preview) with the format sniffed from them, or
     * null for an unknown key. `private` keys open only when asked for (by their owning context).
     */
    async open(key: string, { allowPrivate = false }: { allowPrivate?: boolean } = {}) {
      const parsed = parseUploadKey(key);
      if (!parsed || (parsed.isPrivate && !allowPrivate)) return null;
      const stored = await storage.get(key);
      if (!stored) return null;
      const { head, body } = await peek(stored.body, SNIFF_BYTES);
      return { body, size: stored.size, format: sniffFormat(head) };
    },

    urlOf,
    previewUrlOf: (key: string) => {
      const parsed = parseUploadKey(key);
      return parsed && !parsed.isPreview && isImage(parsed.format) ? urlOf(previewKeyOf(key)) : null;
    },
  };
}

export type UploadsService = ReturnType<typeof createUploads>;

async function collect(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk));
  return Buffer.concat(chunks);
}

/** The first `bytes` of a stream, and a stream of the whole (those bytes included). */
async function peek(stream: Readable, bytes: number): Promise<{ head: Buffer; body: Readable }> {
  const iterator = stream[Symbol.asyncIterator]();
  const taken: Buffer[] = [];
  let length = 0;
  while (length < bytes) {
    const next = await iterator.next();
    if (next.done) break;
    const chunk = Buffer.isBuffer(next.value) ? next.value : Buffer.from(next.value);
    taken.push(chunk);
    length += chunk.length;
  }
  async function* whole() {
    try {
      yield* taken;
      for (let next = await iterator.next(); !next.done; next = await iterator.next()) yield next.value as Buffer;
    } finally {
      // A reader that stops early (the client went away) must still release the file or connection.
      stream.destroy();
    }
  }
  return { head: Buffer.concat(taken).subarray(0, bytes), body: Readable.from(whole(), { objectMode: false }) };
}
