/** The patients context's tables: patients and what hangs from them (tags, coordinators, logs, internal notes). */
import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigserial,
  check,
  date,
  index,
  integer,
  numeric,
  pgTable,
  serial,
  smallint,
  text,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { accounts, ownedByProgram, programs } from '../identity/schema';
import { pipelineStatuses } from '../pipeline/statuses-schema';
import { locations } from '../events/locations-schema';
import { createdUpdated, flag, ts } from '../../db/columns';

/** Patient tags ("user categories" in the specs). */
export const patientTags = pgTable(
  'patient_tags',
  {
    id: serial('id').primaryKey(),
    program_id: ownedByProgram(),
    name: varchar('name', { length: 254 }).notNull(),
    status: smallint('status').notNull().default(1),
    ...createdUpdated,
  },
  (t) => [
    index('patient_tags_program_idx').on(t.program_id, t.name),
    uniqueIndex('patient_tags_program_name_key').on(t.program_id, sql`lower(${t.name})`),
  ],
);

export const insuranceCoordinators = pgTable(
  'insurance_coordinators',
  {
    id: serial('id').primaryKey(),
    program_id: ownedByProgram(),
    name: varchar('name', { length: 254 }).notNull(),
    email: varchar('email', { length: 254 }),
    phone: varchar('phone', { length: 32 }),
    status: smallint('status').notNull().default(1),
    ...createdUpdated,
  },
  (t) => [
    index('insurance_coordinators_program_idx').on(t.program_id, t.name),
    uniqueIndex('insurance_coordinators_program_name_key').on(t.program_id, sql`lower(${t.name})`),
  ],
);

/**
 * What the patient list's search looks in, as one lower-case text: "first last", the full name, the
 * e-mail, the MRN and the phone's digits, the fields apart by a character nobody types (chr(31)) so a
 * search never matches across two of them. Stored in patients.search_text (a generated column) with a
 * trigram index on it.
 */
function patientSearchText(t: Record<'first_name' | 'last_name' | 'name' | 'email' | 'mrn_number' | 'phone', SQLWrapper>): SQL {
  return sql`lower(${t.first_name} || ' ' || ${t.last_name} || chr(31) || ${t.name} || chr(31) || coalesce(${t.email}, '') || chr(31) || coalesce(${t.mrn_number}, '') || chr(31) || regexp_replace(coalesce(${t.phone}, ''), '[^0-9]', '', 'g'))`;
}

/**
 * Patients. Weights are in pounds and height ("hight", as the specs spell it) in inches, the units US
 * programs chart in. `version` rises with every change so a stale edit can be refused.
 */
export const patients = pgTable(
  'patients',
  {
    id: serial('id').primaryKey(),
    user_id: integer('user_id'),
    program_id: integer('program_id')
      .notNull()
      .references(() => programs.id, { onDelete: 'restrict' }),
    // A tag or coordinator still carried by patients cannot be deleted (the API answers 409 first).
    // "no action" rather than "restrict": checked at the end of the statement, so deleting a whole
    // program (which cascades to its patients and its tags) still works.
    insurance_coordinator_id: integer('insurance_coordinator_id').references(() => insuranceCoordinators.id, {
      onDelete: 'no action',
    }),
    name: varchar('name', { length: 254 }).notNull(),
    nick_name: varchar('nick_name', { length: 254 }),
    first_name: varchar('first_name', { length: 254 }).notNull(),
    last_name: varchar('last_name', { length: 254 }).notNull(),
    email: varchar('email', { length: 254 }),
    password_hash: text('password_hash'),
    phone: varchar('phone', { length: 32 }),
    dob: date('dob', { mode: 'string' }),
    city: varchar('city', { length: 254 }),
    state_id: integer('state_id'),
    hight: numeric('hight', { precision: 5, scale: 1 }),
    age: smallint('age'),
    sex: varchar('sex', { length: 16 }),
    inital_stage: smallint('inital_stage'),
    current_stage: smallint('current_stage').notNull().default(1),
    surgery_date: date('surgery_date', { mode: 'string' }),
    non_surgery_date: date('non_surgery_date', { mode: 'string' }),
    type_of_surgery: varchar('type_of_surgery', { length: 64 }),
    starting_weight: numeric('starting_weight', { precision: 6, scale: 1 }),
    current_weight: numeric('current_weight', { precision: 6, scale: 1 }),
    target_weight: numeric('target_weight', { precision: 6, scale: 1 }),
    timezone: varchar('timezone', { length: 64 }),
    location_id: integer('location_id').references(() => locations.id, { onDelete: 'set null' }),
    nutrition: integer('nutrition'),
    protien: integer('protien'),
    fiber: integer('fiber'),
    water: integer('water'),
    calories: integer('calories'),
    weight_loss_gain: numeric('weight_loss_gain', { precision: 6, scale: 1 }),
    total_weight_lost: numeric('total_weight_lost', { precision: 6, scale: 1 }),
    snooze_status: flag('snooze_status'),
    snooze_date: date('snooze_date', { mode: 'string' }),
    user_cat_id: integer('user_cat_id').references(() => patientTags.id, { onDelete: 'no action' }),
    user_cat_name: varchar('user_cat_name', { length: 254 }),
    user_cat_id2: integer('user_cat_id2').references(() => patientTags.id, { onDelete: 'no action' }),
    user_cat_name2: varchar('user_cat_name2', { length: 254 }),
    checklist_deactivate: flag('checklist_deactivate'),
    checklist_deactivate_reason: text('checklist_deactivate_reason'),
    due_date_auto_cal: flag('due_date_auto_cal'),
    consult_date: date('consult_date', { mode: 'string' }),
    chat_status: flag('chat_status'),
    is_invited: flag('is_invited'),
    last_app_activity_at: ts('last_app_activity_at'),
    mrn_number: varchar('mrn_number', { length: 64 }),
    status: smallint('status').notNull().default(1),
    created_by: integer('created_by').references(() => accounts.id, { onDelete: 'set null' }),
    matrix_system: varchar('matrix_system', { length: 64 }),
    /** When the patient entered current_stage (the "Days in Stage" rule counts from its calendar day). */
    stage_entered_at: ts('stage_entered_at').notNull().defaultNow(),
    /** The pipeline status on the current stage's board; null = a "missing pipeline patient". */
    pipeline_status_id: integer('pipeline_status_id').references((): AnyPgColumn => pipelineStatuses.id, {
      onDelete: 'no action',
    }),
    /** When the patient entered pipeline_status_id (days in status). */
    pipeline_status_since: ts('pipeline_status_since'),
    /** 0..100: the share of the current stage's checklist items that are ticked (0 with no items). */
    checklist_percent: smallint('checklist_percent').notNull().default(0),
    version: integer('version').notNull().default(1),
    /** What the list's search looks in (patientSearchText), kept by PostgreSQL itself. */
    search_text: text('search_text').generatedAlwaysAs(
      (): SQL =>
        patientSearchText({
          first_name: sql.identifier('first_name'),
          last_name: sql.identifier('last_name'),
          name: sql.identifier('name'),
          email: sql.identifier('email'),
          mrn_number: sql.identifier('mrn_number'),
          phone: sql.identifier('phone'),
        }),
    ),
    ...createdUpdated,
  },
  (t) => [
    index('patients_program_name_idx').on(t.program_id, t.last_name, t.first_name, t.id),
    // Patients across programs (super admins' manage-users), sorted by name with no program to lead.
    index('patients_name_idx').on(t.last_name, t.first_name, t.id),
    index('patients_program_stage_idx').on(t.program_id, t.current_stage, t.id),
    index('patients_program_surgery_idx').on(t.program_id, t.surgery_date, t.id),
    index('patients_program_created_idx').on(t.program_id, t.created_at, t.id),
    // Reports: active patients by surgery date with the type (Pre-Op, Post-Op, Surgery Volume read the index alone).
    index('patients_program_status_surgery_idx').on(t.program_id, t.status, t.surgery_date, t.type_of_surgery),
    // Never Used App and the dashboard's figure: active patients who never used the app, by the day they were added.
    index('patients_program_never_used_idx').on(t.program_id, t.status, t.created_at).where(sql`${t.last_app_activity_at} is null`),
    index('patients_program_coordinator_idx').on(t.program_id, t.insurance_coordinator_id),
    index('patients_program_tag_idx').on(t.program_id, t.user_cat_id),
    index('patients_program_tag2_idx').on(t.program_id, t.user_cat_id2),
    index('patients_program_location_idx').on(t.program_id, t.location_id),
    // The board: one stage's columns, each card list oldest-in-status first; counts per status.
    index('patients_program_pipeline_idx').on(t.program_id, t.current_stage, t.pipeline_status_id, t.pipeline_status_since, t.id),
    // pg_trgm + btree_gin: a search term and the program narrow the rows together (migration 0006).
    index('patients_program_search_idx').using('gin', t.program_id, sql`${t.search_text} gin_trgm_ops`),
    uniqueIndex('patients_program_email_key')
      .on(t.program_id, sql`lower(${t.email})`)
      .where(sql`${t.email} is not null`),
  ],
);

// ---------------------------------------------------------------------------------------------------
// Patient logs: food, weight and water logged in the patient app (or weight entered by staff), the
// staff's internal notes on a patient, and a program's weight-reminder settings. Every log carries the
// program_id of its patient, so each staff query is filtered by program first and served by a
// (program_id, patient_id, logged_on) index.
// ---------------------------------------------------------------------------------------------------

/** The patient a log row belongs to; the rows go when the patient does. */
export const loggedBy = () =>
  integer('patient_id')
    .notNull()
    .references(() => patients.id, { onDelete: 'cascade' });

/**
 * One food or drink logged in the patient app ("nutrition meal" in the specs). Nutrients are per serving
 * as the food database gives them, grams except nf_calories (kcal) and nf_water (fluid ounces); a value the
 * app did not send stays null and counts as 0. `user_serving_size` is kept as the app sends it: empty or
 * non-numeric counts as 1 serving. `logged_on` is the day in the patient's own time zone.
 */
export const foodLogEntries = pgTable(
  'food_log_entries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    program_id: ownedByProgram(),
    patient_id: loggedBy(),
    logged_on: date('logged_on', { mode: 'string' }).notNull(),
    meal_type: varchar('meal_type', { length: 16 })
      .notNull()
      .$type<'breakfast' | 'lunch' | 'dinner' | 'snacks' | 'other'>(),
    item_name: varchar('item_name', { length: 254 }).notNull(),
    user_serving_size: varchar('user_serving_size', { length: 32 }),
    nf_calories: numeric('nf_calories', { precision: 10, scale: 2 }),
    nf_total_carbohydrate: numeric('nf_total_carbohydrate', { precision: 10, scale: 2 }),
    nf_protein: numeric('nf_protein', { precision: 10, scale: 2 }),
    nf_total_fat: numeric('nf_total_fat', { precision: 10, scale: 2 }),
    nf_sugars: numeric('nf_sugars', { precision: 10, scale: 2 }),
    nf_sugar_added: numeric('nf_sugar_added', { precision: 10, scale: 2 }),
    nf_dietary_fiber: numeric('nf_dietary_fiber', { precision: 10, scale: 2 }),
    nf_water: numeric('nf_water', { precision: 10, scale: 2 }),
    ...createdUpdated,
  },
  (t) => [
    index('food_log_entries_program_patient_day_idx').on(t.program_id, t.patient_id, t.logged_on),
    // Deleting a patient cascades here by patient_id alone.
    index('food_log_entries_patient_idx').on(t.patient_id),
    check('food_log_entries_meal_type_check', sql`${t.meal_type} in ('breakfast', 'lunch', 'dinner', 'snacks', 'other')`),
  ],
);

/**
 * A weigh-in, in pounds, on a day of the patient's time zone. `source` says who entered it: the patient
 * app ('app') or a staff member ('staff', with the account in entered_by). A day may have several.
 */
export const weightLogs = pgTable(
  'weight_logs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    program_id: ownedByProgram(),
    patient_id: loggedBy(),
    logged_on: date('logged_on', { mode: 'string' }).notNull(),
    weight: numeric('weight', { precision: 6, scale: 1 }).notNull(),
    source: varchar('source', { length: 8 }).notNull().default('app').$type<'app' | 'staff'>(),
    entered_by: integer('entered_by').references(() => accounts.id, { onDelete: 'set null' }),
    created_at: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('weight_logs_program_patient_day_idx').on(t.program_id, t.patient_id, t.logged_on),
    index('weight_logs_patient_idx').on(t.patient_id),
    check('weight_logs_source_check', sql`${t.source} in ('app', 'staff')`),
    check('weight_logs_weight_check', sql`${t.weight} > 0`),
  ],
);

/** Water drunk on one day, in fluid ounces: one row per patient and day holding the day's total. */
export const waterLogs = pgTable(
  'water_logs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    program_id: ownedByProgram(),
    patient_id: loggedBy(),
    logged_on: date('logged_on', { mode: 'string' }).notNull(),
    total: numeric('total', { precision: 7, scale: 1 }).notNull(),
    ...createdUpdated,
  },
  (t) => [
    uniqueIndex('water_logs_program_patient_day_key').on(t.program_id, t.patient_id, t.logged_on),
    index('water_logs_patient_idx').on(t.patient_id),
    check('water_logs_total_check', sql`${t.total} >= 0`),
  ],
);

/** Staff notes on a patient, never shown to the patient. Deleting one only sets deleted_at. */
export const internalNotes = pgTable(
  'internal_notes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    program_id: ownedByProgram(),
    patient_id: loggedBy(),
    note_type: varchar('note_type', { length: 32 }).notNull().default('general'),
    note: text('note').notNull(),
    created_by: integer('created_by').references(() => accounts.id, { onDelete: 'set null' }),
    ...createdUpdated,
    deleted_at: ts('deleted_at'),
    deleted_by: integer('deleted_by').references(() => accounts.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('internal_notes_program_patient_idx')
      .on(t.program_id, t.patient_id, t.note_type, t.created_at)
      .where(sql`${t.deleted_at} is null`),
    index('internal_notes_patient_idx').on(t.patient_id),
  ],
);
