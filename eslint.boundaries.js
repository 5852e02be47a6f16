// @ts-check
/**
 * The import boundaries of the workspace, as zones of import-x/no-restricted-paths (see
 * docs/server-layout.md). Built from the folders on disk, so a new remote or server context is covered
 * the day it is added.
 */
const fs = require('node:fs');
const path = require('node:path');

const CONTEXTS = 'packages/server/src/contexts';
/** Contexts whose sub-folders are contexts of their own (contexts/platform/audit, …/storage, …). */
const GROUPS = ['platform'];

const folders = (dir) =>
  fs.existsSync(dir) ? fs.readdirSync(dir, { withFileTypes: true }).filter((e) => e.isDirectory() && !e.name.startsWith('__')).map((e) => e.name) : [];

/** The server contexts, as paths under packages/server/src/contexts ('identity', 'platform/audit', …). */
function serverContexts(root) {
  return folders(path.join(root, CONTEXTS)).flatMap((name) =>
    GROUPS.includes(name) ? folders(path.join(root, CONTEXTS, name)).map((sub) => `${name}/${sub}`) : [name],
  );
}

/**
 * @param {string} root the workspace folder
 * @param {{ tests?: boolean }} [options] tests: the zones for test files, which may also assemble an app from
 *   another context's plugins (contexts/x/plugins/*.ts) and use its test helpers (contexts/x/__tests__/*)
 * @returns {Array<{ target: string | string[]; from: string | string[]; except?: string[]; message: string }>}
 */
function boundaryZones(root, { tests = false } = {}) {
  const abs = (p) => path.join(root, p);
  const remotes = fs.readdirSync(root).filter((name) => name.startsWith('mf-') && fs.statSync(abs(name)).isDirectory());
  // Published interfaces: a context's index.ts, and its part of the schema (schema.ts, *-schema.ts): the
  // database is one, its tables reference each other's keys, and db/schema.ts gathers them all anyway.
  const published = [
    abs(`${CONTEXTS}/*/index.ts`),
    ...GROUPS.map((group) => abs(`${CONTEXTS}/${group}/*/index.ts`)),
    abs(`${CONTEXTS}/**/schema.ts`),
    abs(`${CONTEXTS}/**/*-schema.ts`),
  ];
  if (tests) published.push(abs(`${CONTEXTS}/**/plugins/*.ts`), abs(`${CONTEXTS}/**/__tests__/**`));
  return [
    ...serverContexts(root).map((context) => ({
      target: `${CONTEXTS}/${context}/**`,
      from: `${CONTEXTS}/**`,
      except: [abs(`${CONTEXTS}/${context}/**`), ...published],
      message: `A server context imports another only through its published index.ts (contexts/<name>/index.ts), never its files.`,
    })),
    {
      target: 'packages/server/src/lib/**',
      from: `${CONTEXTS}/**`,
      message: 'lib/ holds context-free helpers: it imports no context.',
    },
    ...remotes.map((remote) => ({
      target: `${remote}/**`,
      from: ['mf-*/**', 'shell/**', 'packages/server/**'],
      except: [abs(`${remote}/**`)],
      message: 'A remote imports no other remote, not the shell and not the server: share through packages/* instead.',
    })),
    {
      target: ['packages/domain/**', 'packages/contracts/**'],
      from: [
        'packages/server/**',
        'packages/ui/**',
        'packages/api-client/**',
        'packages/store/**',
        'packages/event-bus/**',
        'packages/mf-config/**',
        'packages/testing/**',
        'shell/**',
        'mf-*/**',
      ],
      message: 'domain and contracts import no app code (only each other and libraries).',
    },
  ];
}

module.exports = { boundaryZones, serverContexts };
