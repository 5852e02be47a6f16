/**
 * The pipeline part of the scale seed: for every bench program that has no pipeline yet, the statuses of
 * the three stages, a default checklist template per stage, automation rules of every type, and for each
 * of its patients a status, the stage's checklist items (some ticked), the checklist percentage and the
 * move that put the patient there — all made by the database with INSERT … SELECT, program by program,
 * so it also upgrades a database seeded before the pipeline existed. Pseudo-random choices come from
 * hashint8 of the patient id, so the same data gives the same result.
 */
import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../db/client';

/** Statuses per stage, the first one the default. */
export const SCALE_PIPELINE_STATUSES: Readonly<Record<1 | 2 | 3, readonly string[]>> = {
  1: ['Seminar Attended', 'Insurance Review', 'Psych & Nutrition Evaluation', 'Ready for Surgery', 'Surgery Scheduled'],
  2: ['Recovering', '30-Day Follow-up', '90-Day Follow-up', 'Annual Follow-up'],
  3: ['Active', 'Maintenance'],
};

const TEMPLATE_ITEMS: Readonly<Record<1 | 2 | 3, readonly string[]>> = {
  1: [
    'Attend information seminar',
    'Insurance verification',
    'Psychological evaluation',
    'Nutrition consult (3 visits)',
    'Sleep study',
    'Upper GI / EGD',
    'Cardiac clearance',
    'Sign surgical consent',
  ],
  2: ['1-week visit', '30-day visit', 'Labs at 3 months', '6-month visit', 'Support group attended'],
  3: ['Quarterly weigh-in', 'Annual labs', 'Dietitian check-in'],
};

/** Rules per stage: [type, from status index | null, to status index, days, item index, percent]. */
const RULES: Readonly<Record<1 | 2 | 3, readonly (readonly [number, number | null, number, number | null, number | null, number | null])[]>> = {
  1: [
    [4, null, 3, null, null, 100],
    [6, 3, 4, null, null, null],
    [2, 1, 2, null, 1, null],
    [5, 0, 1, 60, null, null],
  ],
  2: [
    [1, 0, 1, 30, null, null],
    [1, 1, 2, 90, null, null],
    [1, 2, 3, 365, null, null],
  ],
  3: [[5, 0, 1, 180, null, null]],
};

export interface ScalePipelineResult {
  programs: number;
  patients: number;
  checklistItems: number;
  ms: number;
}

/** Adds the pipeline to each bench program without one; `onProgram` after each. */
export async function seedScalePipeline(db: Db, onProgram?: (done: number, total: number) => void): Promise<ScalePipelineResult> {
  const started = performance.now();
  const programs = await queryRows<{ id: number }>(
    db,
    sql`select p.id from programs p join accounts a on a.id = p.id
        where a.email like 'bench-program-%' and not exists (select 1 from pipeline_statuses s where s.program_id = p.id)
        order by p.id`,
  );
  let patients = 0;
  let checklistItems = 0;
  for (const [k, { id }] of programs.entries()) {
    const result = await db.transaction(async (tx) => {
      const statusIds: Record<number, number[]> = {};
      const itemIds: Record<number, number[]> = {};
      for (const stage of [1, 2, 3] as const) {
        statusIds[stage] = [];
        for (const [position, name] of SCALE_PIPELINE_STATUSES[stage].entries()) {
          const [row] = await queryRows<{ id: number }>(
            tx,
            sql`insert into pipeline_statuses (program_id, stage, name, position, is_default)
                values (${id}, ${stage}, ${name}, ${position}, ${position === 0 ? 1 : 0}) returning id`,
          );
          statusIds[stage]!.push(row!.id);
        }
        const [template] = await queryRows<{ id: number }>(
          tx,
          sql`insert into checklist_templates (program_id, stage, name, status, is_default)
              values (${id}, ${stage}, ${`Stage ${stage} requirements`}, 1, 1) returning id`,
        );
        itemIds[stage] = [];
        for (const [position, title] of TEMPLATE_ITEMS[stage].entries()) {
          const [row] = await queryRows<{ id: number }>(
            tx,
            sql`insert into checklist_template_items (program_id, template_id, position, title)
                values (${id}, ${template!.id}, ${position}, ${title}) returning id`,
          );
          itemIds[stage]!.push(row!.id);
        }
        for (const [priority, [type, from, to, days, item, percent]] of RULES[stage].entries()) {
          await tx.execute(sql`
            insert into pipeline_rules (program_id, stage, type, from_status_id, to_status_id, days, checklist_item_id, percent, priority, status)
            values (${id}, ${stage}, ${type}, ${from === null ? null : statusIds[stage]![from]!}, ${statusIds[stage]![to]!},
              ${days}, ${item === null ? null : itemIds[stage]![item]!}, ${percent}, ${priority}, 1)`);
        }
      }
      const statusArray = (stage: 1 | 2 | 3) => sql.raw(`array[${statusIds[stage]!.join(', ')}]::int[]`);
      // 2% stay without a status (missing pipeline patients); the rest spread over the stage's columns.
      const placed = await queryRows<{ n: number }>(
        tx,
        sql`with moved as (
              update patients p set
                stage_entered_at = x.entered,
                pipeline_status_id = x.status_id,
                pipeline_status_since = case when x.status_id is null then null
                  else least(now(), x.entered + ((hashint8(p.id::bigint * 8 + 2) & 2147483647) % 60) * interval '1 day') end
              from (
                select id,
                  case when current_stage = 1 then created_at
                    else coalesce(surgery_date::timestamptz, created_at) end as entered,
                  case when (hashint8(id::bigint * 8 + 1) & 2147483647) % 100 < 2 then null
                    when current_stage = 1 then (${statusArray(1)})[1 + (hashint8(id::bigint * 8) & 2147483647) % ${statusIds[1]!.length}]
                    when current_stage = 2 then (${statusArray(2)})[1 + (hashint8(id::bigint * 8) & 2147483647) % ${statusIds[2]!.length}]
                    else (${statusArray(3)})[1 + (hashint8(id::bigint * 8) & 2147483647) % ${statusIds[3]!.length}] end as status_id
                from patients where program_id = ${id}
              ) x
              where p.id = x.id
              returning p.id, p.current_stage, p.pipeline_status_id, p.pipeline_status_since
            ), recorded as (
              insert into pipeline_moves (program_id, patient_id, stage, from_status_id, to_status_id, moved_at)
              select ${id}::int, id, current_stage, null::int, pipeline_status_id, pipeline_status_since from moved
              where pipeline_status_id is not null
              returning 1
            )
            select (select count(*)::int from moved) as n`,
      );
      let items = 0;
      for (const stage of [1, 2, 3] as const) {
        const ids = sql.raw(`array[${itemIds[stage]!.join(', ')}]::int[]`);
        const titles = sql.raw(`array[${TEMPLATE_ITEMS[stage].map((t) => `'${t.replace(/'/g, "''")}'`).join(', ')}]::text[]`);
        // Each item done with a chance that falls along the list (first items are done more often).
        const [row] = await queryRows<{ n: number }>(
          tx,
          sql`with inserted as (
                insert into patient_checklist_items (program_id, patient_id, stage, template_id, template_item_id, title, position, completed_at, completed_by)
                select ${id}::int, p.id, ${stage}::smallint, t.template_id, (${ids})[k], (${titles})[k], k - 1,
                  case when (hashint8(p.id::bigint * 32 + k) & 2147483647) % 100 < 90 - k * 9
                    then p.stage_entered_at + ((hashint8(p.id::bigint * 32 + k + 16) & 2147483647) % 40) * interval '1 day' end,
                  case when (hashint8(p.id::bigint * 32 + k) & 2147483647) % 100 < 90 - k * 9 then ${id}::int end
                from patients p
                cross join generate_series(1, ${itemIds[stage]!.length}) as k
                cross join (select template_id from checklist_template_items where id = ${itemIds[stage]![0]!}) t
                where p.program_id = ${id} and p.current_stage = ${stage}
                returning 1
              )
              select count(*)::int as n from inserted`,
        );
        items += Number(row?.n ?? 0);
      }
      await tx.execute(sql`
        update patients p set checklist_percent = c.percent
        from (
          select i.patient_id, floor(100.0 * count(i.completed_at) / count(*))::smallint as percent
          from patient_checklist_items i join patients q on q.id = i.patient_id and q.current_stage = i.stage
          where i.program_id = ${id}
          group by i.patient_id
        ) c
        where p.id = c.patient_id`);
      return { patients: Number(placed[0]?.n ?? 0), items };
    });
    patients += result.patients;
    checklistItems += result.items;
    onProgram?.(k + 1, programs.length);
  }
  if (programs.length > 0) {
    await db.execute(sql`analyze patients`);
    await db.execute(sql`analyze patient_checklist_items`);
    await db.execute(sql`analyze pipeline_moves`);
  }
  return { programs: programs.length, patients, checklistItems, ms: Math.round(performance.now() - started) };
}
