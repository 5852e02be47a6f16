import { useId, type ReactNode } from 'react';
import { Chart, type ChartProps } from '@baridesk/ui/charts';
import { Box, Card, Heading, Text } from '@baridesk/ui';
import { Table } from '@baridesk/ui/lists';

/** The numbers of a chart as a table: its header cells and its rows (the first cell of a row heads it). */
export type ChartNumbers = { headers: readonly string[]; rows: readonly (readonly ReactNode[])[] };

export type ChartPanelProps = Omit<ChartProps, 'title' | 'describedBy'> & {
  /** The panel's heading and the chart's name. */
  title: string;
  /** One line under the heading: what is counted. */
  note?: string;
  numbers: ChartNumbers;
  /** Words instead of the chart and its table when there is nothing to draw. */
  empty?: string;
};

/**
 * A chart with its numbers: the chart is an image named by its title and described by the note, and
 * the same numbers follow in a table, so a screen reader (or anyone) reads them exactly.
 */
export function ChartPanel({ title, note, numbers, empty, ...chart }: ChartPanelProps) {
  const headingId = useId();
  const noteId = useId();
  return (
    <Card.Root as="section" aria-labelledby={headingId} minW="0">
      <Card.Header gap="1">
        <Heading as="h2" size="md" id={headingId}>
          {title}
        </Heading>
        {note ? (
          <Text id={noteId} textStyle="sm" color="fg.muted">
            {note}
          </Text>
        ) : null}
      </Card.Header>
      <Card.Body gap="4">
        {empty ? (
          <Text color="fg.muted">{empty}</Text>
        ) : (
          <>
            <Chart {...chart} title={title} describedBy={note ? noteId : undefined} height={chart.height ?? 280} />
            <Box overflowX="auto">
              <Table.Root size="sm" variant="outline">
                <Table.Caption srOnly>{`${title}: the numbers`}</Table.Caption>
                <Table.Header>
                  <Table.Row>
                    {numbers.headers.map((header, index) => (
                      <Table.ColumnHeader key={header} scope="col" textAlign={index === 0 ? 'start' : 'end'}>
                        {header}
                      </Table.ColumnHeader>
                    ))}
                  </Table.Row>
                </Table.Header>
                <Table.Body>
                  {numbers.rows.map(([head, ...cells], rowIndex) => (
                    <Table.Row key={rowIndex}>
                      <Table.Cell asChild>
                        <th scope="row" style={{ fontWeight: 'normal', textAlign: 'start' }}>
                          {head}
                        </th>
                      </Table.Cell>
                      {cells.map((cell, index) => (
                        <Table.Cell key={index} textAlign="end">
                          {cell}
                        </Table.Cell>
                      ))}
                    </Table.Row>
                  ))}
                </Table.Body>
              </Table.Root>
            </Box>
          </>
        )}
      </Card.Body>
    </Card.Root>
  );
}
