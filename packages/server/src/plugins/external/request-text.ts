import { isUtf8 } from 'node:buffer';
import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { INVALID_UTF8, hasReplacementCharacter, isUtf8Url } from '../../lib/request-text';

/**
 * Text that is not UTF-8 is refused with 400 and a message, for every route at once: bodies are read as
 * bytes and checked before they are decoded (JSON, plain text), the URL's %-escapes before routing's
 * decoded values are used (query string; a path parameter that does not decode is refused by the router,
 * see frameworkErrors in app.ts), and multipart text fields as busboy decoded them.
 */
export default fp(
  async (fastify: FastifyInstance) => {
    const { httpErrors } = fastify;
    const parseJson = fastify.getDefaultJsonParser('error', 'error');

    fastify.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request, body, done) => {
      const bytes = body as Buffer;
      // A JSON content type with nothing after it is a request without a body, as clients send it for a
      // POST that has nothing to say (logout): each field of a body schema then reports itself missing.
      if (bytes.length === 0) return done(null, null);
      if (!isUtf8(bytes)) return done(httpErrors.badRequest(INVALID_UTF8), undefined);
      parseJson(request, bytes.toString('utf8'), done);
    });

    fastify.removeContentTypeParser('text/plain');
    fastify.addContentTypeParser('text/plain', { parseAs: 'buffer' }, (_request, body, done) => {
      const bytes = body as Buffer;
      if (!isUtf8(bytes)) return done(httpErrors.badRequest(INVALID_UTF8), undefined);
      done(null, bytes.toString('utf8'));
    });

    fastify.addHook('onRequest', async (request) => {
      if (!isUtf8Url(request.url)) throw httpErrors.badRequest(INVALID_UTF8);
    });

    // Multipart bodies are streamed to the handler (request.parts(), the one way the routes read them):
    // each text field is checked as it is handed over, before the handler sees it.
    fastify.addHook('preValidation', async (request) => {
      if (!request.isMultipart()) return;
      const parts = request.parts.bind(request);
      request.parts = (options) => checkedFields(parts(options));
    });

    // Names (of fields and files) are header parameters, which busboy reads as Latin-1 unless told: they
    // never hold U+FFFD, and are only compared, never stored.
    async function* checkedFields(parts: ReturnType<FastifyRequest['parts']>) {
      for await (const part of parts) {
        if (part.type === 'field' && typeof part.value === 'string' && hasReplacementCharacter(part.value)) {
          throw httpErrors.badRequest(INVALID_UTF8);
        }
        yield part;
      }
    }
  },
  { name: 'request-text', dependencies: ['sensible', 'multipart'] },
);
