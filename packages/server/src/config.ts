import path from 'node:path';
import { PASSWORD_LINK_TTL_MINUTES } from '@baridesk/contracts';

export interface Config {
  /** Port the gateway listens on. */
  port: number;
  host: string;
  /** Folder for PGlite's files (when no DATABASE_URL), the outbox and uploads. */
  dataDir: string;
  /** A PostgreSQL URL; when set, PGlite is not used. */
  databaseUrl: string | undefined;
  /** Connections in the PostgreSQL pool of this process. */
  databasePoolSize: number;
  logLevel: string;
  /** Largest request body accepted, in bytes. */
  bodyLimit: number;
  /** Load the demo data when the database has no accounts yet. */
  seedOnEmpty: boolean;
  /** Trust X-Forwarded-* from these proxy addresses (or `true` for any) when behind a load balancer. */
  trustProxy: boolean | string;
  /** SMTP server of outgoing e-mail (smtp:// or smtps:// URL); unset: e-mails go to DATA_DIR/outbox. */
  smtpUrl: string | undefined;
  /** The From of every e-mail sent. */
  mailFrom: string;
  /** The address users open BariDesk at, for links in e-mails (no trailing slash). */
  publicUrl: string;
  /**
   * Minutes an e-mailed link (reset, set, invite, confirm address) works after it is issued:
   * PASSWORD_LINK_TTL_MINUTES, a whole number of 1 or more; by default the contracts' constant (60).
   */
  passwordLinkTtlMinutes: number;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const repoRoot = path.resolve(__dirname, '../../..');
  return {
    port: intFrom(env.PORT, 8080),
    host: env.HOST ?? '0.0.0.0',
    dataDir: path.resolve(repoRoot, env.DATA_DIR ?? 'data'),
    databaseUrl: env.DATABASE_URL || undefined,
    databasePoolSize: intFrom(env.DATABASE_POOL_SIZE, 20),
    logLevel: env.LOG_LEVEL ?? 'info',
    bodyLimit: intFrom(env.BODY_LIMIT, 1024 * 1024),
    seedOnEmpty: env.SEED_ON_EMPTY !== '0',
    trustProxy: env.TRUST_PROXY === 'true' ? true : env.TRUST_PROXY || false,
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM || 'BariDesk <no-reply@baridesk.local>',
    publicUrl: (env.PUBLIC_URL || `http://localhost:${intFrom(env.PORT, 8080)}`).replace(/\/+$/, ''),
    passwordLinkTtlMinutes: linkLifetimeFrom(env.PASSWORD_LINK_TTL_MINUTES),
  };
}

/**
 * The lifetime of e-mailed links. Unlike the other numbers it is not quietly replaced when malformed:
 * a typo must not leave links working for longer (or shorter) than the operator meant.
 */
function linkLifetimeFrom(value: string | undefined): number {
  const text = value?.trim() ?? '';
  if (text === '') return PASSWORD_LINK_TTL_MINUTES;
  const minutes = Number(text);
  if (!/^\d+$/.test(text) || !Number.isSafeInteger(minutes) || minutes < 1) {
    throw new Error(`PASSWORD_LINK_TTL_MINUTES must be a whole number of minutes, 1 or more (it is "${value}").`);
  }
  return minutes;
}

function intFrom(value: string | undefined, fallback: number): number {
  const n = Number.parseInt(value ?? '', 10);
  return Number.isFinite(n) && n > 0 ? n : fallback;
}
