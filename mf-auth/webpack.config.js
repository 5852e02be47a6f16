module.exports = require('@baridesk/mf-config').createAppConfig({
  dir: __dirname,
  name: 'mf_auth',
  devPort: 3001,
  exposes: { './routes': './src/routes.tsx' },
});
