/** jest settings for React packages and apps: jsdom with the Node globals jsdom lacks, Testing Library matchers. */
const preset = require('./jest.preset.js');

module.exports = (dir, overrides = {}) =>
  preset(dir, {
    testEnvironment: require.resolve('./jest.jsdom-environment.js'),
    testMatch: ['<rootDir>/src/**/*.test.{ts,tsx}'],
    // Matchers, then what jsdom lacks for Chakra/zag (TypeScript, compiled by the ts-jest transform).
    setupFilesAfterEnv: [require.resolve('./jest.setup-web.js'), require.resolve('./packages/ui/src/test/polyfills.ts')],
    ...overrides,
  });
