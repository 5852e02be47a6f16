import { OUTCOME_GROUPS, OUTCOME_PATIENTS_SORTS, type OutcomeCohorts, type OutcomeGroup, type OutcomePatientRow } from '@baridesk/contracts';
import { formatAmount, formatPercent, OUTCOME_MILESTONES } from '@baridesk/domain';
import { Span } from '@baridesk/ui';
import type { DataTableColumn } from '@baridesk/ui/lists';
import {
  amountColumn,
  ChoiceSelect,
  dateColumn,
  ReportFilters,
  ReportPage,
  ReportTable,
  textColumn,
  usePatientColumn,
  useReportFilters,
} from '../../../report-kit/index';
import { ReportChart } from '../../../report-kit/report-chart';
import { OUTCOME_PATHS, useOutcomeCohorts } from '../api/outcomes';
import { CohortTable } from './cohort-table';
import { measureOf, milestoneLabel, OUTCOME_MEASURES, type OutcomeMeasure } from './outcome-measures';

const GROUP_LABELS: Record<OutcomeGroup, string> = { surgery_type: 'Surgery type', surgery_quarter: 'Surgery quarter' };
const groupOf = (value: string): OutcomeGroup => (OUTCOME_GROUPS as readonly string[]).includes(value) ? (value as OutcomeGroup) : 'surgery_type';

/** The chart: the chosen measure of each cohort (and of all patients) across the milestones. */
function cohortChart(cohorts: OutcomeCohorts, measure: OutcomeMeasure) {
  const line = (row: OutcomeCohorts['total']) =>
    cohorts.milestones.map((months) => {
      const figure = row.figures.find((candidate) => candidate.months === months);
      return figure && figure[measure.count] > 0 ? figure[measure.key] : null;
    });
  return {
    kind: 'line' as const,
    unit: '%',
    categories: cohorts.milestones.map(milestoneLabel),
    series: [...cohorts.rows.map((row) => ({ name: row.cohort, data: line(row) })), { name: 'All patients', data: line(cohorts.total) }],
  };
}

/** A patient's milestone: the chosen measure and the weight it comes from, or a dash without a weigh-in. */
function milestoneColumns(measure: OutcomeMeasure): DataTableColumn<OutcomePatientRow>[] {
  return OUTCOME_MILESTONES.map((months) => ({
    key: `m${months}`,
    header: `${measure.label} at ${months} mo`,
    width: '9.5rem',
    align: 'end' as const,
    render: (row: OutcomePatientRow) => {
      const milestone = row.milestones.find((candidate) => candidate.months === months);
      if (!milestone || milestone.weight === null) return <Span color="fg.muted">—</Span>;
      return (
        <>
          {formatPercent(milestone[measure.key])}{' '}
          <Span textStyle="xs" color="fg.muted">{`${formatAmount(milestone.weight)} lb`}</Span>
        </>
      );
    },
  }));
}

/**
 * /outcomes-report: the program's outcomes after surgery. Per cohort (surgery type or surgery quarter) the mean
 * %TWL, %EWL and %EBMIL at 3, 6, 12 and 24 months with the patients behind each figure (few patients marked),
 * a line chart of the cohorts for one measure, and the operated patients with the same measure at each
 * milestone (paged, to Excel). The dates are the surgery dates.
 */
export function OutcomesScreen() {
  const filters = useReportFilters({ extra: { group: 'surgery_type', measure: 'twl' } });
  const group = groupOf(filters.values.group);
  const measure = measureOf(filters.values.measure);
  const cohorts = useOutcomeCohorts({ ...filters.query, group });
  const data = cohorts.data?.data;
  const patientColumn = usePatientColumn<OutcomePatientRow>({ width: '12rem' });
  const columns: DataTableColumn<OutcomePatientRow>[] = [
    patientColumn,
    dateColumn<OutcomePatientRow>('surgery_date', 'Surgery date', { sortable: true }),
    textColumn<OutcomePatientRow>('type_of_surgery', 'Surgery type', { width: '10rem' }),
    amountColumn<OutcomePatientRow>('start_weight', 'Start weight', { unit: 'lb', width: '8rem' }),
    ...milestoneColumns(measure),
  ];
  const reported = data ? data.total.figures.reduce((most, figure) => Math.max(most, figure.patients), 0) : 0;

  return (
    <ReportPage
      title="Outcomes"
      description="Weight loss after surgery at 3, 6, 12 and 24 months, from the weigh-in nearest each milestone, against the patient's start weight. The dates are the surgery dates."
      filters={
        <ReportFilters filters={filters} datesHint="The day of surgery.">
          <ChoiceSelect
            label="Group by"
            value={group}
            options={OUTCOME_GROUPS.map((value) => ({ value, label: GROUP_LABELS[value] }))}
            onChange={(value) => filters.set('group', value)}
          />
          <ChoiceSelect
            label="Measure"
            value={measure.key}
            options={OUTCOME_MEASURES.map((option) => ({ value: option.key, label: option.label }))}
            onChange={(value) => filters.set('measure', value)}
          />
        </ReportFilters>
      }
      chart={
        <ReportChart
          title={`Mean ${measure.label} by ${GROUP_LABELS[group].toLowerCase()}`}
          state={cohorts}
          errorTitle="The outcomes could not be loaded."
          empty={!data || data.total.patients === 0 || reported === 0}
          emptyText={
            data && data.total.patients > 0
              ? 'No operated patient has a weigh-in near a milestone yet.'
              : 'No operated patient with these filters.'
          }
          summary={
            data
              ? `${measure.help} ${formatAmount(data.total.patients)} operated patients in ${formatAmount(data.rows.length)} ${data.rows.length === 1 ? 'cohort' : 'cohorts'}; a point stands for the patients with a weigh-in near that milestone. The numbers are in the table below.`
              : undefined
          }
          chart={data ? cohortChart(data, measure) : undefined}
          numbers={undefined}
        />
      }
    >
      {data && data.total.patients > 0 ? <CohortTable cohorts={data} groupLabel={GROUP_LABELS[group]} /> : null}
      <ReportTable<OutcomePatientRow, (typeof OUTCOME_PATIENTS_SORTS)[number]>
        title="Patients"
        caption={`Operated patients with their ${measure.label} and weight at 3, 6, 12 and 24 months after surgery, newest surgery first`}
        path={OUTCOME_PATHS.patients}
        excelPath={OUTCOME_PATHS.patientsExcel}
        excelLabel="Outcomes per patient (Excel)"
        excelFallbackName="outcomes.xlsx"
        params={filters.query}
        columns={columns}
        sorts={OUTCOME_PATIENTS_SORTS}
        defaultSort="surgery_date"
        defaultDirection="desc"
        noun={['patient', 'patients']}
        emptyText="No operated patient with these filters."
        errorTitle="The patients could not be loaded."
        searchLabel="Search patients"
        minWidth="72rem"
      />
    </ReportPage>
  );
}
