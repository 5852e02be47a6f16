/**
 * The support chat's settings reach the page: /remotes.json carries them and the page's policy lets the
 * configured Chatwoot server in; without them neither says anything of a chat.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { pagePolicy } from '../plugins/external/web';
import { freshDatabase, type FreshDatabase } from '../test/app';

const CHAT = { baseUrl: 'https://chat.example.test', websiteToken: 'tok_123' };

describe('the chat settings', () => {
  it('are read from CHATWOOT_BASE_URL and CHATWOOT_WEBSITE_TOKEN together, and refused when not an http(s) address', () => {
    expect(loadConfig({}).chat).toBeUndefined();
    expect(loadConfig({ CHATWOOT_BASE_URL: 'https://chat.example.test/' }).chat).toBeUndefined();
    expect(loadConfig({ CHATWOOT_BASE_URL: 'https://chat.example.test/', CHATWOOT_WEBSITE_TOKEN: 'tok_123' }).chat).toEqual(CHAT);
    expect(() => loadConfig({ CHATWOOT_BASE_URL: 'javascript:alert(1)', CHATWOOT_WEBSITE_TOKEN: 'tok' })).toThrow('http(s)');
    expect(() => loadConfig({ CHATWOOT_BASE_URL: 'https://chat.example.test', CHATWOOT_WEBSITE_TOKEN: 'a"b' })).toThrow('CHATWOOT_WEBSITE_TOKEN');
    expect(loadConfig({ SUPPORT_EMAIL: ' help@baridesk.test ' }).supportEmail).toBe('help@baridesk.test');
  });

  it('open the page policy to the chat server only when there is one', () => {
    expect(pagePolicy()).not.toContain('chat.example.test');
    expect(pagePolicy()).not.toContain('frame-src');
    const open = pagePolicy('https://chat.example.test');
    expect(open).toContain("script-src 'self' https://chat.example.test");
    expect(open).toContain("connect-src 'self' https://chat.example.test wss://chat.example.test");
    expect(open).toContain('frame-src https://chat.example.test');
  });
});

describe('the gateway with a chat server configured', () => {
  let app: FastifyInstance;
  let root: string;
  let database: FreshDatabase;
  beforeAll(async () => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'baridesk-web-chat-'));
    fs.mkdirSync(path.join(root, 'shell/dist'), { recursive: true });
    fs.writeFileSync(path.join(root, 'shell/dist/index.html'), '<!doctype html><div id="root"></div>');
    database = await freshDatabase();
    app = await buildApp({ database: database.target, seed: false, housekeeping: false, logger: false, web: { root }, config: { logLevel: 'silent', dataDir: root, chat: CHAT } });
  });
  afterAll(async () => {
    await app.close();
    await database.drop();
    fs.rmSync(root, { recursive: true, force: true });
  });

  it('hands the settings to the shell in /remotes.json and lets the server in through the page policy', async () => {
    expect((await app.inject({ method: 'GET', url: '/remotes.json' })).json()).toEqual({ remotes: [], chat: CHAT });
    const page = await app.inject({ method: 'GET', url: '/dashboard' });
    expect(page.headers['content-security-policy']).toBe(pagePolicy('https://chat.example.test'));
  });
});
