import type { FastifyInstance, FastifyRequest } from 'fastify';
import * as v from 'valibot';
import { type UploadQuery, fileTooLarge, toFieldErrors, uploadQuery, uploadResponse } from '@baridesk/contracts';
import type { Access } from '../../../lib/scope';
import { ValidationError } from '../../../lib/valibot';
import { UPLOAD_MESSAGES, UploadRequestError, type UploadOwner, type UploadRules, uploadErrorOf } from './uploads';

const FIELD_NAME = /^[A-Za-z][A-Za-z0-9_]{0,63}$/;

/**
 * Reads an upload form whole: the rule fields (before or after the file) and the one file's bytes
 * (at most UPLOAD_MAX_BYTES, by the multipart limits). A second file is refused, so nothing is stored
 * from a form that the caller meant differently.
 */
async function readForm(request: FastifyRequest, maxBytes: number): Promise<{ fields: Record<string, string>; file: Buffer | undefined }> {
  const known = new Set(Object.keys(uploadQuery.entries));
  const fields: Record<string, string> = {};
  let file: Buffer | undefined;
  const field = () => (fields.field !== undefined && FIELD_NAME.test(fields.field) ? fields.field : 'file');
  try {
    for await (const part of request.parts()) {
      if (part.type === 'field') {
        if (part.valueTruncated || part.fieldnameTruncated) throw new UploadRequestError(413, UPLOAD_MESSAGES.fieldTooLong);
        if (known.has(part.fieldname) && typeof part.value === 'string') fields[part.fieldname] = part.value;
        continue;
      }
      if (file !== undefined) {
        part.file.resume();
        throw new ValidationError({ [field()]: [UPLOAD_MESSAGES.oneFile] });
      }
      file = await part.toBuffer();
      if (part.file.truncated) throw new UploadRequestError(413, fileTooLarge(field(), maxBytes));
    }
  } catch (error) {
    throw uploadErrorOf(error, field(), maxBytes);
  }
  return { fields, file };
}

function rulesOf({ field, kind, minWidth, minHeight }: UploadQuery): UploadRules {
  const sized = kind !== 'document' && (minWidth !== undefined || minHeight !== undefined);
  return { field, kind, minimum: sized ? { minWidth: minWidth ?? 1, minHeight: minHeight ?? 1 } : undefined };
}

/**
 * POST '' of an upload route: one file in a multipart form with its rules in text fields (`kind`,
 * `field`, `minWidth`, `minHeight`); 201 with the stored file, or a 4xx with a message.
 */
export function registerUploadRoute(
  fastify: FastifyInstance,
  { access, ownerOf, tags }: { access: Access; ownerOf: (request: FastifyRequest) => UploadOwner; tags: string[] },
) {
  fastify.post('', { config: { access }, schema: { response: { 201: uploadResponse }, tags } }, async (request, reply) => {
    const { fields, file } = await readForm(request, fastify.config.uploadMaxBytes);
    const parsed = v.safeParse(uploadQuery, fields);
    if (!parsed.success) throw new ValidationError(toFieldErrors(parsed.issues));
    const uploaded = await fastify.uploads.store(file ?? Buffer.alloc(0), rulesOf(parsed.output), ownerOf(request), request.scope.accountId);
    await fastify.audit.record(request, {
      action: 'upload.store',
      entity: 'upload',
      entityId: uploaded.key,
      detail: { contentType: uploaded.contentType, size: uploaded.size },
    });
    return reply.code(201).send({ data: uploaded });
  });
}
