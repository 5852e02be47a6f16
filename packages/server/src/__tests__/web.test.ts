import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app';
import { DEMO_PASSWORD } from '../seed/demo';
import { STAFF_CALLERS, freshDatabase, type FreshDatabase } from '../test/app';

const SHELL_SCRIPT = 'console.log("shell")';
const SHELL_FAVICON = path.resolve(__dirname, '../../../../shell/src/favicon.svg');
const SOURCE_MAP = '{"version":3,"sources":["webpack://shell/./src/secret-comment.ts"],"mappings":""}';

/** A tiny stand-in for the built front ends: the shell and one remote, as webpack lays them out. */
function fakeBuild(): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'baridesk-web-'));
  const write = (file: string, text: string) => {
    fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    fs.writeFileSync(path.join(root, file), text);
  };
  write('shell/dist/index.html', '<!doctype html><div id="root"></div><script src="/main.1a2b3c4d.js"></script>');
  write('shell/dist/main.1a2b3c4d.js', SHELL_SCRIPT);
  // The shell's icon, as its build copies it beside index.html (html-webpack-plugin's favicon).
  fs.copyFileSync(SHELL_FAVICON, path.join(root, 'shell/dist/favicon.svg'));
  write('shell/dist/main.1a2b3c4d.js.map', SOURCE_MAP);
  fs.writeFileSync(path.join(root, 'shell/dist/main.1a2b3c4d.js.map.br'), zlib.brotliCompressSync(SOURCE_MAP));
  write('mf-auth/dist/remoteEntry.js.map', SOURCE_MAP);
  // The build's compressed twins (compression-webpack-plugin), told apart from on-the-fly output by
  // their bytes: the answer must be these very files.
  fs.writeFileSync(path.join(root, 'shell/dist/main.1a2b3c4d.js.br'), zlib.brotliCompressSync(SHELL_SCRIPT));
  fs.writeFileSync(path.join(root, 'shell/dist/main.1a2b3c4d.js.gz'), zlib.gzipSync(SHELL_SCRIPT));
  write('mf-auth/dist/mf-manifest.json', JSON.stringify({ name: 'mf_auth' }));
  write('mf-auth/dist/remoteEntry.js', 'var mf_auth;');
  write('mf-auth/dist/__federation_expose_routes.0f0f0f0f.js', 'export {}');
  return root;
}

let app: FastifyInstance;
let root: string;
let database: FreshDatabase;
beforeAll(async () => {
  root = fakeBuild();
  database = await freshDatabase();
  app = await buildApp({
    database: database.target,
    seed: { patientsPerProgram: 12 },
    housekeeping: false,
    logger: false,
    web: { root },
    config: { logLevel: 'silent', dataDir: root },
  });
});
afterAll(async () => {
  await app.close();
  await database.drop();
  fs.rmSync(root, { recursive: true, force: true });
});

describe('the gateway serves the front ends', () => {
  it('lists the built remotes in /remotes.json, never cached', async () => {
    const res = await app.inject({ method: 'GET', url: '/remotes.json' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.json()).toEqual({ remotes: [{ name: 'mf_auth', entry: '/remotes/mf-auth/mf-manifest.json' }] });
  });

  it('serves /remotes.json from DATA_DIR when an operator placed one there', async () => {
    const moved = { remotes: [{ name: 'mf_auth', entry: 'https://cdn.example.org/mf-auth/mf-manifest.json' }] };
    fs.writeFileSync(path.join(root, 'remotes.json'), JSON.stringify(moved));
    try {
      expect((await app.inject({ method: 'GET', url: '/remotes.json' })).json()).toEqual(moved);
    } finally {
      fs.rmSync(path.join(root, 'remotes.json'));
    }
  });

  it('answers every page path with the shell, under a content security policy', async () => {
    for (const url of ['/', '/login', '/dashboard', '/patient-detail/12/edit', '/admin/quotes?page=2']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.headers['content-security-policy']).toContain("script-src 'self'");
      expect(res.body).toContain('<div id="root">');
    }
  });

  it('caches hashed files for good and revalidates the remote entry', async () => {
    const hashed = await app.inject({ method: 'GET', url: '/main.1a2b3c4d.js' });
    expect(hashed.statusCode).toBe(200);
    expect(hashed.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const entry = await app.inject({ method: 'GET', url: '/remotes/mf-auth/remoteEntry.js' });
    expect(entry.statusCode).toBe(200);
    expect(entry.headers['cache-control']).toBe('no-cache');
  });

  it("serves the shell's icon as an SVG, revalidated (its name carries no hash)", async () => {
    const res = await app.inject({ method: 'GET', url: '/favicon.svg' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body).toBe(fs.readFileSync(SHELL_FAVICON, 'utf8'));
  });

  it('keeps answering JSON for the API and 404 for missing files', async () => {
    expect((await app.inject({ method: 'GET', url: '/api/health' })).json().data.status).toBe('ok');
    const unknownApi = await app.inject({ method: 'GET', url: '/api/nothing-here' });
    expect(unknownApi.statusCode).toBe(404);
    expect(unknownApi.json()).toEqual({ message: 'No route GET /api/nothing-here.' });
    // The scheduler service's prefix too: a page path there would hand a client the shell's HTML.
    expect((await app.inject({ method: 'GET', url: '/scheduler/api/health' })).json().data.status).toBe('ok');
    const unknownScheduler = await app.inject({ method: 'GET', url: '/scheduler/api/nothing-here' });
    expect(unknownScheduler.statusCode).toBe(404);
    expect(unknownScheduler.json()).toEqual({ message: 'No route GET /scheduler/api/nothing-here.' });
    expect((await app.inject({ method: 'GET', url: '/remotes/mf-auth/missing.js' })).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: '/missing.1234abcd.js' })).statusCode).toBe(404);
  });
});

describe('what the gateway exposes', () => {
  it('forbids framing everywhere, as the pages\' frame-ancestors does: X-Frame-Options DENY', async () => {
    const page = await app.inject({ method: 'GET', url: '/login' });
    expect(page.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    for (const url of ['/login', '/main.1a2b3c4d.js', '/api/health', '/api/patients']) {
      const res = await app.inject({ method: 'GET', url });
      expect([url, res.headers['x-frame-options']]).toEqual([url, 'DENY']);
    }
  });

  it('serves no source map unless SERVE_SOURCE_MAPS asks for them', async () => {
    for (const url of ['/main.1a2b3c4d.js.map', '/remotes/mf-auth/remoteEntry.js.map', '/main.1a2b3c4d.js.map.br']) {
      for (const headers of [{}, { 'accept-encoding': 'br' }]) {
        const res = await app.inject({ method: 'GET', url, headers });
        expect([url, res.statusCode, res.body.includes('secret-comment')]).toEqual([url, 404, false]);
      }
    }
    // The bundle itself is still served.
    expect((await app.inject({ method: 'GET', url: '/main.1a2b3c4d.js' })).statusCode).toBe(200);

    const debugging = await buildApp({
      database: database.target,
      seed: false,
      housekeeping: false,
      logger: false,
      web: { root },
      config: { logLevel: 'silent', dataDir: root, serveSourceMaps: true },
    });
    try {
      for (const url of ['/main.1a2b3c4d.js.map', '/remotes/mf-auth/remoteEntry.js.map']) {
        const res = await debugging.inject({ method: 'GET', url });
        expect([url, res.statusCode, res.body]).toEqual([url, 200, SOURCE_MAP]);
      }
    } finally {
      await debugging.close();
    }
  });
});

describe('compression', () => {
  const asset = (acceptEncoding?: string) =>
    app.inject({ method: 'GET', url: '/main.1a2b3c4d.js', headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} });

  it("sends a built file's brotli or gzip twin to a browser that accepts it, and the file itself otherwise", async () => {
    const br = await asset('gzip, deflate, br');
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.rawPayload.equals(fs.readFileSync(path.join(root, 'shell/dist/main.1a2b3c4d.js.br')))).toBe(true);
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(SHELL_SCRIPT);

    const gzip = await asset('gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.headers.vary).toMatch(/accept-encoding/i);
    expect(zlib.gunzipSync(gzip.rawPayload).toString()).toBe(SHELL_SCRIPT);
    expect(gzip.headers['cache-control']).toBe('public, max-age=31536000, immutable');

    const plain = await asset();
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
    expect(plain.body).toBe(SHELL_SCRIPT);
  });

  async function staffToken() {
    const res = await app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: STAFF_CALLERS.STAFF, password: DEMO_PASSWORD },
    });
    expect(res.statusCode).toBe(200);
    return res.json().data.token as string;
  }

  it('compresses a large API answer with brotli when asked, and leaves it plain when not', async () => {
    const authorization = `Bearer ${await staffToken()}`;
    const url = '/api/patients?perPage=100';
    const plain = await app.inject({ method: 'GET', url, headers: { authorization } });
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(1024);

    const br = await app.inject({ method: 'GET', url, headers: { authorization, 'accept-encoding': 'gzip, br' } });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length);
    expect(JSON.parse(zlib.brotliDecompressSync(br.rawPayload).toString())).toEqual(plain.json());
  });

  it('tells no cache to keep an API answer: success, refusal and validation error alike', async () => {
    const authorization = `Bearer ${await staffToken()}`;
    const answers = await Promise.all([
      app.inject({ method: 'GET', url: '/api/patients', headers: { authorization } }),
      app.inject({ method: 'GET', url: '/api/patients' }),
      app.inject({ method: 'GET', url: '/api/patients?perPage=7', headers: { authorization } }),
    ]);
    expect(answers.map((answer) => [answer.statusCode, answer.headers['cache-control']])).toEqual([
      [200, 'no-store'],
      [401, 'no-store'],
      [422, 'no-store'],
    ]);
  });

  it('leaves a small API answer and the Excel export as they are', async () => {
    const authorization = `Bearer ${await staffToken()}`;
    const health = await app.inject({ method: 'GET', url: '/api/health', headers: { 'accept-encoding': 'br' } });
    expect(health.headers['content-encoding']).toBeUndefined();

    const excel = await app.inject({ method: 'GET', url: '/api/patients/excel', headers: { authorization, 'accept-encoding': 'br, gzip' } });
    expect(excel.statusCode).toBe(200);
    expect(excel.headers['content-type']).toMatch(/spreadsheetml/);
    expect(excel.headers['content-encoding']).toBeUndefined();
    // An .xlsx file is a zip archive: the answer starts with its signature, not with a brotli stream.
    expect(excel.rawPayload.subarray(0, 2).toString()).toBe('PK');
  });
});
