import fs from 'node:fs';
import path from 'node:path';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { AppOptions } from '../../app';

/** What the shell registers its remotes from, with the page's runtime settings (the support chat's server). */
export interface RemotesManifest {
  remotes: { name: string; entry: string }[];
  chat?: { baseUrl: string; websiteToken: string };
}

const REPO_ROOT = path.resolve(__dirname, '../../../../..');
const NEVER_CACHE = 'no-cache';
const FOREVER = 'public, max-age=31536000, immutable';
// Hashed file names ('main.1a2b3c4d.js') never change content; the rest must be revalidated. `file` is
// the file sent, so the build's compressed twin ('main.1a2b3c4d.js.br') is judged by its original's name.
const HASHED = /\.[0-9a-f]{8}\.(js|css|map)(\.br|\.gz)?$/;

/**
 * The pages' content security policy. Emotion (Chakra) injects <style> elements, hence 'unsafe-inline' for
 * styles only. With the support chat configured, its server (`chat`, an origin) may also serve the SDK
 * script, the widget's frame and images, and take its requests and websocket; without it, nothing else.
 */
export function pagePolicy(chat?: string): string {
  const also = chat ? ` ${chat}` : '';
  const socket = chat ? ` ${chat.replace(/^http/, 'ws')}` : '';
  return [
    "default-src 'self'",
    `script-src 'self'${also}`,
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: blob:${also}`,
    "font-src 'self' data:",
    `connect-src 'self'${also}${socket}`,
    ...(chat ? [`frame-src ${chat}`] : []),
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "form-action 'self'",
  ].join('; ');
}

// Source maps, and the build's compressed twins of them.
const SOURCE_MAP = /\.map(\.br|\.gz)?$/i;

const cacheHeaders = (reply: FastifyReply, file: string) => {
  reply.header('cache-control', HASHED.test(file) ? FOREVER : NEVER_CACHE);
};

/** Built remotes: each mf-<name>/dist with a manifest, under /remotes/<name>/. */
export function discoverRemotes(root = REPO_ROOT): { dir: string; folder: string; name: string }[] {
  return fs
    .readdirSync(root)
    .filter((folder) => folder.startsWith('mf-') && fs.existsSync(path.join(root, folder, 'dist/mf-manifest.json')))
    .sort()
    .map((folder) => {
      const manifest = JSON.parse(fs.readFileSync(path.join(root, folder, 'dist/mf-manifest.json'), 'utf8'));
      return { dir: path.join(root, folder, 'dist'), folder, name: String(manifest.name ?? folder) };
    });
}

/**
 * The gateway's front ends: the shell at '/', each remote under '/remotes/<name>/', and '/remotes.json'.
 * `/remotes.json` is read from REMOTES_MANIFEST (or DATA_DIR/remotes.json) when that file exists, so a
 * remote can be moved or redeployed without rebuilding the shell; otherwise it lists the built remotes.
 */
export default fp(
  async (fastify: FastifyInstance, options: AppOptions) => {
    if (!options.web) return;
    const root = options.web === true ? REPO_ROOT : options.web.root;
    const shellDir = path.join(root, 'shell/dist');
    if (!fs.existsSync(path.join(shellDir, 'index.html'))) {
      throw new Error(`The shell is not built (${shellDir}); run pnpm build first.`);
    }
    const remotes = discoverRemotes(root);
    // The production build writes source maps beside the bundles; they are only served when a setting
    // asks for it (SERVE_SOURCE_MAPS), otherwise a request for one is a plain 404.
    const { serveSourceMaps } = fastify.config;
    const allowedPath = (pathName: string) => serveSourceMaps || !SOURCE_MAP.test(pathName);
    const manifestFile = process.env.REMOTES_MANIFEST ?? path.join(fastify.config.dataDir, 'remotes.json');
    const { chat } = fastify.config;
    const builtManifest: RemotesManifest = {
      remotes: remotes.map((r) => ({ name: r.name, entry: `/remotes/${r.folder}/mf-manifest.json` })),
      ...(chat ? { chat } : {}),
    };
    const policy = pagePolicy(chat ? new URL(chat.baseUrl).origin : undefined);

    fastify.get('/remotes.json', { schema: { hide: true } }, async (_request, reply) => {
      reply.header('cache-control', NEVER_CACHE);
      // The settings are this gateway's, whichever file lists the remotes.
      if (fs.existsSync(manifestFile)) return { ...JSON.parse(await fs.promises.readFile(manifestFile, 'utf8')), chat: builtManifest.chat };
      return builtManifest;
    });

    for (const remote of remotes) {
      await fastify.register(fastifyStatic, {
        root: remote.dir,
        prefix: `/remotes/${remote.folder}/`,
        decorateReply: false,
        preCompressed: true,
        allowedPath,
        setHeaders: cacheHeaders,
      });
    }

    await fastify.register(fastifyStatic, {
      root: shellDir,
      prefix: '/',
      wildcard: false,
      index: false,
      preCompressed: true,
      allowedPath,
      setHeaders: cacheHeaders,
    });

    // Read on each request (a small file): a shell rebuilt while the gateway runs is served at once. Sent
    // as a body, so the compress plugin compresses it for every page path, deep links included.
    const sendIndex = async (reply: FastifyReply) =>
      reply
        .header('content-type', 'text/html; charset=utf-8')
        .header('cache-control', NEVER_CACHE)
        .header('content-security-policy', policy)
        .send(await fs.promises.readFile(path.join(shellDir, 'index.html')));

    fastify.get('/', { schema: { hide: true } }, (_request, reply) => sendIndex(reply));
    // Every other page path is the shell's: its router decides (and shows its own not-found page).
    fastify.get('/*', { schema: { hide: true } }, (request, reply) => {
      const url = request.url.split('?')[0] ?? '';
      if (url.startsWith('/api/') || url.startsWith('/scheduler/api/') || url.startsWith('/remotes/') || path.extname(url)) {
        return reply.code(404).send({ message: `No route GET ${url}.` });
      }
      return sendIndex(reply);
    });
  },
  { name: 'web', dependencies: ['helmet', 'compress'] },
);
