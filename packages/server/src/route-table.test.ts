/**
 * The route table and the OpenAPI paths, kept as a snapshot: moving route files between folders (the
 * contexts layout) must not change a URL, a method, a route's access rule or the onRequest hooks that
 * guard it (the api hooks, administrative rights, …: counted, as they are anonymous), or its menu area.
 * A change here is a change of the public API.
 */
import type { RouteOptions } from 'fastify';
import { createApp } from './app';
import { freshDatabase } from './test/app';

/** `printRoutes({ commonPrefix: false, includeHooks: true })` read back into "METHOD url" → onRequest hook names. */
function onRequestHooks(tree: string): Map<string, string> {
  const hooks = new Map<string, string>();
  const path: string[] = [];
  let current: string[] = [];
  for (const line of tree.split('\n')) {
    const start = line.search(/[^│├└─ ]/u);
    if (start < 0) continue;
    const depth = start / 4;
    const content = line.slice(start);
    const hook = /^• \(onRequest\) (.*)$/u.exec(content);
    if (hook) {
      for (const key of current) hooks.set(key, hook[1] ?? '');
      continue;
    }
    if (content.startsWith('•')) continue;
    const node = /^(.*?)(?: \(([A-Z, ]+)\))?$/u.exec(content);
    if (!node) continue;
    const isBranch = /[├└]── $/u.test(line.slice(start - 4, start));
    if (isBranch) {
      path.length = depth;
      path[depth - 1] = node[1] ?? '';
    }
    const url = path.join('');
    current = (node[2] ?? '').split(', ').filter(Boolean).map((method) => `${method} ${url}`);
    for (const key of current) hooks.set(key, '[]');
  }
  return hooks;
}

test('the routes, their access and guards, and the documented paths are unchanged', async () => {
  const { target, drop } = await freshDatabase();
  const app = createApp({ database: target, seed: false, housekeeping: false, logger: false, config: { logLevel: 'silent' } });
  const routes: RouteOptions[] = [];
  app.addHook('onRoute', (route) => {
    routes.push(route);
  });
  try {
    await app.ready();
    const hooks = onRequestHooks(app.printRoutes({ commonPrefix: false, includeHooks: true }));
    // The app-wide hooks (helmet, multipart, …) are the same for every route: only what a route adds counts.
    const appWide = JSON.parse(hooks.get('GET /api/docs/json') ?? '[]') as string[];
    const lines = routes.flatMap((route) =>
      [route.method].flat().map((method) => {
        const access = route.config?.access ?? (route.url.startsWith('/api/') ? 'staff' : '-');
        const permission = route.config?.permission ? ` permission=${route.config.permission}` : '';
        const area = route.config?.area ? ` area=${route.config.area}` : '';
        // find-my-way prints a wildcard under its static prefix (swagger-ui's /static/*) elsewhere in the tree.
        const printed = hooks.get(`${method} ${route.url}`);
        const guards = printed === undefined ? 'not printed' : (JSON.parse(printed) as string[]).slice(appWide.length).length;
        return `${method} ${route.url} access=${access}${permission}${area} onRequest hooks=${guards}`;
      }),
    );
    expect(lines.sort().join('\n')).toMatchSnapshot('routes');

    const doc = await app.inject({ method: 'GET', url: '/api/docs/json' });
    const paths = doc.json().paths as Record<string, Record<string, unknown>>;
    const documented = Object.entries(paths).flatMap(([url, methods]) => Object.keys(methods).map((m) => `${m.toUpperCase()} ${url}`));
    expect(documented.sort().join('\n')).toMatchSnapshot('openapi');
  } finally {
    await app.close();
    await drop();
  }
});
