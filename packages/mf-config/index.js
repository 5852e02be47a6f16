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

const repoRoot = path.resolve(__dirname, '../..');
const versionOf = (pkg) => require(require.resolve(`${pkg}/package.json`, { paths: [repoRoot, __dirname] })).version;
const workspaceVersion = (dir) => require(path.join(repoRoot, 'packages', dir, 'package.json')).version;

/**
 * One copy of each for the whole page. The `react/` and `react-dom/` twins share the subpath imports
 * (react/jsx-runtime, react-dom/client) too. Workspace packages that hold state are shared under their
 * real version. Chakra is not listed: apps reach it only through @baridesk/ui, so the shared chunk holds
 * only the components the product uses.
 */
function sharedModules(appDir) {
  const resolveFrom = (pkg) => require(require.resolve(`${pkg}/package.json`, { paths: [appDir, repoRoot] })).version;
  const lib = (pkg) => ({ singleton: true, requiredVersion: `^${resolveFrom(pkg)}` });
  const workspace = (dir) => ({ singleton: true, version: workspaceVersion(dir), requiredVersion: workspaceVersion(dir) });
  return {
    react: lib('react'),
    'react/': lib('react'),
    'react-dom': lib('react-dom'),
    'react-dom/': lib('react-dom'),
    'react-router-dom': lib('react-router-dom'),
    zustand: lib('zustand'),
    '@tanstack/react-query': lib('@tanstack/react-query'),
    '@emotion/react': lib('@emotion/react'),
    '@baridesk/store': workspace('store'),
    '@baridesk/event-bus': workspace('event-bus'),
    '@baridesk/api-client': workspace('api-client'),
    '@baridesk/ui': workspace('ui'),
  };
}

/**
 * @param {object} options
 * @param {string} options.dir        the app's folder (__dirname of its webpack.config.js)
 * @param {string} options.name       unique federation name: 'shell', 'mf_auth', …
 * @param {number} options.devPort    port of `pnpm dev` for this app
 * @param {Record<string,string>} [options.exposes]  what a remote exposes ('./routes')
 * @param {boolean} [options.host]    the shell: an HTML page, served at '/'
 * @param {string} [options.title]
 */
function createAppConfig({ dir, name, devPort, exposes = {}, host = false, title = 'BariDesk' }) {
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
          shared: sharedModules(dir),
          shareStrategy: 'loaded-first',
          manifest: true,
          dts: false,
        }),
        host &&
          new HtmlWebpackPlugin({
            template: path.join(dir, 'src/index.html'),
            title,
            scriptLoading: 'defer',
          }),
      ].filter(Boolean),
      optimization: { runtimeChunk: false, ...(production ? {} : { minimize: false }) },
      devtool: production ? 'source-map' : 'eval-cheap-module-source-map',
      performance: { hints: false },
      infrastructureLogging: { level: 'warn' },
      stats: production ? 'errors-warnings' : 'minimal',
      devServer: {
        port: devPort,
        host: '127.0.0.1',
        hot: true,
        historyApiFallback: host,
        headers: { 'Access-Control-Allow-Origin': '*' },
        // The dev shell asks the dev gateway for the API and the remote manifest.
        proxy: host ? [{ context: ['/api', '/remotes.json'], target: 'http://127.0.0.1:8080' }] : [],
        client: { overlay: { errors: true, warnings: false } },
      },
    };
  };
}

module.exports = { createAppConfig, sharedModules, versionOf };
