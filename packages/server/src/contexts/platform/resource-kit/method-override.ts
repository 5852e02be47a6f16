/**
 * The spec's clients send some updates as `POST /{id}` with `_method=PUT` in the body (Laravel's method
 * override). Routes are registered under their real HTTP method, so the override only has to be read and
 * dropped: a `_method` naming one of the call's verbs is accepted and removed before the body schema
 * sees it (it is never a field, nor in OpenAPI); any other value is a 422 on `_method`, as a client that
 * meant another call must not have it run as this one.
 */
import type { FastifyRequest } from 'fastify';
import { METHOD_OVERRIDE_FIELD, methodOverrideRefused, type ResourceMethod } from '@baridesk/contracts';
import { ValidationError } from '../../../lib/valibot';

/**
 * A preValidation hook for a route whose body may carry `_method` (after a multipart form has been read
 * into the body). `verbs` are the values it may name, upper case; the value is compared case-insensitively.
 */
export function methodOverride(verbs: readonly ResourceMethod[]) {
  return async function checkMethodOverride(request: FastifyRequest): Promise<void> {
    const body = request.body;
    if (typeof body !== 'object' || body === null || Array.isArray(body) || !(METHOD_OVERRIDE_FIELD in body)) return;
    const value = (body as Record<string, unknown>)[METHOD_OVERRIDE_FIELD];
    if (typeof value !== 'string' || !verbs.includes(value.trim().toUpperCase() as ResourceMethod)) {
      throw new ValidationError({ [METHOD_OVERRIDE_FIELD]: [methodOverrideRefused(verbs)] });
    }
    delete (body as Record<string, unknown>)[METHOD_OVERRIDE_FIELD];
  };
}
