import { chartOptions } from './chart';

const weights = { kind: 'line' as const, title: 'Weight', unit: 'lb', timeAxis: true, categories: ['2026-08-03', '2026-08-31'] };

test('the value axis of a line chart has round ticks spanning the points and the reference lines', () => {
  const options = chartOptions({ ...weights, series: [{ name: 'Weight', data: [196, 177] }] });
  // 175, 180 … 200, not 177 / 187 / 196.
  expect(options.yaxis).toMatchObject({ min: 175, max: 200, tickAmount: 5, forceNiceScale: false });

  const withLines = chartOptions({
    ...weights,
    series: [{ name: 'Weight', data: [270, 250] }],
    lines: [
      { label: 'Starting weight', value: 290 },
      { label: 'Goal weight', value: 180 },
    ],
  });
  expect(withLines.yaxis).toMatchObject({ min: 160, max: 300, tickAmount: 7 });
  expect(withLines.annotations?.yaxis?.map((line) => [line.y, line.label?.text])).toEqual([
    [290, 'Starting weight: 290 lb'],
    [180, 'Goal weight: 180 lb'],
  ]);
});

test('days on the time axis and in the tooltip are written in the one date format, the axis spanning the range', () => {
  const options = chartOptions({ ...weights, series: [{ name: 'Weight', data: [196, 177] }], timeRange: { from: '2026-06-01', to: '2026-09-01' } });
  const xaxis = options.xaxis as { min: number; max: number; labels: { formatter: (value: string, timestamp?: number) => string } };
  expect(xaxis.min).toBe(Date.UTC(2026, 5, 1));
  expect(xaxis.max).toBe(Date.UTC(2026, 8, 1));
  expect(xaxis.labels.formatter('', Date.UTC(2026, 7, 31))).toBe('Aug 31, 2026');
  expect((options.tooltip?.x as { formatter: (value: number) => string }).formatter(Date.UTC(2026, 3, 5))).toBe('Apr 05, 2026');
});

test('a chart has no controls of its own inside its image (no legend buttons, no live region)', () => {
  for (const kind of ['line', 'bar', 'donut'] as const) {
    expect(chartOptions({ ...weights, kind, series: [{ name: 'Weight', data: [196, 177] }] }).chart?.accessibility).toEqual({ enabled: false });
  }
});
