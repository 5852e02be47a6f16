import type { Options } from 'ky';
import { api } from './client';
import { isAbortError, toApiRequestError } from './errors';

/** ky's options of one call, less those the helpers set themselves. */
export type RequestOptions = Omit<Options, 'method' | 'json' | 'body'>;

type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';

/** A FormData (multipart upload) or URLSearchParams is sent as it is; anything else as JSON. */
function bodyOption(body: unknown): Pick<Options, 'json' | 'body'> {
  if (body === undefined) return {};
  if (body instanceof FormData || body instanceof URLSearchParams) return { body };
  return { json: body };
}

async function send<T>(method: Method, path: string, options: RequestOptions = {}, body?: unknown): Promise<T> {
  try {
    // prefixUrl refuses a leading slash; accept both spellings of a path.
    return await api(path.replace(/^\/+/, ''), { ...options, method, ...bodyOption(body) }).json<T>();
  } catch (error) {
    // A cancelled call (e.g. react-query dropping a stale query) is passed on unchanged.
    if (isAbortError(error)) throw error;
    throw await toApiRequestError(error);
  }
}

/** GET `path` (relative to /api); the parsed JSON answer, or an ApiRequestError. */
export const getJson = <T>(path: string, options?: RequestOptions) => send<T>('get', path, options);

export const postJson = <T>(path: string, body?: unknown, options?: RequestOptions) => send<T>('post', path, options, body);

export const putJson = <T>(path: string, body?: unknown, options?: RequestOptions) => send<T>('put', path, options, body);

export const patchJson = <T>(path: string, body?: unknown, options?: RequestOptions) => send<T>('patch', path, options, body);

export const deleteJson = <T>(path: string, options?: RequestOptions) => send<T>('delete', path, options);

/** A query for `searchParams`, the unset values (undefined or '') left out: `{ search: '' }` sends no `search`. */
export const queryOf = (params: Record<string, string | number | undefined>): Record<string, string | number> =>
  Object.fromEntries(Object.entries(params).filter((entry): entry is [string, string | number] => entry[1] !== undefined && entry[1] !== ''));
