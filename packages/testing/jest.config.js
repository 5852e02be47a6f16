module.exports = require('../../jest.preset.web.js')(__dirname, { displayName: require('./package.json').name });
