import type { PipelineCard, PipelineMoveRecord } from '@baridesk/contracts';
import { formatDateTime } from '@baridesk/domain';
import { Spinner, Text } from '@baridesk/ui';
import { LoadError, Table } from '@baridesk/ui/lists';
import { Modal } from '@baridesk/ui/overlays';
import { usePipelineHistory } from '../api/get-pipeline-history';

/** Who made a move (the column is headed "By"): the rule, for an automatic one, else the staff member. */
function movedBy(move: PipelineMoveRecord): string {
  if (move.rule) return `Automatic: ${move.rule.description}`;
  return move.moved_by ? move.moved_by.name : 'A user no longer listed';
}

/** A patient's moves through the pipeline, newest first: when, from where to where, and by whom or which rule. */
export function PipelineHistoryDialog({
  card,
  onClose,
  returnFocusTo,
}: {
  card: PipelineCard;
  onClose: () => void;
  /** The element that takes the focus when the dialog closes. */
  returnFocusTo: () => HTMLElement | null;
}) {
  const history = usePipelineHistory(card.id);
  let body;
  if (history.isError) {
    body = <LoadError title="The history could not be loaded." message={history.error.message} onRetry={() => void history.refetch()} />;
  } else if (!history.data) {
    body = <Spinner aria-label="Loading the history" />;
  } else if (history.data.data.length === 0) {
    body = <Text color="fg.muted">No moves recorded yet.</Text>;
  } else {
    body = (
      <Table.ScrollArea borderWidth="1px" borderRadius="md">
        <Table.Root size="sm">
          <Table.Caption srOnly>{`Pipeline history of ${card.name}`}</Table.Caption>
          <Table.Header>
            <Table.Row bg="bg.subtle">
              <Table.ColumnHeader>When</Table.ColumnHeader>
              <Table.ColumnHeader>From</Table.ColumnHeader>
              <Table.ColumnHeader>To</Table.ColumnHeader>
              <Table.ColumnHeader>By</Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {history.data.data.map((move) => (
              <Table.Row key={move.id}>
                <Table.Cell whiteSpace="nowrap">{formatDateTime(move.moved_at)}</Table.Cell>
                <Table.Cell>{move.from_status?.name ?? 'No status'}</Table.Cell>
                <Table.Cell>{move.to_status?.name ?? 'No status'}</Table.Cell>
                <Table.Cell>{movedBy(move)}</Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </Table.ScrollArea>
    );
  }
  return (
    <Modal open onClose={onClose} title={`History of ${card.name}`} size="lg" finalFocusEl={returnFocusTo}>
      {body}
    </Modal>
  );
}
