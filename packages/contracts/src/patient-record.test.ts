import * as v from 'valibot';
import { toFieldErrors } from './errors';
import { PATIENT_RECORD_MESSAGES as MESSAGES, patientStoreBody, patientUpdateBody } from './index';

const errorsOf = (schema: v.GenericSchema, input: Record<string, unknown>) => {
  const result = v.safeParse(schema, input);
  return result.success ? {} : toFieldErrors(result.issues);
};
const valid = { first_name: ' Ann ', last_name: 'Lee', current_stage: '1' };

describe('patientStoreBody', () => {
  it('reads the form’s text into numbers, ids and flags, and leaves blanks out', () => {
    const result = v.safeParse(patientStoreBody, {
      ...valid,
      email: ' Ann.Lee@Example.ORG ',
      hight: '64.5',
      starting_weight: 310,
      current_weight: '',
      state_id: '17',
      user_cat_id: '12',
      user_cat_id2: null,
      snooze_status: true,
      snooze_date: '2026-04-01',
      protien: '90',
    });
    expect(result.output).toEqual({
      first_name: 'Ann',
      last_name: 'Lee',
      email: 'ann.lee@example.org',
      hight: 64.5,
      starting_weight: 310,
      state_id: 17,
      current_stage: 1,
      due_date_auto_cal: 0,
      user_cat_id: 12,
      snooze_status: 1,
      snooze_date: '2026-04-01',
      checklist_deactivate: 0,
      protien: 90,
      is_invited: 0,
      status: 1,
    });
  });

  it('says what is wrong with each field', () => {
    expect(errorsOf(patientStoreBody, {})).toEqual({
      first_name: ['First name is required.'],
      last_name: ['Last name is required.'],
      current_stage: [MESSAGES.stageRequired],
    });
    expect(
      errorsOf(patientStoreBody, {
        ...valid,
        current_stage: '0',
        hight: '120',
        target_weight: '45.25',
        dob: '1899-12-31',
        state_id: '3',
        sex: 'F',
        user_cat_id: 'x',
        calories: '-1',
        mrn_number: 'M'.repeat(65),
      }),
    ).toEqual({
      current_stage: [MESSAGES.stageInvalid],
      hight: ['Height must be between 36 and 96 inches.'],
      target_weight: ['Target weight must be a number with at most one decimal.'],
      dob: ['Please enter valid date of birth.'],
      state_id: ['Please enter valid state.'],
      sex: ['Please enter valid sex.'],
      user_cat_id: ['The id must be a positive integer.'],
      calories: ['Calories goal must be between 0 and 10000.'],
      mrn_number: ['MRN may not be greater than 64 characters.'],
    });
  });

  it('checks the rules between fields', () => {
    expect(errorsOf(patientStoreBody, { ...valid, snooze_status: 1, checklist_deactivate: 1, is_invited: 1, user_cat_id: 3, user_cat_id2: '3' })).toEqual({
      snooze_date: [MESSAGES.snoozeDateRequired],
      checklist_deactivate_reason: [MESSAGES.reasonRequired],
      email: [MESSAGES.inviteNeedsEmail],
      user_cat_id2: [MESSAGES.sameTags],
    });
  });
});

describe('patientUpdateBody', () => {
  it('needs the id and the version being edited', () => {
    expect(errorsOf(patientUpdateBody, valid)).toEqual({
      id: ['The id must be a positive integer.'],
      version: ['The version of the patient being edited is required.'],
    });
    expect(v.safeParse(patientUpdateBody, { ...valid, id: '7', version: 3 }).output).toMatchObject({ id: 7, version: 3 });
  });
});
