import type { ReportExport } from '@baridesk/contracts';
import { api } from './client';
import { ApiRequestError, isAbortError, toApiRequestError } from './errors';

/** How far a background export has come: rows (a PDF's pages) written of the total (null when not known). */
export type DownloadProgress = Pick<ReportExport, 'status' | 'done' | 'total'>;

export type DownloadOptions = {
  searchParams?: Record<string, string | number>;
  signal?: AbortSignal;
  /** The name to save under when the answer does not name the file. */
  fallbackName: string;
  /** Called each time a background export is looked at (about every second) while it is made. */
  onProgress?: (progress: DownloadProgress) => void;
  /** Milliseconds between two looks at a background export (1,000). */
  pollInterval?: number;
};

const POLL_INTERVAL = 1_000;

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

/** Resolves after `ms`, or rejects with an AbortError as soon as `signal` aborts. */
function pause(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    const aborted = () => {
      clearTimeout(timer);
      reject(signal?.reason instanceof Error ? signal.reason : new DOMException('The download was cancelled.', 'AbortError'));
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', aborted);
      resolve();
    }, ms);
    if (signal?.aborted) aborted();
    else signal?.addEventListener('abort', aborted, { once: true });
  });
}

/** GET `path` (relative to the API) as a file: the raw answer, or an ApiRequestError / AbortError. */
async function fetchFile(path: string, searchParams: DownloadOptions['searchParams'], signal: AbortSignal | undefined) {
  try {
    const response = await api.get(path.replace(/^\/+/, ''), { searchParams, signal, timeout: false, headers: { Accept: '*/*' } });
    return { response, blob: response.status === 202 ? null : await response.blob() };
  } catch (error) {
    if (isAbortError(error)) throw error;
    throw await toApiRequestError(error);
  }
}

/**
 * Follows an export the server makes in the background (it answered 202 with it, docs/exports.md): looks
 * at it every `interval` ms, telling `onProgress`, until it is done, then fetches its file. A signal that
 * aborts cancels the export on the server too (Cancel on the banner stops the job). A failed export is an
 * ApiRequestError with the server's words; one cancelled elsewhere (another tab) an AbortError.
 */
async function followExport(first: ReportExport, { signal, onProgress, pollInterval = POLL_INTERVAL }: DownloadOptions) {
  let current = first;
  try {
    for (;;) {
      onProgress?.({ status: current.status, done: current.done, total: current.total });
      if (current.status === 'done') return await fetchFile(`report-exports/${current.id}/file`, undefined, signal);
      if (current.status === 'failed') throw new ApiRequestError({ status: 500, message: current.error ?? undefined });
      if (current.status === 'cancelled') throw new DOMException('The export was cancelled.', 'AbortError');
      await pause(pollInterval, signal);
      try {
        const answer = await api.get(`report-exports/${current.id}`, { signal }).json<{ data: ReportExport }>();
        current = answer.data;
      } catch (error) {
        if (isAbortError(error)) throw error;
        throw await toApiRequestError(error);
      }
    }
  } catch (error) {
    if (isAbortError(error) && signal?.aborted && current.status !== 'cancelled') {
      // Cancelled here: the server stops the job and keeps nothing. Its answer changes nothing here.
      void api.post(`report-exports/${current.id}/cancel`).catch(() => {});
    }
    throw error;
  }
}

/**
 * Downloads a file the API produces (an export, a PDF) with the session's token, and saves it under the
 * name the answer gives (else `fallbackName`). Resolves with the name saved. No time-out: a large export
 * may take a while, and the caller offers Cancel through `signal` (an AbortError then). When the server
 * makes the file in the background (202 with the export), it is followed until ready with its progress
 * told to `onProgress`, and cancelled on the server when `signal` aborts. A failure is an
 * ApiRequestError carrying the server's message.
 */
export async function downloadFile(path: string, options: DownloadOptions): Promise<string> {
  const { searchParams, signal, fallbackName } = options;
  let { response, blob } = await fetchFile(path, searchParams, signal);
  if (response.status === 202) {
    let started: ReportExport;
    try {
      started = (await response.json<{ data: ReportExport }>()).data;
    } catch (error) {
      throw await toApiRequestError(error);
    }
    ({ response, blob } = await followExport(started, options));
  }
  const name = fileNameOf(response.headers.get('content-disposition')) ?? fallbackName;
  saveBlob(blob!, name);
  return name;
}
