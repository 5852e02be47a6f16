/** Test data of the pipeline screens, valid by the contracts' types. */
import {
  DEFAULT_CARDS_PER_COLUMN,
  type MissingPipelinePatient,
  type PipelineBoardResponse,
  type PipelineCard,
  type PipelineColumn,
  type PipelineMoveRecord,
  type PipelineRuleRecord,
  type PipelineRuleSettingsResponse,
  type PipelineStage,
  type PipelineStatus,
} from '@baridesk/contracts';

let nextId = 500;

export function createPipelineStatus(overrides: Partial<PipelineStatus> = {}): PipelineStatus {
  const id = nextId++;
  return { id, stage: 1, name: `Status ${id}`, position: id, is_default: 0, patient_count: 0, ...overrides };
}

export function createPipelineCard(overrides: Partial<PipelineCard> = {}): PipelineCard {
  const id = nextId++;
  return {
    id,
    name: `Patient ${id}`,
    pipeline_status_id: null,
    status_since: '2026-02-01T10:00:00.000Z',
    days_in_status: 3,
    checklist_percent: 40,
    checklist_deactivated: 0,
    surgery_date: '2026-03-05',
    ...overrides,
  };
}

/** A column of `status` showing `cards` (its first page); `total` defaults to the cards' count. */
export function createPipelineColumn(status: PipelineStatus, cards: PipelineCard[], overrides: Partial<PipelineColumn> = {}): PipelineColumn {
  return {
    status,
    total: cards.length,
    average_days: cards.length ? 3 : null,
    cards: cards.map((card) => ({ ...card, pipeline_status_id: status.id })),
    page: 1,
    ...overrides,
  };
}

export const boardOf = (columns: PipelineColumn[], { stage = 1, withoutStatus = 0 }: { stage?: PipelineStage; withoutStatus?: number } = {}): PipelineBoardResponse => ({
  data: { stage, columns, without_status: withoutStatus },
});

/** The cards of one page of a column of `count` patients named "<prefix> n". */
export const cardsNamed = (prefix: string, from: number, count = DEFAULT_CARDS_PER_COLUMN) =>
  Array.from({ length: count }, (_, index) => createPipelineCard({ name: `${prefix} ${from + index}` }));

export function createMoveRecord(overrides: Partial<PipelineMoveRecord> = {}): PipelineMoveRecord {
  return {
    id: nextId++,
    stage: 1,
    from_status: null,
    to_status: { id: 1, name: 'Seminar' },
    moved_at: '2026-02-03T15:04:00.000Z',
    moved_by: { id: 7, name: 'Nora Nurse' },
    rule: null,
    ...overrides,
  };
}

export function createPipelineRule(overrides: Partial<PipelineRuleRecord> = {}): PipelineRuleRecord {
  const id = nextId++;
  return {
    id,
    stage: 1,
    type: 6,
    type_label: 'Surgery Date added',
    from_status_id: null,
    to_status_id: 1,
    days: null,
    checklist_item_id: null,
    checklist_item_title: null,
    percent: null,
    priority: id,
    status: 1,
    description: `Rule ${id}`,
    ...overrides,
  };
}

export const createRuleSettings = (overrides: Partial<PipelineRuleSettingsResponse['data']> = {}): PipelineRuleSettingsResponse => ({
  data: {
    rule_types: [
      { id: 1, label: 'Surgery Date passed x days' },
      { id: 6, label: 'Surgery Date added' },
      { id: 2, label: 'Checklist Item completed' },
      { id: 4, label: 'Checklist % Complete' },
      { id: 5, label: 'Days in Stage' },
    ],
    statuses: [],
    checklist_items: [],
    ...overrides,
  },
});

export function createMissingPatient(overrides: Partial<MissingPipelinePatient> = {}): MissingPipelinePatient {
  const id = nextId++;
  return {
    id,
    name: `Missing Patient ${id}`,
    email: `missing.${id}@example.test`,
    current_stage: 1,
    surgery_date: null,
    created_at: '2026-01-02T03:04:05.000Z',
    ...overrides,
  };
}
