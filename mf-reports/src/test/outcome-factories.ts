/** Test data of the dashboard's charts and widgets, the pipeline, outcomes and follow-up reports (valid by the contracts' types). */
import type {
  DashboardWidgets,
  FollowUpRow,
  FollowUpSummary,
  OutcomeCohorts,
  OutcomeFigure,
  OutcomeMilestone,
  OutcomePatientRow,
  PipelineMoveRow,
  PipelineReport,
  PreLoadFilters,
} from '@baridesk/contracts';

const MONTHS = ['2025-04', '2025-05', '2025-06', '2025-07', '2025-08', '2025-09', '2025-10', '2025-11', '2025-12', '2026-01', '2026-02', '2026-03'];

export const createDashboardWidgets = (overrides: Partial<DashboardWidgets> = {}): DashboardWidgets => ({
  today: '2026-03-10',
  byStage: { 1: 700, 2: 434, 3: 100 },
  newPatients: { months: MONTHS, counts: [10, 12, 8, 15, 20, 18, 22, 25, 19, 30, 1204, 14] },
  surgeries: { thisMonth: 9, perMonth: { months: MONTHS, counts: [5, 6, 4, 7, 8, 9, 6, 5, 7, 8, 10, 9] } },
  appUse: { total: 1234, activeRecently: 800, lapsed: 378, neverUsed: 56 },
  weightLost: { totalLb: 45210.5, patients: 412 },
  ...overrides,
});

let nextId = 500;

export const createPreLoadFilters = (overrides: Partial<PreLoadFilters> = {}): PreLoadFilters => ({
  stages: [
    { id: 1, label: 'Pre-Op' },
    { id: 2, label: 'Post-Op' },
    { id: 3, label: 'Weight-Management' },
  ],
  tags: [{ id: 3, name: 'Medicare' }],
  coordinators: [{ id: 4, name: 'Casey Coordinator' }],
  locations: [],
  surgeryTypes: ['Gastric Bypass', 'Sleeve'],
  ...overrides,
});

export const createPipelineReport = (overrides: Partial<PipelineReport> = {}): PipelineReport => ({
  from: '2025-12-10',
  to: '2026-03-10',
  stages: [
    {
      stage: 1,
      statuses: [
        { id: 11, name: 'Seminar', patients: 1200, moves_in: 340, average_days: 12.5 },
        { id: 12, name: 'Insurance', patients: 80, moves_in: 41, average_days: null },
      ],
    },
    { stage: 2, statuses: [{ id: 21, name: 'Seminar', patients: 5, moves_in: 1, average_days: 1 }] },
  ],
  conversion: { cohort: 1250, operated: 300, rate: 24, median_days: 96 },
  ...overrides,
});

export const createPipelineMove = (overrides: Partial<PipelineMoveRow> = {}): PipelineMoveRow => {
  const id = nextId++;
  return {
    move_id: id,
    id: id + 1000,
    name: `Patient ${id}`,
    stage: 1,
    from_status: 'Seminar',
    to_status: 'Insurance',
    moved_at: '2026-03-05T15:04:00.000Z',
    moved_by: 'staff',
    ...overrides,
  };
};

/** A cohort's figure at a milestone; `patients` behind %TWL, `excess_patients` behind %EWL and %EBMIL. */
const figure = (months: 3 | 6 | 12 | 24, patients: number, twl: number | null, ewl: number | null = null, ebmil: number | null = null): OutcomeFigure => ({
  months,
  patients,
  excess_patients: patients,
  twl,
  ewl,
  ebmil,
});

export const createOutcomeCohorts = (overrides: Partial<OutcomeCohorts> = {}): OutcomeCohorts => ({
  milestones: [3, 6, 12, 24],
  rows: [
    {
      cohort: 'Sleeve',
      patients: 1450,
      figures: [figure(3, 1200, 15.04, 40.2, 45.1), figure(6, 900, 22.5, 55, 60.3), figure(12, 640, 28.25, 66.7, 71), figure(24, 0, null)],
    },
    {
      cohort: 'Gastric Bypass',
      patients: 12,
      figures: [figure(3, 9, 17.5, 44, 48), figure(6, 4, 25.1, 58.2, 63.5), figure(12, 0, null), figure(24, 0, null)],
    },
  ],
  total: {
    cohort: 'All',
    patients: 1462,
    figures: [figure(3, 1209, 15.1, 40.3, 45.2), figure(6, 904, 22.6, 55.1, 60.4), figure(12, 640, 28.25, 66.7, 71), figure(24, 0, null)],
  },
  ...overrides,
});

export const createOutcomePatient = (overrides: Partial<OutcomePatientRow> = {}): OutcomePatientRow => {
  const id = nextId++;
  const milestone = (months: 3 | 6 | 12 | 24, weight: number | null, twl: number | null): OutcomeMilestone => ({
    months,
    date: weight === null ? null : '2025-06-01',
    weight,
    twl,
    ewl: twl === null ? null : twl * 2,
    ebmil: twl === null ? null : twl * 2.2,
  });
  return {
    id,
    name: `Patient ${id}`,
    stage: 2,
    surgery_date: '2025-03-01',
    type_of_surgery: 'Sleeve',
    start_weight: 1250,
    height: 66,
    milestones: [milestone(3, 1060, 15.2), milestone(6, 980, 21.6), milestone(12, null, null), milestone(24, null, null)],
    ...overrides,
  };
};

export const createFollowUpRow = (overrides: Partial<FollowUpRow> = {}): FollowUpRow => {
  const id = nextId++;
  return {
    id,
    name: `Patient ${id}`,
    stage: 2,
    phone: '5551234567',
    email: `patient${id}@example.test`,
    surgery_date: '2025-09-10',
    type_of_surgery: 'Sleeve',
    window: '6m',
    window_label: '6 months',
    opens: '2026-01-08',
    target_date: '2026-03-11',
    closes: '2026-05-08',
    state: 'due',
    seen_on: null,
    ...overrides,
  };
};

export const createFollowUpSummary = (): FollowUpSummary[] => [
  { window: '30d', label: '30 days', due: 3, overdue: 1, seen: 40 },
  { window: '6m', label: '6 months', due: 12, overdue: 5, seen: 1200 },
  { window: '1y', label: '1 year', due: 0, overdue: 0, seen: 30 },
];

/** The worklist's answer: a page of rows with the summary beside it. */
export const followUpAnswer = (rows: FollowUpRow[], total = rows.length, summary = createFollowUpSummary()) => ({
  data: { data: rows, total, page: 1, perPage: 10, summary },
});
