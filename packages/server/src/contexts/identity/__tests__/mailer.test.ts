import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { simpleParser } from 'mailparser';
import { type ConfiguredTestApp, type TestSmtpServer, createConfiguredTestApp, startSmtpServer } from '../../../test/mail';
import { staffResetPasswordMail } from '../mail-templates';

const link = 'https://baridesk.example/reset-password?token=abc123&isProgramUser=yes';

describe('mailer over SMTP', () => {
  let smtp: TestSmtpServer;
  let t: ConfiguredTestApp;
  beforeAll(async () => {
    smtp = await startSmtpServer();
    t = await createConfiguredTestApp({ smtpUrl: smtp.url, mailFrom: 'BariDesk Test <robot@baridesk.test>' }, { patientsPerProgram: 0 });
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  it('delivers the message with both parts, the sender and the link', async () => {
    expect(t.app.mailer.kind).toBe('smtp');
    const content = staffResetPasswordMail({ name: 'Jordan Ellis', link, ttlMinutes: 60 });
    const sent = await t.app.mailer.send({ ...content, to: 'jordan@northside.test' });
    expect(sent.file).toBeUndefined();
    const mail = await smtp.next();
    expect(mail.envelopeTo).toEqual(['jordan@northside.test']);
    expect(mail.parsed.from?.value).toEqual([{ name: 'BariDesk Test', address: 'robot@baridesk.test' }]);
    expect(mail.subject).toBe('Reset your BariDesk password');
    expect(mail.text).toContain('Hello Jordan Ellis,');
    expect(mail.text).toContain('expires in 60 minutes');
    expect(mail.links).toEqual([link]);
    expect(mail.html).toContain(`href="${link.replace(/&/g, '&amp;')}"`);
  });

  it('escapes names in the HTML part and keeps subjects on one line', async () => {
    const { patientSetPasswordMail } = await import('../mail-templates');
    const content = patientSetPasswordMail({
      name: '<img src=x onerror=alert(1)>',
      programName: 'Evil\r\nBcc: victim@example.com & Co',
      link,
      ttlMinutes: 60,
    });
    await t.app.mailer.send({ ...content, to: 'patient@example.com' });
    const mail = await smtp.next();
    expect(mail.envelopeTo).toEqual(['patient@example.com']);
    expect(mail.parsed.bcc).toBeUndefined();
    expect(mail.subject).toBe('Set your password for the Evil Bcc: victim@example.com & Co app');
    expect(mail.html).not.toContain('<img');
    expect(mail.html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(mail.html).toContain('&amp; Co');
    // The plain-text part is text: it carries the name as typed.
    expect(mail.text).toContain('Hello <img src=x onerror=alert(1)>,');
  });

  it('refuses a link that is not http(s)', () => {
    expect(() => staffResetPasswordMail({ name: 'X', link: 'javascript:alert(1)', ttlMinutes: 60 })).toThrow(/javascript/);
  });
});

describe('mailer without SMTP: the outbox', () => {
  let dataDir: string;
  let t: ConfiguredTestApp;
  const logLines: Record<string, unknown>[] = [];
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'baridesk-outbox-'));
    const stream = new Writable({
      write(chunk: Buffer, _enc, done) {
        for (const line of chunk.toString().split('\n').filter(Boolean)) logLines.push(JSON.parse(line));
        done();
      },
    });
    t = await createConfiguredTestApp({ dataDir, smtpUrl: undefined }, { patientsPerProgram: 0, logger: { level: 'info', stream } });
  });
  afterAll(async () => {
    await t?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('writes each message as an .eml file under DATA_DIR/outbox and logs its links', async () => {
    expect(t.app.mailer.kind).toBe('outbox');
    const content = staffResetPasswordMail({ name: 'Priya Raman', link, ttlMinutes: 60 });
    const sent = await t.app.mailer.send({ ...content, to: 'priya@northside.test' });
    const files = await readdir(path.join(dataDir, 'outbox'));
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/^\d{8}T\d{9}Z-[0-9a-f]{12}\.eml$/);
    expect(sent.file).toBe(path.join(dataDir, 'outbox', files[0]!));

    const parsed = await simpleParser(await readFile(sent.file!));
    expect(parsed.subject).toBe('Reset your BariDesk password');
    expect(Array.isArray(parsed.to) ? null : parsed.to?.text).toBe('priya@northside.test');
    expect(parsed.text).toContain(link);
    expect(parsed.html).toContain('Priya Raman');

    const logged = logLines.find((line) => line.msg === 'e-mail written to the outbox');
    expect(logged).toMatchObject({ level: 30, links: [link], file: sent.file, subject: 'Reset your BariDesk password' });
  });

  it('finishes messages sent in the background before closing', async () => {
    const content = staffResetPasswordMail({ name: 'Later', link, ttlMinutes: 60 });
    t.app.mailer.sendLater({ ...content, to: 'later@northside.test' });
    await t.app.close();
    const files = await readdir(path.join(dataDir, 'outbox'));
    expect(files).toHaveLength(2);
  });
});
