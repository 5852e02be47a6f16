import * as v from 'valibot';
import { toFieldErrors } from './errors';
import {
  NOTE_MAX_LENGTH,
  checklistNoteStoreBody,
  checklistNotesByStageQuery,
  internalNoteFormSchema,
  internalNoteListQuery,
  internalNoteStoreBody,
  internalNoteTypeLabel,
} from './patient-notes';

const errorsOf = (schema: v.GenericSchema, input: unknown) => {
  const result = v.safeParse(schema, input, { abortPipeEarly: true });
  return result.success ? {} : toFieldErrors(result.issues);
};

describe('internal notes', () => {
  it('trims the note, defaults the type to general and reads ids from text', () => {
    expect(v.parse(internalNoteStoreBody, { patient_id: '12', note: '  Called the patient.  ' })).toEqual({
      patient_id: 12,
      note_type: 'general',
      note: 'Called the patient.',
    });
    expect(v.parse(internalNoteFormSchema, { note_type: 'clinical', note: 'x' })).toEqual({ note_type: 'clinical', note: 'x' });
  });

  it('says what is wrong with each field', () => {
    expect(errorsOf(internalNoteStoreBody, {})).toEqual({ patient_id: ['Patient ID is required.'], note: ['Note is required.'] });
    expect(errorsOf(internalNoteStoreBody, { patient_id: 'abc', note_type: 'gossip', note: 'x'.repeat(NOTE_MAX_LENGTH + 1) })).toEqual({
      patient_id: ['The id must be a positive integer.'],
      note_type: ['Please enter valid note type.'],
      note: [`Note may not be greater than ${NOTE_MAX_LENGTH} characters.`],
    });
    expect(errorsOf(internalNoteStoreBody, { patient_id: 1, note: 'x'.repeat(NOTE_MAX_LENGTH) })).toEqual({});
  });

  it('reads the list query: paging by default, a blank type filters nothing', () => {
    expect(v.parse(internalNoteListQuery, { patient_id: '3', note_type: '' })).toEqual({
      patient_id: 3,
      note_type: undefined,
      pagination: 1,
      page: 1,
      perPage: 10,
    });
    expect(v.parse(internalNoteListQuery, { patient_id: '3', pagination: '0', perPage: 'All' })).toMatchObject({ pagination: 0, perPage: 'All' });
    expect(errorsOf(internalNoteListQuery, { patient_id: '3', pagination: '2', perPage: '7' })).toEqual({
      pagination: ['The value must be 0 or 1.'],
      perPage: ['The perPage must be one of 5, 10, 15, 20, 50, 100 or All.'],
    });
  });

  it('labels the types', () => {
    expect(internalNoteTypeLabel('insurance')).toBe('Insurance');
    expect(internalNoteTypeLabel('later')).toBe('later');
  });
});

describe('checklist notes', () => {
  it('takes a stage 1 to 3 and an optional item', () => {
    expect(v.parse(checklistNoteStoreBody, { patient_id: 4, stage: '2', checklist_item_id: '', note: ' Ok ' })).toEqual({
      patient_id: 4,
      stage: 2,
      checklist_item_id: undefined,
      note: 'Ok',
    });
    expect(v.parse(checklistNoteStoreBody, { patient_id: 4, stage: 3, checklist_item_id: 77, note: 'Ok' })).toMatchObject({ checklist_item_id: 77 });
    expect(errorsOf(checklistNoteStoreBody, { patient_id: 4, note: 'Ok' })).toEqual({ stage: ['Stage is required.'] });
    expect(errorsOf(checklistNoteStoreBody, { patient_id: 4, stage: 4, checklist_item_id: 'x', note: 'Ok' })).toEqual({
      stage: ['Please enter valid stage.'],
      checklist_item_id: ['The id must be a positive integer.'],
    });
    expect(errorsOf(checklistNotesByStageQuery, { patient_id: '4', stage: 'pre' })).toEqual({ stage: ['Please enter valid stage.'] });
  });
});
