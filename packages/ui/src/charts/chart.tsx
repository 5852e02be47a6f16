/**
 * The one place BariDesk meets apexcharts (the patient logs, the reports). A screen passes what the chart
 * shows, in the product's words (categories, series, reference lines); this module turns it into
 * ApexCharts options. It is the `@baridesk/ui/charts` entry, a shared chunk of its own that only the
 * screens drawing charts import, so apexcharts is fetched with them and nowhere else.
 * Screen tests replace the entry with `@baridesk/ui/test/chart-mock` and assert the data handed to it.
 */
import type { ApexOptions } from 'apexcharts';
import ReactApexChart from 'react-apexcharts/core';
// The core build draws nothing by itself: register the chart types and features these screens use.
import 'apexcharts/bar';
import 'apexcharts/line';
import 'apexcharts/donut';
import 'apexcharts/features/annotations';
import 'apexcharts/features/legend';
import { formatAmount, formatDate, parseDateTime } from '@baridesk/domain';
import { Box } from '@chakra-ui/react';
import { valueAxisOf } from './value-axis';

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
  /** The days ("yyyy-MM-dd") the time axis runs from and to, when it should span more than the points. */
  timeRange?: { from: string; to: string };
  /** The id of a text that says what the chart shows, in words (its accessible description). */
  describedBy?: string;
  /** The unit of the values, shown in tooltips and on the axis ("kcal", "g", "lb"). */
  unit?: string;
  lines?: ChartLine[];
  stacked?: boolean;
  height?: number;
};

const LINE_COLORS = ['#2f855a', '#c05621', '#6b46c1'];

/**
 * The value axis of a line chart spans its points and its reference lines (a goal weight far below the
 * weigh-ins would otherwise fall off the chart), with round ticks (./value-axis).
 */
function lineAxis(series: ChartSeries[], lines: ChartLine[]) {
  const axis = valueAxisOf([...series.flatMap((s) => s.data), ...lines.map((line) => line.value)]);
  return axis ? { min: axis.min, max: axis.max, tickAmount: (axis.max - axis.min) / axis.step, forceNiceScale: false } : {};
}

/** A day of the time axis as apexcharts holds it (ms at midnight UTC), and back as the one date format. */
const dayMs = (day: string) => parseDateTime(day, 'UTC')?.toMillis();
const dayText = (ms: number) => formatDate(new Date(ms), 'UTC');

/** The ApexCharts options of a chart (exported for its test: apexcharts itself does not draw in jsdom). */
export function chartOptions({ kind, categories, series, timeAxis, timeRange, unit, lines = [], stacked }: ChartProps): ApexOptions {
  const withUnit = (value: number | null) => (value === null || value === undefined ? '—' : `${formatAmount(value)}${unit ? ` ${unit}` : ''}`);
  const base: ApexOptions = {
    chart: {
      toolbar: { show: false },
      zoom: { enabled: false },
      animations: { enabled: false },
      stacked: stacked ?? false,
      // The chart is one image to assistive technology (named by its title; the numbers are in the tables):
      // apexcharts' own accessibility would put legend buttons and a live region inside it (axe:
      // nested-interactive), a second description of what the tables say.
      accessibility: { enabled: false },
    },
    dataLabels: { enabled: false },
    tooltip: { y: { formatter: (value: number) => withUnit(value) }, ...(timeAxis ? { x: { formatter: dayText } } : {}) },
    legend: { position: 'bottom' },
  };
  if (kind === 'donut') return { ...base, labels: categories, tooltip: base.tooltip };
  return {
    ...base,
    stroke: kind === 'line' ? { width: 3, curve: 'straight' } : { width: 0 },
    // An option set to undefined replaces apexcharts' default object and breaks it at start-up: leave keys out instead.
    ...(kind === 'line' ? { markers: { size: 4 } } : {}),
    xaxis: timeAxis
      ? {
          type: 'datetime',
          categories,
          ...(timeRange ? { min: dayMs(timeRange.from), max: dayMs(timeRange.to) } : {}),
          // apexcharts' own day labels ("31 Aug") are not the product's date format.
          labels: { formatter: (_value: string, timestamp?: number) => (timestamp === undefined ? '' : dayText(timestamp)) },
        }
      : { categories, tickAmount: Math.min(categories.length, 16) },
    yaxis: {
      ...(unit ? { title: { text: unit } } : {}),
      ...(kind === 'line' ? lineAxis(series, lines) : {}),
      labels: { formatter: (value: number) => formatAmount(Math.round(value)) },
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
    <Box role="img" aria-label={props.title} aria-describedby={props.describedBy} width="100%">
      <ReactApexChart type={props.kind} series={series} options={chartOptions(props)} height={props.height ?? 300} width="100%" />
    </Box>
  );
}
