#!/usr/bin/env node
/**
 * The gateway for the Playwright suites: production build, a fresh database in a temporary folder, and
 * a real SMTP server that catches every e-mail the gateway sends.
 *
 *   node scripts/e2e-server.mjs [port]      (default 8090)
 *
 * E-mail: an SMTP server (smtp-server) listens on 127.0.0.1 and a free port, and the gateway sends to
 * it (SMTP_URL). Each message it accepts is written, as received, to E2E_MAIL_DIR (default
 * <tmp>/baridesk-e2e-mail-<port>, emptied at start) as <received ms>-<n>.eml, with a Delivered-To
 * header per envelope recipient added on top, as a mail server delivering to a mailbox does. The
 * suites read them with e2e/tests/mail.ts. Links in the e-mails point at PUBLIC_URL, this gateway.
 *
 * Password links live PASSWORD_LINK_TTL_MINUTES=1 here, so a suite can see one expire.
 */
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const port = process.argv[2] ?? '8090';
const mailDir = path.resolve(process.env.E2E_MAIL_DIR || path.join(os.tmpdir(), `baridesk-e2e-mail-${port}`));
// The SMTP server is a dependency of the e2e package, not of the repository root.
const { SMTPServer } = createRequire(path.join(root, 'e2e/package.json'))('smtp-server');

const build = spawnSync(process.execPath, [path.join(root, 'scripts/build-web.mjs')], { stdio: 'inherit' });
if (build.status !== 0) process.exit(build.status ?? 1);

fs.rmSync(mailDir, { recursive: true, force: true });
fs.mkdirSync(mailDir, { recursive: true });

let received = 0;
const smtp = new SMTPServer({
  // A local catcher: no TLS to offer, no accounts to log in with.
  disabledCommands: ['STARTTLS', 'AUTH'],
  authOptional: true,
  logger: false,
  size: 10 * 1024 * 1024,
  onData(stream, session, callback) {
    const chunks = [];
    stream.on('data', (chunk) => chunks.push(chunk));
    stream.on('error', callback);
    stream.on('end', () => {
      try {
        const deliveredTo = session.envelope.rcptTo.map((rcpt) => `Delivered-To: ${rcpt.address}\r\n`).join('');
        const name = `${Date.now()}-${String(++received).padStart(4, '0')}.eml`;
        // Written under another name first: a reader never sees half a message.
        const partial = path.join(mailDir, `.${name}.part`);
        fs.writeFileSync(partial, Buffer.concat([Buffer.from(deliveredTo), ...chunks]));
        fs.renameSync(partial, path.join(mailDir, name));
        callback();
      } catch (error) {
        callback(error);
      }
    });
  },
});
smtp.on('error', (error) => console.error('e2e SMTP server:', error.message));
await new Promise((resolve) => smtp.listen(0, '127.0.0.1', resolve));
const smtpPort = smtp.server.address().port;

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'baridesk-e2e-'));
const server = spawn(path.join(root, 'packages/server/node_modules/.bin/tsx'), ['src/entry/gateway.ts'], {
  cwd: path.join(root, 'packages/server'),
  stdio: 'inherit',
  env: {
    ...process.env,
    PORT: port,
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    DATABASE_URL: '',
    // A plain SMTP server on this machine: nodemailer sends without TLS since none is offered.
    SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    PASSWORD_LINK_TTL_MINUTES: '1',
    // Super admins sign in with the password alone, as every suite expects; e2e/tests/two-factor.spec.ts
    // sets up authenticators itself (a super admin may turn it on; a program may require it of its staff).
    SUPER_ADMIN_MFA: process.env.SUPER_ADMIN_MFA || 'optional',
    // The suites place and move patients themselves; a sweep at start-up would move demo patients under them.
    PIPELINE_SWEEP: '0',
    // The export kit's streaming limit (docs/exports.md), 10,000 in the product. Here 250: Northside's list of 300
    // patients is a "large" export that runs as a job behind the banner (e2e/tests/report-exports.spec.ts), while
    // the reports' smaller tables still stream at once, so every suite meets both paths in the one run CI makes.
    REPORT_EXPORT_STREAM_MAX_ROWS: process.env.REPORT_EXPORT_STREAM_MAX_ROWS || '250',
    // Such a job writes its 300 rows in well under a second: it waits 3 s first, so the suite's Cancel
    // on the banner always lands while it runs.
    REPORT_EXPORT_START_DELAY_MS: '3000',
  },
});
console.log(`e2e: e-mails to ${mailDir} (SMTP on 127.0.0.1:${smtpPort})`);
const stop = () => server.kill('SIGTERM');
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
server.on('exit', (code) => {
  smtp.close(() => undefined);
  fs.rmSync(dataDir, { recursive: true, force: true });
  process.exit(code ?? 0);
});
