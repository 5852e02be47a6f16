import type { PatientFormInput, PatientRecord } from '@baridesk/contracts';
import { stateName } from '@baridesk/contracts';
import { formatDate, formatPhone, stageLabel } from '@baridesk/domain';

/** The add/edit form's values as its inputs hold them: text for inputs and selects, booleans for switches. */
export type PatientFormValues = {
  [K in keyof PatientFormInput]-?: K extends 'due_date_auto_cal' | 'snooze_status' | 'checklist_deactivate' | 'is_invited' | 'status'
    ? boolean
    : string;
};

export const BLANK_PATIENT_FORM: PatientFormValues = {
  first_name: '',
  last_name: '',
  nick_name: '',
  email: '',
  phone: '',
  dob: '',
  sex: '',
  city: '',
  state_id: '',
  mrn_number: '',
  hight: '',
  starting_weight: '',
  current_weight: '',
  target_weight: '',
  current_stage: '1',
  surgery_date: '',
  non_surgery_date: '',
  consult_date: '',
  type_of_surgery: '',
  due_date_auto_cal: false,
  location_id: '',
  insurance_coordinator_id: '',
  user_cat_id: '',
  user_cat_id2: '',
  snooze_status: false,
  snooze_date: '',
  checklist_deactivate: false,
  checklist_deactivate_reason: '',
  protien: '',
  fiber: '',
  water: '',
  calories: '',
  is_invited: false,
  status: true,
};

const text = (value: string | number | null) => (value === null ? '' : String(value));

/** A saved patient as the form shows it. */
export function recordToFormValues(patient: PatientRecord): PatientFormValues {
  const values = { ...BLANK_PATIENT_FORM };
  for (const key of Object.keys(BLANK_PATIENT_FORM) as (keyof PatientFormValues)[]) {
    const value = patient[key];
    (values as Record<string, string | boolean>)[key] = typeof BLANK_PATIENT_FORM[key] === 'boolean' ? value === 1 : text(value);
  }
  return values;
}

/** The labels of the form's fields, also used to say what someone else changed. */
export const PATIENT_FIELD_LABELS: Record<keyof PatientFormValues, string> = {
  first_name: 'First name',
  last_name: 'Last name',
  nick_name: 'Nickname',
  email: 'E-mail',
  phone: 'Phone',
  dob: 'Date of birth',
  sex: 'Sex',
  city: 'City',
  state_id: 'State',
  mrn_number: 'MRN',
  hight: 'Height (in)',
  starting_weight: 'Starting weight (lb)',
  current_weight: 'Current weight (lb)',
  target_weight: 'Target weight (lb)',
  current_stage: 'Stage',
  surgery_date: 'Surgery date',
  non_surgery_date: 'Non-surgical program date',
  consult_date: 'Consult date',
  type_of_surgery: 'Type of surgery',
  due_date_auto_cal: 'Work out checklist due dates automatically',
  location_id: 'Location',
  insurance_coordinator_id: 'Insurance coordinator',
  user_cat_id: 'Tag',
  user_cat_id2: 'Second tag',
  snooze_status: 'Snoozed',
  snooze_date: 'Snooze until',
  checklist_deactivate: 'Checklist deactivated',
  checklist_deactivate_reason: 'Reason for deactivating the checklist',
  protien: 'Protein goal (g a day)',
  fiber: 'Fiber goal (g a day)',
  water: 'Water goal (oz a day)',
  calories: 'Calories goal (a day)',
  is_invited: 'Invited to the app',
  status: 'Active',
};

const DATE_FIELDS = new Set(['dob', 'surgery_date', 'non_surgery_date', 'consult_date', 'snooze_date']);

/** One field of a patient as a person reads it ("None" when empty). */
export function displayValue(patient: PatientRecord, key: keyof PatientFormValues): string {
  const value = patient[key];
  if (value === null || value === '') return 'None';
  if (typeof BLANK_PATIENT_FORM[key] === 'boolean') return value === 1 ? 'Yes' : 'No';
  if (DATE_FIELDS.has(key)) return formatDate(String(value));
  switch (key) {
    case 'phone':
      return formatPhone(String(value));
    case 'current_stage':
      return stageLabel(value) ?? String(value);
    case 'state_id':
      return stateName(Number(value)) ?? String(value);
    case 'user_cat_id':
      return patient.user_cat_name ?? String(value);
    case 'user_cat_id2':
      return patient.user_cat_name2 ?? String(value);
    case 'insurance_coordinator_id':
      return patient.insurance_coordinator_name ?? String(value);
    case 'location_id':
      return patient.location_name ?? String(value);
    default:
      return String(value);
  }
}

export type FieldChange = { key: keyof PatientFormValues; label: string; from: string; to: string };

/** What changed between two saved versions of a patient, field by field, in the form's order. */
export function changesBetween(before: PatientRecord, after: PatientRecord): FieldChange[] {
  return (Object.keys(PATIENT_FIELD_LABELS) as (keyof PatientFormValues)[])
    .filter((key) => before[key] !== after[key])
    .map((key) => ({ key, label: PATIENT_FIELD_LABELS[key], from: displayValue(before, key), to: displayValue(after, key) }));
}
