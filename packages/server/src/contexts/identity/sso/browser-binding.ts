import type { FastifyReply, FastifyRequest } from 'fastify';

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
  const header = request.headers.cookie;
  if (!header) return null;
  for (const part of header.split(';')) {
    const [name, ...value] = part.trim().split('=');
    if (name === BINDING_COOKIE) return decodeURIComponent(value.join('='));
  }
  return null;
}

function cookie(value: string, maxAge: number, secure: boolean): string {
  return [
    `${BINDING_COOKIE}=${value}`,
    `Path=${COOKIE_PATH}`,
    `Max-Age=${maxAge}`,
    'HttpOnly',
    // Lax: sent on the provider's top-level redirect back to the callback, not on cross-site requests.
    'SameSite=Lax',
    ...(secure ? ['Secure'] : []),
  ].join('; ');
}

export function setBinding(reply: FastifyReply, value: string, secure: boolean): void {
  reply.header('set-cookie', cookie(value, MAX_AGE_S, secure));
}

export function clearBinding(reply: FastifyReply, secure: boolean): void {
  reply.header('set-cookie', cookie('', 0, secure));
}
