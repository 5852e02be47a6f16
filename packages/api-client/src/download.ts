import { api } from './client';
import { isAbortError, toApiRequestError } from './errors';

export type DownloadOptions = {
  searchParams?: Record<string, string | number>;
  signal?: AbortSignal;
  /** The name to save under when the answer does not name the file. */
  fallbackName: string;
};

/**
 * The file name of a Content-Disposition header: the RFC 5987 `filename*=UTF-8''…` form first, then
 * `filename="…"`. Any folder part is dropped. Null when the header names no file.
 */
export function fileNameOf(contentDisposition: string | null): string | null {
  if (!contentDisposition) return null;
  let name: string | null = null;
  const extended = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(contentDisposition);
  if (extended?.[1]) {
    try {
      name = decodeURIComponent(extended[1].trim());
    } catch {
      name = null;
    }
  }
  if (!name) {
    const plain = /filename\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^;\s]+))/.exec(contentDisposition);
    name = plain ? (plain[1] ?? plain[2] ?? '').replace(/\\(.)/g, '$1') : null;
  }
  const base = name?.split(/[\\/]/).pop()?.trim();
  return base ? base : null;
}

/** Hands a blob to the browser as a download named `name`. */
export function saveBlob(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // Some browsers read the URL after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 1_000);
}

/**
 * Downloads a file the API produces (an export, a PDF) with the session's token, and saves it under the
 * name the answer gives (else `fallbackName`). Resolves with the name saved. No time-out: a large export
 * may take a while, and the caller offers Cancel through `signal` (an AbortError then). A failure is an
 * ApiRequestError carrying the server's message.
 */
export async function downloadFile(path: string, { searchParams, signal, fallbackName }: DownloadOptions): Promise<string> {
  let response: Response;
  let blob: Blob;
  try {
    response = await api.get(path.replace(/^\/+/, ''), {
      searchParams,
      signal,
      timeout: false,
      headers: { Accept: '*/*' },
    });
    blob = await response.blob();
  } catch (error) {
    if (isAbortError(error)) throw error;
    throw await toApiRequestError(error);
  }
  const name = fileNameOf(response.headers.get('content-disposition')) ?? fallbackName;
  saveBlob(blob, name);
  return name;
}
