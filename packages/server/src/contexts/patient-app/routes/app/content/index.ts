import type { FastifyInstance } from 'fastify';
import * as v from 'valibot';
import { appContentResponse } from '@baridesk/contracts';
import { createAppContentReader, matchesEtag } from '../../../../content';

/**
 * GET /api/app/content: the signed-in patient's program's content library as the app shows it (the
 * content context's read, docs/content.md). It answers with an ETag of the program's content version
 * and 304 when the app's If-None-Match still names it; the app must ask again each time it shows the
 * content (`no-cache`), and only the patient's own device may keep it (`private`). Every read is audited.
 */
/** 304 Not Modified has no body (documented so the OpenAPI document lists the answer). */
const appContentNotModified = v.null();

export default async function appContentRoutes(fastify: FastifyInstance) {
  const { audit, httpErrors } = fastify;
  // One reader (and cache) per app: answers are kept by program and content version.
  const reader = createAppContentReader(fastify.db, (key) => fastify.uploads.urlOf(key));

  fastify.get(
    '',
    { config: { access: 'patient' }, schema: { response: { 200: appContentResponse, 304: appContentNotModified }, tags: ['Patient app'] } },
    async (request, reply) => {
      const { patientId, programId } = request.patient;
      const answer = await reader.current(programId);
      // The session check has just read the program; it can only be gone if it was deleted since.
      if (!answer) throw httpErrors.notFound();
      const notModified = matchesEtag(request.headers['if-none-match'], answer.etag);
      await audit.record(request, {
        action: 'app.content.read',
        entity: 'content',
        patientId,
        programId,
        actorType: 'patient',
        detail: { version: answer.version, notModified },
      });
      reply.header('etag', answer.etag).header('cache-control', 'private, no-cache').header('vary', 'Accept-Encoding');
      if (notModified) return reply.code(304).send();
      // The serialised answer's bytes are sent as they are, compressed once per version.
      const accepted = request.headers['accept-encoding'] ?? '';
      const encoding = /\bbr\b/.test(accepted) ? 'br' : /\bgzip\b/.test(accepted) ? 'gzip' : null;
      reply.type('application/json; charset=utf-8');
      if (!encoding) return reply.send(answer.body);
      return reply.header('content-encoding', encoding).send(await answer.encoded(encoding));
    },
  );
}
