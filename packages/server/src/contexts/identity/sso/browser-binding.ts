import type { FastifyReply, FastifyRequest } from 'fastify';
import { cookiesAreSecure } from '../device-cookie';

/**
 * A sign-in must end in the browser that started it. POST /api/sso/start sets this cookie (random, only
 * its digest is stored with the sign-in); the callback and the ticket exchange require it. Without it,
 * someone could start a sign-in, complete it at the provider as themselves and send the callback link
 * to a victim, who would then work in the attacker's account (login CSRF).
 */
export const BINDING_COOKIE = 'baridesk_sso';
const COOKIE_PATH = '/api/sso';
const MAX_AGE_S = 10 * 60;

export function bindingOf(request: FastifyRequest): string | null {
  return request.cookies[BINDING_COOKIE] || null;
}

const options = (request: FastifyRequest) => ({
  path: COOKIE_PATH,
  httpOnly: true,
  // Lax: sent on the provider's top-level redirect back to the callback, not on cross-site requests.
  sameSite: 'lax' as const,
  secure: cookiesAreSecure(request),
});

export function setBinding(request: FastifyRequest, reply: FastifyReply, value: string): void {
  reply.setCookie(BINDING_COOKIE, value, { ...options(request), maxAge: MAX_AGE_S });
}

export function clearBinding(request: FastifyRequest, reply: FastifyReply): void {
  reply.clearCookie(BINDING_COOKIE, options(request));
}
