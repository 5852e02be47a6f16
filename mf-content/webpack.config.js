module.exports = require('@baridesk/mf-config').createAppConfig({
  dir: __dirname,
  name: 'mf_content',
  devPort: 3005,
  exposes: { './routes': './src/routes.tsx' },
});
