/**
 * @baridesk/ui/charts: bar, line and doughnut charts (apexcharts). Heavy, so its own entry: only the
 * screens that draw charts load it (see index.ts). Tests swap it for `@baridesk/ui/test/chart-mock`.
 */
export { Chart, chartOptions, type ChartLine, type ChartProps, type ChartSeries } from './charts/chart';
