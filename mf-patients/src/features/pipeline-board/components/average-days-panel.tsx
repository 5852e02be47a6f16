import { useState } from 'react';
import { PIPELINE_AVERAGE_DAYS_EXCEL_COLUMNS, type PipelineStage } from '@baridesk/contracts';
import { formatAmount } from '@baridesk/domain';
import { Box, Button, Spinner, Text } from '@baridesk/ui';
import { LoadError, Table } from '@baridesk/ui/lists';
import { Collapsible } from '@baridesk/ui/overlays';
import { usePipelineAverageDays } from '../api/get-pipeline-average-days';

const days = (value: number | null) => (value === null ? '—' : formatAmount(value));

/** Under the board, folded by default: per status, the patients now and how long patients stay. */
export function AverageDaysPanel({ stage }: { stage: PipelineStage }) {
  const [open, setOpen] = useState(false);
  const averages = usePipelineAverageDays(stage, open);
  const [status, now, soFar, ended, endedAverage] = PIPELINE_AVERAGE_DAYS_EXCEL_COLUMNS;

  let body;
  if (averages.isError) {
    body = <LoadError title="The average days could not be loaded." message={averages.error.message} onRetry={() => void averages.refetch()} />;
  } else if (!averages.data) {
    body = <Spinner aria-label="Loading the average days" />;
  } else if (averages.data.data.length === 0) {
    body = <Text color="fg.muted">This stage has no statuses.</Text>;
  } else {
    body = (
      <Table.ScrollArea borderWidth="1px" borderRadius="md">
        <Table.Root size="sm">
          <Table.Caption srOnly>Average days per status</Table.Caption>
          <Table.Header>
            <Table.Row bg="bg.subtle">
              <Table.ColumnHeader>{status}</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">{now}</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">{soFar}</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">{ended}</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">{endedAverage}</Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {averages.data.data.map((row) => (
              <Table.Row key={row.status_id}>
                <Table.Cell>{row.name}</Table.Cell>
                <Table.Cell textAlign="end">{formatAmount(row.patients)}</Table.Cell>
                <Table.Cell textAlign="end">{days(row.current_average_days)}</Table.Cell>
                <Table.Cell textAlign="end">{formatAmount(row.completed_stays)}</Table.Cell>
                <Table.Cell textAlign="end">{days(row.completed_average_days)}</Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </Table.ScrollArea>
    );
  }

  return (
    <Collapsible.Root open={open} onOpenChange={(details) => setOpen(details.open)} lazyMount>
      <Collapsible.Trigger asChild>
        <Button variant="outline" colorPalette="gray" size="sm">
          Average days per status
        </Button>
      </Collapsible.Trigger>
      <Collapsible.Content>
        <Box pt="3">{body}</Box>
      </Collapsible.Content>
    </Collapsible.Root>
  );
}
