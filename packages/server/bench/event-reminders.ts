/**
 * The event reminder job over a large patient base, on PostgreSQL (issue 17: a minute's due reminders
 * found over 1,000,000 patients in under 1 s). `pnpm --filter @baridesk/server bench:reminders`:
 *
 *   BENCH_PATIENTS   patients (1,000,000 by default), 50,000 per bench program
 *   BENCH_SERIES     weekly series per program (500 by default), at quarter hours from 08:00 to 19:45
 *   BENCH_SINGLES    single events per program (5,000 by default), over the year around today
 *   DATABASE_URL     a PostgreSQL server to create a throwaway database on; unset: a throwaway cluster
 *
 * Programs come from the scale seed (without patients); patients are written here by the database from
 * generate_series with only what the audience reads (stage, surgery dates, status), which takes a
 * minute instead of the scale seed's quarter of an hour; the patient list's trigram index is dropped
 * first (reminders never read it). Every program also gets, at the measured minute T, ten events whose
 * day-before reminder falls due then and ten whose five-minute reminder does.
 *
 * Timed, with the job's own functions (fastify.eventReminders): the first tick (T − 1 min: every
 * occurrence of the coming day is due at once, as after a deploy or a long stop), then the minute T:
 * finding the due reminders, sending them (the event_reminders row and the message each), the
 * audience of each (counted with the rule the fan-out reads), and T again (must send nothing).
 * The fan-out itself is the delivery service's job, benchmarked in bench/messages.ts.
 */
import os from 'node:os';
import { sql } from 'drizzle-orm';
import { DateTime } from 'luxon';
import { queryRows } from '../src/db/client';
import { seedScale } from '../src/seed/scale';
import { benchApp, throwawayDatabase } from './throwaway-database';

const TARGET_MS = 1000;
const PER_PROGRAM = 50_000;
const AT_T = 10;

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const fmt = (n: number) => n.toLocaleString('en-US');

async function main() {
  const patients = Number(process.env.BENCH_PATIENTS ?? 1_000_000);
  const seriesCount = Number(process.env.BENCH_SERIES ?? 500);
  const singles = Number(process.env.BENCH_SINGLES ?? 5000);
  const programCount = Math.max(1, Math.ceil(patients / PER_PROGRAM));
  const { url, release } = await throwawayDatabase('reminders');
  const app = await benchApp(url);
  let failed = false;
  try {
    let started = performance.now();
    await seedScale(app.db, 0, { programs: programCount, foodLogsPerPatient: 0 });
    const programs = await queryRows<{ id: number; timezone: string }>(
      app.db,
      sql`select p.id, p.timezone from programs p join accounts a on a.id = p.id where a.email like 'bench-program-%' order by p.id`,
    );
    await app.db.execute(sql`drop index if exists patients_program_search_idx`);
    // Stages 1–3 in turn; Pre-Op patients: 40% with a surgery ahead; the others operated up to two years
    // ago; one in ten on the non-surgical program instead; 4% inactive.
    for (const [k, program] of programs.entries()) {
      const count = Math.min(PER_PROGRAM, patients - k * PER_PROGRAM);
      if (count <= 0) break;
      await app.db.execute(sql`
        insert into patients (program_id, name, first_name, last_name, email, current_stage, surgery_date, non_surgery_date, status, timezone)
        select ${program.id}, 'Bench Patient ' || n, 'Bench', 'Patient ' || n, 'patient' || n || '@bench.test', 1 + n % 3,
               case when n % 10 = 0 then null
                    when n % 3 = 0 then case when n % 5 < 2 then current_date + (n % 150) end
                    else current_date - (n % 730) end,
               case when n % 10 = 0 then current_date - (n % 400) end,
               case when n % 25 = 0 then 0 else 1 end,
               ${program.timezone}
        from generate_series(1, ${count}) as n`);
      console.error(`  patients of program ${k + 1} of ${programs.length} written`);
    }

    // The minute measured: the next whole minute; each program's zone reads its own clock then.
    const at = DateTime.utc().plus({ minutes: 1 }).startOf('minute');
    for (const program of programs) {
      await app.db.execute(sql`
        insert into events (program_id, event_title, type, date, time, end_time, timezone, venue_type, meeting_url, stages,
                            patient_type, weight_loss_type, status, rrule, recurrence_end, push_notification, five_minute_earlier_reminder)
        select ${program.id}, 'Series ' || n, 'Support Group', current_date - (n % 700), make_time(8 + n % 12, (n % 4) * 15, 0),
               make_time(9 + n % 12, (n % 4) * 15, 0), ${program.timezone}, 'online', 'https://meet.example.org/' || n,
               (array['{1}', '{2,3}', '{1,2,3}'])[1 + n % 3]::int[], (array['all', 'prospective', 'existing'])[1 + n % 3],
               (array['all', 'surgical', 'non_surgical'])[1 + n % 3], case when n % 20 = 0 then 0 else 1 end,
               'FREQ=WEEKLY;BYDAY=' || (array['MO','TU','WE','TH','FR','SA','SU'])[1 + n % 7], null, n % 2, case when n % 5 = 0 then 1 else 0 end
        from generate_series(1, ${seriesCount}) as n`);
      await app.db.execute(sql`
        insert into events (program_id, event_title, type, date, time, end_time, timezone, venue_type, meeting_url, stages,
                            patient_type, weight_loss_type, status, push_notification, five_minute_earlier_reminder)
        select ${program.id}, 'Event ' || n, 'Seminar', current_date - 182 + (n * 7919 % 365), make_time(8 + n % 12, (n % 4) * 15, 0),
               make_time(9 + n % 12, (n % 4) * 15, 0), ${program.timezone}, 'online', 'https://meet.example.org/e' || n,
               (array['{1}', '{2,3}', '{1,2,3}'])[1 + n % 3]::int[], 'all', 'all', 1, n % 2, case when n % 5 = 0 then 1 else 0 end
        from generate_series(1, ${singles}) as n`);
      // Due at T: ten day-before reminders (starting 24 h after T) and ten five-minute ones (starting 5 min after).
      for (const [offset, fiveMinutes] of [[{ hours: 24 }, 0], [{ minutes: 5 }, 1]] as const) {
        const start = at.plus(offset).setZone(program.timezone);
        const end = start.plus({ minutes: 60 }).hour < start.hour ? '23:59' : start.plus({ minutes: 60 }).toFormat('HH:mm');
        if (start.toFormat('HH:mm') === '23:59') continue;
        await app.db.execute(sql`
          insert into events (program_id, event_title, type, date, time, end_time, timezone, venue_type, meeting_url, stages,
                              patient_type, weight_loss_type, status, push_notification, five_minute_earlier_reminder)
          select ${program.id}, 'Due ' || n, 'Support Group', ${start.toISODate()}, ${start.toFormat('HH:mm')}, ${end}, ${program.timezone},
                 'online', 'https://meet.example.org/due' || n, '{1,2,3}', 'all', 'all', 1, 1, ${fiveMinutes}
          from generate_series(1, ${AT_T}) as n`);
      }
    }
    await app.db.execute(sql`analyze`);
    const [sizes] = await queryRows<{ patients: number; events: number }>(
      app.db,
      sql`select (select count(*)::int from patients) as patients, (select count(*)::int from events) as events`,
    );
    console.error(`  seed: ${fmt(sizes!.patients)} patients, ${fmt(sizes!.events)} events in ${programs.length} programs, ${seconds(performance.now() - started)}`);

    const reminders = app.eventReminders;
    const before = at.minus({ minutes: 1 }).toJSDate();
    started = performance.now();
    const first = await reminders.run(before);
    const firstMs = performance.now() - started;

    const minute = at.toJSDate();
    started = performance.now();
    const due = await reminders.findDue(minute);
    const findMs = performance.now() - started;
    failed = findMs >= TARGET_MS;

    started = performance.now();
    const sent = await reminders.run(minute);
    const runMs = performance.now() - started;

    const messages = await queryRows<{ program_id: number; audience: Parameters<typeof app.delivery.countAudience>[1] }>(
      app.db,
      sql`select m.program_id, m.audience from event_reminders r join messages m on m.id = r.message_id where r.created_at = ${minute}`,
    );
    started = performance.now();
    let recipients = 0;
    for (const m of messages) recipients += await app.delivery.countAudience({ programId: m.program_id }, m.audience);
    const audienceMs = performance.now() - started;

    started = performance.now();
    const again = await reminders.run(minute);
    const againMs = performance.now() - started;

    const rows: [string, string][] = [
      ['data', `${fmt(sizes!.patients)} patients, ${fmt(sizes!.events)} events (${seriesCount} weekly series and ${fmt(singles)} single events a program), ${programs.length} programs`],
      ['first tick (T − 1 min)', `${seconds(firstMs)}: ${fmt(first.sent)} reminders of the coming day sent at once`],
      ['minute T: finding', `${seconds(findMs)}: ${fmt(due.length)} due (target < ${TARGET_MS / 1000} s)`],
      ['minute T: sending', `${seconds(runMs)}: ${fmt(sent.sent)} reminders (row and message each; the find included)`],
      ['minute T: audiences', `${seconds(audienceMs)}: ${fmt(recipients)} recipients of ${fmt(messages.length)} messages, counted with the fan-out's rule`],
      ['minute T again', `${seconds(againMs)}: ${fmt(again.sent)} sent (must be 0)`],
      ['load average', os.loadavg()[0]!.toFixed(1)],
    ];
    console.log('\nEvent reminders (job events.reminders, PostgreSQL)\n');
    for (const [name, value] of rows) console.log(`  ${name.padEnd(26)}${value}`);
    if (again.sent !== 0) {
      failed = true;
      console.log('\nA repeat of the minute sent reminders again.');
    }
    console.log(failed ? '\nAbove the target.' : '\nWithin the target.');
  } finally {
    await app.close();
    await release();
  }
  if (failed) process.exitCode = 1;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
