import fp from 'fastify-plugin';
import sensible from '@fastify/sensible';

/** httpErrors.notFound(…) and friends, so handlers throw 4xx answers with a message. */
export default fp(async (fastify) => {
  await fastify.register(sensible);
}, { name: 'sensible' });
