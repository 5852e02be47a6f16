/**
 * The event calendar's month list on PostgreSQL (issue 17): `pnpm bench:events` (or
 * `pnpm --filter @baridesk/server bench:events`).
 *
 *   BENCH_SERIES    series of the one bench program (500 by default): weekly, every other week, monthly
 *                   and daily rules, begun up to three years ago, a third with an end, some days taken out
 *   BENCH_SINGLES   single events (5,000 by default), spread over two years around today
 *   BENCH_REQUESTS  measured requests (200 by default, after 20 to warm up)
 *   DATABASE_URL    a PostgreSQL server to create a throwaway database on; unset: a throwaway cluster
 *                   (scripts/pg-cluster.mjs), removed afterwards
 *
 * Measured: GET /scheduler/api/event-calendar?month=&year= as the program's account, in this process
 * (session, validation, the two queries, the series expanded, the answer written), over the twelve
 * months around today in turn, then the repository alone, and the process's CPU per request. Target: p95
 * under 50 ms (PASS/FAIL line). Exits 1 only when the run broke, as the other benchmarks do.
 */
import os from 'node:os';
import { sql } from 'drizzle-orm';
import { queryRows } from '../src/db/client';
import { DEMO_PASSWORD } from '../src/seed/demo';
import { seedScale } from '../src/seed/scale';
import { benchApp, throwawayDatabase } from './throwaway-database';

const TARGET_P95_MS = 50;
const WARM_UP = 20;

const ms = (value: number) => `${value.toFixed(1)} ms`;
const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

async function main() {
  const seriesCount = Number(process.env.BENCH_SERIES ?? 500);
  const singles = Number(process.env.BENCH_SINGLES ?? 5000);
  const requests = Number(process.env.BENCH_REQUESTS ?? 200);
  const { url, release } = await throwawayDatabase('events');
  const app = await benchApp(url);
  try {
    let started = performance.now();
    await seedScale(app.db, 50, { programs: 1, foodLogsPerPatient: 0, concurrency: 2 });
    const [program] = await queryRows<{ id: number; email: string }>(
      app.db,
      sql`select p.id, a.email from programs p join accounts a on a.id = p.id where a.email like 'bench-program-%' order by p.id limit 1`,
    );
    const programId = program!.id;
    // The rules by row number: weekly on one day, weekly on two days every other week, monthly on a day,
    // every third day; every third series ends (UNTIL) within the coming year; every fifth has days taken out.
    await app.db.execute(sql`
      insert into events (program_id, event_title, type, date, time, end_time, timezone, venue_type, meeting_url, stages,
                          patient_type, weight_loss_type, status, rrule, recurrence_end, exdates)
      select ${programId}, 'Series ' || n, 'Support Group', start, '18:00', '19:00', 'America/Chicago', 'online',
             'https://meet.example.org/' || n, '{1,2,3}', 'all', 'all', case when n % 10 = 0 then 0 else 1 end,
             case n % 4
               when 0 then 'FREQ=WEEKLY;BYDAY=' || (array['MO','TU','WE','TH','FR','SA','SU'])[1 + n % 7]
               when 1 then 'FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,TH'
               when 2 then 'FREQ=MONTHLY;BYMONTHDAY=' || (1 + n % 28)
               else 'FREQ=DAILY;INTERVAL=3'
             end || case when n % 3 = 0 then ';UNTIL=' || to_char(ends, 'YYYYMMDD') else '' end,
             case when n % 3 = 0 then ends else null end,
             case when n % 5 = 0 then array[current_date + 7, current_date + 14, current_date + 35]::date[] else '{}'::date[] end
      from (
        select n, current_date - (n * 1093 % 1095) as start, current_date + (n * 37 % 365) as ends
        from generate_series(1, ${seriesCount}) as n
      ) as plan`);
    await app.db.execute(sql`
      insert into events (program_id, event_title, type, date, time, end_time, timezone, venue_type, meeting_url, stages,
                          patient_type, weight_loss_type, status)
      select ${programId}, 'Event ' || n, 'Seminar', current_date - 365 + (n * 7919 % 730), make_time(8 + n % 10, (n % 4) * 15, 0),
             make_time(9 + n % 10, (n % 4) * 15, 0), 'America/Chicago', 'online', 'https://meet.example.org/e' || n, '{1}', 'all', 'all', 1
      from generate_series(1, ${singles}) as n`);
    await app.db.execute(sql`analyze`);
    console.error(`  seed: ${seriesCount} series and ${singles} single events in ${ms(performance.now() - started)}`);

    const login = await app.inject({ method: 'POST', url: '/api/login', payload: { email: program!.email, password: DEMO_PASSWORD } });
    if (login.statusCode !== 200) throw new Error(`the bench program's sign-in answered ${login.statusCode}: ${login.body}`);
    const token = login.json().data.token as string;

    const today = new Date();
    const months = Array.from({ length: 12 }, (_, i) => {
      const at = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() - 5 + i, 1));
      return { month: at.getUTCMonth() + 1, year: at.getUTCFullYear() };
    });
    const times: number[] = [];
    const sizes: number[] = [];
    let cpu: NodeJS.CpuUsage | undefined;
    for (let i = 0; i < WARM_UP + requests; i += 1) {
      if (i === WARM_UP) cpu = process.cpuUsage();
      const { month, year } = months[i % months.length]!;
      started = performance.now();
      const res = await app.inject({ method: 'GET', url: `/scheduler/api/event-calendar?month=${month}&year=${year}`, headers: { authorization: `Bearer ${token}` } });
      const took = performance.now() - started;
      if (res.statusCode !== 200) throw new Error(`GET /scheduler/api/event-calendar answered ${res.statusCode}: ${res.body}`);
      if (i >= WARM_UP) {
        times.push(took);
        sizes.push((res.json().data.data as unknown[]).length);
      }
    }
    // The process's own CPU per request (the server's side, PostgreSQL's not counted): steadier than wall time on a loaded machine.
    const used = process.cpuUsage(cpu);
    const cpuPerRequest = (used.user + used.system) / 1000 / requests;
    // The repository alone (the two queries and the expansion), without the session and the JSON.
    const repositoryTimes: number[] = [];
    for (let i = 0; i < requests; i += 1) {
      const { month, year } = months[i % months.length]!;
      const from = `${year}-${String(month).padStart(2, '0')}-01`;
      const to = new Date(Date.UTC(year, month, 0)).toISOString().slice(0, 10);
      started = performance.now();
      await app.events.occurrences(programId, from, to);
      repositoryTimes.push(performance.now() - started);
    }
    repositoryTimes.sort((a, b) => a - b);
    times.sort((a, b) => a - b);
    const p95 = percentile(times, 95);
    const rows: [string, string][] = [
      ['program', `${seriesCount} series, ${singles} single events`],
      ['occurrences per month', `${Math.min(...sizes)} to ${Math.max(...sizes)}`],
      ['requests measured', String(times.length)],
      ['p50', ms(percentile(times, 50))],
      ['p95', `${ms(p95)} (target < ${TARGET_P95_MS} ms)`],
      ['max', ms(times.at(-1)!)],
      ['CPU per request', `${ms(cpuPerRequest)} (this process, all its threads; load average ${os.loadavg()[0]!.toFixed(1)} during the run)`],
      ['repository alone p50/p95', `${ms(percentile(repositoryTimes, 50))} / ${ms(percentile(repositoryTimes, 95))}`],
    ];
    console.log('\nGET /scheduler/api/event-calendar?month=&year= (PostgreSQL)\n');
    for (const [name, value] of rows) console.log(`  ${name.padEnd(28)}${value}`);
    console.log(`\n${p95 < TARGET_P95_MS ? 'PASS' : 'FAIL'}: month list p95 ${ms(p95)} (target < ${TARGET_P95_MS} ms)`);
  } finally {
    await app.close();
    await release();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
