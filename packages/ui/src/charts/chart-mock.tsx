/**
 * apexcharts does not draw in jsdom: a screen's test replaces the charts entry with this module, which
 * records the props each drawing got, so the test reads what the screen handed to the chart.
 *   jest.mock('@baridesk/ui/charts', () => jest.requireActual('@baridesk/ui/test/chart-mock'));
 */
import type { ChartProps } from './chart';

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
