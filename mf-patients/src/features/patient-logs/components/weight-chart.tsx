import type { WeightChart as WeightChartData } from '@baridesk/contracts';
import { Chart } from './chart';

/** The weigh-ins (one per day) on a time axis, with the target weight as the goal line. */
export function WeightChart({ chart }: { chart: WeightChartData }) {
  return (
    <Chart
      kind="line"
      title="Weight over time, in pounds, with the goal weight"
      timeAxis
      categories={chart.series.map((point) => point.date)}
      series={[{ name: 'Weight', data: chart.series.map((point) => point.weight) }]}
      unit="lb"
      lines={chart.goal.weight !== null ? [{ label: 'Goal', value: chart.goal.weight }] : []}
    />
  );
}
