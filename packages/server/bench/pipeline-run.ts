/**
 * The pipeline's part of `pnpm bench:api`, in a process of its own on the database of DATABASE_URL:
 *
 *   tsx bench/pipeline-run.ts prepare   adds the pipeline (statuses, templates, rules, each patient's status
 *                                       and checklist) to bench programs that have none (seed/scale-pipeline)
 *   tsx bench/pipeline-run.ts sweep     runs the daily sweep of every bench program one after another, as
 *                                       the job would, then once more (a re-run must make no new moves),
 *                                       and prints one line of JSON with the figures
 */
import { sql } from 'drizzle-orm';
import { buildApp } from '../src/app';
import { queryRows } from '../src/db/client';
import { seedScalePipeline } from '../src/seed/scale-pipeline';

export interface SweepRunFigures {
  programs: number;
  /** Patients examined by the first run, and the moves it recorded. */
  patients: number;
  moves: number;
  seconds: number;
  /** The same sweep again on the same day: the moves it made (0 when idempotent) and its time. */
  rerunMoves: number;
  rerunSeconds: number;
}

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
    const sweepAll = async () => {
      const started = performance.now();
      let patients = 0;
      let moves = 0;
      for (const { id } of programs) {
        const result = await app.pipelineAutomation.sweepProgram(id, new Date());
        patients += result.patients;
        moves += result.moves;
      }
      return { patients, moves, seconds: (performance.now() - started) / 1000 };
    };
    const first = await sweepAll();
    const again = await sweepAll();
    const figures: SweepRunFigures = {
      programs: programs.length,
      patients: first.patients,
      moves: first.moves,
      seconds: first.seconds,
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
