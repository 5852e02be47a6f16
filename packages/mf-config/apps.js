/**
 * The front-end apps of BariDesk: their folder, federation name and `pnpm dev` port. One list, read by
 * each app's webpack config, by the dev shell's /remotes.json and by scripts/dev.mjs.
 */
const APPS = [
  { folder: 'shell', name: 'shell', devPort: 3000 },
  { folder: 'mf-auth', name: 'mf_auth', devPort: 3001 },
  { folder: 'mf-patients', name: 'mf_patients', devPort: 3002 },
  { folder: 'mf-reports', name: 'mf_reports', devPort: 3003 },
  { folder: 'mf-messaging', name: 'mf_messaging', devPort: 3004 },
  { folder: 'mf-content', name: 'mf_content', devPort: 3005 },
  { folder: 'mf-admin', name: 'mf_admin', devPort: 3006 },
];

/** The port the dev shell sends /api calls to: the API of `pnpm dev`. */
const DEV_API_PORT = Number(process.env.PORT ?? 8080);

function appOf(folder) {
  const app = APPS.find((a) => a.folder === folder);
  if (!app) throw new Error(`${folder} is not in packages/mf-config/apps.js`);
  return app;
}

/** The remote manifest of `pnpm dev`: each remote's manifest on its own dev server. */
const devRemotes = () => ({
  remotes: APPS.filter((a) => a.folder !== 'shell').map((a) => ({
    name: a.name,
    entry: `http://localhost:${a.devPort}/mf-manifest.json`,
  })),
});

module.exports = { APPS, DEV_API_PORT, appOf, devRemotes };
