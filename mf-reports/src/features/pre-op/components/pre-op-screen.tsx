import { SEMINAR_REPORT_PATHS, SURGERY_DATE_SORTS, type SurgeryDatePatientRow, type SurgeryDateSort } from '@baridesk/contracts';
import { formatAmount, formatDate } from '@baridesk/domain';
import { Text } from '@baridesk/ui';
import { TruncatedText, type DataTableColumn } from '@baridesk/ui/lists';
import {
  REPORT_RANGES,
  ReportFilters,
  ReportPage,
  ReportTable,
  dateColumn,
  percentColumn,
  textColumn,
  usePatientColumn,
  useReportFilters,
} from '../../../report-kit';

/**
 * /surgery-date-patients-report, Pre-Op Report: patients with a surgery date in the range (today to
 * 90 days ahead unless changed), how far off it is, and how ready their checklist is: ticked share,
 * open and overdue items, and the open item due next. Excel of the list as filtered.
 */
export function PreOpScreen() {
  const filters = useReportFilters({ range: REPORT_RANGES.preOp });
  const columns: DataTableColumn<SurgeryDatePatientRow>[] = [
    usePatientColumn<SurgeryDatePatientRow>(),
    dateColumn('surgery_date', 'Surgery date', { sortable: true }),
    { key: 'surgery_date_difference', header: 'Time to surgery', width: '10rem', render: (row) => <TruncatedText text={row.surgery_date_difference} /> },
    textColumn('type_of_surgery', 'Surgery type', { sortable: true }),
    percentColumn('checklist_percent', 'Checklist', { sortable: true, width: '7rem' }),
    { key: 'open_items', header: 'Open items', width: '6rem', align: 'end', render: (row) => formatAmount(row.open_items) },
    {
      key: 'overdue_items',
      header: 'Overdue',
      width: '6rem',
      align: 'end',
      render: (row) =>
        row.overdue_items > 0 ? (
          <Text as="span" color="fg.error" fontWeight="semibold">
            {formatAmount(row.overdue_items)}
          </Text>
        ) : (
          '0'
        ),
    },
    {
      key: 'next_item',
      header: 'Next item due',
      render: (row) => (
        <TruncatedText text={row.next_item_title ? `${row.next_item_title}${row.next_item_due ? `, ${formatDate(row.next_item_due)}` : ''}` : ''} />
      ),
    },
  ];

  return (
    <ReportPage
      title="Pre-Op Report"
      description="Patients whose surgery falls in the dates, with how ready their checklist is."
      filters={<ReportFilters filters={filters} datesHint="The day of surgery." />}
    >
      <ReportTable<SurgeryDatePatientRow, SurgeryDateSort>
        caption="Pre-Op patients: upcoming surgeries and their checklist readiness"
        path={SEMINAR_REPORT_PATHS.surgeryDate}
        excelPath={SEMINAR_REPORT_PATHS.surgeryDateExcel}
        excelLabel="Pre-Op Report (Excel)"
        excelFallbackName="pre-op-patients.xlsx"
        params={filters.query}
        columns={columns}
        sorts={SURGERY_DATE_SORTS}
        defaultSort="surgery_date"
        defaultDirection="asc"
        noun={['patient', 'patients']}
        emptyText="No surgery in these dates."
        errorTitle="The Pre-Op patients could not be loaded."
        searchLabel="Search patients"
        minWidth="66rem"
      />
    </ReportPage>
  );
}
