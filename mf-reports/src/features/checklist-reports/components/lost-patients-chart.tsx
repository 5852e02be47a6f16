import { TIME_GAPS, type LostGraph, type TimeGap } from '@baridesk/contracts';
import { formatAmount, formatDate, formatMonth } from '@baridesk/domain';
import { ChoiceSelect, type ReportParams } from '../../../report-kit';
import { ReportChart } from '../../../report-kit/report-chart';
import { useLostGraph } from '../api/checklist-report-calls';

const GAP_LABELS: Record<TimeGap, string> = { week: 'Week', month: 'Month', quarter: 'Quarter' };

/** A period of the graph by its first day: "Week of Mar 02, 2026", "March 2026", "Q1 2026". */
export function periodLabel(gap: TimeGap, period: string): string {
  const [year = 0, month = 1] = period.split('-').map(Number);
  if (gap === 'week') return `Week of ${formatDate(period)}`;
  if (gap === 'month') return formatMonth(year, month);
  return `Q${Math.floor((month - 1) / 3) + 1} ${year}`;
}

const summaryOf = (graph: LostGraph) =>
  `${formatAmount(graph.total)} ${graph.total === 1 ? 'patient' : 'patients'} lost from ${formatDate(graph.from)} to ${formatDate(graph.to)}, by ${graph.time_gap}.`;

export type LostPatientsChartProps = {
  /** The lost patients' filters, without the time gap. */
  params: ReportParams;
  timeGap: TimeGap;
  onTimeGapChange: (gap: TimeGap) => void;
};

/** The lost patients over time: a line per week, month or quarter (its time gap choice beside the title). */
export function LostPatientsChart({ params, timeGap, onTimeGapChange }: LostPatientsChartProps) {
  const query = useLostGraph({ ...params, time_gap: timeGap });
  const graph = query.data?.data;
  const labels = graph ? graph.points.map((point) => periodLabel(graph.time_gap, point.period)) : [];
  return (
    <ReportChart
      title="Lost patients over time"
      state={query}
      errorTitle="The lost patients graph could not be loaded."
      empty={graph !== undefined && graph.points.length === 0}
      emptyText="No period in these dates."
      summary={graph ? summaryOf(graph) : undefined}
      chart={graph ? { kind: 'line', categories: labels, series: [{ name: 'Lost patients', data: graph.points.map((point) => point.lost) }], unit: 'patients' } : undefined}
      numbers={
        graph
          ? {
              categoryHeader: GAP_LABELS[graph.time_gap],
              columns: ['Lost patients'],
              rows: graph.points.map((point, index) => ({ label: labels[index]!, cells: [formatAmount(point.lost)] })),
            }
          : undefined
      }
      controls={
        <ChoiceSelect
          label="Time gap"
          width="10rem"
          value={timeGap}
          options={TIME_GAPS.map((gap) => ({ value: gap, label: GAP_LABELS[gap] }))}
          onChange={(value) => onTimeGapChange(value as TimeGap)}
        />
      }
    />
  );
}
