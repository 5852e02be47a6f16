import fp from 'fastify-plugin';
import compress from '@fastify/compress';

/**
 * Text answers (JSON, HTML, scripts, styles, SVG) over 1 KB are compressed on the fly, brotli first, with
 * `Vary: Accept-Encoding`. Built assets already carry their .br/.gz twins (the web plugin serves those,
 * and this hook leaves an answer that has a Content-Encoding alone). The listed types replace the
 * plugin's default list, which would also take application/octet-stream; anything else is judged by
 * mime-db, where the Excel and PDF downloads and the uploads' images are not compressible, so they
 * stream out as they are.
 */
const TEXT_TYPES = /^text\/(?!event-stream)|[+/]json(?:;|$)|[+/]xml(?:;|$)|javascript(?:;|$)/;

export default fp(async (fastify) => {
  await fastify.register(compress, {
    global: true,
    threshold: 1024,
    encodings: ['br', 'gzip'],
    customTypes: TEXT_TYPES,
  });
}, { name: 'compress' });
