import path from 'node:path';

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
  };
}

function intFrom(value: string | undefined, fallback: number): number {
  const n = Number.parseInt(value ?? '', 10);
  return Number.isFinite(n) && n > 0 ? n : fallback;
}
