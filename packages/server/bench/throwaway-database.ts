/**
 * A PostgreSQL database a benchmark may fill and drop: a new database on the server of DATABASE_URL
 * when it is set, else a throwaway cluster (scripts/pg-cluster.mjs) in a temporary folder. `release`
 * removes either.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { buildApp } from '../src/app';
import { queryRows } from '../src/db/client';
import { seedScale } from '../src/seed/scale';

const REPO_ROOT = path.resolve(__dirname, '../../..');

interface Cluster {
  startCluster(dir: string, port?: number): string;
  stopCluster(dir: string): void;
}

/** `label` names the database or the temporary folder (bench_<label>_…), to tell runs apart. */
export async function throwawayDatabase(label: string): Promise<{ url: string; release: () => Promise<void> }> {
  const server = process.env.DATABASE_URL;
  if (server) {
    const name = `bench_${label}_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: server });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const url = new URL(server);
    url.pathname = `/${name}`;
    return {
      url: url.toString(),
      release: async () => {
        const client = new pg.Client({ connectionString: server });
        await client.connect();
        await client.query(`drop database if exists ${name} with (force)`);
        await client.end();
      },
    };
  }
  const cluster = (await import(pathToFileURL(path.join(REPO_ROOT, 'scripts/pg-cluster.mjs')).href)) as Cluster;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `baridesk-bench-${label}-`));
  const url = cluster.startCluster(dir);
  return {
    url,
    release: async () => {
      cluster.stopCluster(dir);
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * The app on a benchmark's database, quiet and passive: no seed, no background work of its own (no
 * housekeeping, sweep or queue workers: a benchmark runs what it measures itself), no log.
 */
export function benchApp(url: string) {
  return buildApp({
    database: { kind: 'postgres', url },
    seed: false,
    housekeeping: false,
    pipelineSweep: false,
    workers: false,
    logger: false,
    config: { logLevel: 'silent' },
  });
}

/**
 * Fills a bench app's database with the scale seed (`patients` spread over bench programs of 50,000,
 * without food logs), printing its progress on stderr; answers the bench programs' ids and the seed's
 * figures. The daily runs' benchmarks (automatic messages, the super admins' rules) start from it.
 */
export async function seedBenchPrograms(app: Awaited<ReturnType<typeof benchApp>>, patients: number) {
  const started = performance.now();
  let last = 0;
  const seeded = await seedScale(app.db, patients, {
    foodLogsPerPatient: 0,
    concurrency: 2,
    onProgress: (done, total) => {
      if (done - last >= 200_000 || done === total) console.error(`  seeded ${done.toLocaleString('en-US')} of ${total.toLocaleString('en-US')} patients`);
      last = done;
    },
  });
  console.error(`  seed: ${seeded.programs} programs, ${seeded.patients.toLocaleString('en-US')} patients in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  const programs = await queryRows<{ id: number }>(
    app.db,
    sql`select p.id from programs p join accounts a on a.id = p.id where a.email like 'bench-program-%' order by p.id`,
  );
  return { seeded, programs };
}
