/**
 * Outgoing e-mail through nodemailer: SMTP when SMTP_URL is set; otherwise each message is written, as
 * the raw RFC 822 text, to DATA_DIR/outbox/<timestamp>-<id>.eml and its links are logged, so a local
 * installation works without a mail server.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import fp from 'fastify-plugin';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer, { type Transporter } from 'nodemailer';
import type { MailContent } from '../layout';

declare module 'fastify' {
  interface FastifyInstance {
    mailer: Mailer;
  }
}

export interface OutgoingMail extends MailContent {
  to: string;
}

export interface SentMail {
  messageId: string;
  /** The .eml file written, when e-mail goes to the outbox. */
  file?: string;
}

export interface Mailer {
  readonly kind: 'smtp' | 'outbox';
  /** Sends one message; rejects when the SMTP server refuses it or the outbox cannot be written. */
  send(mail: OutgoingMail, log?: FastifyBaseLogger): Promise<SentMail>;
  /**
   * Sends without making the caller wait: the request answers at once, whatever delivery takes (so its
   * timing tells nothing), and a failure is logged. Messages still under way are awaited on close.
   */
  sendLater(mail: OutgoingMail, log?: FastifyBaseLogger): void;
}

export interface MailerOptions {
  smtpUrl: string | undefined;
  from: string;
  outboxDir: string;
  now: () => Date;
  log: FastifyBaseLogger;
}

export function createMailer({ smtpUrl, from, outboxDir, now, log: baseLog }: MailerOptions) {
  const kind: Mailer['kind'] = smtpUrl ? 'smtp' : 'outbox';
  const transport: Transporter = smtpUrl
    ? nodemailer.createTransport(smtpUrl)
    : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  const pending = new Set<Promise<unknown>>();

  async function send(mail: OutgoingMail, log: FastifyBaseLogger = baseLog): Promise<SentMail> {
    const info = await transport.sendMail({
      from,
      to: mail.to,
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
    });
    const messageId = String(info.messageId ?? '');
    if (kind === 'smtp') {
      log.info({ messageId, subject: mail.subject }, 'e-mail sent');
      return { messageId };
    }
    const stamp = now().toISOString().replace(/[-:.]/g, '');
    const file = path.join(outboxDir, `${stamp}-${randomBytes(6).toString('hex')}.eml`);
    await mkdir(outboxDir, { recursive: true });
    await writeFile(file, info.message as Buffer, { mode: 0o600 });
    // Local development only (no SMTP server): the links are what a developer needs to go on.
    log.info({ to: mail.to, subject: mail.subject, links: mail.links, file }, 'e-mail written to the outbox');
    return { messageId, file };
  }

  return {
    kind,
    send,
    sendLater(mail: OutgoingMail, log: FastifyBaseLogger = baseLog) {
      const job = send(mail, log)
        .catch((err: unknown) => log.error({ err, subject: mail.subject }, 'e-mail could not be sent'))
        .finally(() => pending.delete(job));
      pending.add(job);
    },
    /** Waits for messages still under way, then closes the SMTP connections. */
    async close() {
      await Promise.allSettled([...pending]);
      transport.close();
    },
  };
}

export default fp(
  async (fastify) => {
    const mailer = createMailer({
      smtpUrl: fastify.config.smtpUrl,
      from: fastify.config.mailFrom,
      outboxDir: path.join(fastify.config.dataDir, 'outbox'),
      now: () => fastify.clock.now(),
      log: fastify.log,
    });
    fastify.decorate('mailer', { kind: mailer.kind, send: mailer.send, sendLater: mailer.sendLater } satisfies Mailer);
    fastify.addHook('onClose', () => mailer.close());
  },
  { name: 'mailer' },
);
