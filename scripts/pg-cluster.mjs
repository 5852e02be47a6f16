#!/usr/bin/env node
/**
 * A throwaway PostgreSQL cluster for tests and benchmarks, from Debian's postgresql package.
 *   node scripts/pg-cluster.mjs start <dir> [port]   → prints the connection URL (a free port by default)
 *   node scripts/pg-cluster.mjs stop <dir>
 * initdb refuses to run as root, so as root the cluster belongs to the postgres user.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

export function postgresBin() {
  const root = '/usr/lib/postgresql';
  const versions = fs.existsSync(root)
    ? fs.readdirSync(root).filter((v) => fs.existsSync(path.join(root, v, 'bin/initdb')))
    : [];
  versions.sort((a, b) => Number(b) - Number(a));
  if (!versions[0]) throw new Error('PostgreSQL is not installed: apt-get install -y postgresql');
  return path.join(root, versions[0], 'bin');
}

const asRoot = () => process.getuid?.() === 0;
const run = (cmd, args) =>
  asRoot()
    ? execFileSync('runuser', ['-u', 'postgres', '--', cmd, ...args], { stdio: ['ignore', 'pipe', 'pipe'] })
    : execFileSync(cmd, args, { stdio: ['ignore', 'pipe', 'pipe'] });

/** A TCP port nothing listens on now. */
export function freePort() {
  const out = execFileSync(process.execPath, [
    '-e',
    "const s=require('net').createServer().listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})",
  ]);
  return Number(out.toString().trim());
}

export function startCluster(dir, port = freePort()) {
  const bin = postgresBin();
  const data = path.join(dir, 'data');
  fs.mkdirSync(dir, { recursive: true });
  if (asRoot()) execFileSync('chown', ['-R', 'postgres:postgres', dir]);
  if (!fs.existsSync(path.join(data, 'PG_VERSION'))) {
    run(path.join(bin, 'initdb'), ['-D', data, '--auth=trust', '-U', 'postgres', '--no-sync']);
  }
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c max_connections=200`;
  const log = path.join(dir, 'server.log');
  try {
    run(path.join(bin, 'pg_ctl'), ['-D', data, '-o', options, '-l', log, '-w', 'start']);
  } catch (error) {
    const tail = fs.existsSync(log) ? fs.readFileSync(log, 'utf8').split('\n').slice(-15).join('\n') : '';
    throw new Error(`PostgreSQL did not start on port ${port}:\n${tail}`, { cause: error });
  }
  return `postgres://postgres@127.0.0.1:${port}/postgres`;
}

export function stopCluster(dir) {
  const data = path.join(dir, 'data');
  if (fs.existsSync(path.join(data, 'postmaster.pid'))) {
    run(path.join(postgresBin(), 'pg_ctl'), ['-D', data, '-m', 'fast', '-w', 'stop']);
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const [command, dir, port] = process.argv.slice(2);
  if (!dir || !['start', 'stop'].includes(command ?? '')) {
    console.error('usage: pg-cluster.mjs start|stop <dir> [port]');
    process.exit(2);
  }
  if (command === 'start') console.log(startCluster(path.resolve(dir), Number(port) || freePort()));
  else stopCluster(path.resolve(dir));
}
