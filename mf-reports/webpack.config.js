module.exports = require('@baridesk/mf-config').createAppConfig({
  dir: __dirname,
  name: 'mf_reports',
  devPort: 3003,
  exposes: { './routes': './src/routes.tsx' },
});
