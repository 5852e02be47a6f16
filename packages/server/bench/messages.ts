/**
 * An on-demand message to 50,000 patients, on PostgreSQL (issue 16): `pnpm --filter @baridesk/server
 * bench:messages` (or `tsx bench/messages.ts`).
 *
 *   BENCH_RECIPIENTS  patients of the one bench program the message goes to (50,000 by default)
 *   DATABASE_URL      a PostgreSQL server to create a throwaway database on; unset: a throwaway cluster
 *                     (scripts/pg-cluster.mjs), removed afterwards
 *
 * The API runs in this process with its workers off, as a gateway behind which `pnpm start:scheduler`
 * runs the jobs; the scheduler is that entry in a child process. Measured:
 *   1. the request: POST /api/on-demand-messages to every active patient of the program, as its
 *      program account (target < 2 s: the sending is queued);
 *   2. from the request until every inbox delivery is recorded and the message is sent (target < 60 s);
 *   3. the kill -9 run (src/test/fan-out-kill.ts): another such message, the scheduler killed with SIGKILL
 *      mid-fan-out and restarted; every recipient must have exactly one inbox delivery.
 * Prints one table; exits 1 when the run broke or a recipient has not exactly one inbox delivery.
 */
import { sql } from 'drizzle-orm';
import { benchApp, throwawayDatabase } from './throwaway-database';
import { queryRows } from '../src/db/client';
import { seedScale } from '../src/seed/scale';
import { DEMO_PASSWORD } from '../src/seed/demo';
import { killMidFanOut, startScheduler, until } from '../src/test/fan-out-kill';

const REQUEST_TARGET_MS = 2_000;
const DELIVERED_TARGET_S = 60;

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

async function main() {
  const recipients = Number(process.env.BENCH_RECIPIENTS ?? 50_000);
  const { url, release } = await throwawayDatabase('messages');
  const app = await benchApp(url);
  let scheduler: Awaited<ReturnType<typeof startScheduler>> | undefined;
  let broken = false;
  try {
    let started = performance.now();
    await seedScale(app.db, recipients, { programs: 1, foodLogsPerPatient: 0, concurrency: 2 });
    await app.db.execute(sql`analyze`);
    const [program] = await queryRows<{ id: number; email: string }>(
      app.db,
      sql`select p.id, a.email from programs p join accounts a on a.id = p.id where a.email like 'bench-program-%' order by p.id limit 1`,
    );
    const [active] = await queryRows<{ n: number }>(app.db, sql`select count(*)::int as n from patients where program_id = ${program!.id} and status = 1`);
    const audience = active!.n;
    console.error(`  seed: ${recipients.toLocaleString('en-US')} patients (${audience.toLocaleString('en-US')} active) in ${seconds(performance.now() - started)}`);

    scheduler = await startScheduler(url);
    const login = await app.inject({ method: 'POST', url: '/api/login', payload: { email: program!.email, password: DEMO_PASSWORD } });
    if (login.statusCode !== 200) throw new Error(`the bench program's sign-in answered ${login.statusCode}: ${login.body}`);
    const token = login.json().data.token as string;

    // 1 and 2: the request, then the fan-out in the scheduler process.
    started = performance.now();
    const res = await app.inject({
      method: 'POST',
      url: '/api/on-demand-messages',
      headers: { authorization: `Bearer ${token}` },
      payload: { title: 'Clinic update', message: 'Our clinic hours change next week.', filter: { status: 1 }, channels: ['inbox'] },
    });
    const requestMs = performance.now() - started;
    if (res.statusCode !== 201) throw new Error(`POST /api/on-demand-messages answered ${res.statusCode}: ${res.body}`);
    const messageId = res.json().data.id as number;
    await until(
      'every inbox delivery',
      async () => {
        const [row] = await queryRows<{ status: string; n: number }>(
          app.db,
          sql`select m.status, (select count(*)::int from message_deliveries d where d.message_id = m.id and d.channel = 'inbox') as n
              from messages m where m.id = ${messageId}`,
        );
        return row?.status === 'sent' && row.n === audience ? true : undefined;
      },
      600_000,
      scheduler.output,
    );
    const deliveredMs = performance.now() - started;
    scheduler.child.kill('SIGTERM');
    await scheduler.exited;
    scheduler = undefined;

    // 3: the kill -9 run.
    const kill = await killMidFanOut(app, url, program!.id);
    const exact = kill.deliveries === kill.audience && kill.exactlyOnce === kill.audience && kill.missing === 0;
    broken = !exact;

    const rows: [string, string, string][] = [
      ['POST /api/on-demand-messages (queued)', seconds(requestMs), `< 2 s: ${requestMs < REQUEST_TARGET_MS ? 'PASS' : 'FAIL'}`],
      ['until every inbox delivery is recorded', seconds(deliveredMs), `< ${DELIVERED_TARGET_S} s: ${deliveredMs < DELIVERED_TARGET_S * 1000 ? 'PASS' : 'FAIL'}`],
      ['kill -9: inbox deliveries at the kill', kill.recordedAtKill.toLocaleString('en-US'), `of ${kill.audience.toLocaleString('en-US')}`],
      ['kill -9: from the restart until sent', seconds(kill.resumeSeconds * 1000), 'the restart waited 30 s first (stalled)'],
      [
        'kill -9: recipients with exactly one',
        kill.exactlyOnce.toLocaleString('en-US'),
        `${kill.deliveries.toLocaleString('en-US')} deliveries, ${kill.missing} missing: ${exact ? 'PASS' : 'FAIL'}`,
      ],
    ];
    console.log(`\nOn-demand message to ${audience.toLocaleString('en-US')} patients (PostgreSQL, scheduler in its own process)`);
    const width = Math.max(...rows.map((r) => r[0].length));
    for (const [what, figure, note] of rows) console.log(`  ${what.padEnd(width)}  ${figure.padStart(10)}  ${note}`);
  } finally {
    if (scheduler) {
      scheduler.child.kill('SIGTERM');
      await scheduler.exited;
    }
    await app.close();
    await release();
  }
  if (broken) process.exitCode = 1;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
