import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app';
import { freshDatabase, type FreshDatabase } from '../test/app';

/** A tiny stand-in for the built front ends: the shell and one remote, as webpack lays them out. */
function fakeBuild(): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'baridesk-web-'));
  const write = (file: string, text: string) => {
    fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    fs.writeFileSync(path.join(root, file), text);
  };
  write('shell/dist/index.html', '<!doctype html><div id="root"></div><script src="/main.1a2b3c4d.js"></script>');
  write('shell/dist/main.1a2b3c4d.js', 'console.log("shell")');
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
    seed: { patientsPerProgram: 1 },
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

  it('keeps answering JSON for the API and 404 for missing files', async () => {
    expect((await app.inject({ method: 'GET', url: '/api/health' })).json().data.status).toBe('ok');
    const unknownApi = await app.inject({ method: 'GET', url: '/api/nothing-here' });
    expect(unknownApi.statusCode).toBe(404);
    expect(unknownApi.json()).toEqual({ message: 'No route GET /api/nothing-here.' });
    expect((await app.inject({ method: 'GET', url: '/remotes/mf-auth/missing.js' })).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: '/missing.1234abcd.js' })).statusCode).toBe(404);
  });
});
