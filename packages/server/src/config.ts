import path from 'node:path';
import { DEFAULT_UPLOAD_MAX_BYTES, PASSWORD_LINK_TTL_MINUTES } from '@baridesk/contracts';

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
  /**
   * Whose X-Forwarded-For to believe (TRUST_PROXY): the proxies' addresses or ranges (comma-separated), or
   * `true` for any. The sign-in throttle counts by the client address this yields.
   */
  trustProxy: boolean | string;
  /** SMTP server of outgoing e-mail (smtp:// or smtps:// URL); unset: e-mails go to DATA_DIR/outbox. */
  smtpUrl: string | undefined;
  /** The From of every e-mail sent. */
  mailFrom: string;
  /** The address users open BariDesk at, for links in e-mails (no trailing slash). */
  publicUrl: string;
  /**
   * Serve the front ends' source maps (*.map) with them (SERVE_SOURCE_MAPS=1). Off by default: a map
   * hands anyone the original source, comments included; the build writes them for whoever debugs.
   */
  serveSourceMaps: boolean;
  /**
   * Minutes an e-mailed link (reset, set, invite, confirm address) works after it is issued:
   * PASSWORD_LINK_TTL_MINUTES, a whole number of 1 or more; by default the contracts' constant (60).
   */
  passwordLinkTtlMinutes: number;
  /** Largest uploaded file, in bytes (UPLOAD_MAX_BYTES, 10 MiB by default); multipart bodies are not bound by bodyLimit. */
  uploadMaxBytes: number;
  /** Hours an upload may wait for a record to claim it before housekeeping deletes it (UPLOAD_UNCLAIMED_HOURS, 24 by default). */
  uploadUnclaimedHours: number;
  /**
   * Rows a spreadsheet export may have and still be streamed in the request; more go to a background job
   * (REPORT_EXPORT_STREAM_MAX_ROWS, 10,000 by default; the e2e server lowers it). See docs/exports.md.
   */
  reportExportStreamMaxRows: number;
  /**
   * How long a background export, once running, waits before it writes its first row
   * (REPORT_EXPORT_START_DELAY_MS, 0 by default): the e2e server sets it so a suite can press Cancel
   * while an export of its small demo data still runs. Not for production.
   */
  reportExportStartDelayMs: number;
  /** An S3-compatible object store for uploads; unset: files are kept in DATA_DIR/uploads. */
  s3: S3Settings | undefined;
  /**
   * The key that signs device cookies (DEVICE_COOKIE_SECRET, 32 characters or more); unset: a random one
   * kept in DATA_DIR/device-cookie.secret. Every replica must share it.
   */
  deviceCookieSecret: string | undefined;
  /** Where the Help group's support messages are mailed (SUPPORT_EMAIL); later the super admin's support address. */
  supportEmail: string;
  /**
   * The support chat widget (Chatwoot, self-hostable): its server (CHATWOOT_BASE_URL, https://…) and the
   * website inbox's token (CHATWOOT_WEBSITE_TOKEN). Unset: no widget is loaded.
   */
  chat: { baseUrl: string; websiteToken: string } | undefined;
  /**
   * Run the job handlers and cron schedules in this process (SCHEDULER_WORKERS, on unless 0). The gateway
   * runs them by default; SCHEDULER_WORKERS=0 leaves them to `pnpm start:scheduler` processes.
   */
  schedulerWorkers: boolean;
  /** Seconds between two fetches of an idle job queue (SCHEDULER_POLL_SECONDS, 2 by default). */
  schedulerPollSeconds: number;
  /**
   * Seconds between two runs of the queue's maintenance (SCHEDULER_MAINTENANCE_SECONDS, 120 by default):
   * it fails jobs whose run outlived their expiry (a process killed mid-job), so they are retried.
   */
  schedulerMaintenanceSeconds: number;
  /** Connections of the job queue's own PostgreSQL pool (SCHEDULER_POOL_SIZE, 10 by default). */
  schedulerPoolSize: number;
  /** Port of `pnpm start:scheduler` (SCHEDULER_PORT, 8081 by default). */
  schedulerPort: number;
  /**
   * Web Push's VAPID keys (VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY: base64url, as `npx web-push
   * generate-vapid-keys` prints them), both or neither; without them push is off. Every replica shares them.
   */
  vapidPublicKey: string | undefined;
  vapidPrivateKey: string | undefined;
  /** Who push services may contact about our messages (VAPID_SUBJECT: a mailto: or https: URL). */
  vapidSubject: string;
  /**
   * Whether every super admin must sign in with a second factor (SUPER_ADMIN_MFA=required|optional;
   * required by default). Optional: a super admin may still turn it on. Staff follow their program's switch.
   */
  superAdminMfa: 'required' | 'optional';
}

/** Where uploads go when S3_BUCKET is set (any S3-compatible store: AWS, MinIO, R2, Ceph…). */
export interface S3Settings {
  bucket: string;
  /** The store's address (https://…) for a store other than AWS; unset: AWS's own for the region. */
  endpoint: string | undefined;
  region: string;
  /** Unset: the SDK's default chain (environment, instance role…). */
  accessKeyId: string | undefined;
  secretAccessKey: string | undefined;
  /** Address the bucket in the path (endpoint/bucket/key) rather than the host name; most self-hosted stores need it. */
  forcePathStyle: boolean;
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
    serveSourceMaps: env.SERVE_SOURCE_MAPS === '1' || env.SERVE_SOURCE_MAPS === 'true',
    passwordLinkTtlMinutes: linkLifetimeFrom(env.PASSWORD_LINK_TTL_MINUTES),
    uploadMaxBytes: intFrom(env.UPLOAD_MAX_BYTES, DEFAULT_UPLOAD_MAX_BYTES),
    uploadUnclaimedHours: intFrom(env.UPLOAD_UNCLAIMED_HOURS, 24),
    reportExportStreamMaxRows: intFrom(env.REPORT_EXPORT_STREAM_MAX_ROWS, 10_000),
    reportExportStartDelayMs: intFrom(env.REPORT_EXPORT_START_DELAY_MS, 0),
    s3: s3From(env),
    deviceCookieSecret: deviceCookieSecretFrom(env.DEVICE_COOKIE_SECRET),
    supportEmail: env.SUPPORT_EMAIL?.trim() || 'support@baridesk.local',
    chat: chatFrom(env),
    schedulerWorkers: env.SCHEDULER_WORKERS !== '0' && env.SCHEDULER_WORKERS !== 'false',
    schedulerPollSeconds: intFrom(env.SCHEDULER_POLL_SECONDS, 2),
    schedulerMaintenanceSeconds: intFrom(env.SCHEDULER_MAINTENANCE_SECONDS, 120),
    schedulerPoolSize: intFrom(env.SCHEDULER_POOL_SIZE, 10),
    schedulerPort: intFrom(env.SCHEDULER_PORT, 8081),
    ...vapidFrom(env),
    superAdminMfa: superAdminMfaFrom(env.SUPER_ADMIN_MFA),
  };
}

/** The VAPID settings; one key without the other, or a subject that is not mailto:/https:, is refused at start. */
function vapidFrom(env: NodeJS.ProcessEnv): Pick<Config, 'vapidPublicKey' | 'vapidPrivateKey' | 'vapidSubject'> {
  const vapidPublicKey = env.VAPID_PUBLIC_KEY?.trim() || undefined;
  const vapidPrivateKey = env.VAPID_PRIVATE_KEY?.trim() || undefined;
  if (Boolean(vapidPublicKey) !== Boolean(vapidPrivateKey)) {
    throw new Error('VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY are set together (push on), or neither (push off).');
  }
  const vapidSubject = env.VAPID_SUBJECT?.trim() || 'mailto:no-reply@baridesk.local';
  if (!/^(mailto:|https:\/\/)/.test(vapidSubject)) throw new Error('VAPID_SUBJECT must be a mailto: or https:// URL.');
  return { vapidPublicKey, vapidPrivateKey, vapidSubject };
}

/** A typo must not quietly turn the second factor of super admins off: anything but the two words stops the start. */
function superAdminMfaFrom(value: string | undefined): Config['superAdminMfa'] {
  const text = value?.trim().toLowerCase() ?? '';
  if (text === '' || text === 'required') return 'required';
  if (text === 'optional') return 'optional';
  throw new Error(`SUPER_ADMIN_MFA must be required or optional (it is "${value}").`);
}

/** The chat widget needs both settings; a base URL that is not http(s) is refused at start rather than put in a page. */
function chatFrom(env: NodeJS.ProcessEnv): Config['chat'] {
  const baseUrl = env.CHATWOOT_BASE_URL?.trim().replace(/\/+$/, '');
  const websiteToken = env.CHATWOOT_WEBSITE_TOKEN?.trim();
  if (!baseUrl || !websiteToken) return undefined;
  const url = new URL(baseUrl);
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new Error('CHATWOOT_BASE_URL must be an http(s) address.');
  if (!/^[A-Za-z0-9_-]+$/.test(websiteToken)) throw new Error('CHATWOOT_WEBSITE_TOKEN must be letters, digits, - and _.');
  return { baseUrl: url.origin + url.pathname.replace(/\/+$/, ''), websiteToken };
}

/** A short key would make device cookies forgeable by brute force: refused at start rather than used. */
function deviceCookieSecretFrom(value: string | undefined): string | undefined {
  if (!value) return undefined;
  if (value.length < 32) throw new Error('DEVICE_COOKIE_SECRET must be 32 characters or more (random text from a secret store).');
  return value;
}

/** S3 settings, or undefined when no bucket is named; half-given credentials are refused at start. */
function s3From(env: NodeJS.ProcessEnv): S3Settings | undefined {
  const bucket = env.S3_BUCKET?.trim();
  if (!bucket) return undefined;
  const accessKeyId = env.S3_ACCESS_KEY_ID || undefined;
  const secretAccessKey = env.S3_SECRET_ACCESS_KEY || undefined;
  if (Boolean(accessKeyId) !== Boolean(secretAccessKey)) {
    throw new Error('S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY are set together, or neither (to use the default credentials).');
  }
  return {
    bucket,
    endpoint: env.S3_ENDPOINT || undefined,
    region: env.S3_REGION || 'us-east-1',
    accessKeyId,
    secretAccessKey,
    forcePathStyle: env.S3_FORCE_PATH_STYLE === 'true' || env.S3_FORCE_PATH_STYLE === '1',
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
