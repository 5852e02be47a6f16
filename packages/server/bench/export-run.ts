/**
 * One patient export in a process of its own, for `pnpm bench:api` (see bench/README.md): builds the
 * API on the database the server would use (DATABASE_URL, else PGlite in DATA_DIR), listens on a free
 * port, signs in as the given staff account, downloads GET /api/patients/excel over HTTP and prints
 * one line of JSON with the figures. Nothing else runs in the process, so its peak memory is the export's.
 *
 *   tsx bench/export-run.ts <email> <password> [query]
 */
import type { AddressInfo } from 'node:net';
import { buildApp } from '../src/app';

/** How often the resident memory is sampled while the export runs. */
const SAMPLE_MS = 20;

export interface ExportRunFigures {
  status: number;
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
  const app = await buildApp({ seed: false, housekeeping: false, logger: false, config: { logLevel: 'silent' } });
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
    const response = await fetch(`${base}/patients/excel?${query}`, { headers });
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
