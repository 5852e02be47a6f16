/**
 * The daily automatic-message run over a large patient base, on PostgreSQL (issue 16: 1,000,000 patients
 * in under 60 s). `pnpm --filter @baridesk/server bench:automatic` (or `tsx bench/automatic-run.ts`):
 *
 *   BENCH_PATIENTS   patients of the scale seed (1,000,000 by default), spread over bench programs of 50,000
 *   DATABASE_URL     a PostgreSQL server to create a throwaway database on; unset: a throwaway cluster
 *                    (scripts/pg-cluster.mjs), removed afterwards
 *
 * Each bench program gets one rule of every trigger (days after signup, before and after surgery, in a
 * stage, no weight logged, a checklist item due). The run is timed three times, the programs taken two at a
 * time as the job's workers take them: today (the first run: the "no weight logged" rule finds
 * every silent patient at once, the worst day), tomorrow (an ordinary day: only triggers that came due),
 * and tomorrow again (a repeat must send nothing). The fan-out that follows each message (the delivery
 * service's job, benchmarked on its own) is not part of the run and is not timed. Prints one table.
 */
import { sql } from 'drizzle-orm';
import { benchApp, seedBenchPrograms, throwawayDatabase } from './throwaway-database';
import { queryRows } from '../src/db/client';
import { AUTOMATIC_RUN_CONCURRENCY, type ProgramRunResult } from '../src/contexts/messaging/plugins/automatic-run';

const DAY_MS = 86_400_000;
const TARGET_SECONDS = 60;

const RULES = [
  { trigger: 'days_after_signup', days: 30, stage: null },
  { trigger: 'days_before_surgery', days: 7, stage: null },
  { trigger: 'days_after_surgery', days: 30, stage: null },
  { trigger: 'days_in_stage', days: 14, stage: '2' },
  { trigger: 'no_weight_logged', days: 7, stage: null },
  { trigger: 'checklist_item_due', days: 3, stage: null },
] as const;

async function main() {
  const patients = Number(process.env.BENCH_PATIENTS ?? 1_000_000);
  const { url, release } = await throwawayDatabase('automatic');
  const app = await benchApp(url);
  try {
    const { seeded, programs } = await seedBenchPrograms(app, patients);
    let started = performance.now();
    // Each program's rules, created a year ago (so "today" is never before a rule existed), the checklist
    // rule waiting for the template item most often due in the next days; weigh-ins for half the patients.
    const yearAgo = new Date(Date.now() - 365 * DAY_MS);
    for (const { id } of programs) {
      const [item] = await queryRows<{ id: number }>(
        app.db,
        sql`select template_item_id as id from patient_checklist_items
            where program_id = ${id} and completed_at is null and template_item_id is not null
              and due_date between current_date + 1 and current_date + 4
            group by template_item_id order by count(*) desc limit 1`,
      );
      for (const rule of RULES) {
        await app.db.execute(sql`insert into automatic_message_rules (program_id, trigger, days, stage, checklist_item_id, title, message, channels, status, created_at, updated_at)
          values (${id}, ${rule.trigger}, ${rule.days}, ${rule.stage}, ${rule.trigger === 'checklist_item_due' ? (item?.id ?? null) : null},
                  ${`Bench ${rule.trigger}`}, ${'A message from your care team.'}, '{inbox}', 1, ${yearAgo}, ${yearAgo})`);
      }
    }
    started = performance.now();
    await app.db.execute(sql`insert into weight_logs (program_id, patient_id, logged_on, weight, source)
      select p.program_id, p.id, current_date - (hashint4(p.id) & 31), 200, 'app' from patients p
      join accounts a on a.id = p.program_id where a.email like 'bench-program-%' and p.id % 2 = 0`);
    await app.db.execute(sql`analyze`);
    console.error(`  weigh-ins for half the patients in ${((performance.now() - started) / 1000).toFixed(1)} s`);

    // As the job runs them: AUTOMATIC_RUN_CONCURRENCY programs at a time.
    const runAll = async (now: Date) => {
      const begin = performance.now();
      const results: ProgramRunResult[] = [];
      let next = 0;
      const worker = async () => {
        while (next < programs.length) results.push((await app.automaticRun.runProgram(programs[next++]!.id, now))!);
      };
      await Promise.all(Array.from({ length: AUTOMATIC_RUN_CONCURRENCY }, worker));
      const sent = results.flatMap((r) => r.rules).reduce((sum, r) => sum + r.sent, 0);
      const messages = results.flatMap((r) => r.rules).filter((r) => r.messageId !== null).length;
      const byTrigger: Record<string, number> = {};
      for (const rule of results.flatMap((r) => r.rules)) byTrigger[rule.trigger] = (byTrigger[rule.trigger] ?? 0) + rule.sent;
      return { seconds: (performance.now() - begin) / 1000, sent, messages, byTrigger };
    };
    const today = new Date();
    const tomorrow = new Date(today.getTime() + DAY_MS);
    const first = await runAll(today);
    const daily = await runAll(tomorrow);
    const again = await runAll(tomorrow);

    const [total] = await queryRows<{ n: number }>(app.db, sql`select count(*)::int as n from automatic_message_sends`);
    const rows = [
      ['first run (today, catch-up)', first],
      ['daily run (tomorrow)', daily],
      ['repeat (tomorrow again)', again],
    ] as const;
    console.log(`\nAutomatic messages: the daily run over ${seeded.patients.toLocaleString('en-US')} patients in ${programs.length} programs, ${RULES.length} rules each (PostgreSQL)`);
    console.log('run                          seconds   patients sent   messages');
    for (const [label, r] of rows) {
      console.log(`${label.padEnd(28)} ${r.seconds.toFixed(2).padStart(8)}   ${r.sent.toLocaleString('en-US').padStart(13)}   ${String(r.messages).padStart(8)}`);
    }
    console.log(`sent by trigger on the first run: ${JSON.stringify(first.byTrigger)}`);
    console.log(`sent by trigger on the daily run: ${JSON.stringify(daily.byTrigger)}`);
    console.log(`automatic_message_sends rows: ${(total?.n ?? 0).toLocaleString('en-US')}`);
    const worst = Math.max(first.seconds, daily.seconds);
    console.log(`Target: every run under ${TARGET_SECONDS} s — ${worst < TARGET_SECONDS ? 'met' : 'NOT met'} (slowest ${worst.toFixed(1)} s); the repeat sent ${again.sent} (must be 0).`);
    return worst < TARGET_SECONDS && again.sent === 0 ? 0 : 1;
  } finally {
    await app.close();
    await release();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
