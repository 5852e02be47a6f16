import fp from 'fastify-plugin';
import cookie from '@fastify/cookie';

/**
 * request.cookies and reply.setCookie for the few cookies the API keeps (the SSO browser binding, the
 * device cookies of the sign-in throttle). No signing secret here: each cookie that needs a signature
 * carries its own (see contexts/identity/device-cookie.ts).
 */
export default fp(async (fastify) => {
  await fastify.register(cookie);
}, { name: 'cookie' });
