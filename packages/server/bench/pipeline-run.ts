/**
 * The pipeline's part of `pnpm bench:api`, in a process of its own on the database of DATABASE_URL:
 *
 *   tsx bench/pipeline-run.ts prepare   adds the pipeline (statuses, templates, rules, each patient's status
 *                                       and checklist) to bench programs that have none (seed/scale-pipeline)
 *   tsx bench/pipeline-run.ts sweep     sweeps every bench program one after another, as the job would:
 *                                       today (a catch-up when rules met patients placed at random: on a
 *                                       fresh scale seed most of them move once), then the next day (the
 *                                       daily sweep: only triggers that came due that day), then the next
 *                                       day again (a re-run must make no new moves); prints one line of JSON
 */
import { sql } from 'drizzle-orm';
import { buildApp } from '../src/app';
import { queryRows } from '../src/db/client';
import { seedScalePipeline } from '../src/seed/scale-pipeline';

export interface SweepRunFigures {
  programs: number;
  /** Patients examined by the daily sweep, the moves it recorded and its time (the target's figure). */
  patients: number;
  moves: number;
  seconds: number;
  /** Today's sweep before it: the catch-up of whatever the rules find due. */
  catchUpMoves: number;
  catchUpSeconds: number;
  /** The daily sweep again the same day: the moves it made (0 when idempotent) and its time. */
  rerunMoves: number;
  rerunSeconds: number;
}

const DAY_MS = 86_400_000;

async function main(): Promise<number> {
  const mode = process.argv[2];
  if (mode !== 'prepare' && mode !== 'sweep') {
    console.error('usage: tsx bench/pipeline-run.ts prepare|sweep');
    return 2;
  }
  const app = await buildApp({ seed: false, housekeeping: false, pipelineSweep: false, logger: false, config: { logLevel: 'silent' } });
  try {
    await app.ready();
    if (mode === 'prepare') {
      const result = await seedScalePipeline(app.db, (done, total) => console.error(`  pipeline added to bench program ${done} of ${total}`));
      console.log(`PREPARED ${JSON.stringify(result)}`);
      return 0;
    }
    const programs = await queryRows<{ id: number }>(
      app.db,
      sql`select p.id from programs p join accounts a on a.id = p.id where a.email like 'bench-program-%' order by p.id`,
    );
    const sweepAll = async (now: Date) => {
      const started = performance.now();
      let patients = 0;
      let moves = 0;
      for (const { id } of programs) {
        const result = await app.pipelineAutomation.sweepProgram(id, now);
        patients += result.patients;
        moves += result.moves;
      }
      return { patients, moves, seconds: (performance.now() - started) / 1000 };
    };
    const today = new Date();
    const tomorrow = new Date(today.getTime() + DAY_MS);
    const catchUp = await sweepAll(today);
    const daily = await sweepAll(tomorrow);
    const again = await sweepAll(tomorrow);
    const figures: SweepRunFigures = {
      programs: programs.length,
      patients: daily.patients,
      moves: daily.moves,
      seconds: daily.seconds,
      catchUpMoves: catchUp.moves,
      catchUpSeconds: catchUp.seconds,
      rerunMoves: again.moves,
      rerunSeconds: again.seconds,
    };
    console.log(`SWEEP ${JSON.stringify(figures)}`);
    return 0;
  } finally {
    await app.close();
  }
}

main()
  .catch((error: unknown) => {
    console.error(`pipeline-run failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    return 1;
  })
  .then((code) => process.exit(code));
