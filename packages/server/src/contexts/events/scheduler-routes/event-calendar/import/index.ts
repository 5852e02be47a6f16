import type { FastifyInstance } from 'fastify';
import { CALENDAR_IMPORT_MAX_BYTES, CALENDAR_IMPORT_MESSAGES as MESSAGES, calendarImportSavedResponse } from '@baridesk/contracts';
import { inMenuArea } from '../../../../../lib/menu-area';
import { staffScope } from '../../../../../lib/scope';
import { ValidationError } from '../../../../../lib/valibot';
import { uploadErrorOf } from '../../../../platform/uploads';

const FIELD = 'file';
const utf8 = new TextDecoder('utf-8', { fatal: true });

/** The name shown in the import's status: the file's own (no folders, no control characters), else calendar.ics. */
function fileNameOf(name: string | undefined): string {
  const base = (name ?? '').split(/[\\/]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is taken out
  const cleaned = base.replace(/[\u0000-\u001F\u007F]/g, '').trim().slice(0, 254);
  return cleaned === '' ? 'calendar.ics' : cleaned;
}

/** An iCalendar file: UTF-8 text that starts with BEGIN:VCALENDAR (its events are read by the job, which reports what it could not read). */
function isCalendarText(bytes: Buffer): boolean {
  try {
    return /^\uFEFF?\s*BEGIN:VCALENDAR\r?\n/i.test(utf8.decode(bytes.subarray(0, Math.min(bytes.length, 1024 * 1024 * 5))));
  } catch {
    return false;
  }
}

/**
 * POST /scheduler/api/event-calendar/import: one .ics file (multipart, field `file`, at most 5 MB) of the
 * caller's program. The file is stored and a job (events.import) reads it: 202 with the queued import,
 * whose progress GET imports/{id} shows. One import of a program at a time (409).
 */
export default async function calendarImportRoutes(fastify: FastifyInstance) {
  inMenuArea(fastify, 'calendar');
  fastify.post(
    '',
    { config: { access: 'staff' }, schema: { response: { 202: calendarImportSavedResponse }, tags: ['Event calendar'] } },
    async (request, reply) => {
      const scope = staffScope(request.scope);
      let file: { name: string; bytes: Buffer } | undefined;
      try {
        for await (const part of request.parts({ limits: { fileSize: CALENDAR_IMPORT_MAX_BYTES, files: 1 } })) {
          if (part.type === 'field') continue;
          if (part.fieldname !== FIELD) {
            part.file.resume();
            continue;
          }
          const bytes = await part.toBuffer();
          if (part.file.truncated) throw fastify.httpErrors.payloadTooLarge(MESSAGES.tooLarge);
          file = { name: fileNameOf(part.filename), bytes };
        }
      } catch (error) {
        throw uploadErrorOf(error, FIELD, CALENDAR_IMPORT_MAX_BYTES);
      }
      if (!file || file.bytes.length === 0) throw new ValidationError({ [FIELD]: [MESSAGES.fileRequired] });
      if (!isCalendarText(file.bytes)) throw new ValidationError({ [FIELD]: [MESSAGES.notIcs] });
      const created = await fastify.calendarImports.create(scope.programId, scope.accountId, file.name, file.bytes);
      if (!created) throw fastify.httpErrors.conflict(MESSAGES.alreadyRunning);
      await fastify.audit.record(request, {
        action: 'calendar-import.create',
        entity: 'calendar_import',
        entityId: created.id,
        detail: { size: file.bytes.length },
      });
      return reply.code(202).send({ data: created, message: MESSAGES.queued });
    },
  );
}
