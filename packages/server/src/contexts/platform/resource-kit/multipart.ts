/**
 * Store and update of a definition with `multipart: true` also take multipart/form-data, as the spec's
 * member portals' clients send a record with its file. The form is read into the body the route's
 * schema then checks like a JSON one (text parts for every field; ids, numbers and flags are read from
 * their text by the same schemas), and an image field's file part is kept aside in memory until the
 * handler has checked the body and found the record: only then is it stored, by the field's rule, and
 * its key put where a JSON body's key would be. So a refused request stores no file. A form may carry
 * one file per image field of the definition (a trophy card's two faces), each under its field's name.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { METHOD_OVERRIDE_FIELD, type AnyResource } from '@baridesk/contracts';
import { ValidationError } from '../../../lib/valibot';
import { multipartLimits } from '../../../plugins/external/multipart';
import { uploadErrorOf } from '../uploads';

type Row = Record<string, unknown>;

/** An image field's file, read and waiting for the handler. */
interface PendingFile {
  field: string;
  bytes: Buffer;
}

/** Not in the spec: a form that sends one field twice, or a file where the definition takes none. */
export const MULTIPART_MESSAGES = {
  once: (label: string) => `Please send ${label.toLowerCase()} once.`,
  notAFile: (label: string) => `${label} is not a file.`,
  fileOrKey: (label: string) => `Please send ${label.toLowerCase()} as a file or as a key, not both.`,
  tooLong: (label: string) => `${label} is too long.`,
  /** A file part under a name that is no image field of the definition. */
  noSuchFile: 'This form takes no such file.',
} as const;

/**
 * The multipart side of a resource's store and update: `preValidation` reads the form (for the
 * schema to check), `attachFile` stores its file once the handler allows it.
 */
export function multipartForms(fastify: FastifyInstance, resource: AnyResource) {
  const fields = resource.fields;
  const imageFields = new Set(Object.keys(fields).filter((name) => fields[name]!.kind === 'image'));
  const categoryFields = new Set(resource.categoryFields.map((category) => category.field));
  const labelOf = (name: string) =>
    fields[name]?.label ??
    resource.categoryFields.find((category) => category.field === name)?.label ??
    (resource.partition?.field === name ? resource.partition.label : name);
  // The names a body may hold; other text parts are dropped as a JSON body's unknown keys are.
  // `_method` is kept for the method-override check, which drops it.
  const known = new Set([
    'id',
    'status',
    METHOD_OVERRIDE_FIELD,
    ...Object.keys(fields),
    ...categoryFields,
    ...(resource.partition ? [resource.partition.field] : []),
  ]);
  const pending = new WeakMap<FastifyRequest, PendingFile[]>();
  const maxBytes = fastify.config.uploadMaxBytes;
  const limits = multipartLimits(maxBytes, Math.max(1, imageFields.size));

  async function readForm(request: FastifyRequest): Promise<Row> {
    const body: Row = {};
    const files: PendingFile[] = [];
    // The field a busboy error is about, for its message: the file's, or the form's first image field.
    let current = [...imageFields][0] ?? 'file';
    try {
      for await (const part of request.parts({ limits })) {
        if (part.type === 'file') {
          current = part.fieldname;
          if (!imageFields.has(part.fieldname)) {
            part.file.resume();
            // A field that takes text names itself; any other name is the file's.
            const named = known.has(part.fieldname);
            throw new ValidationError(named ? { [part.fieldname]: [MULTIPART_MESSAGES.notAFile(labelOf(part.fieldname))] } : { file: [MULTIPART_MESSAGES.noSuchFile] });
          }
          if (files.some((file) => file.field === part.fieldname)) {
            part.file.resume();
            throw new ValidationError({ [part.fieldname]: [MULTIPART_MESSAGES.once(labelOf(part.fieldname))] });
          }
          files.push({ field: part.fieldname, bytes: await part.toBuffer() });
          continue;
        }
        if (!known.has(part.fieldname)) continue;
        const label = labelOf(part.fieldname);
        if (part.valueTruncated) throw new ValidationError({ [part.fieldname]: [MULTIPART_MESSAGES.tooLong(label)] });
        if (part.fieldname in body) throw new ValidationError({ [part.fieldname]: [MULTIPART_MESSAGES.once(label)] });
        const text = typeof part.value === 'string' ? part.value : '';
        // A form's blank choice: no category, or (an image's key) the image removed, as null in JSON.
        body[part.fieldname] = text === '' && (categoryFields.has(part.fieldname) || imageFields.has(part.fieldname)) ? null : text;
      }
    } catch (error) {
      throw uploadErrorOf(error, current, maxBytes);
    }
    for (const file of files) {
      if (file.field in body) throw new ValidationError({ [file.field]: [MULTIPART_MESSAGES.fileOrKey(labelOf(file.field))] });
    }
    if (files.length > 0) pending.set(request, files);
    return body;
  }

  return {
    /** The route's preValidation hook: a multipart request's form becomes its body; JSON passes by. */
    async preValidation(request: FastifyRequest) {
      if (request.isMultipart()) request.body = await readForm(request);
    },

    /**
     * Stores the request's files (each checked by its bytes against its field's rule, in the caller's
     * scope) and puts their keys in the body; the kit then claims them like any key. Call it once the
     * body is valid and the record is the caller's. A file its rule refuses removes those stored
     * before it. Answers the keys stored.
     */
    async attachFiles(request: FastifyRequest, body: Row): Promise<string[]> {
      const files = pending.get(request) ?? [];
      pending.delete(request);
      const keys: string[] = [];
      try {
        for (const file of files) {
          const rule = fields[file.field]!.image;
          const stored = await fastify.uploads.store(file.bytes, { field: file.field, kind: 'image', ...(rule ? { minimum: rule } : {}) }, request.scope, request.scope.accountId);
          body[file.field] = stored.key;
          keys.push(stored.key);
        }
      } catch (error) {
        if (keys.length > 0) await fastify.uploads.remove(keys).catch(() => undefined);
        throw error;
      }
      return keys;
    },
  };
}
