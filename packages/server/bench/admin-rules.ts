/**
 * The super admins' daily rules over a large patient base, on PostgreSQL (issue 21: the dynamic
 * notifications and the trophy cards over 1,000,000 patients in under 60 s).
 * `pnpm --filter @baridesk/server bench:admin-rules` (or `tsx bench/admin-rules.ts`):
 *
 *   BENCH_PATIENTS   patients of the scale seed (1,000,000 by default), spread over bench programs of 50,000
 *   DATABASE_URL     a PostgreSQL server to create a throwaway database on; unset: a throwaway cluster
 *                    (scripts/pg-cluster.mjs), removed afterwards
 *
 * The scale seed as the automatic messages' benchmark seeds it (its weigh-ins after surgery, no food logs),
 * then a weigh-in and a food log within the last month for half the patients. One dynamic notification of
 * every rule type (global: each program's run checks all six) and, when the trophy run is in the app
 * (`fastify.trophyAwards.runProgram`), four trophy cards. Each program's day is run as the jobs run it, two
 * programs at a time: today (the first run: the silence rules find every silent patient at once, the worst
 * day), tomorrow (an ordinary day), tomorrow again (must send and award nothing). The fan-out of the
 * messages (the delivery service's job, benchmarked on its own) is not timed. Prints one table.
 */
import { sql } from 'drizzle-orm';
import { DateTime } from 'luxon';
import { benchApp, seedBenchPrograms, throwawayDatabase } from './throwaway-database';
import { queryRows } from '../src/db/client';
import { programDay } from '../src/lib/program-day';
import { DYNAMIC_RUN_CONCURRENCY } from '../src/contexts/admin/plugins/dynamic-notification-runs';

const DAY_MS = 86_400_000;
const TARGET_SECONDS = 60;

/** One notification of every rule type, with the parameters a program would use. */
const NOTIFICATIONS = [
  { rule_type: 'surgery_date', metadata: { type: 'before', days: 1, duration: 'week', surgery_type: '' }, stages: '{}' },
  { rule_type: 'weight', metadata: { days: 7, duration: 'day' }, stages: '{}' },
  { rule_type: 'weight_lost', metadata: { weight_lost: 50 }, stages: '{2,3}' },
  { rule_type: 'reminder', metadata: { type: 'surgery', days: 1, duration: 'month' }, stages: '{2,3}' },
  { rule_type: 'food', metadata: { days: 3, duration: 'day' }, stages: '{}' },
  { rule_type: 'signup', metadata: { days: 30 }, stages: '{}' },
] as const;

/** Trophy cards of T's rule types (docs/admin.md "Cards and trophies"): a streak, a total, an anniversary, a date. */
const CARDS = [
  { title: 'Bench: a week of food logs', rule_type: 'food_log', days: 7, days_condition: 'in_row', surgery_days: null, surgery_day_type: 'day' },
  { title: 'Bench: ten weigh-ins', rule_type: 'weight_log', days: 10, days_condition: 'in_total', surgery_days: null, surgery_day_type: 'day' },
  { title: 'Bench: six months after surgery', rule_type: 'surgery_anniversary', days: 1, days_condition: 'in_row', surgery_days: 6, surgery_day_type: 'month' },
  { title: 'Bench: a day to remember', rule_type: 'date', days: 1, days_condition: 'in_row', surgery_days: null, surgery_day_type: 'day' },
] as const;

/** The trophy run as T publishes it; absent from an app without it (then only the notifications are measured). */
type TrophyRun = { runProgram(programId: number, day: string): Promise<{ awarded: number; messages: number }> };

interface Figures {
  seconds: number;
  count: number;
  messages: number;
}

async function main() {
  const patients = Number(process.env.BENCH_PATIENTS ?? 1_000_000);
  const { url, release } = await throwawayDatabase('admin_rules');
  const app = await benchApp(url);
  try {
    const { seeded, programs } = await seedBenchPrograms(app, patients);
    const started = performance.now();
    const bench = sql`join accounts a on a.id = p.program_id where a.email like 'bench-program-%'`;
    await app.db.execute(sql`insert into weight_logs (program_id, patient_id, logged_on, weight, source)
      select p.program_id, p.id, current_date - (hashint4(p.id) & 31), 200, 'app' from patients p ${bench} and p.id % 2 = 0`);
    await app.db.execute(sql`insert into food_log_entries (program_id, patient_id, logged_on, meal_type, item_name)
      select p.program_id, p.id, current_date - (hashint4(p.id + 7) & 31), 'lunch', 'Bench soup' from patients p ${bench} and p.id % 2 = 1`);
    // Created a year ago, so no day of the runs lies before a rule existed.
    const yearAgo = new Date(Date.now() - 365 * DAY_MS);
    for (const n of NOTIFICATIONS) {
      await app.db.execute(sql`insert into dynamic_notifications (user_id, patient_type, stages, rule_type, metadata, message, status, created_at, updated_at)
        values (null, 'all', ${n.stages}::smallint[], ${n.rule_type}, ${JSON.stringify(n.metadata)}::jsonb, ${`Bench ${n.rule_type}`}, 1, ${yearAgo}, ${yearAgo})`);
    }
    const trophies = (app as unknown as { trophyAwards?: TrophyRun }).trophyAwards;
    if (trophies) {
      for (const [i, card] of CARDS.entries()) {
        await app.db.execute(sql`insert into trophy_cards (title, rule_type, date, days, days_condition, surgery_day_type, surgery_days, notification_content, status, order_index, created_at, updated_at)
          values (${card.title}, ${card.rule_type}, ${card.rule_type === 'date' ? sql`current_date + 1` : null}, ${card.days}, ${card.days_condition},
                  ${card.surgery_day_type}, ${card.surgery_days}, ${'Well done!'}, 1, ${i + 1}, ${yearAgo}, ${yearAgo})`);
      }
    }
    await app.db.execute(sql`analyze`);
    console.error(`  logs, ${NOTIFICATIONS.length} notifications${trophies ? ` and ${CARDS.length} cards` : ''} in ${((performance.now() - started) / 1000).toFixed(1)} s`);

    /** Each program's day at `now` (the programs are in several zones), run DYNAMIC_RUN_CONCURRENCY at a time, as the jobs run them. */
    const runAll = async (now: Date, run: (programId: number, day: string) => Promise<{ count: number; messages: number }>): Promise<Figures> => {
      const days = await Promise.all(programs.map(async ({ id }) => ({ id, day: (await programDay(app.db, id, now)).today })));
      const begin = performance.now();
      const figures: Figures = { seconds: 0, count: 0, messages: 0 };
      let next = 0;
      const worker = async () => {
        while (next < days.length) {
          const { id, day } = days[next++]!;
          const result = await run(id, day);
          figures.count += result.count;
          figures.messages += result.messages;
        }
      };
      await Promise.all(Array.from({ length: DYNAMIC_RUN_CONCURRENCY }, worker));
      figures.seconds = (performance.now() - begin) / 1000;
      return figures;
    };
    const notify = (id: number, day: string) => app.dynamicNotificationRuns.runProgram(id, day).then((r) => ({ count: r.sent, messages: r.messages }));
    const award = (id: number, day: string) => trophies!.runProgram(id, day).then((r) => ({ count: r.awarded, messages: r.messages }));

    const today = new Date();
    const tomorrow = new Date(today.getTime() + DAY_MS);
    const rows: [string, Figures, Figures | null][] = [];
    for (const [label, at] of [
      ['first run (today)', today],
      ['daily run (tomorrow)', tomorrow],
      ['repeat (tomorrow again)', tomorrow],
    ] as const) {
      const n = await runAll(at, notify);
      const t = trophies ? await runAll(at, award) : null;
      rows.push([label, n, t]);
    }

    const [byRule] = await queryRows<{ counts: Record<string, number> }>(
      app.db,
      sql`select jsonb_object_agg(rule_type, n) as counts from (
            select d.rule_type, count(*)::int as n from dynamic_notification_sends s join dynamic_notifications d on d.id = s.notification_id group by d.rule_type) c`,
    );
    console.log(
      `\nAdmin rules: the daily run over ${seeded.patients.toLocaleString('en-US')} patients in ${programs.length} programs, ` +
        `${NOTIFICATIONS.length} dynamic notifications${trophies ? ` and ${CARDS.length} trophy cards` : ' (no trophy run in this app: notifications only)'} (PostgreSQL, ${DateTime.now().toISODate()})`,
    );
    console.log('run                        notifications s   sent      messages   trophies s   awarded   messages   total s');
    for (const [label, n, t] of rows) {
      const total = n.seconds + (t?.seconds ?? 0);
      console.log(
        `${label.padEnd(26)} ${n.seconds.toFixed(2).padStart(15)}   ${n.count.toLocaleString('en-US').padStart(9)}   ${String(n.messages).padStart(8)}` +
          `   ${t ? t.seconds.toFixed(2).padStart(10) : '         –'}   ${t ? t.count.toLocaleString('en-US').padStart(7) : '      –'}   ${t ? String(t.messages).padStart(8) : '       –'}   ${total.toFixed(2).padStart(7)}`,
      );
    }
    console.log(`notification sends by rule (all runs): ${JSON.stringify(byRule?.counts ?? {})}`);
    const worst = Math.max(...rows.slice(0, 2).map(([, n, t]) => n.seconds + (t?.seconds ?? 0)));
    const repeat = rows[2]!;
    const repeatSent = repeat[1].count + (repeat[2]?.count ?? 0);
    console.log(`Target: every run under ${TARGET_SECONDS} s — ${worst < TARGET_SECONDS ? 'met' : 'NOT met'} (slowest ${worst.toFixed(1)} s); the repeat sent or awarded ${repeatSent} (must be 0).`);
    return worst < TARGET_SECONDS && repeatSent === 0 ? 0 : 1;
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
