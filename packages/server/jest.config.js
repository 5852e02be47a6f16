module.exports = require('../../jest.preset.js')(__dirname, {
  displayName: require('./package.json').name,
  // The seeded database templates the API test files copy (src/test/databases.ts): one folder per run.
  globalSetup: '<rootDir>/src/test/global-setup.ts',
  globalTeardown: '<rootDir>/src/test/global-teardown.ts',
  setupFilesAfterEnv: ['<rootDir>/src/test/setup-timeouts.ts'],
});
