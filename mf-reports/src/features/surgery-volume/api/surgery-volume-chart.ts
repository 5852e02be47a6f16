import { SEMINAR_REPORT_PATHS, type SurgeryVolumeChart } from '@baridesk/contracts';
import { useReport, type ReportParams } from '../../../report-kit';

/** GET surgery-volume/chart: surgeries per month of the range, a series per surgery type. */
export const useSurgeryVolumeChart = (params: ReportParams) => useReport<SurgeryVolumeChart>(SEMINAR_REPORT_PATHS.volumeChart, params);
