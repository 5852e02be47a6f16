/**
 * The list of remotes is asked for as the shell's first script runs (index.ts), while the shared
 * libraries and the app's own code download, rather than once they have loaded and run: every page load
 * waits on it before its remote can be fetched. This module is in the entry chunk, so it holds no import.
 */
export const REMOTES_MANIFEST_URL = '/remotes.json';

let started: { url: string; response: Promise<Response> } | null = null;

const request = (url: string) => fetch(url, { cache: 'no-cache' });

/** Sends the request for the remote list now. */
export function startManifestRequest(url = REMOTES_MANIFEST_URL): void {
  if (started?.url === url) return;
  started = { url, response: request(url) };
}

/** The answer of the request started early for `url` (once), else a new request. */
export function takeManifestResponse(url = REMOTES_MANIFEST_URL): Promise<Response> {
  if (started?.url !== url) return request(url);
  const { response } = started;
  started = null;
  return response;
}
