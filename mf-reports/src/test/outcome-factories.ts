/** Test data of the dashboard's charts and widgets, the pipeline, outcomes and follow-up reports (valid by the contracts' types). */
import type { DashboardWidgets, PipelineMoveRow, PipelineReport, PreLoadFilters } from '@baridesk/contracts';

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
