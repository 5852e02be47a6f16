/**
 * What the log may say about a request. A URL's values are data: a patient-name search is health data,
 * a `?token=` is a credential, an id in a path names a patient. So a request is logged by its route
 * pattern (`/api/patients/:id`) and the names of its query parameters, never their values, and never
 * its headers (Authorization, Cookie). A client's bad input (4xx) is an info line without a stack;
 * only a failure of ours (5xx) is an error with one.
 */
import type { FastifyBaseLogger, FastifyError, FastifyRequest, FastifyServerOptions } from 'fastify';

/** At most this many parameter names, each at most this long: a name is chosen by the client too. */
const MAX_QUERY_NAMES = 20;
const MAX_NAME_LENGTH = 40;

/** The request as the log shows it: method, route pattern, query parameter names, client address. */
export function requestForLog(request: FastifyRequest) {
  return {
    method: request.method,
    // No route matched (a 404): its path is not logged, as it may hold anything the client typed.
    route: request.routeOptions?.url ?? null,
    query: queryNames(request.url ?? ''),
    remoteAddress: request.ip,
  };
}

/** The distinct names of the query string's parameters, in order, decoded where they decode. */
export function queryNames(url: string): string[] {
  const start = url.indexOf('?');
  if (start < 0) return [];
  const names = new Set<string>();
  for (const pair of url.slice(start + 1).split('&')) {
    if (names.size === MAX_QUERY_NAMES) break;
    const raw = pair.split('=', 1)[0]!.replaceAll('+', ' ');
    if (raw === '') continue;
    let name = raw;
    try {
      name = decodeURIComponent(raw);
    } catch {
      // Not decodable: logged as sent.
    }
    names.add(name.slice(0, MAX_NAME_LENGTH));
  }
  return [...names];
}

/**
 * An error as the log shows it: its kind, message, code, stack and causes, and the SQL text of a failed
 * statement. Other properties are left out on purpose: drizzle's `params` and PostgreSQL's `detail`
 * carry the very values of the request (names, notes, searches, e-mail addresses).
 */
export function errorForLog(error: Error, depth = 0): { type: string; message: string; stack: string; [key: string]: unknown } {
  const { code, statusCode, query, params } = error as Error & { code?: unknown; statusCode?: unknown; query?: unknown; params?: unknown };
  let { message } = error;
  let stack = error.stack ?? '';
  // drizzle writes the bound values into its message (and so into the stack's first line) as well.
  if (params !== undefined && typeof query === 'string') {
    message = `Failed query: ${query}`;
    stack = stack.replace(error.message, message);
  }
  const { cause } = error;
  return {
    type: error.constructor.name,
    message,
    ...(code !== undefined && { code }),
    ...(statusCode !== undefined && { statusCode }),
    ...(typeof query === 'string' && { query }),
    stack,
    ...(cause instanceof Error && depth < 3 && { cause: errorForLog(cause, depth + 1) }),
  };
}

/**
 * The app's logger settings: `level` from LOG_LEVEL unless the caller's options say otherwise (tests pass
 * a level and a stream); the serializers and redaction always apply.
 */
export function loggerOptions(level: string, given: FastifyServerOptions['logger']): FastifyServerOptions['logger'] {
  if (given === false) return false;
  const own = typeof given === 'object' && given !== null ? given : {};
  return {
    level,
    ...own,
    serializers: { req: requestForLog as never, err: (error) => errorForLog(error) },
    // Nothing above logs a header or a body; these catch an object logged by hand that carries one.
    redact: {
      paths: ['req.headers.authorization', 'req.headers.cookie', 'headers.authorization', 'headers.cookie', '*.password', '*.token'],
      censor: '[redacted]',
    },
  };
}

/**
 * Logs a failed request: a 5xx as an error with its stack (`what` failed), a client's 4xx as an info
 * line without one, saying `told` (what the client was answered) rather than the error's own message,
 * which may quote the request (Fastify's bad-URL error quotes the path).
 */
export function logRequestFailure(
  log: FastifyBaseLogger,
  error: Error,
  status: number,
  { told, what = 'request failed' }: { told?: string; what?: string } = {},
) {
  if (status >= 500) {
    log.error({ err: error }, what);
    return;
  }
  log.info({ status, code: (error as Partial<FastifyError>).code }, `${what}: ${told ?? error.message}`);
}
