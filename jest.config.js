/** One jest run for every package; each package keeps its own config beside its code. */
module.exports = {
  projects: ['<rootDir>/packages/*/jest.config.js', '<rootDir>/shell/jest.config.js', '<rootDir>/mf-*/jest.config.js'],
  // API suites build the real app on a fresh database per file: their hooks take seconds, not milliseconds.
  testTimeout: 60_000,
};
