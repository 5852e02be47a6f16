module.exports = require('@baridesk/mf-config').createAppConfig({
  dir: __dirname,
  name: 'mf_messaging',
  devPort: 3004,
  exposes: { './routes': './src/routes.tsx' },
});
