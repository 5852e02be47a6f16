import { useId, useState } from 'react';
import type { WeightChart as WeightChartData } from '@baridesk/contracts';
import { formatAmount, formatDate, parseDateTime } from '@baridesk/domain';
import { Button, Group, HStack, Stack, Text } from '@baridesk/ui';
import { Chart, type ChartLine } from '@baridesk/ui/charts';

/** The spans of weigh-ins the chart can show, counted back from today; "since surgery" only with a surgery date. */
export const WEIGHT_RANGES = [
  { id: '3m', label: '3 months', months: 3 },
  { id: '6m', label: '6 months', months: 6 },
  { id: '1y', label: '1 year', months: 12 },
  { id: 'surgery', label: 'Since surgery' },
  { id: 'all', label: 'All' },
] as const;
export type WeightRangeId = (typeof WEIGHT_RANGES)[number]['id'];

const today = () => parseDateTime(new Date())!.toISODate()!;

/** The first day ("yyyy-MM-dd") of the range, or null for every weigh-in. */
function rangeStart(range: WeightRangeId, surgeryDate: string | null): string | null {
  const chosen = WEIGHT_RANGES.find((option) => option.id === range)!;
  if ('months' in chosen) return parseDateTime(new Date())!.minus({ months: chosen.months }).toISODate();
  if (chosen.id === 'surgery') return surgeryDate ? parseDateTime(surgeryDate)!.toISODate() : null;
  return null;
}

const pounds = (weight: number) => `${formatAmount(weight)} lb`;

/**
 * The weigh-ins of the range (one per day) on a time axis, against the starting weight and the goal as
 * reference lines, so the loss since the start shows whatever the range. Beside it, the same in words:
 * the chart's description for assistive technology (the weigh-ins themselves are in the table below).
 */
export function WeightChart({ chart, surgeryDate }: { chart: WeightChartData; surgeryDate: string | null }) {
  const [range, setRange] = useState<WeightRangeId>('all');
  const rangeLabelId = useId();
  const summaryId = useId();
  const ranges = WEIGHT_RANGES.filter((option) => option.id !== 'surgery' || surgeryDate !== null);

  const from = rangeStart(range, surgeryDate);
  const points = from === null ? chart.series : chart.series.filter((point) => point.date >= from);
  const first = points[0];
  const last = points.at(-1);

  const lines: ChartLine[] = [];
  if (chart.baseline) lines.push({ label: 'Starting weight', value: chart.baseline.weight });
  if (chart.goal.weight !== null) lines.push({ label: 'Goal weight', value: chart.goal.weight });

  const references = [
    chart.baseline ? `Starting weight ${pounds(chart.baseline.weight)}` : null,
    chart.goal.weight !== null ? `goal weight ${pounds(chart.goal.weight)}` : null,
  ].filter(Boolean);
  let summary: string;
  if (!first || !last) summary = 'No weigh-ins in this range.';
  else {
    const change = last.weight - first.weight;
    const trend = change === 0 ? 'no change' : `${pounds(Math.abs(change))} ${change < 0 ? 'lost' : 'gained'}`;
    summary =
      points.length === 1
        ? `1 weigh-in: ${pounds(first.weight)} on ${formatDate(first.date)}.`
        : `${points.length} weigh-ins from ${pounds(first.weight)} on ${formatDate(first.date)} to ${pounds(last.weight)} on ${formatDate(last.date)}: ${trend}.`;
  }
  if (references.length > 0) summary += ` ${references.join(', ')}.`;

  return (
    <Stack gap="3">
      <HStack gap="2" wrap="wrap">
        <Text id={rangeLabelId} textStyle="sm" fontWeight="medium">
          Range
        </Text>
        <Group role="group" aria-labelledby={rangeLabelId} attached>
          {ranges.map((option) => (
            <Button
              key={option.id}
              size="xs"
              variant={option.id === range ? 'solid' : 'outline'}
              aria-pressed={option.id === range}
              onClick={() => setRange(option.id)}
            >
              {option.label}
            </Button>
          ))}
        </Group>
      </HStack>
      {points.length > 0 ? (
        <Chart
          kind="line"
          title="Weight over time, in pounds, with the starting and goal weights"
          describedBy={summaryId}
          timeAxis
          timeRange={from === null ? undefined : { from, to: today() }}
          categories={points.map((point) => point.date)}
          series={[{ name: 'Weight', data: points.map((point) => point.weight) }]}
          unit="lb"
          lines={lines}
          height={340}
        />
      ) : null}
      <Text id={summaryId} color="fg.muted" textStyle="sm">
        {summary}
      </Text>
    </Stack>
  );
}
