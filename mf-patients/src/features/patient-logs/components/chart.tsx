/**
 * The one place the patient-log screens meet apexcharts. The screens pass what the chart shows, in the
 * product's words (categories, series, reference lines); this module turns it into ApexCharts options.
 * Only the screens that draw charts import it, so apexcharts is fetched with them and nowhere else.
 * Tests replace this module and assert the data handed to it.
 */
import type { ApexOptions } from 'apexcharts';
import ReactApexChart from 'react-apexcharts/core';
// The core build draws nothing by itself: register the chart types and features these screens use.
import 'apexcharts/bar';
import 'apexcharts/line';
import 'apexcharts/donut';
import 'apexcharts/features/annotations';
import 'apexcharts/features/legend';
import { Box } from '@baridesk/ui';

export type ChartSeries = { name: string; data: (number | null)[] };

/** A horizontal line across the chart: a goal, an average. */
export type ChartLine = { label: string; value: number };

export type ChartProps = {
  kind: 'bar' | 'line' | 'donut';
  /** What the chart shows, as its accessible name (the numbers themselves are in the tables beside it). */
  title: string;
  /** The x-axis labels, or the slices of a doughnut. */
  categories: string[];
  /** For a doughnut, one series whose values are the slices. */
  series: ChartSeries[];
  /** The categories are days ("yyyy-MM-dd") placed on a time axis (irregular weigh-ins). */
  timeAxis?: boolean;
  /** The unit of the values, shown in tooltips and on the axis ("kcal", "g", "lb"). */
  unit?: string;
  lines?: ChartLine[];
  stacked?: boolean;
  height?: number;
};

const LINE_COLORS = ['#2f855a', '#c05621', '#6b46c1'];

/**
 * The value axis of a line chart spans its points and its reference lines (a goal weight far below the
 * weigh-ins would otherwise fall off the chart), with a little room around them.
 */
function lineRange(series: ChartSeries[], lines: ChartLine[]): { min: number; max: number } | null {
  const values = [...series.flatMap((s) => s.data), ...lines.map((line) => line.value)].filter(
    (value): value is number => typeof value === 'number' && Number.isFinite(value),
  );
  if (values.length === 0) return null;
  const low = Math.min(...values);
  const high = Math.max(...values);
  const pad = Math.max((high - low) * 0.1, 1);
  return { min: Math.floor(low - pad), max: Math.ceil(high + pad) };
}

function optionsOf({ kind, categories, series, timeAxis, unit, lines = [], stacked }: ChartProps): ApexOptions {
  const withUnit = (value: number | null) => (value === null || value === undefined ? '—' : `${value.toLocaleString('en-US')}${unit ? ` ${unit}` : ''}`);
  const base: ApexOptions = {
    chart: { toolbar: { show: false }, zoom: { enabled: false }, animations: { enabled: false }, stacked: stacked ?? false },
    dataLabels: { enabled: false },
    tooltip: { y: { formatter: (value: number) => withUnit(value) } },
    legend: { position: 'bottom' },
  };
  if (kind === 'donut') return { ...base, labels: categories, tooltip: base.tooltip };
  return {
    ...base,
    stroke: kind === 'line' ? { width: 3, curve: 'straight' } : { width: 0 },
    // An option set to undefined replaces apexcharts' default object and breaks it at start-up: leave keys out instead.
    ...(kind === 'line' ? { markers: { size: 4 } } : {}),
    xaxis: timeAxis ? { type: 'datetime', categories } : { categories, tickAmount: Math.min(categories.length, 16) },
    yaxis: {
      ...(unit ? { title: { text: unit } } : {}),
      ...(kind === 'line' ? (lineRange(series, lines) ?? {}) : {}),
      labels: { formatter: (value: number) => Math.round(value).toLocaleString('en-US') },
    },
    annotations: {
      yaxis: lines.map((line, index) => ({
        y: line.value,
        borderColor: LINE_COLORS[index % LINE_COLORS.length],
        strokeDashArray: 6,
        label: { text: `${line.label}: ${withUnit(line.value)}`, borderColor: LINE_COLORS[index % LINE_COLORS.length] },
      })),
    },
  };
}

/** A bar, line or doughnut chart; an image to assistive technology, named by `title`. */
export function Chart(props: ChartProps) {
  const series = props.kind === 'donut' ? (props.series[0]?.data ?? []).map((value) => value ?? 0) : props.series;
  return (
    <Box role="img" aria-label={props.title} width="100%">
      <ReactApexChart type={props.kind} series={series} options={optionsOf(props)} height={props.height ?? 300} width="100%" />
    </Box>
  );
}
