module.exports = require('@baridesk/mf-config').createAppConfig({
  dir: __dirname,
  exposes: { './routes': './src/routes.tsx' },
});
