/** Test data of the patient notes panel, valid by the contracts' types. */
import type { ChecklistNote, InternalNote } from '@baridesk/contracts';

let nextId = 100;

export function createInternalNote(overrides: Partial<InternalNote> = {}): InternalNote {
  const id = nextId++;
  return {
    id,
    patient_id: 7,
    note_type: 'general',
    note: `Internal note ${id}`,
    created_at: '2026-03-05T15:04:00.000Z',
    author: { id: 201, name: 'Jordan Ellis' },
    can_delete: true,
    ...overrides,
  };
}

export function createChecklistNote(overrides: Partial<ChecklistNote> = {}): ChecklistNote {
  const id = nextId++;
  return {
    id,
    patient_id: 7,
    stage: 1,
    checklist_item_id: null,
    note: `Checklist note ${id}`,
    created_at: '2026-03-05T15:04:00.000Z',
    author: { id: 201, name: 'Jordan Ellis' },
    can_delete: true,
    ...overrides,
  };
}
