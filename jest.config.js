const os = require('node:os');

/** One jest run for every package; each package keeps its own config beside its code. */
module.exports = {
  projects: ['<rootDir>/packages/*/jest.config.js', '<rootDir>/shell/jest.config.js', '<rootDir>/mf-*/jest.config.js'],
  // API suites build the real app on a fresh database per file: their hooks take seconds, not milliseconds.
  testTimeout: 60_000,
  // Jest's default keeps a core for itself (cores - 1): on CI's 2 cores that is one worker, run in band,
  // and half the machine idle. The main process only schedules and reports, so use every core.
  maxWorkers: Math.max(2, os.availableParallelism()),
};
