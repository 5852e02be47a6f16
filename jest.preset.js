/** Shared jest settings: TypeScript through ts-jest without type-checking (tsc runs on its own). */
const tsJest = [
  'ts-jest',
  {
    tsconfig: {
      module: 'commonjs',
      moduleResolution: 'node10',
      isolatedModules: true,
      esModuleInterop: true,
      allowJs: true,
      target: 'ES2022',
      jsx: 'react-jsx',
    },
  },
];

// Jest on Node 20 cannot require() ES modules; these dependencies ship only ESM, so they are compiled
// to CommonJS like our own code. (pnpm lays packages out under node_modules/.pnpm/<name>@<v>/node_modules/<name>.)
// preact (inside FullCalendar) has a CommonJS build, but jsdom's "browser" condition picks its ES module.
// otplib's default crypto and base32 plugins stand on @noble/hashes and @scure/base, both ESM only.
const esmOnly = ['content-disposition', 'cookie', 'ky', 'preact', '@noble/hashes', '@scure/base'];

module.exports = (dir, overrides = {}) => ({
  rootDir: dir,
  testEnvironment: 'node',
  testMatch: ['<rootDir>/src/**/*.test.ts'],
  transform: { '^.+\\.[tj]sx?$': tsJest },
  transformIgnorePatterns: [`/node_modules/(?!\\.pnpm/|(${esmOnly.join('|')})/)`],
  ...overrides,
});
