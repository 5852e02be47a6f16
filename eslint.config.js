// @ts-check
const js = require('@eslint/js');
const tseslint = require('typescript-eslint');
const globals = require('globals');
const reactHooks = require('eslint-plugin-react-hooks');
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
);
