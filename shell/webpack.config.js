module.exports = require('@baridesk/mf-config').createAppConfig({
  dir: __dirname,
  host: true,
  title: 'BariDesk',
});
