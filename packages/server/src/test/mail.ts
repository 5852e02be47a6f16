/**
 * Test support for e-mail: a real SMTP server (smtp-server) on 127.0.0.1 and a free port that parses
 * every message it receives (mailparser), and the app built to send to it.
 */
import type { AddressInfo } from 'node:net';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import type { FastifyServerOptions } from 'fastify';
import type { Config } from '../config';
import { type TestApp, startTestApp } from './app';
import { seededDatabase } from './databases';

export interface ReceivedMail {
  /** The envelope's recipients (RCPT TO), as the server saw them. */
  envelopeTo: string[];
  parsed: ParsedMail;
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Every http(s) address in the plain-text part. */
  links: string[];
}

export interface TestSmtpServer {
  url: string;
  received: ReceivedMail[];
  /** The next message not yet taken (in arrival order) that matches; fails after `timeoutMs`. */
  next(match?: (mail: ReceivedMail) => boolean, timeoutMs?: number): Promise<ReceivedMail>;
  /** Waits a little and fails if any message not yet taken arrived. */
  expectNothingMore(waitMs?: number): Promise<void>;
  close(): Promise<void>;
}

export async function startSmtpServer(): Promise<TestSmtpServer> {
  const received: ReceivedMail[] = [];
  const taken = new Set<ReceivedMail>();
  const waiters = new Set<() => void>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          const text = parsed.text ?? '';
          const to = Array.isArray(parsed.to) ? parsed.to.map((a) => a.text).join(', ') : (parsed.to?.text ?? '');
          received.push({
            envelopeTo: session.envelope.rcptTo.map((r) => r.address),
            parsed,
            to,
            subject: parsed.subject ?? '',
            text,
            html: typeof parsed.html === 'string' ? parsed.html : '',
            links: text.match(/https?:\/\/[^\s<>"]+/g) ?? [],
          });
          for (const wake of waiters) wake();
          callback();
        })
        .catch((err: Error) => callback(err));
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.server.address() as AddressInfo;

  const take = (match: (mail: ReceivedMail) => boolean) => {
    const found = received.find((mail) => !taken.has(mail) && match(mail));
    if (found) taken.add(found);
    return found;
  };

  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    next(match = () => true, timeoutMs = 10_000) {
      return new Promise<ReceivedMail>((resolve, reject) => {
        const check = () => {
          const found = take(match);
          if (!found) return;
          clearTimeout(timer);
          waiters.delete(check);
          resolve(found);
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`No matching e-mail arrived within ${timeoutMs} ms (${received.length} received in all).`));
        }, timeoutMs);
        waiters.add(check);
        check();
      });
    },
    async expectNothingMore(waitMs = 300) {
      await new Promise((resolve) => setTimeout(resolve, waitMs));
      const extra = received.filter((mail) => !taken.has(mail));
      if (extra.length > 0) throw new Error(`Unexpected e-mail: ${extra.map((m) => `${m.to}: ${m.subject}`).join('; ')}`);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The parts of TestApp the e-mail tests use. */
export type ConfiguredTestApp = Pick<TestApp, 'app' | 'clock' | 'call' | 'login' | 'close'>;

/** The app on a fresh seeded database, like createTestApp, with settings of its own (e.g. smtpUrl, dataDir). */
export async function createConfiguredTestApp(
  config: Partial<Config>,
  { patientsPerProgram = 6, logger = false }: { patientsPerProgram?: number; logger?: FastifyServerOptions['logger'] } = {},
): Promise<ConfiguredTestApp> {
  const { target, drop } = await seededDatabase({ patientsPerProgram });
  return startTestApp(target, drop, { patientsPerProgram }, { config, logger });
}

/** The query parameters of a link, as the front end would read them. */
export const linkParams = (link: string): Record<string, string> => Object.fromEntries(new URL(link).searchParams);
