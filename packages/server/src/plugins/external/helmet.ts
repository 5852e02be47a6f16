import fp from 'fastify-plugin';
import helmet from '@fastify/helmet';

/**
 * Security headers on every answer. The API sends JSON only; the gateway sets the pages' own policy.
 * X-Frame-Options says DENY, as the pages' CSP says `frame-ancestors 'none'` (browsers without CSP
 * read the older header, and both must say the same: no framing at all, not even by our own pages).
 */
export default fp(async (fastify) => {
  await fastify.register(helmet, { global: true, contentSecurityPolicy: false, frameguard: { action: 'deny' } });
}, { name: 'helmet' });
