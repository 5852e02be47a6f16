/**
 * The e-mails the gateway sent during the run, as a person's mailbox would show them: the e2e server
 * (scripts/e2e-server.mjs) runs a real SMTP server and writes each message it receives to
 * E2E_MAIL_DIR as `<received ms>-<n>.eml`; these helpers read and parse them (mailparser).
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { type AddressObject, simpleParser } from 'mailparser';

/** The folder playwright.config.ts chose (and handed to the server). */
export const MAIL_DIR = process.env.E2E_MAIL_DIR || path.join(os.tmpdir(), `baridesk-e2e-mail-${process.env.E2E_PORT ?? 8090}`);

export interface Mail {
  file: string;
  /** When the SMTP server received it (ms since the epoch, this machine's clock). */
  receivedAt: number;
  /** The recipients, lower case: the envelope's (Delivered-To) and the To header's. */
  to: string[];
  from: string;
  subject: string;
  text: string;
  html: string;
  /** Every address the message links to: the HTML part's hrefs, then any other http(s) address in the text. */
  links: string[];
}

const parsed = new Map<string, Promise<Mail>>();

async function read(file: string): Promise<Mail> {
  const raw = await fs.readFile(path.join(MAIL_DIR, file));
  const message = await simpleParser(raw);
  // The Delivered-To lines the server put on top (one per envelope recipient).
  const head = raw.subarray(0, raw.indexOf('\r\n\r\n') > 0 ? raw.indexOf('\r\n\r\n') : raw.length).toString('utf8');
  const delivered = [...head.matchAll(/^Delivered-To: *(.+?)\r?$/gim)].map((match) => match[1]!.trim());
  const headerTo = ([] as AddressObject[]).concat(message.to ?? []).flatMap((group) => group.value.map((a) => a.address ?? ''));
  const html = typeof message.html === 'string' ? message.html : '';
  const text = message.text ?? '';
  const hrefs = [...html.matchAll(/\bhref="([^"]+)"/g)].map((match) => decodeHtml(match[1]!));
  const inText = text.match(/https?:\/\/[^\s<>"')\]]+/g) ?? [];
  return {
    file,
    receivedAt: Number(file.split('-')[0]),
    to: [...new Set([...delivered, ...headerTo].filter(Boolean).map((a) => a.toLowerCase()))],
    from: message.from?.text ?? '',
    subject: message.subject ?? '',
    text,
    html,
    links: [...new Set([...hrefs, ...inText])],
  };
}

const decodeHtml = (value: string) =>
  value.replace(/&(amp|lt|gt|quot|#39);/g, (_, entity: string) => ({ amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'" })[entity] ?? '');

/** Every message received so far, oldest first. */
export async function allMail(): Promise<Mail[]> {
  const files = (await fs.readdir(MAIL_DIR).catch(() => [] as string[])).filter((name) => /^\d+-\d+\.eml$/.test(name)).sort();
  return Promise.all(
    files.map((file) => {
      let mail = parsed.get(file);
      if (!mail) {
        mail = read(file);
        parsed.set(file, mail);
      }
      return mail;
    }),
  );
}

export interface MailQuery {
  /** Only messages received at or after this time (ms): take `Date.now()` just before the action that sends it. */
  after?: number;
  subject?: string | RegExp;
  /** How long to wait for it (default 15 s). */
  timeout?: number;
}

const matches = (mail: Mail, address: string, { after = 0, subject }: MailQuery) =>
  mail.to.includes(address.toLowerCase()) &&
  mail.receivedAt >= after &&
  (subject === undefined || (typeof subject === 'string' ? mail.subject === subject : subject.test(mail.subject)));

/** The newest message to `address` that fits the query, waiting for one to arrive. */
export async function waitForMail(address: string, query: MailQuery = {}): Promise<Mail> {
  const deadline = Date.now() + (query.timeout ?? 15_000);
  for (;;) {
    const found = (await allMail()).filter((mail) => matches(mail, address, query)).at(-1);
    if (found) return found;
    if (Date.now() > deadline) {
      const seen = (await allMail()).map((m) => `${m.to.join(', ')}: ${m.subject}`).join('; ') || 'none';
      throw new Error(`No e-mail to ${address} arrived (${describe(query)}). Received in ${MAIL_DIR}: ${seen}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** The messages to `address` received in the query's window, after waiting `settleMs` for late ones. */
export async function mailTo(address: string, query: Omit<MailQuery, 'timeout'> = {}, settleMs = 1_000): Promise<Mail[]> {
  await new Promise((resolve) => setTimeout(resolve, settleMs));
  return (await allMail()).filter((mail) => matches(mail, address, query));
}

/** The message's one link to a path of the app (e.g. '/reset-password'); fails when there is not exactly one. */
export function linkTo(mail: Mail, pathname: string): string {
  const found = mail.links.filter((link) => {
    try {
      return new URL(link).pathname === pathname;
    } catch {
      return false;
    }
  });
  if (found.length !== 1) throw new Error(`"${mail.subject}" has ${found.length} links to ${pathname}: ${mail.links.join(' ')}`);
  return found[0]!;
}

function describe({ after, subject }: MailQuery) {
  const parts = [after ? `after ${new Date(after).toISOString()}` : 'at any time'];
  if (subject !== undefined) parts.push(`subject ${String(subject)}`);
  return parts.join(', ');
}
