import * as v from 'valibot';
import { toFieldErrors } from './errors';
import {
  MAX_SELECTED_PATIENTS,
  PATIENT_BULK_MESSAGES as MESSAGES,
  patientBulkBody,
  patientBulkMessage,
  patientExportQuery,
} from './patient-bulk';

const errorsOf = (schema: v.GenericSchema, input: unknown) => {
  const result = v.safeParse(schema, input, { abortPipeEarly: true });
  return result.success ? {} : toFieldErrors(result.issues);
};

describe('patientExportQuery', () => {
  it('takes the list query without paging, and the selected ids as text', () => {
    const result = v.safeParse(patientExportQuery, { page: '3', perPage: '5', stage: '2', sort: 'email', ids: ' 7, 3,7 ,12' });
    expect(result.success).toBe(true);
    expect(result.output).toEqual({ stage: 2, sort: 'email', direction: 'asc', ids: [7, 3, 12] });
  });

  it('refuses ids that are not a list of ids, none, or too many', () => {
    expect(errorsOf(patientExportQuery, { ids: '1;2' })).toEqual({ ids: [MESSAGES.idsText] });
    expect(errorsOf(patientExportQuery, { ids: ' ' })).toEqual({ ids: [MESSAGES.noneSelected] });
    expect(errorsOf(patientExportQuery, { ids: '99999999999' })).toEqual({ ids: [MESSAGES.badId] });
    const many = Array.from({ length: MAX_SELECTED_PATIENTS + 1 }, (_, i) => i + 1).join(',');
    expect(errorsOf(patientExportQuery, { ids: many })).toEqual({ ids: [MESSAGES.tooMany] });
  });
});

describe('patientBulkBody', () => {
  it('reads each action with its value', () => {
    expect(v.parse(patientBulkBody, { ids: [3, 1], action: 'add_tag', tag_id: '9' })).toEqual({ ids: [3, 1], action: 'add_tag', tag_id: 9 });
    expect(v.parse(patientBulkBody, { ids: [3], action: 'change_stage', stage: 3 })).toEqual({ ids: [3], action: 'change_stage', stage: 3 });
  });

  it('asks for the value the action needs, on its field', () => {
    expect(errorsOf(patientBulkBody, { ids: [1], action: 'add_tag', stage: 2 })).toEqual({ tag_id: [MESSAGES.chooseTag] });
    expect(errorsOf(patientBulkBody, { ids: [1], action: 'change_stage', tag_id: 4 })).toEqual({ stage: [MESSAGES.chooseStage] });
    expect(errorsOf(patientBulkBody, {})).toEqual({ ids: [MESSAGES.noneSelected], action: [MESSAGES.action] });
  });
});

describe('patientBulkMessage', () => {
  const none = { already_tagged: 0, two_tags: 0, already_in_stage: 0, not_found: 0 };

  it('says what was done and why the others were left alone', () => {
    expect(patientBulkMessage({ action: 'add_tag', tagName: 'Diabetic' }, { updated: 1200, skipped: { ...none, already_tagged: 1, two_tags: 2 } })).toBe(
      'The tag “Diabetic” was added to 1,200 patients. 1 already had it. 2 already have two tags.',
    );
    expect(patientBulkMessage({ action: 'change_stage', stage: 2 }, { updated: 1, skipped: { ...none, already_in_stage: 2, not_found: 1 } })).toBe(
      '1 patient moved to Post-Op. 2 were in Post-Op already. 1 was not found.',
    );
  });
});
