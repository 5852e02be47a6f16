/**
 * Fake patients for the demo programs, made deterministically from a seeded generator. Weights are in
 * pounds and heights in inches; every date is relative to `now` so the data always looks current.
 */
import type { patients } from '../db/schema';
import {
  CHECKLIST_DEACTIVATE_REASONS,
  FEMALE_FIRST_NAMES,
  LAST_NAMES,
  MALE_FIRST_NAMES,
  SURGERY_TYPES,
  emailPart,
} from './names';
import type { Rng } from './random';

export type PatientRow = typeof patients.$inferInsert;

/** Where a program's patients live: cities with their state (FIPS code) and local area codes. */
export interface PatientRegion {
  cities: readonly (readonly [city: string, stateFips: number])[];
  areaCodes: readonly string[];
}

export interface PatientContext {
  programId: number;
  timezone: string;
  region: PatientRegion;
  tags: readonly { id: number; name: string }[];
  coordinatorIds: readonly number[];
  locationIds: readonly number[];
  /** Accounts that may appear as the creator (the program and its staff). */
  creatorIds: readonly number[];
  /** MRNs already handed out (shared between programs so each is unique in the whole data set). */
  usedMrns: Set<string>;
}

const DAY_MS = 86_400_000;
const EARLIEST_DOB = Date.UTC(1955, 0, 1);
const LATEST_DOB = Date.UTC(2002, 11, 31);

export const addDays = (date: Date, days: number): Date => new Date(date.getTime() + days * DAY_MS);
/** yyyy-MM-dd of the UTC calendar day. */
export const isoDate = (date: Date): string => date.toISOString().slice(0, 10);
const oneDecimal = (value: number): string => (Math.round(value * 10) / 10).toFixed(1);
const clamp = (value: number, min: number, max: number): number => Math.min(max, Math.max(min, value));

function fullYearsBetween(from: Date, to: Date): number {
  let years = to.getUTCFullYear() - from.getUTCFullYear();
  const beforeBirthday =
    to.getUTCMonth() < from.getUTCMonth() ||
    (to.getUTCMonth() === from.getUTCMonth() && to.getUTCDate() < from.getUTCDate());
  if (beforeBirthday) years -= 1;
  return years;
}

/** The share of the starting weight lost `months` after surgery: 10% at first, towards 45% by two years. */
function lossFraction(rng: Rng, months: number, surgeryType: string | null): number {
  const responder = rng.float(0.72, 1.06);
  const procedure = surgeryType === 'Adjustable Gastric Band' ? 0.6 : surgeryType === 'Revision' ? 0.8 : 1;
  let loss = 0.1 + 0.34 * (1 - Math.exp(-months / 5)) * responder * procedure;
  // Some regain is common after the second year.
  if (months > 24) loss -= rng.float(0, 0.05);
  return clamp(loss, 0.1, 0.45);
}

/** `count` patients of one program; `startIndex` numbers their e-mail addresses (unique in the program). */
export function generatePatients(
  rng: Rng,
  context: PatientContext,
  count: number,
  now: Date,
  startIndex = 1,
): PatientRow[] {
  const rows: PatientRow[] = [];
  const threeYearsAgo = addDays(now, -3 * 365 + 1);
  for (let n = startIndex; n < startIndex + count; n++) {
    rows.push(onePatient(rng, context, n, now, threeYearsAgo));
  }
  return rows;
}

function onePatient(rng: Rng, context: PatientContext, n: number, now: Date, threeYearsAgo: Date): PatientRow {
  const female = rng.chance(0.78);
  const [firstName, nickname] = rng.pick(female ? FEMALE_FIRST_NAMES : MALE_FIRST_NAMES);
  const lastName = rng.pick(LAST_NAMES);
  const [city, stateId] = rng.pick(context.region.cities);

  const dob = new Date(EARLIEST_DOB + rng.int(0, Math.floor((LATEST_DOB - EARLIEST_DOB) / DAY_MS)) * DAY_MS);
  // Roughly bell-shaped heights, in half inches.
  const heightBase = female ? 64.5 : 70;
  const height = clamp(Math.round((heightBase + (rng.next() + rng.next() - 1) * 7) * 2) / 2, 58, 76);
  const startBmi = rng.float(38, 62);
  const startingWeight = clamp((startBmi * height * height) / 703, 220, 420);
  const targetWeight = Math.min(startingWeight * 0.8, (rng.float(26, 32) * height * height) / 703);

  const stage = rng.weighted<1 | 2 | 3>([
    [1, 40],
    [2, 35],
    [3, 25],
  ]);
  let surgeryType: string | null = rng.weighted(SURGERY_TYPES);
  let surgeryDate: Date | null = null;
  let consultDate: Date;
  let currentWeight: number;
  let recentChange: number;
  if (stage === 1) {
    consultDate = addDays(now, -rng.int(7, 420));
    if (rng.chance(0.4)) surgeryDate = addDays(now, rng.int(5, 150));
    else if (rng.chance(0.35)) surgeryType = null; // not yet decided
    // The pre-operative diet: a little lost, sometimes a little gained.
    currentWeight = startingWeight * (1 - rng.float(-0.015, 0.06));
    recentChange = rng.float(-3, 2);
  } else {
    const daysSince =
      stage === 2
        ? rng.chance(0.8)
          ? rng.int(7, 365)
          : rng.int(366, 1000)
        : rng.int(370, 3 * 365 - 10);
    surgeryDate = addDays(now, -daysSince);
    consultDate = addDays(surgeryDate, -rng.int(45, 240));
    currentWeight = startingWeight * (1 - lossFraction(rng, daysSince / 30.44, surgeryType));
    recentChange = stage === 2 && daysSince < 200 ? -rng.float(0.5, 6) : rng.float(-2.5, 3);
  }

  let createdAt = addDays(consultDate, -rng.int(0, 30));
  if (createdAt < threeYearsAgo) createdAt = addDays(threeYearsAgo, rng.int(0, 60));
  createdAt = new Date(Math.min(createdAt.getTime() + rng.int(8 * 3600, 18 * 3600) * 1000, now.getTime()));

  const invited = rng.chance(0.92);
  let lastActivity: Date | null = null;
  if (invited && !rng.chance(0.18)) {
    const daysAgo = rng.weighted<[number, number]>([
      [[0, 7], 60],
      [[8, 60], 25],
      [[61, 365], 15],
    ]);
    const at = new Date(now.getTime() - rng.int(daysAgo[0] * 86_400, daysAgo[1] * 86_400 + 86_399) * 1000);
    lastActivity = at < createdAt ? createdAt : at;
  }

  const tag1 = rng.pick(context.tags);
  const otherTags = context.tags.filter((t) => t.id !== tag1.id);
  const tag2 = otherTags.length > 0 && rng.chance(0.35) ? rng.pick(otherTags) : null;

  let mrn: string;
  do mrn = `MRN${rng.int(1_000_000, 9_999_999)}`;
  while (context.usedMrns.has(mrn));
  context.usedMrns.add(mrn);

  const snoozed = rng.chance(0.04);
  const deactivated = rng.chance(0.03);
  const totalLost = startingWeight - currentWeight;

  return {
    program_id: context.programId,
    insurance_coordinator_id: rng.chance(0.85) ? rng.pick(context.coordinatorIds) : null,
    name: `${firstName} ${lastName}`,
    nick_name: nickname && rng.chance(0.35) ? nickname : null,
    first_name: firstName,
    last_name: lastName,
    email: `${emailPart(firstName)}.${emailPart(lastName)}${n}@example.com`,
    phone: `+1${rng.pick(context.region.areaCodes)}55501${String(rng.int(0, 99)).padStart(2, '0')}`,
    dob: isoDate(dob),
    city,
    state_id: stateId,
    hight: height.toFixed(1),
    age: fullYearsBetween(dob, now),
    sex: female ? 'Female' : 'Male',
    inital_stage: 1,
    current_stage: stage,
    surgery_date: surgeryDate ? isoDate(surgeryDate) : null,
    type_of_surgery: surgeryType,
    starting_weight: oneDecimal(startingWeight),
    current_weight: oneDecimal(currentWeight),
    target_weight: oneDecimal(Math.round(targetWeight)),
    timezone: context.timezone,
    location_id: rng.pick(context.locationIds),
    protien: rng.int(12, 20) * 5,
    fiber: 25,
    water: 64,
    calories: rng.int(20, 30) * 50,
    // Change at the last weigh-in (negative: lost), and the total lost since the starting weight.
    weight_loss_gain: oneDecimal(recentChange),
    total_weight_lost: oneDecimal(totalLost),
    snooze_status: snoozed ? 1 : 0,
    snooze_date: snoozed ? isoDate(addDays(now, rng.int(3, 45))) : null,
    user_cat_id: tag1.id,
    user_cat_name: tag1.name,
    user_cat_id2: tag2?.id ?? null,
    user_cat_name2: tag2?.name ?? null,
    checklist_deactivate: deactivated ? 1 : 0,
    checklist_deactivate_reason: deactivated ? rng.pick(CHECKLIST_DEACTIVATE_REASONS) : null,
    due_date_auto_cal: rng.chance(0.5) ? 1 : 0,
    consult_date: isoDate(consultDate),
    chat_status: lastActivity && rng.chance(0.7) ? 1 : 0,
    is_invited: invited ? 1 : 0,
    last_app_activity_at: lastActivity,
    mrn_number: mrn,
    status: rng.chance(0.96) ? 1 : 0,
    created_by: rng.pick(context.creatorIds),
    created_at: createdAt,
    updated_at: lastActivity && lastActivity > createdAt ? lastActivity : createdAt,
  };
}
