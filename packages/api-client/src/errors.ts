import { HTTPError } from 'ky';
import { errorMessageOf, GENERIC_ERROR, type FieldErrors } from '@baridesk/contracts';
import { isLoginUrl } from './client';

/** A failed API call, normalised: what the screens (and react-query) see. */
export class ApiRequestError extends Error {
  override readonly name = 'ApiRequestError';
  /** The HTTP status; 0 when no answer came (network failure, time-out). */
  readonly status: number;
  /** Field messages of a validation failure (422). */
  readonly errors?: FieldErrors;
  /** The session ended (a 401 on any call but login). */
  readonly unauthorized: boolean;

  constructor(init: { status: number; message?: string; errors?: FieldErrors; unauthorized?: boolean; cause?: unknown }) {
    super(init.message ?? GENERIC_ERROR, { cause: init.cause });
    this.status = init.status;
    if (init.errors) this.errors = init.errors;
    this.unauthorized = init.unauthorized ?? false;
  }
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function fieldErrorsOf(body: unknown): FieldErrors | undefined {
  if (!isRecord(body) || !isRecord(body.errors)) return undefined;
  const entries = Object.entries(body.errors);
  const valid = entries.every(([, messages]) => Array.isArray(messages) && messages.every((m) => typeof m === 'string'));
  return valid && entries.length > 0 ? (Object.fromEntries(entries) as FieldErrors) : undefined;
}

async function readJsonBody(response: Response): Promise<unknown> {
  if (response.bodyUsed) return undefined;
  try {
    return JSON.parse(await response.text());
  } catch {
    // An HTML error page of a proxy, an empty body: there is no server message to show.
    return undefined;
  }
}

/** True for a call cancelled on purpose (an AbortSignal): not a failure to report. */
export function isAbortError(error: unknown): boolean {
  // By name: the DOMException may come from another realm (an iframe, the test environment) than Error.
  return typeof error === 'object' && error !== null && (error as { name?: unknown }).name === 'AbortError';
}

/**
 * The error of an answer that is no success, from its status and its parsed JSON body (undefined when
 * it had none): the server's message (else the generic one) and its field errors.
 */
export function errorOfAnswer({ status, body, url, cause }: { status: number; body: unknown; url: string; cause?: unknown }): ApiRequestError {
  return new ApiRequestError({
    status,
    message: errorMessageOf(body),
    errors: fieldErrorsOf(body),
    unauthorized: status === 401 && !isLoginUrl(url),
    cause,
  });
}

/**
 * Turns whatever a call threw into an ApiRequestError: ky's HTTPError (its JSON body is read once, here),
 * TimeoutError and network failures (status 0, the generic message).
 */
export async function toApiRequestError(error: unknown): Promise<ApiRequestError> {
  if (error instanceof ApiRequestError) return error;
  if (error instanceof HTTPError) {
    const body = await readJsonBody(error.response);
    return errorOfAnswer({ status: error.response.status, body, url: error.request.url, cause: error });
  }
  return new ApiRequestError({ status: 0, cause: error });
}
