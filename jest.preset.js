/** Shared jest settings: TypeScript through ts-jest without type-checking (tsc runs on its own). */
module.exports = (dir, overrides = {}) => ({
  rootDir: dir,
  testEnvironment: 'node',
  testMatch: ['<rootDir>/src/**/*.test.ts'],
  transform: {
    '^.+\\.tsx?$': ['ts-jest', { isolatedModules: true, tsconfig: { module: 'commonjs', moduleResolution: 'node10', isolatedModules: true, esModuleInterop: true, target: 'ES2022' } }],
  },
  ...overrides,
});
