module.exports = require('@baridesk/mf-config').createAppConfig({
  dir: __dirname,
  name: 'mf_admin',
  devPort: 3006,
  exposes: { './routes': './src/routes.tsx' },
});
