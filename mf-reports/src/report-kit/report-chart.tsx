/**
 * A report's chart with its states and its numbers. Its own module, apart from the kit's index: it
 * loads apexcharts (@baridesk/ui/charts), which only the screens that draw a chart should fetch.
 */
import { useId, type ReactNode } from 'react';
import { Box, Flex, Heading, Skeleton, Stack, Text } from '@baridesk/ui';
import { Chart, type ChartProps } from '@baridesk/ui/charts';
import { LoadError, Table } from '@baridesk/ui/lists';

/** The chart's numbers as a table: a row per category, a column per series. */
export type ChartNumbers = {
  /** The header of the categories' column ("Month"). */
  categoryHeader: string;
  columns: readonly string[];
  rows: readonly { label: string; cells: readonly ReactNode[] }[];
};

export type ReportChartProps = {
  /** The chart's heading (h2) and its name to assistive technology. */
  title: string;
  /** The chart's call: loading, failed (with Try again), or answered. */
  state: { isPending: boolean; isError: boolean; error: { message: string } | null; refetch: () => unknown };
  errorTitle: string;
  /** The answer has nothing to draw. */
  empty: boolean;
  emptyText: string;
  /** What to draw (the title is the chart's own); absent while loading. */
  chart: Omit<ChartProps, 'title' | 'describedBy'> | undefined;
  numbers: ChartNumbers | undefined;
  /** A line under the title that says what the chart shows and its total, read as its description. */
  summary?: string;
  /** The chart's own choices (a time gap), beside its title. */
  controls?: ReactNode;
};

/**
 * A chart of a report: an image to assistive technology, named by its title and described by its
 * summary, with the same numbers in a table below it (folded, opened by its summary line).
 */
export function ReportChart({ title, state, errorTitle, empty, emptyText, chart, numbers, summary, controls }: ReportChartProps) {
  const headingId = useId();
  const summaryId = useId();
  return (
    <Stack as="section" gap="3" aria-labelledby={headingId} borderWidth="1px" borderRadius="md" p="4" bg="bg" minW="0">
      <Flex gap="3" wrap="wrap" align="flex-end" justify="space-between">
        <Heading as="h2" id={headingId} size="lg" fontWeight="semibold">
          {title}
        </Heading>
        {controls}
      </Flex>
      {state.isError ? (
        <LoadError title={errorTitle} message={state.error?.message ?? ''} onRetry={() => void state.refetch()} />
      ) : state.isPending || !chart ? (
        <Skeleton height="300px" aria-busy="true" aria-label={`${title}: loading`} role="img" />
      ) : empty ? (
        <Text color="fg.muted" py="6" textAlign="center">
          {emptyText}
        </Text>
      ) : (
        <>
          {summary ? (
            <Text id={summaryId} textStyle="sm" color="fg.muted">
              {summary}
            </Text>
          ) : null}
          <Chart {...chart} title={title} describedBy={summary ? summaryId : undefined} />
          {numbers ? <NumbersTable title={title} numbers={numbers} /> : null}
        </>
      )}
    </Stack>
  );
}

function NumbersTable({ title, numbers }: { title: string; numbers: ChartNumbers }) {
  return (
    <Box as="details">
      <Box as="summary" cursor="pointer" color="fg.link" textStyle="sm" width="fit-content">
        The numbers of the chart
      </Box>
      <Table.ScrollArea borderWidth="1px" borderRadius="md" mt="2" tabIndex={0} role="region" aria-label={`${title}: numbers`}>
        <Table.Root size="sm">
          <Table.Caption srOnly>{`${title}: numbers`}</Table.Caption>
          <Table.Header>
            <Table.Row bg="bg.subtle">
              <Table.ColumnHeader>{numbers.categoryHeader}</Table.ColumnHeader>
              {numbers.columns.map((column) => (
                <Table.ColumnHeader key={column} textAlign="end">
                  {column}
                </Table.ColumnHeader>
              ))}
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {numbers.rows.map((row) => (
              <Table.Row key={row.label}>
                <Table.Cell as="th" scope="row" fontWeight="normal">
                  {row.label}
                </Table.Cell>
                {row.cells.map((cell, index) => (
                  <Table.Cell key={numbers.columns[index] ?? index} textAlign="end">
                    {cell}
                  </Table.Cell>
                ))}
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </Table.ScrollArea>
    </Box>
  );
}
