import { sql } from 'drizzle-orm';
import { openDatabase, queryRows, type DatabaseHandle } from '../db/client';
import { seedScale } from './scale';
import { SCALE_PIPELINE_STATUSES, seedScalePipeline } from './scale-pipeline';

let handle: DatabaseHandle;

beforeAll(async () => {
  handle = await openDatabase({ kind: 'pglite' });
  await seedScale(handle.db, 400, { programs: 2, foodLogsPerPatient: 0 });
});

afterAll(async () => {
  await handle?.close();
});

const rows = <T>(query: ReturnType<typeof sql>) => queryRows<T>(handle.db, query);

describe('seedScalePipeline', () => {
  it('gives each bench program its statuses, one default per stage, templates and rules of every type', async () => {
    const statuses = await rows<{ program_id: number; stage: number; names: string[]; defaults: number }>(sql`
      select program_id, stage, array_agg(name order by position) as names, sum(is_default)::int as defaults
      from pipeline_statuses group by program_id, stage order by program_id, stage`);
    expect(statuses).toHaveLength(6);
    for (const row of statuses) {
      expect(row.names).toEqual(SCALE_PIPELINE_STATUSES[row.stage as 1 | 2 | 3]);
      expect(row.defaults).toBe(1);
    }
    const types = await rows<{ type: number }>(sql`select distinct type from pipeline_rules order by type`);
    expect(types.map((t) => t.type)).toEqual([1, 2, 4, 5, 6]);
  });

  it('places patients in statuses of their own stage, with a move each, and keeps the checklist percentage right', async () => {
    const [wrong] = await rows<{ n: number }>(sql`
      select count(*)::int as n from patients p join pipeline_statuses s on s.id = p.pipeline_status_id
      where s.stage <> p.current_stage or s.program_id <> p.program_id`);
    expect(wrong?.n).toBe(0);
    const [counts] = await rows<{ placed: number; moves: number; missing: number }>(sql`
      select count(*) filter (where pipeline_status_id is not null)::int as placed,
        (select count(*)::int from pipeline_moves) as moves,
        count(*) filter (where pipeline_status_id is null)::int as missing
      from patients where program_id >= 1000`);
    expect(counts!.placed).toBe(counts!.moves);
    expect(counts!.missing).toBeLessThan(40);
    const [mismatch] = await rows<{ n: number }>(sql`
      select count(*)::int as n from patients p
      where p.program_id >= 1000 and p.checklist_percent <> coalesce((
        select floor(100.0 * count(i.completed_at) / count(*)) from patient_checklist_items i
        where i.patient_id = p.id and i.stage = p.current_stage), 0)`);
    expect(mismatch?.n).toBe(0);
  });

  it('leaves programs that already have a pipeline alone', async () => {
    const before = await rows<{ n: number }>(sql`select count(*)::int as n from pipeline_statuses`);
    const again = await seedScalePipeline(handle.db);
    expect(again).toMatchObject({ programs: 0, patients: 0 });
    expect(await rows(sql`select count(*)::int as n from pipeline_statuses`)).toEqual(before);
  });
});
