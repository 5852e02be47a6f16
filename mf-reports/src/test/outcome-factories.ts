/** Test data of the dashboard's charts and widgets, the pipeline, outcomes and follow-up reports (valid by the contracts' types). */
import type { DashboardWidgets } from '@baridesk/contracts';

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
