/** One jest run for every package; each package keeps its own config beside its code. */
module.exports = {
  projects: ['<rootDir>/packages/*/jest.config.js'],
};
