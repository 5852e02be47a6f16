import { SEMINAR_REPORT_PATHS, SURGERY_VOLUME_SORTS, type SurgeryVolumeChart, type SurgeryVolumeRow, type SurgeryVolumeSort } from '@baridesk/contracts';
import { formatAmount, formatDate, formatMonthKey } from '@baridesk/domain';
import type { DataTableColumn } from '@baridesk/ui/lists';
import {
  REPORT_RANGES,
  ReportFilters,
  ReportPage,
  ReportTable,
  amountColumn,
  dateColumn,
  stageColumn,
  textColumn,
  usePatientColumn,
  useReportFilters,
  type ReportParams,
} from '../../../report-kit';
import { ReportChart } from '../../../report-kit/report-chart';
import { useSurgeryVolumeChart } from '../api/surgery-volume-chart';

const summaryOf = (chart: SurgeryVolumeChart) =>
  `${formatAmount(chart.total)} ${chart.total === 1 ? 'surgery' : 'surgeries'} from ${formatDate(chart.from)} to ${formatDate(chart.to)}.`;

/** The surgeries per month, a stacked bar per month with a part per surgery type, and the numbers by month and type. */
function SurgeryVolumeBars({ params }: { params: ReportParams }) {
  const query = useSurgeryVolumeChart(params);
  const chart = query.data?.data;
  const months = chart?.months.map(formatMonthKey) ?? [];
  return (
    <ReportChart
      title="Surgeries per month by type"
      state={query}
      errorTitle="The surgery volume chart could not be loaded."
      empty={chart !== undefined && chart.total === 0}
      emptyText="No surgery in these dates."
      summary={chart ? summaryOf(chart) : undefined}
      chart={
        chart
          ? { kind: 'bar', stacked: true, categories: months, series: chart.series.map((series) => ({ name: series.surgery_type, data: series.counts })), unit: 'surgeries' }
          : undefined
      }
      numbers={
        chart
          ? {
              categoryHeader: 'Month',
              columns: [...chart.series.map((series) => series.surgery_type), 'Total'],
              rows: chart.months.map((_month, index) => {
                const counts = chart.series.map((series) => series.counts[index] ?? 0);
                return { label: months[index]!, cells: [...counts, counts.reduce((sum, n) => sum + n, 0)].map(formatAmount) };
              }),
            }
          : undefined
      }
    />
  );
}

/**
 * /surgery-volume: how many surgeries the program performed per month and type of surgery in the
 * range (the current month and the 11 before unless changed), the patients operated, and Excel.
 */
export function SurgeryVolumeScreen() {
  const filters = useReportFilters({ range: REPORT_RANGES.surgeryVolume });
  const columns: DataTableColumn<SurgeryVolumeRow>[] = [
    usePatientColumn<SurgeryVolumeRow>(),
    stageColumn(),
    dateColumn('surgery_date', 'Surgery date', { sortable: true }),
    textColumn('type_of_surgery', 'Surgery type', { sortable: true }),
    textColumn('coordinator', 'Coordinator'),
    amountColumn('starting_weight', 'Starting weight', { unit: 'lb', width: '7.5rem' }),
    amountColumn('current_weight', 'Current weight', { unit: 'lb', width: '7.5rem' }),
  ];

  return (
    <ReportPage
      title="Surgery Volume"
      description="Surgeries per month and type of surgery, and the patients operated."
      filters={<ReportFilters filters={filters} datesHint="The day of surgery." />}
      chart={<SurgeryVolumeBars params={filters.query} />}
    >
      <ReportTable<SurgeryVolumeRow, SurgeryVolumeSort>
        title="Patients operated"
        caption="Patients operated in the dates"
        path={SEMINAR_REPORT_PATHS.volumeList}
        excelPath={SEMINAR_REPORT_PATHS.volumeExcel}
        excelLabel="Surgery Volume (Excel)"
        excelFallbackName="surgery-volume.xlsx"
        params={filters.query}
        columns={columns}
        sorts={SURGERY_VOLUME_SORTS}
        defaultSort="surgery_date"
        defaultDirection="desc"
        noun={['surgery', 'surgeries']}
        emptyText="No surgery in these dates."
        errorTitle="The patients operated could not be loaded."
        searchLabel="Search patients"
        minWidth="60rem"
      />
    </ReportPage>
  );
}
