module.exports = require('../../jest.preset.js')(__dirname, {
  displayName: require('./package.json').name,
  // Each API test file builds the real app on its own fresh database.
  testTimeout: 60_000,
});
