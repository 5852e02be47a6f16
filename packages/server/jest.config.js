module.exports = require('../../jest.preset.js')(__dirname, { displayName: require('./package.json').name });
