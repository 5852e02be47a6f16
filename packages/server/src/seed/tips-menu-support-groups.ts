/**
 * The demo's tips, the patient app's main menu (reference data: the app's entries, every one switched on),
 * the mobile support addresses and three patient groups across programs. The support e-mail is left
 * unset, so staff support messages go to SUPPORT_EMAIL until a super admin sets one.
 */
import { and, asc, eq, ne } from 'drizzle-orm';
import { APP_MAIN_MENU_ENTRIES } from '@baridesk/contracts';
import type { Tx } from '../db/client';
import { appMainMenu, mobileSupportMails, patientGroupMembers, patientGroups, patients, tips } from '../db/schema';
import { DEMO_APP_PATIENT_EMAIL } from './patient-app';

const NORTHSIDE = 101;
const LAKEVIEW = 102;
/** The main super admin, who made the demo's groups. */
const MAIN_SUPER_ADMIN = 48;

const TIPS: { description: string; status: 0 | 1 }[] = [
  { description: 'Sip water all day long: aim for 64 ounces, but not within 30 minutes of a meal.', status: 1 },
  { description: 'Eat your protein first, then vegetables, then anything else on the plate.', status: 1 },
  { description: 'Put your fork down between bites and take at least 20 minutes for a meal.', status: 1 },
  { description: 'Log your food as you eat it: it is easier than remembering at the end of the day.', status: 1 },
  { description: 'Take your vitamins at the same time every day so they become a habit.', status: 1 },
  { description: 'Weigh yourself once a week, same day and time, to see the real trend.', status: 0 },
];

const GROUPS = [
  { name: 'Post-Op Support Circle', status: 1 as const, northside: 4, lakeview: 2, withAppPatient: true },
  { name: 'Weight Management Walkers', status: 1 as const, northside: 3, lakeview: 3, withAppPatient: false },
  { name: 'Pre-Op Seminar 2025', status: 0 as const, northside: 2, lakeview: 0, withAppPatient: false },
];

/** A program's first active patients by id (other than the demo app patient), `count` of them, skipping `skip`. */
async function somePatients(tx: Tx, programId: number, count: number, skip: number): Promise<{ id: number; program_id: number }[]> {
  if (count === 0) return [];
  return tx
    .select({ id: patients.id, program_id: patients.program_id })
    .from(patients)
    .where(and(eq(patients.program_id, programId), eq(patients.status, 1), ne(patients.email, DEMO_APP_PATIENT_EMAIL)))
    .orderBy(asc(patients.id))
    .limit(count)
    .offset(skip);
}

export async function insertDemoAdminSupportAndGroups(tx: Tx, now: Date): Promise<void> {
  await tx.insert(tips).values(TIPS.map((tip) => ({ ...tip, created_at: now, updated_at: now })));
  await tx.insert(appMainMenu).values(APP_MAIN_MENU_ENTRIES.map((entry, i) => ({ ...entry, status: 1, order_index: i + 1, created_at: now, updated_at: now })));
  await tx.insert(mobileSupportMails).values([
    { email: 'app-support@baridesk.test', status: 1, created_at: now, updated_at: now },
    { email: 'nurse-line@baridesk.test', status: 0, created_at: now, updated_at: now },
  ]);

  const [appPatient] = await tx
    .select({ id: patients.id, program_id: patients.program_id })
    .from(patients)
    .where(and(eq(patients.program_id, NORTHSIDE), eq(patients.email, DEMO_APP_PATIENT_EMAIL)));
  let skip = 0;
  for (const group of GROUPS) {
    const [row] = await tx
      .insert(patientGroups)
      .values({ name: group.name, status: group.status, created_by: MAIN_SUPER_ADMIN, created_at: now, updated_at: now })
      .returning({ id: patientGroups.id });
    const members = [
      ...(group.withAppPatient && appPatient ? [appPatient] : []),
      ...(await somePatients(tx, NORTHSIDE, group.northside, skip)),
      ...(await somePatients(tx, LAKEVIEW, group.lakeview, skip)),
    ];
    skip += 4;
    if (members.length > 0) {
      await tx.insert(patientGroupMembers).values(members.map((m) => ({ group_id: row!.id, patient_id: m.id, program_id: m.program_id, added_at: now })));
    }
  }
}
