import fp from 'fastify-plugin';
import helmet from '@fastify/helmet';

/** Security headers on every answer. The API sends JSON only; the gateway sets the pages' own policy. */
export default fp(async (fastify) => {
  await fastify.register(helmet, { global: true, contentSecurityPolicy: false });
}, { name: 'helmet' });
