import { POST_OP_SORTS, SEMINAR_REPORT_PATHS, type PostOpPatientRow, type PostOpSort } from '@baridesk/contracts';
import { formatAmount, formatDate } from '@baridesk/domain';
import type { DataTableColumn } from '@baridesk/ui/lists';
import {
  REPORT_RANGES,
  ReportFilters,
  ReportPage,
  ReportTable,
  amountColumn,
  dateColumn,
  percentColumn,
  textColumn,
  usePatientColumn,
  useReportFilters,
} from '../../../report-kit';

/**
 * /post-op-patients-report, Post-Op Report: patients operated in the range (the last 2 years unless
 * changed), days since surgery and their weight outcome (starting and current weight, pounds lost,
 * %TWL, %EWL) with the last weigh-in. Excel of the list as filtered.
 */
export function PostOpScreen() {
  const filters = useReportFilters({ range: REPORT_RANGES.postOp });
  const columns: DataTableColumn<PostOpPatientRow>[] = [
    usePatientColumn<PostOpPatientRow>(),
    dateColumn('surgery_date', 'Surgery date', { sortable: true }),
    { key: 'days_since_surgery', header: 'Days since', width: '6rem', align: 'end', render: (row) => formatAmount(row.days_since_surgery) },
    textColumn('type_of_surgery', 'Surgery type', { sortable: true }),
    amountColumn('starting_weight', 'Starting weight', { unit: 'lb', width: '7.5rem' }),
    amountColumn('current_weight', 'Current weight', { unit: 'lb', sortable: true, width: '7.5rem' }),
    amountColumn('weight_lost', 'Weight lost', { unit: 'lb', sortable: true, width: '7rem' }),
    percentColumn('twl', '%TWL'),
    percentColumn('ewl', '%EWL'),
    {
      key: 'last_weigh_in',
      header: 'Last weigh-in',
      width: '11rem',
      render: (row) =>
        row.last_weigh_in_on ? `${formatDate(row.last_weigh_in_on)}${row.last_weigh_in_weight === null ? '' : ` · ${formatAmount(row.last_weigh_in_weight)} lb`}` : '—',
    },
  ];

  return (
    <ReportPage
      title="Post-Op Report"
      description="Patients operated in the dates, with their weight since: %TWL is the share of the starting weight lost, %EWL the share of the excess weight (above a BMI of 25) lost."
      filters={<ReportFilters filters={filters} datesHint="The day of surgery." />}
    >
      <ReportTable<PostOpPatientRow, PostOpSort>
        caption="Post-Op patients: days since surgery and weight outcome"
        path={SEMINAR_REPORT_PATHS.postOp}
        excelPath={SEMINAR_REPORT_PATHS.postOpExcel}
        excelLabel="Post-Op Report (Excel)"
        excelFallbackName="post-op-patients.xlsx"
        params={filters.query}
        columns={columns}
        sorts={POST_OP_SORTS}
        defaultSort="surgery_date"
        defaultDirection="desc"
        noun={['patient', 'patients']}
        emptyText="No surgery in these dates."
        errorTitle="The Post-Op patients could not be loaded."
        searchLabel="Search patients"
        minWidth="74rem"
      />
    </ReportPage>
  );
}
