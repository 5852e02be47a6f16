/**
 * One patient export in a process of its own, for `pnpm bench:api` (see bench/README.md): builds the
 * API on the database the server would use (DATABASE_URL, else PGlite in DATA_DIR), with its job workers
 * on, listens on a free port, signs in as the given staff account, asks GET /api/patients/excel over HTTP
 * and prints one line of JSON with the figures. An export over the streaming limit is made by the
 * 'reports.export' job (docs/exports.md) in this same process: the run follows it as the browser does
 * (GET /api/report-exports/{id}) until the file is ready, then downloads it. Nothing else runs in the
 * process, so its peak memory is the export's, the job's included.
 *
 *   tsx bench/export-run.ts <email> <password> [query]
 */
import type { AddressInfo } from 'node:net';
import { buildApp } from '../src/app';

/** How often the resident memory is sampled while the export runs. */
const SAMPLE_MS = 20;
/** How often a background export is looked at (the browser looks every second; finer here, to time it). */
const POLL_MS = 100;

export interface ExportRunFigures {
  /** The status of the file's answer (200 when it was downloaded). */
  status: number;
  /** streamed: the file came in the request; background: a job made it (202, then its file). */
  mode: 'streamed' | 'background';
  /** From the request to the file ready: the last byte of a streamed file, or the job's done. */
  readySeconds: number;
  /** Rows the job wrote (background), else null. */
  jobRows: number | null;
  /** The rows the list counts for the same query (what the file should hold). */
  listTotal: number;
  seconds: number;
  bytes: number;
  contentType: string | null;
  contentDisposition: string | null;
  /** Resident memory just before the export started (the API already running). */
  rssBeforeBytes: number;
  /** The highest resident memory sampled while the export ran. */
  rssPeakDuringBytes: number;
  /** The process's peak resident memory from the kernel (getrusage), start-up included. */
  maxRssBytes: number;
}

async function main(): Promise<number> {
  const [email, password, query = 'sort=name'] = process.argv.slice(2);
  if (!email || !password) {
    console.error('usage: tsx bench/export-run.ts <email> <password> [query]');
    return 2;
  }
  // Workers on (as the gateway runs them): a large export is the 'reports.export' job of this process.
  const app = await buildApp({ seed: false, housekeeping: false, workers: true, logger: false, config: { logLevel: 'silent' } });
  try {
    await app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}/api`;
    const login = await fetch(`${base}/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password }),
    });
    if (login.status !== 200) throw new Error(`login as ${email} answered ${login.status}: ${(await login.text()).slice(0, 300)}`);
    const token = ((await login.json()) as { data: { token: string } }).data.token;
    const headers = { authorization: `Bearer ${token}` };
    const counted = await fetch(`${base}/patients?perPage=5&${query}`, { headers });
    const listTotal = ((await counted.json()) as { data: { total: number } }).data.total;

    const rssBeforeBytes = process.memoryUsage.rss();
    let rssPeakDuringBytes = rssBeforeBytes;
    const sampler = setInterval(() => {
      rssPeakDuringBytes = Math.max(rssPeakDuringBytes, process.memoryUsage.rss());
    }, SAMPLE_MS);
    const started = performance.now();
    let response = await fetch(`${base}/patients/excel?${query}`, { headers });
    let readySeconds: number | null = null;
    let jobRows: number | null = null;
    if (response.status === 202) {
      // Made in the background: follow the export until its file is ready, then fetch the file.
      const { id } = ((await response.json()) as { data: { id: string } }).data;
      for (;;) {
        const looked = ((await (await fetch(`${base}/report-exports/${id}`, { headers })).json()) as { data: { status: string; done: number; error: string | null } }).data;
        if (looked.status === 'done') {
          jobRows = looked.done;
          break;
        }
        if (looked.status !== 'queued' && looked.status !== 'running') throw new Error(`the export ended ${looked.status}: ${looked.error ?? ''}`);
        await new Promise((resolve) => setTimeout(resolve, POLL_MS));
      }
      readySeconds = (performance.now() - started) / 1000;
      response = await fetch(`${base}/report-exports/${id}/file`, { headers });
    }
    let bytes = 0;
    if (response.body) {
      // Counted and dropped as it arrives, as a browser saving it would.
      for await (const chunk of response.body) bytes += (chunk as Uint8Array).byteLength;
    }
    const seconds = (performance.now() - started) / 1000;
    clearInterval(sampler);
    rssPeakDuringBytes = Math.max(rssPeakDuringBytes, process.memoryUsage.rss());
    const figures: ExportRunFigures = {
      status: response.status,
      mode: jobRows === null ? 'streamed' : 'background',
      readySeconds: readySeconds ?? seconds,
      jobRows,
      listTotal,
      seconds,
      bytes,
      contentType: response.headers.get('content-type'),
      contentDisposition: response.headers.get('content-disposition'),
      rssBeforeBytes,
      rssPeakDuringBytes,
      // Node reports maxRSS in kilobytes.
      maxRssBytes: process.resourceUsage().maxRSS * 1024,
    };
    console.log(`EXPORT ${JSON.stringify(figures)}`);
    return response.status === 200 ? 0 : 1;
  } finally {
    await app.close();
  }
}

main()
  .catch((error: unknown) => {
    console.error(`export-run failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    return 1;
  })
  .then((code) => process.exit(code));
