import { apiUrl, noteAnswer, sessionAuthorization } from './client';
import { ApiRequestError, errorOfAnswer } from './errors';

/** How much of an upload's body has been sent. */
export type UploadProgress = {
  loaded: number;
  /** The body's size; null when the browser cannot tell. */
  total: number | null;
  /** Whole per cent sent, 0–100; null when the size is unknown. */
  percent: number | null;
};

export type UploadOptions = {
  /** The form field the file goes in (a file body only); the API's upload calls read `file`. */
  field?: string;
  /**
   * Text fields sent before the file (a file body only), e.g. the upload route's rules
   * `{ kind: 'image', field: 'logo', minWidth: 400 }`: a server reading the stream meets them first.
   */
  fields?: Record<string, string | number>;
  onProgress?: (progress: UploadProgress) => void;
  /** Cancels the upload; the call then rejects with an AbortError, as a cancelled ky call does. */
  signal?: AbortSignal;
  /** Another base than /api, as for ky: `onScheduler({ field: 'file' })` uploads to the scheduler service. */
  prefixUrl?: string;
};

const abortError = () => new DOMException('The upload was cancelled.', 'AbortError');

function formOf(body: Blob | FormData, { field = 'file', fields = {} }: UploadOptions): FormData {
  if (body instanceof FormData) return body;
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, String(value));
  form.append(field, body);
  return form;
}

function parseJson(text: string): { ok: true; value: unknown } | { ok: false; error: unknown } {
  if (text === '') return { ok: true, value: undefined };
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch (error) {
    return { ok: false, error };
  }
}

/**
 * POSTs a file (or a ready FormData) as multipart to `path` (relative to /api) and resolves with the
 * parsed JSON answer. Unlike the ky calls it goes through XMLHttpRequest, the one browser API that
 * reports how much of a request body has been sent (`onProgress`); everything else is as for ky: the
 * session's bearer token, session activity and the 401 sign-out (noteAnswer), failures as an
 * ApiRequestError with the server's message and field errors (status 0 when nothing answered). No
 * time-out: a large file on a slow line takes a while, and the caller offers Cancel through `signal`.
 */
export function uploadFile<T>(path: string, body: Blob | FormData, options: UploadOptions = {}): Promise<T> {
  const { onProgress, signal } = options;
  return new Promise<T>((resolve, reject) => {
    if (signal?.aborted) {
      reject(abortError());
      return;
    }
    const url = apiUrl(path, options.prefixUrl);
    const authorization = sessionAuthorization();
    const xhr = new XMLHttpRequest();
    const cancel = () => xhr.abort();
    const settle = (outcome: () => void) => {
      signal?.removeEventListener('abort', cancel);
      outcome();
    };

    xhr.open('POST', url);
    if (authorization) xhr.setRequestHeader('Authorization', authorization);
    xhr.setRequestHeader('Accept', 'application/json');
    // No Content-Type: the browser writes multipart/form-data with the boundary it chose.

    if (onProgress) {
      xhr.upload.addEventListener('progress', (event) => {
        const total = event.lengthComputable && event.total > 0 ? event.total : null;
        const percent = total === null ? null : Math.min(100, Math.floor((event.loaded / total) * 100));
        onProgress({ loaded: event.loaded, total, percent });
      });
    }
    xhr.addEventListener('load', () => {
      noteAnswer({ url, status: xhr.status, sentAuthorization: authorization });
      const parsed = parseJson(xhr.responseText);
      const ok = xhr.status >= 200 && xhr.status < 300;
      if (ok && parsed.ok) settle(() => resolve(parsed.value as T));
      // A success without JSON is as unreadable as no answer, like ky's .json() failing.
      else if (ok) settle(() => reject(new ApiRequestError({ status: 0, cause: parsed.ok ? undefined : parsed.error })));
      else settle(() => reject(errorOfAnswer({ status: xhr.status, body: parsed.ok ? parsed.value : undefined, url })));
    });
    xhr.addEventListener('error', () => settle(() => reject(new ApiRequestError({ status: 0 }))));
    xhr.addEventListener('abort', () => settle(() => reject(abortError())));
    signal?.addEventListener('abort', cancel, { once: true });

    xhr.send(formOf(body, options));
  });
}
