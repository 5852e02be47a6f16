/**
 * Demo patient notes: internal notes of every type (pipeline ones as the pipeline board writes them) and
 * checklist notes on the stages a patient has reached, written by the program's staff over the last 90
 * days. Each patient's notes come from a seeded generator of its own, so adding notes never changes the
 * demo patients or their logs.
 */
import { sql } from 'drizzle-orm';
import type { InternalNoteType } from '@baridesk/contracts';
import { queryRows, type Tx } from '../db/client';
import { checklistNotes, internalNotes } from '../db/schema';
import { createRng, type Rng } from './random';

export type InternalNoteRow = typeof internalNotes.$inferInsert;
export type ChecklistNoteRow = typeof checklistNotes.$inferInsert;

/** Days back the notes go. */
export const DEMO_NOTE_DAYS = 90;
/** The first patients of each program always have notes, so every demo program shows some at once. */
const ALWAYS_NOTED = 3;
/** The share of the other patients with notes. */
const NOTED_SHARE = 0.5;
const BATCH = 1000;
const DAY_MS = 86_400_000;

export interface NotedPatient {
  id: number;
  programId: number;
  /** 1 Pre-Op, 2 Post-Op, 3 Weight-Management: checklist notes are on this stage or an earlier one. */
  stage: number;
  createdAt: Date;
}

export interface PatientNotes {
  internal: InternalNoteRow[];
  checklist: ChecklistNoteRow[];
}

/** What staff write, by type; none names the patient. */
const INTERNAL_TEXTS: Readonly<Record<InternalNoteType, readonly string[]>> = {
  general: [
    'Called to confirm the date of the information seminar; left a voicemail.',
    'Patient asked to move the next visit to a morning appointment.',
    'Updated the preferred contact number at the patient’s request.',
    'Spouse will attend the next visit as support person.',
    'Sent the program handbook again by e-mail; patient could not find it.',
  ],
  clinical: [
    'Sleep study reviewed: moderate obstructive sleep apnea, CPAP started before surgery.',
    'Labs reviewed: vitamin D low; started weekly supplement, recheck in 8 weeks.',
    'Cardiology clearance received.',
    'Reports reflux after larger meals; advised smaller portions, follow up at next visit.',
    'A1c down from 7.9 to 6.8 since starting the program.',
  ],
  nutrition: [
    'Completed nutrition class 2; food diary reviewed, protein around 60 g a day.',
    'Went over the full-liquid phase; understands the 64 oz fluid goal.',
    'Finds protein shakes hard to drink; suggested unflavored protein in soups.',
    'Food log shows skipped breakfasts; discussed three small meals a day.',
  ],
  insurance: [
    'Prior authorization submitted; reference number filed in the chart.',
    'Plan requires 6 months of supervised diet; month 3 completed.',
    'Insurance approval received for surgery.',
    'Plan changed at the new year; verifying bariatric coverage with the new insurer.',
  ],
  pipeline: [
    'Moved to Insurance Review.',
    'Moved to Surgery Scheduled after approval.',
    'Moved back to Nutrition Classes: missed two sessions.',
    'Moved to Post-Op Follow-Up.',
  ],
};

/** How often each type is written. */
const TYPE_WEIGHTS: readonly (readonly [InternalNoteType, number])[] = [
  ['general', 30],
  ['clinical', 25],
  ['nutrition', 20],
  ['insurance', 15],
  ['pipeline', 10],
];

/** Checklist notes by stage. */
const CHECKLIST_TEXTS: Readonly<Record<1 | 2 | 3, readonly string[]>> = {
  1: [
    'Psychological evaluation done; report added to the chart.',
    'Still waiting for the primary care letter of medical necessity.',
    'Upper GI study scheduled for next week.',
    'Smoking cessation confirmed by nicotine test.',
  ],
  2: [
    'Two-week post-op visit: incisions healing well.',
    'Tolerating pureed foods; moves to soft foods next week.',
    'Started chewable multivitamin and calcium citrate.',
    'Six-week labs ordered.',
  ],
  3: [
    'Six-month follow-up done; attends the support group monthly.',
    'Annual labs ordered: CBC, CMP, B12, iron, vitamin D.',
    'Maintenance plan reviewed with the dietitian.',
  ],
};

/** The generator of one patient's notes: the same seed and patient number always give the same notes. */
export function noteRng(seed: number, patientNumber: number): Rng {
  return createRng((Math.imul(seed + 7, 2_000_003) + Math.imul(patientNumber, 30_011)) >>> 0);
}

/**
 * A patient's notes: 1 to 5 internal notes and up to 4 checklist notes, each by one of `authors`, at
 * times between the later of 90 days ago and the patient's creation, and now.
 */
export function generatePatientNotes(rng: Rng, patient: NotedPatient, authors: readonly number[], now: Date): PatientNotes {
  const result: PatientNotes = { internal: [], checklist: [] };
  const from = Math.max(now.getTime() - DEMO_NOTE_DAYS * DAY_MS, patient.createdAt.getTime());
  if (authors.length === 0 || from >= now.getTime()) return result;
  const at = () => new Date(Math.floor(from + rng.next() * (now.getTime() - from)));
  const stages = ([1, 2, 3] as const).filter((stage) => stage <= Math.max(1, patient.stage));

  for (let i = rng.int(1, 5); i > 0; i--) {
    const type = rng.weighted(TYPE_WEIGHTS);
    const created = at();
    result.internal.push({
      program_id: patient.programId,
      patient_id: patient.id,
      note_type: type,
      note: rng.pick(INTERNAL_TEXTS[type]),
      created_by: rng.pick(authors),
      created_at: created,
      updated_at: created,
    });
  }
  for (let i = rng.int(0, 4); i > 0; i--) {
    const stage = rng.pick(stages);
    const created = at();
    result.checklist.push({
      program_id: patient.programId,
      patient_id: patient.id,
      stage,
      note: rng.pick(CHECKLIST_TEXTS[stage]),
      created_by: rng.pick(authors),
      created_at: created,
      updated_at: created,
    });
  }
  return result;
}

/** The staff who write notes, by program: the program's own account and its staff, self-service ones aside. */
async function authorsByProgram(tx: Tx): Promise<Map<number, number[]>> {
  const rows = await queryRows<{ id: number; program_id: number }>(
    tx,
    sql`select a.id, coalesce(pu.program_id, g.id) as program_id
      from accounts a
        left join program_users pu on pu.id = a.id
        left join programs g on g.id = a.id
      where a.type in ('sub_user', 'program_user') and a.status = 1 and coalesce(pu.self_service, 0) = 0
        and coalesce(pu.program_id, g.id) is not null
      order by a.id`,
  );
  const authors = new Map<number, number[]>();
  for (const row of rows) authors.set(row.program_id, [...(authors.get(row.program_id) ?? []), row.id]);
  return authors;
}

/** The demo patients as the demo seed inserted them. */
export interface SeededPatient {
  id: number;
  row: { program_id: number; current_stage?: number | null; created_at?: Date | string | null };
}

/**
 * Writes the demo notes of `patients` (in the order given, which with `seed` fixes every note) and
 * answers how many of each kind.
 */
export async function insertDemoNotes(
  tx: Tx,
  patients: readonly SeededPatient[],
  seed: number,
  now: Date,
): Promise<{ internal: number; checklist: number }> {
  const authors = await authorsByProgram(tx);
  const seenPerProgram = new Map<number, number>();
  const pending: PatientNotes = { internal: [], checklist: [] };
  const counts = { internal: 0, checklist: 0 };
  const flush = async (force: boolean) => {
    if (pending.internal.length >= BATCH || (force && pending.internal.length > 0)) {
      await tx.insert(internalNotes).values(pending.internal.splice(0));
    }
    if (pending.checklist.length >= BATCH || (force && pending.checklist.length > 0)) {
      await tx.insert(checklistNotes).values(pending.checklist.splice(0));
    }
  };

  for (const [index, p] of patients.entries()) {
    const programId = p.row.program_id;
    const seen = seenPerProgram.get(programId) ?? 0;
    seenPerProgram.set(programId, seen + 1);
    const rng = noteRng(seed, index);
    if (seen >= ALWAYS_NOTED && !rng.chance(NOTED_SHARE)) continue;
    const created = p.row.created_at ? new Date(p.row.created_at) : now;
    const notes = generatePatientNotes(
      rng,
      { id: p.id, programId, stage: p.row.current_stage ?? 1, createdAt: created },
      authors.get(programId) ?? [],
      now,
    );
    pending.internal.push(...notes.internal);
    pending.checklist.push(...notes.checklist);
    counts.internal += notes.internal.length;
    counts.checklist += notes.checklist.length;
    await flush(false);
  }
  await flush(true);
  return counts;
}
