import {
  LOST_SORTS,
  SEMINAR_REPORT_PATHS,
  STALLED_DEFAULT_DAYS,
  STALLED_SORTS,
  TIME_GAPS,
  type LostPatientRow,
  type StalledPatientRow,
  type LostSort,
  type StalledSort,
  type TimeGap,
} from '@baridesk/contracts';
import { formatAmount } from '@baridesk/domain';
import { FilterSelect, type DataTableColumn } from '@baridesk/ui/lists';
import {
  ChoiceSelect,
  REPORT_RANGES,
  ReportFilters,
  ReportPage,
  ReportTable,
  dateColumn,
  percentColumn,
  stageColumn,
  textColumn,
  usePatientColumn,
  useReportFilters,
} from '../../../report-kit';
import { useChecklistItemNames } from '../api/checklist-report-calls';
import { LostPatientsChart } from './lost-patients-chart';

/** The stalled table's choices of days without progress. */
export const STALLED_DAY_CHOICES = [7, 14, 30, 60, 90, 180] as const;

const isTimeGap = (value: string): value is TimeGap => (TIME_GAPS as readonly string[]).includes(value);

/**
 * /seminar2surgery, Checklist Reports: patients who were lost on the way from seminar to surgery (a
 * graph over time by week, month or quarter, and the list), and patients stalled now (no move in their
 * stage, no checklist tick and no app activity for the chosen days). A checklist item narrows both to
 * patients who have not ticked it. Each list goes to Excel as filtered.
 */
export function ChecklistReportsScreen() {
  const filters = useReportFilters({ range: REPORT_RANGES.lost, extra: { time_gap: 'month', checklist_item: '', stalled_days: String(STALLED_DEFAULT_DAYS) } });
  const { values, query } = filters;
  const items = useChecklistItemNames(values.stage);
  // The same title may be an item of several stages: the filter takes the title.
  const titles = [...new Set((items.data?.data ?? []).map((item) => item.title))].sort((a, b) => a.localeCompare(b));
  const lostParams = { ...query, checklist_item: values.checklist_item || undefined };
  // Stalled is about now (the chosen days up to today): the range, which dates the lost, does not apply.
  const { from: _from, to: _to, ...stalledFilters } = lostParams;
  const stalledParams = { ...stalledFilters, days: values.stalled_days };
  const timeGap = isTimeGap(values.time_gap) ? values.time_gap : 'month';

  // Lost rows are stalled rows with the day lost: the columns of one serve the other.
  const progressColumns: DataTableColumn<StalledPatientRow>[] = [
    usePatientColumn<StalledPatientRow>(),
    stageColumn({ sortable: true }),
    textColumn('pipeline_status', 'Pipeline status'),
    textColumn('coordinator', 'Coordinator'),
    percentColumn('checklist_percent', 'Checklist', { sortable: true, width: '7rem' }),
    dateColumn('last_progress_on', 'Last progress', { sortKey: 'last_progress' }),
  ];
  const lostColumns: DataTableColumn<LostPatientRow>[] = [...progressColumns, dateColumn('lost_on', 'Lost on')];
  const stalledColumns: DataTableColumn<StalledPatientRow>[] = [
    ...progressColumns,
    {
      key: 'days_without_progress',
      header: 'Days without progress',
      width: '8rem',
      align: 'end',
      render: (row) => formatAmount(row.days_without_progress),
    },
  ];

  return (
    <ReportPage
      title="Checklist Reports"
      description="Lost patients never reached surgery and made no progress (no move in their stage, no checklist tick, no use of the app) for 90 days; the dates are the days they counted as lost. Stalled patients made no progress for the chosen number of days up to today."
      filters={
        <ReportFilters filters={filters} datesHint="The day a patient counted as lost.">
          <FilterSelect
            label="Checklist item not ticked"
            anyLabel="Any"
            value={values.checklist_item}
            options={titles.map((title) => ({ value: title, label: title }))}
            onChange={(value) => filters.set('checklist_item', value)}
            disabled={items.isPending}
          />
        </ReportFilters>
      }
      chart={<LostPatientsChart params={lostParams} timeGap={timeGap} onTimeGapChange={(gap) => filters.set('time_gap', gap)} />}
    >
      <ReportTable<LostPatientRow, LostSort>
        title="Lost patients"
        caption="Lost patients: never operated and without progress, with the day they counted as lost"
        path={SEMINAR_REPORT_PATHS.lost}
        excelPath={SEMINAR_REPORT_PATHS.lostExcel}
        excelLabel="Lost patients (Excel)"
        excelFallbackName="lost-patients.xlsx"
        params={lostParams}
        columns={lostColumns}
        sorts={LOST_SORTS}
        defaultSort="last_progress"
        defaultDirection="desc"
        noun={['lost patient', 'lost patients']}
        emptyText="No patient was lost in these dates."
        errorTitle="The lost patients could not be loaded."
        searchLabel="Search lost patients"
        minWidth="62rem"
      />
      <ReportTable<StalledPatientRow, StalledSort>
        title="Stalled patients"
        caption="Stalled patients: no progress in their stage for the chosen number of days"
        path={SEMINAR_REPORT_PATHS.stalled}
        excelPath={SEMINAR_REPORT_PATHS.stalledExcel}
        excelLabel="Stalled patients (Excel)"
        excelFallbackName="stalled-patients.xlsx"
        params={stalledParams}
        columns={stalledColumns}
        sorts={STALLED_SORTS}
        defaultSort="last_progress"
        defaultDirection="asc"
        noun={['stalled patient', 'stalled patients']}
        emptyText="No patient has stalled that long."
        errorTitle="The stalled patients could not be loaded."
        searchLabel="Search stalled patients"
        minWidth="64rem"
        controls={
          <ChoiceSelect
            label="No progress for"
            width="10rem"
            value={values.stalled_days}
            options={STALLED_DAY_CHOICES.map((days) => ({ value: String(days), label: `${days} days` }))}
            onChange={(value) => filters.set('stalled_days', value)}
          />
        }
      />
    </ReportPage>
  );
}
