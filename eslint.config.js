// @ts-check
const js = require('@eslint/js');
const tseslint = require('typescript-eslint');
const globals = require('globals');
const reactHooks = require('eslint-plugin-react-hooks');
const importX = require('eslint-plugin-import-x');
const { createTypeScriptImportResolver } = require('eslint-import-resolver-typescript');
const { boundaryZones } = require('./eslint.boundaries.js');
// The router names the shell shares as 'react-router-dom' (packages/mf-config/shared/react-router-dom.js).
const { SHARED_ROUTER_NAMES } = require('./packages/mf-config');

module.exports = tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', '**/data/**', '**/coverage/**', '**/drizzle/meta/**', '**/playwright-report/**', '**/test-results/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-require-imports': 'off',
    },
  },
  {
    // The React code of the front end: the shell, the remotes and the shared UI and test helpers.
    files: [
      'shell/**/*.{ts,tsx}',
      'mf-*/**/*.{ts,tsx}',
      'packages/ui/**/*.{ts,tsx}',
      'packages/testing/**/*.{ts,tsx}',
    ],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    // Pages get the router from the shell, which shares a named list of it: anything else would be
    // undefined in the browser. Tests run outside federation and may use the rest (MemoryRouter, …).
    files: ['shell/src/**/*.{ts,tsx}', 'mf-*/src/**/*.{ts,tsx}', 'packages/ui/src/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}', '**/test/**'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'react-router-dom',
              allowImportNames: SHARED_ROUTER_NAMES,
              allowTypeImports: true,
              message: 'Add the name to packages/mf-config/shared/react-router-dom.js first: the shell shares only those.',
            },
            { name: 'react-router', message: "Import from 'react-router-dom' (the shell shares it)." },
          ],
        },
      ],
    },
  },
  {
    // One display format for dates and times (spec: "MMM DD, YYYY", "hh:mma"): packages/domain's
    // formatDate, formatDateTime, formatTime, formatMonthDay and formatMonth. The browser's own date
    // formatting follows the machine's locale and differs screen by screen, so it is refused outside
    // domain. Tests may build expected texts as they like.
    files: ['shell/src/**/*.{ts,tsx}', 'mf-*/src/**/*.{ts,tsx}', 'packages/*/src/**/*.{ts,tsx}'],
    ignores: ['packages/domain/**', '**/*.test.{ts,tsx}', '**/__tests__/**', '**/test/**'],
    rules: {
      'no-restricted-properties': [
        'error',
        ...['toLocaleDateString', 'toLocaleTimeString'].map((property) => ({
          property,
          message: 'Show dates and times with formatDate / formatDateTime / formatTime from @baridesk/domain (one format everywhere).',
        })),
      ],
      'no-restricted-syntax': [
        'error',
        {
          selector: "MemberExpression[object.name='Intl'][property.name=/^(DateTimeFormat|RelativeTimeFormat)$/]",
          message: 'Show dates and times with formatDate / formatDateTime / formatTime from @baridesk/domain (one format everywhere).',
        },
        {
          // Date#toLocaleString with date or time parts (a number's toLocaleString takes none of these).
          selector:
            "CallExpression[callee.property.name='toLocaleString'] > ObjectExpression > Property[key.name=/^(year|month|day|weekday|hour|minute|second|dateStyle|timeStyle|hour12)$/]",
          message: 'Show dates and times with formatDate / formatDateTime / formatMonth from @baridesk/domain (one format everywhere).',
        },
      ],
    },
  },
  {
    // The workspace's architecture (docs/server-layout.md): no import cycles anywhere; a remote imports no
    // other remote and not the server; domain and contracts import no app code; a server context reaches
    // another only through its published index.ts. Imports are resolved as TypeScript resolves them
    // (workspace packages to their source), so a package import counts like a relative one.
    files: ['**/*.{ts,tsx,js,mjs,cjs}'],
    plugins: { 'import-x': importX.importX },
    settings: {
      // How no-cycle reads the files it follows (TypeScript ones with the TypeScript parser).
      'import-x/extensions': importX.flatConfigs.typescript.settings['import-x/extensions'],
      'import-x/parsers': importX.flatConfigs.typescript.settings['import-x/parsers'],
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: [`${__dirname}/*/tsconfig.json`, `${__dirname}/packages/*/tsconfig.json`],
          noWarnOnMultipleProjects: true,
        }),
      ],
    },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-restricted-paths': ['error', { basePath: __dirname, zones: boundaryZones(__dirname) }],
    },
  },
  {
    // A test may build an app from another context's plugins and reuse its test helpers; nothing else.
    files: ['**/__tests__/**/*.{ts,tsx}', '**/*.test.{ts,tsx}'],
    rules: {
      'import-x/no-restricted-paths': ['error', { basePath: __dirname, zones: boundaryZones(__dirname, { tests: true }) }],
    },
  },
);
