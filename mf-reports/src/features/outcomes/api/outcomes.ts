import type { OutcomeCohorts } from '@baridesk/contracts';
import { useReport, type ReportParams } from '../../../report-kit/index';

/** The outcome report's calls (contracts/reports-outcomes.ts). */
export const OUTCOME_PATHS = {
  cohorts: 'reports/outcomes/cohorts',
  patients: 'reports/outcomes/patients',
  patientsExcel: 'reports/outcomes/patients/excel',
} as const;

/** GET /api/reports/outcomes/cohorts?group&<filters>: the mean %TWL, %EWL and %EBMIL per cohort at each milestone. */
export const useOutcomeCohorts = (params: ReportParams) => useReport<OutcomeCohorts>(OUTCOME_PATHS.cohorts, params);
