/**
 * @jest-environment node
 */
/**
 * The tab's icon (issue 15 item 12): a small SVG in the brand colour, which the shell's build copies
 * beside index.html and links from it (html-webpack-plugin's favicon), so the gateway serves it at
 * /favicon.svg (packages/server web.test.ts).
 */
import fs from 'node:fs';
import path from 'node:path';
import { system } from '@baridesk/ui';

const FAVICON = path.join(__dirname, 'favicon.svg');

it('is a small SVG in the brand colour', () => {
  const svg = fs.readFileSync(FAVICON, 'utf8');
  expect(svg).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" viewBox="0 0 32 32">/);
  expect(Buffer.byteLength(svg)).toBeLessThan(1024);
  expect(svg).toContain(`fill="${system.token('colors.brand.600')}"`);
});

it("is the shell page's icon: the build copies it and links it from index.html", () => {
  const config = require('../webpack.config.js')({}, { mode: 'production' });
  const page = config.plugins.find((plugin: { constructor: { name: string } }) => plugin.constructor.name === 'HtmlWebpackPlugin');
  expect(page.userOptions.favicon).toBe(FAVICON);
});
