/**
 * apexcharts does not draw in jsdom: the log screens' tests replace their Chart with this one, which
 * records the props each drawing got, so a test reads what the screen handed to the chart.
 *   jest.mock('./chart', () => jest.requireActual('../../../test/chart-mock'));
 */
import type { ChartProps } from '../features/patient-logs/components/chart';

/** The props of every chart drawn, oldest first; cleared before each test. */
export const drawnCharts: ChartProps[] = [];

beforeEach(() => {
  drawnCharts.length = 0;
});

export function Chart(props: ChartProps) {
  drawnCharts.push(props);
  return <div role="img" aria-label={props.title} aria-describedby={props.describedBy} />;
}

/** The props of the last chart drawn whose title starts with `title`. */
export const lastChart = (title: string) => [...drawnCharts].reverse().find((props) => props.title.startsWith(title))!;
