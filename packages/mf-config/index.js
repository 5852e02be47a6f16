/**
 * The one webpack + Module Federation configuration of BariDesk. Every app's webpack.config.js is
 *
 *   module.exports = require('@baridesk/mf-config').createAppConfig({ dir: __dirname, name: 'mf_auth', ... });
 *
 * so the shell and the six remotes agree on the transpiler, the shared singletons and the share strategy.
 */
const path = require('node:path');
const { ModuleFederationPlugin } = require('@module-federation/enhanced/webpack');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const CompressionPlugin = require('compression-webpack-plugin');
const zlib = require('node:zlib');
const { DEV_API_PORT, appOf, devRemotes } = require('./apps');

const repoRoot = path.resolve(__dirname, '../..');
/** The named router exports the shell provides as 'react-router-dom' (see shared/react-router-dom.js). */
const ROUTER_EXPORTS = path.join(__dirname, 'shared/react-router-dom.js');
const versionOf = (pkg) => require(require.resolve(`${pkg}/package.json`, { paths: [repoRoot, __dirname] })).version;
const workspaceVersion = (dir) => require(path.join(repoRoot, 'packages', dir, 'package.json')).version;

/**
 * One copy of each for the whole page. The `react/` and `react-dom/` twins share the subpath imports
 * (react/jsx-runtime, react-dom/client) too. Workspace packages that hold state are shared under their
 * real version. Chakra is not listed: apps reach it only through @baridesk/ui, whose entries
 * ('@baridesk/ui', '@baridesk/ui/overlays', …) are each a shared chunk, so the sign-in page loads the
 * form pieces only, not the tables, dialogs and pickers.
 *
 * @baridesk/ui always comes from the shell: remotes consume it without a fallback copy (`import: false`).
 * Its Chakra internals (the theme context above all) then exist once, whichever entry a screen uses.
 */
function sharedModules(appDir, host = true) {
  // Chakra's peers (@emotion/react) are the ui package's dependencies, not the apps'.
  const resolveFrom = (pkg) =>
    require(require.resolve(`${pkg}/package.json`, { paths: [appDir, path.join(repoRoot, 'packages/ui'), repoRoot] })).version;
  // What every page load runs before its first screen is in the shell's own main script (eager):
  // otherwise the browser learns of these files only once main.js has run, one round trip later.
  const startup = host ? { eager: true } : {};
  const lib = (pkg) => ({ singleton: true, requiredVersion: `^${resolveFrom(pkg)}`, ...startup });
  const workspace = (dir) => ({ singleton: true, version: workspaceVersion(dir), requiredVersion: workspaceVersion(dir), ...startup });
  return {
    react: lib('react'),
    'react/': lib('react'),
    'react-dom': lib('react-dom'),
    'react-dom/': lib('react-dom'),
    'react-router-dom': {
      ...lib('react-router-dom'),
      version: resolveFrom('react-router-dom'),
      import: host ? ROUTER_EXPORTS : false,
    },
    zustand: lib('zustand'),
    '@tanstack/react-query': lib('@tanstack/react-query'),
    '@emotion/react': lib('@emotion/react'),
    '@baridesk/store': workspace('store'),
    '@baridesk/event-bus': workspace('event-bus'),
    '@baridesk/api-client': workspace('api-client'),
    '@baridesk/ui': host ? workspace('ui') : { ...workspace('ui'), import: false },
    // The other entries (lists, dialogs, pickers, the editor) load with the first screen that uses them.
    '@baridesk/ui/': host ? { ...workspace('ui'), eager: false } : { ...workspace('ui'), import: false },
  };
}

/** Trims Chakra's recipe maps to packages/ui/src/chakra-recipes.json (see chakra-recipes-loader.js). */
function chakraRecipeRules() {
  const used = require(path.join(repoRoot, 'packages/ui/src/chakra-recipes.json'));
  const rule = (file, keep) => ({
    test: new RegExp(`@chakra-ui[\\\\/]react[\\\\/]dist[\\\\/]esm[\\\\/]theme[\\\\/]${file}\\.js$`),
    use: { loader: require.resolve('./chakra-recipes-loader'), options: { keep } },
  });
  return [rule('recipes', used.recipes), rule('slot-recipes', used.slotRecipes)];
}

// Text assets over 1 KB get .br and .gz twins next to them, which the gateway's static files plugin
// sends to a browser that accepts them (preCompressed), so no byte is compressed on each request.
// Brotli at its best quality: it runs once per build, and the files are what every page load fetches.
const PRECOMPRESSED = { test: /\.(js|css|html|svg|json)$/, threshold: 1024 };
const precompressed = () => [
  new CompressionPlugin({
    ...PRECOMPRESSED,
    filename: '[path][base].br',
    algorithm: 'brotliCompress',
    compressionOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY } },
  }),
  new CompressionPlugin({
    ...PRECOMPRESSED,
    filename: '[path][base].gz',
    algorithm: 'gzip',
    compressionOptions: { level: zlib.constants.Z_BEST_COMPRESSION },
  }),
];

/**
 * @param {object} options
 * @param {string} options.dir        the app's folder (__dirname of its webpack.config.js); its name and
 *                                    dev port come from apps.js
 * @param {Record<string,string>} [options.exposes]  what a remote exposes ('./routes')
 * @param {boolean} [options.host]    the shell: an HTML page, served at '/'
 * @param {string} [options.title]
 */
function createAppConfig({ dir, exposes = {}, host = false, title = 'BariDesk' }) {
  const { name, devPort } = appOf(path.basename(dir));
  return (_env, argv = {}) => {
    const mode = argv.mode === 'development' ? 'development' : 'production';
    const production = mode === 'production';
    return {
      mode,
      context: dir,
      entry: { main: './src/index.ts' },
      target: 'web',
      output: {
        path: path.join(dir, 'dist'),
        // The shell lives at '/', so deep links load its scripts; a remote finds its own URL at run time.
        publicPath: host ? '/' : 'auto',
        filename: production ? '[name].[contenthash:8].js' : '[name].js',
        chunkFilename: production ? '[name].[contenthash:8].js' : '[name].js',
        uniqueName: name,
        clean: true,
      },
      resolve: { extensions: ['.tsx', '.ts', '.mjs', '.js', '.json'] },
      module: {
        rules: [
          // The shell's build holds @baridesk/ui and so the Chakra theme: only the recipes BariDesk uses.
          ...(host ? chakraRecipeRules() : []),
          {
            test: /\.[cm]?[jt]sx?$/,
            exclude: /node_modules/,
            use: {
              loader: require.resolve('swc-loader'),
              options: {
                jsc: {
                  parser: { syntax: 'typescript', tsx: true },
                  transform: { react: { runtime: 'automatic', development: !production, refresh: false } },
                  target: 'es2020',
                },
              },
            },
          },
        ],
      },
      plugins: [
        new ModuleFederationPlugin({
          name,
          filename: 'remoteEntry.js',
          exposes,
          // Remotes are registered at run time from /remotes.json, never baked into the shell.
          remotes: {},
          shared: sharedModules(dir, host),
          shareStrategy: 'loaded-first',
          manifest: true,
          dts: false,
          // Lighter federation runtime: browser code only; a remote loads no other remote, so it needs
          // neither the remote-loading code nor the manifest snapshot logic. The runtime's core ships
          // once, in the shell, which hands it to the remotes (a global set before any remote starts):
          // each remoteEntry.js was 19 KB of brotli that was mostly a second copy of it. A remote is
          // never started without the shell, in development as in production.
          experiments: host
            ? { optimization: { target: 'web' }, provideExternalRuntime: true }
            : { optimization: { target: 'web', disableRemote: true, disableSnapshot: true }, externalRuntime: true },
        }),
        host &&
          new HtmlWebpackPlugin({
            template: path.join(dir, 'src/index.html'),
            title,
            scriptLoading: 'defer',
            // The tab's icon: copied beside index.html (served by the gateway at /favicon.svg) and linked from it.
            favicon: path.join(dir, 'src/favicon.svg'),
          }),
        ...(production ? precompressed() : []),
      ].filter(Boolean),
      optimization: { runtimeChunk: false, ...(production ? {} : { minimize: false }) },
      devtool: production ? 'source-map' : 'eval-cheap-module-source-map',
      performance: { hints: false },
      infrastructureLogging: { level: 'warn' },
      stats: production ? 'errors-warnings' : 'minimal',
      devServer: {
        port: devPort,
        // Everything on 'localhost': the dev servers refuse cross-site script loads, and the shell
        // (localhost:3000) loading a remote from localhost:3001 is same-site.
        host: 'localhost',
        hot: true,
        historyApiFallback: host,
        headers: { 'Access-Control-Allow-Origin': '*' },
        // The dev shell sends API calls to the API of `pnpm dev`, and lists the remotes' dev servers.
        proxy: host ? [{ context: ['/api', '/scheduler/api'], target: `http://127.0.0.1:${DEV_API_PORT}` }] : [],
        setupMiddlewares: (middlewares, devServer) => {
          if (host) devServer.app.get('/remotes.json', (_request, response) => response.json(devRemotes()));
          return middlewares;
        },
        client: { overlay: { errors: true, warnings: false } },
      },
    };
  };
}

/** The names shared/react-router-dom.js exports, read from the file (lint enforces them). */
const SHARED_ROUTER_NAMES = [
  ...require('node:fs')
    .readFileSync(ROUTER_EXPORTS, 'utf8')
    .matchAll(/^\s+(\w+),?$|export \{ (\w+) \}/gm),
].map((m) => m[1] ?? m[2]);

module.exports = { createAppConfig, sharedModules, versionOf, SHARED_ROUTER_NAMES };
