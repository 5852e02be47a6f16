/** Test data of the checklist screens, valid by the contracts' types. */
import type {
  ChecklistStageNamesResponse,
  ChecklistTemplate,
  ChecklistTemplateDetail,
  ChecklistTemplateItem,
  ChecklistWorklistItem,
  PatientChecklist,
  PatientChecklistItem,
} from '@baridesk/contracts';

let nextId = 500;

/** The program's checklist names, the third one renamed. */
export const stageNames = (third = 'Healthy Habits'): ChecklistStageNamesResponse => ({
  data: [
    { stage: 1, name: 'Pre-Op' },
    { stage: 2, name: 'Post-Op' },
    { stage: 3, name: third },
  ],
});

export function createChecklistTemplate(overrides: Partial<ChecklistTemplate> = {}): ChecklistTemplate {
  const id = nextId++;
  return {
    id,
    stage: 1,
    name: `Template ${id}`,
    description: null,
    status: 1,
    is_default: 0,
    item_count: 3,
    updated_at: '2026-02-03T04:05:06.000Z',
    ...overrides,
  };
}

export function createTemplateItem(overrides: Partial<ChecklistTemplateItem> = {}): ChecklistTemplateItem {
  const id = nextId++;
  return { id, title: `Item ${id}`, description: null, position: 1, due_anchor: null, due_days: null, ...overrides };
}

export function createChecklistTemplateDetail(
  overrides: Partial<ChecklistTemplateDetail> = {},
): ChecklistTemplateDetail {
  const items = overrides.items ?? [createTemplateItem()];
  return { ...createChecklistTemplate(), item_count: items.length, ...overrides, items };
}

export function createPatientChecklistItem(overrides: Partial<PatientChecklistItem> = {}): PatientChecklistItem {
  const id = nextId++;
  return {
    id,
    stage: 1,
    title: `Checklist item ${id}`,
    description: null,
    position: 1,
    due_date: null,
    overdue: false,
    template_id: 40,
    template_name: 'Pre-surgery basics',
    template_item_id: id + 1000,
    completed: 0,
    completed_at: null,
    completed_by: null,
    note_count: 0,
    ...overrides,
  };
}

/** A patient's checklist of one stage, its counts worked out from its items unless told. */
export function createPatientChecklist(overrides: Partial<PatientChecklist> = {}): PatientChecklist {
  const items = overrides.items ?? [createPatientChecklistItem()];
  const completed = items.filter((item) => item.completed === 1).length;
  return {
    patient: {
      id: 7,
      name: 'Maria Okafor',
      current_stage: 1,
      surgery_date: null,
      checklist_deactivate: 0,
      checklist_deactivate_reason: null,
      pipeline_status: { id: 31, name: 'Consult done' },
    },
    stage: 1,
    stage_name: 'Pre-Op',
    items,
    completed,
    total: items.length,
    percent: items.length === 0 ? 0 : Math.floor((100 * completed) / items.length),
    templates: [{ id: 40, name: 'Pre-surgery basics' }],
    ...overrides,
  };
}

export function createWorklistItem(overrides: Partial<ChecklistWorklistItem> = {}): ChecklistWorklistItem {
  const id = nextId++;
  return {
    id,
    patient_id: 7,
    patient_name: 'Maria Okafor',
    title: `Checklist item ${id}`,
    template_name: 'Pre-surgery basics',
    due_date: '2026-03-05',
    overdue: false,
    completed_at: null,
    completed_by: null,
    ...overrides,
  };
}
