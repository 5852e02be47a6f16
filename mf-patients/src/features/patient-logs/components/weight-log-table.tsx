import type { WeightChartPoint } from '@baridesk/contracts';
import { formatAmount, formatDate } from '@baridesk/domain';
import { Box, Heading } from '@baridesk/ui';
import { DataTable, type DataTableColumn } from '@baridesk/ui/lists';
import { useClientPages } from '../hooks/use-client-pages';

type Row = WeightChartPoint & { change: number | null };

const SOURCES = { app: 'Patient (app)', staff: 'Staff' } as const;

const columns: DataTableColumn<Row>[] = [
  { key: 'date', header: 'Date', render: (row) => formatDate(row.date) },
  { key: 'weight', header: 'Weight (lb)', align: 'end', render: (row) => formatAmount(row.weight) },
  {
    key: 'change',
    header: 'Change (lb)',
    align: 'end',
    render: (row) => (row.change === null ? '—' : `${row.change > 0 ? '+' : ''}${formatAmount(row.change)}`),
  },
  { key: 'bmi', header: 'BMI', align: 'end', render: (row) => (row.bmi === null ? '—' : formatAmount(row.bmi)) },
  { key: 'percent_twl', header: '%TWL', align: 'end', render: (row) => (row.percent_twl === null ? '—' : `${formatAmount(row.percent_twl)}%`) },
  { key: 'source', header: 'Entered by', render: (row) => SOURCES[row.source] },
];

/** The weigh-ins, newest first, each with its change from the one before. */
export function WeightLogTable({ series }: { series: readonly WeightChartPoint[] }) {
  const rows: Row[] = series
    .map((point, index) => {
      const previous = series[index - 1];
      return { ...point, change: previous ? Math.round((point.weight - previous.weight) * 10) / 10 : null };
    })
    .reverse();
  const pages = useClientPages(rows);
  return (
    <Box>
      <Heading as="h2" size="md" mb="2">
        Weigh-ins
      </Heading>
      <DataTable caption="Weigh-ins, newest first" columns={columns} getRowId={(row) => row.date} emptyText="No weigh-ins." {...pages} />
    </Box>
  );
}
