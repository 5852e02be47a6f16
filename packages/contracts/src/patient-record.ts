/**
 * One patient of the staff area: view (GET /api/patients/{id}), create (POST /api/patients/store) and
 * edit (POST /api/patients/update, with the version read, so a stale edit is refused with 409).
 * Weights are pounds and height ("hight", as the spec spells it) inches; dates "yyyy-MM-dd".
 */
import * as v from 'valibot';
import { STAGES } from '@baridesk/domain';
import { envelope, flag } from './common';
import { isIsoDate } from './date-rules';
import { forwardedCheck } from './forwarded-check';
import { INVALID_EMAIL, INVALID_ID, invalidValue, maxLength, PATIENT_NOT_FOUND } from './messages';
import { patientStageSchema, PATIENT_STAGE_IDS } from './patients';
import { MAX_ID, email, flag01, id, optionalOf, optionalString, phone, requiredString } from './rules';

/** Not in the spec: the notices and messages of the patient record. */
export const PATIENT_RECORD_MESSAGES = {
  created: 'Patient created successfully.',
  createdAndInvited: 'Patient created successfully. The app invitation was e-mailed to the patient.',
  updated: 'Patient updated successfully.',
  updatedAndInvited: 'Patient updated successfully. The app invitation was e-mailed to the patient.',
  /** The patient was saved but the e-mail failed: is_invited stays 0, so saving again with it on retries. */
  inviteFailed: 'The patient was saved, but the app invitation could not be e-mailed. Please try inviting again later.',
  notFound: PATIENT_NOT_FOUND,
  /** 409: the version sent is not the current one; nothing was saved. */
  stale:
    'This patient was changed by someone else while you were editing. Your changes were not saved: reload the latest version and apply them again.',
  emailTaken: 'Another patient of this program already has this e-mail address.',
  inviteNeedsEmail: 'An e-mail address is needed to invite the patient to the app.',
  unknownTag: 'Please choose one of the program’s active tags.',
  sameTags: 'The second tag must differ from the first.',
  unknownCoordinator: 'Please choose one of the program’s active insurance coordinators.',
  unknownLocation: 'Please choose one of the program’s active locations.',
  snoozeDateRequired: 'Snooze date is required when the patient is snoozed.',
  reasonRequired: 'A reason is required when the checklist is deactivated.',
  dobInFuture: 'Date of birth must be in the past.',
  stageRequired: 'Stage is required.',
  stageInvalid: 'Please choose a stage: Pre-Op, Post-Op or Weight-Management.',
} as const;

/** Plausible ranges of the measurements the form accepts (pounds, inches). */
export const PATIENT_LIMITS = {
  weight: { min: 50, max: 1000 },
  height: { min: 36, max: 96 },
  protien: { min: 0, max: 500 },
  fiber: { min: 0, max: 200 },
  water: { min: 0, max: 500 },
  calories: { min: 0, max: 10_000 },
  reason: 1000,
  earliestDob: '1900-01-01',
} as const;

export const PATIENT_SEXES = ['Female', 'Male', 'Other'] as const;

/** Procedures the form offers; the API takes any text up to 64 characters (a program may use others). */
export const SURGERY_TYPE_OPTIONS = [
  'Sleeve Gastrectomy',
  'Roux-en-Y Gastric Bypass',
  'Duodenal Switch',
  'SADI-S',
  'Adjustable Gastric Band',
  'Revision',
] as const;

/** US states (and DC, Puerto Rico) by FIPS code: `state_id` holds the code. */
export const US_STATES: readonly { id: number; code: string; name: string }[] = [
  [1, 'AL', 'Alabama'], [2, 'AK', 'Alaska'], [4, 'AZ', 'Arizona'], [5, 'AR', 'Arkansas'], [6, 'CA', 'California'],
  [8, 'CO', 'Colorado'], [9, 'CT', 'Connecticut'], [10, 'DE', 'Delaware'], [11, 'DC', 'District of Columbia'],
  [12, 'FL', 'Florida'], [13, 'GA', 'Georgia'], [15, 'HI', 'Hawaii'], [16, 'ID', 'Idaho'], [17, 'IL', 'Illinois'],
  [18, 'IN', 'Indiana'], [19, 'IA', 'Iowa'], [20, 'KS', 'Kansas'], [21, 'KY', 'Kentucky'], [22, 'LA', 'Louisiana'],
  [23, 'ME', 'Maine'], [24, 'MD', 'Maryland'], [25, 'MA', 'Massachusetts'], [26, 'MI', 'Michigan'],
  [27, 'MN', 'Minnesota'], [28, 'MS', 'Mississippi'], [29, 'MO', 'Missouri'], [30, 'MT', 'Montana'],
  [31, 'NE', 'Nebraska'], [32, 'NV', 'Nevada'], [33, 'NH', 'New Hampshire'], [34, 'NJ', 'New Jersey'],
  [35, 'NM', 'New Mexico'], [36, 'NY', 'New York'], [37, 'NC', 'North Carolina'], [38, 'ND', 'North Dakota'],
  [39, 'OH', 'Ohio'], [40, 'OK', 'Oklahoma'], [41, 'OR', 'Oregon'], [42, 'PA', 'Pennsylvania'],
  [44, 'RI', 'Rhode Island'], [45, 'SC', 'South Carolina'], [46, 'SD', 'South Dakota'], [47, 'TN', 'Tennessee'],
  [48, 'TX', 'Texas'], [49, 'UT', 'Utah'], [50, 'VT', 'Vermont'], [51, 'VA', 'Virginia'], [53, 'WA', 'Washington'],
  [54, 'WV', 'West Virginia'], [55, 'WI', 'Wisconsin'], [56, 'WY', 'Wyoming'], [72, 'PR', 'Puerto Rico'],
].map(([id, code, name]) => ({ id: id as number, code: code as string, name: name as string }));

/** The name of a state by its FIPS code; null when unknown. */
export const stateName = (id: number | null | undefined): string | null => US_STATES.find((s) => s.id === id)?.name ?? null;

// ---------------------------------------------------------------------------------------------
// Field rules (form values arrive as text: blank means "none")
// ---------------------------------------------------------------------------------------------

/** Blank, null or missing gives undefined; anything else is trimmed text handed to `schema`. */
function blankOr<TOutput>(schema: v.GenericSchema<string, TOutput>, message: string) {
  return v.pipe(
    v.nullish(v.union([v.string(), v.number()], message)),
    v.transform((value) => (value == null ? '' : String(value).trim())),
    v.union([v.literal(''), schema], message),
    v.transform((value): TOutput | undefined => (value === '' ? undefined : (value as TOutput))),
  );
}

/** An optional number within [min, max] (`decimals` places at most); text is read as a number. */
function optionalNumber(label: string, min: number, max: number, { decimals = 1, unit = '' } = {}) {
  const range = `${label} must be between ${min} and ${max}${unit ? ` ${unit}` : ''}.`;
  const pattern = decimals > 0 ? new RegExp(`^-?\\d+(\\.\\d{1,${decimals}})?$`) : /^-?\d+$/;
  const notNumber = decimals > 0 ? `${label} must be a number${decimals === 1 ? ' with at most one decimal' : ''}.` : `${label} must be a whole number.`;
  return blankOr(
    v.pipe(
      v.string(),
      v.regex(pattern, notNumber),
      v.transform(Number),
      v.minValue(min, range),
      v.maxValue(max, range),
    ),
    notNumber,
  );
}

/** An optional "yyyy-MM-dd" date. */
function optionalDate(label: string) {
  return blankOr(
    v.pipe(
      v.string(),
      v.check(isIsoDate, invalidValue(label)),
      v.check((value) => value >= PATIENT_LIMITS.earliestDob, invalidValue(label)),
    ),
    invalidValue(label),
  );
}

/** An optional id (a select's value is text); blank is none. */
const optionalId = blankOr(
  v.pipe(
    v.string(),
    v.regex(/^\d+$/, INVALID_ID),
    v.transform(Number),
    v.check((n) => Number.isSafeInteger(n) && n > 0 && n <= MAX_ID, INVALID_ID),
  ),
  INVALID_ID,
);

const stage = v.pipe(
  v.optional(v.union([v.number(), v.string()], PATIENT_RECORD_MESSAGES.stageInvalid), ''),
  v.check((value) => String(value).trim() !== '', PATIENT_RECORD_MESSAGES.stageRequired),
  v.transform((value) => Number(String(value).trim())),
  v.picklist(PATIENT_STAGE_IDS, PATIENT_RECORD_MESSAGES.stageInvalid),
);

const STATE_IDS = new Set(US_STATES.map((s) => s.id));
const weight = (label: string) => optionalNumber(label, PATIENT_LIMITS.weight.min, PATIENT_LIMITS.weight.max, { unit: 'lb' });
const whole = (label: string, limits: { min: number; max: number }) =>
  optionalNumber(label, limits.min, limits.max, { decimals: 0 });

/** Every field the add and edit forms send. On update each one is saved as sent: blank clears it. */
const patientFieldEntries = {
  first_name: requiredString('first_name'),
  last_name: requiredString('last_name'),
  nick_name: optionalString('nick_name'),
  /** Optional; trimmed and lower-cased; unique within the program. Needed to invite the patient. */
  email: optionalOf(email('email'), INVALID_EMAIL),
  phone: optionalOf(v.pipe(phone('phone'), v.maxLength(32, maxLength('phone', 32))), invalidValue('phone')),
  dob: optionalDate('date of birth'),
  sex: blankOr(v.picklist(PATIENT_SEXES, invalidValue('sex')), invalidValue('sex')),
  city: optionalString('city'),
  state_id: blankOr(
    v.pipe(v.string(), v.transform(Number), v.check((n) => STATE_IDS.has(n), invalidValue('state'))),
    invalidValue('state'),
  ),
  mrn_number: optionalString('MRN', { max: 64 }),
  hight: optionalNumber('Height', PATIENT_LIMITS.height.min, PATIENT_LIMITS.height.max, { unit: 'inches' }),
  starting_weight: weight('Starting weight'),
  current_weight: weight('Current weight'),
  target_weight: weight('Target weight'),
  current_stage: stage,
  surgery_date: optionalDate('surgery date'),
  non_surgery_date: optionalDate('non-surgical program date'),
  consult_date: optionalDate('consult date'),
  type_of_surgery: optionalString('type_of_surgery', { max: 64 }),
  due_date_auto_cal: v.optional(flag01, 0),
  location_id: optionalId,
  insurance_coordinator_id: optionalId,
  /** The first and second tag: active tags of the program (GET /api/user-category/1), not the same one twice. */
  user_cat_id: optionalId,
  user_cat_id2: optionalId,
  snooze_status: v.optional(flag01, 0),
  /** Required while snoozed; kept (as history) when snoozing is switched off. */
  snooze_date: optionalDate('snooze date'),
  checklist_deactivate: v.optional(flag01, 0),
  /** Required while the checklist is deactivated. */
  checklist_deactivate_reason: optionalString('reason', { max: PATIENT_LIMITS.reason }),
  protien: whole('Protein goal', PATIENT_LIMITS.protien),
  fiber: whole('Fiber goal', PATIENT_LIMITS.fiber),
  water: whole('Water goal', PATIENT_LIMITS.water),
  calories: whole('Calories goal', PATIENT_LIMITS.calories),
  /** 1: e-mail the patient the app invitation (a set-password link) if not invited yet; needs an e-mail. */
  is_invited: v.optional(flag01, 0),
  status: v.optional(flag01, 1),
};

type FieldsOutput = v.InferOutput<v.ObjectSchema<typeof patientFieldEntries, undefined>>;

const snoozeCheck = <T extends FieldsOutput>() =>
  forwardedCheck<T>(['snooze_status', 'snooze_date'], 'snooze_date', (i) => i.snooze_status !== 1 || i.snooze_date !== undefined, PATIENT_RECORD_MESSAGES.snoozeDateRequired);
const reasonCheck = <T extends FieldsOutput>() =>
  forwardedCheck<T>(
      ['checklist_deactivate', 'checklist_deactivate_reason'],
      'checklist_deactivate_reason',
      (i) => i.checklist_deactivate !== 1 || i.checklist_deactivate_reason !== undefined,
      PATIENT_RECORD_MESSAGES.reasonRequired,
    );
const inviteCheck = <T extends FieldsOutput>() =>
  forwardedCheck<T>(['is_invited', 'email'], 'email', (i) => i.is_invited !== 1 || i.email !== undefined, PATIENT_RECORD_MESSAGES.inviteNeedsEmail);
const tagsCheck = <T extends FieldsOutput>() =>
  forwardedCheck<T>(
      ['user_cat_id', 'user_cat_id2'],
      'user_cat_id2',
      (i) => i.user_cat_id2 === undefined || i.user_cat_id2 !== i.user_cat_id,
      PATIENT_RECORD_MESSAGES.sameTags,
    );

const storeObject = v.object(patientFieldEntries);
/** POST /api/patients/store */
type StoreOutput = v.InferOutput<typeof storeObject>;
export const patientStoreBody = v.pipe(storeObject, snoozeCheck<StoreOutput>(), reasonCheck<StoreOutput>(), inviteCheck<StoreOutput>(), tagsCheck<StoreOutput>());
export type PatientStoreBody = v.InferOutput<typeof patientStoreBody>;
export type PatientFormInput = v.InferInput<typeof patientStoreBody>;

const updateObject = v.object({
  id,
  /** The version the form was filled from (GET answer's `version`). */
  version: v.pipe(
    v.optional(v.union([v.number(), v.string()]), ''),
    v.transform(Number),
    v.check((n) => Number.isSafeInteger(n) && n > 0, 'The version of the patient being edited is required.'),
  ),
  ...patientFieldEntries,
});
/** POST /api/patients/update: id, version and every field (blank clears one). */
type UpdateOutput = v.InferOutput<typeof updateObject>;
export const patientUpdateBody = v.pipe(updateObject, snoozeCheck<UpdateOutput>(), reasonCheck<UpdateOutput>(), inviteCheck<UpdateOutput>(), tagsCheck<UpdateOutput>());
export type PatientUpdateBody = v.InferOutput<typeof patientUpdateBody>;

// ---------------------------------------------------------------------------------------------
// Answers
// ---------------------------------------------------------------------------------------------

const text = v.nullable(v.string());
const num = v.nullable(v.number());

/** One patient as the record screen shows it, with the values computed from it. */
export const patientRecordSchema = v.object({
  id: v.number(),
  first_name: v.string(),
  last_name: v.string(),
  name: v.string(),
  nick_name: text,
  email: text,
  phone: text,
  dob: text,
  /** Whole years from dob to the program's today; null without dob. */
  age: num,
  sex: text,
  city: text,
  state_id: num,
  mrn_number: text,
  hight: num,
  starting_weight: num,
  current_weight: num,
  target_weight: num,
  current_stage: patientStageSchema,
  inital_stage: v.nullable(patientStageSchema),
  surgery_date: text,
  non_surgery_date: text,
  consult_date: text,
  type_of_surgery: text,
  due_date_auto_cal: flag,
  timezone: text,
  location_id: num,
  location_name: text,
  insurance_coordinator_id: num,
  insurance_coordinator_name: text,
  user_cat_id: num,
  user_cat_name: text,
  user_cat_id2: num,
  user_cat_name2: text,
  snooze_status: flag,
  snooze_date: text,
  checklist_deactivate: flag,
  checklist_deactivate_reason: text,
  nutrition: num,
  protien: num,
  fiber: num,
  water: num,
  calories: num,
  /** Change at the last weigh-in (negative: lost), kept by the weight log. */
  weight_loss_gain: num,
  is_invited: flag,
  /** Whether the patient has set an app password. */
  has_app_password: v.boolean(),
  chat_status: flag,
  last_app_activity_at: text,
  status: flag,
  matrix_system: text,
  created_by: num,
  created_at: v.string(),
  updated_at: v.string(),
  /** Rises with every change; send it back with an update. */
  version: v.number(),
  /** 703 × current weight (lb) / height (in)², one decimal; null without both. */
  bmi: num,
  /** Starting − current weight (lb), one decimal; negative when gained; null without both. */
  weight_lost: num,
  /** Surgery date to the program's today: "Today", "1 year 2 months 3 days", or "N/A". */
  surgery_date_difference: v.string(),
});
export type PatientRecord = v.InferOutput<typeof patientRecordSchema>;

/** GET /api/patients/{id} */
export const patientRecordResponse = envelope(patientRecordSchema);
export type PatientRecordResponse = v.InferOutput<typeof patientRecordResponse>;

/** The answer of store (201) and update: the patient as saved and the notice to show. */
export const patientSavedResponse = v.object({ data: patientRecordSchema, message: v.string() });
export type PatientSavedResponse = v.InferOutput<typeof patientSavedResponse>;

/** The stage choices of the form. */
export const PATIENT_STAGE_OPTIONS = STAGES.map((s) => ({ id: s.id, label: s.label }));
