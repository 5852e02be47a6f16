module.exports = require('@baridesk/mf-config').createAppConfig({
  dir: __dirname,
  name: 'shell',
  host: true,
  devPort: 3000,
  title: 'BariDesk',
});
