module.exports = require('@baridesk/mf-config').createAppConfig({
  dir: __dirname,
  name: 'mf_patients',
  devPort: 3002,
  exposes: { './routes': './src/routes.tsx' },
});
