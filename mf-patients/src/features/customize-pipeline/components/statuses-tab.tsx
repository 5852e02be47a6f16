import { useCallback, useState } from 'react';
import { notifyError, notifySuccess } from '@baridesk/api-client';
import { MAX_PIPELINE_STATUSES, type PipelineStage, type PipelineStatus } from '@baridesk/contracts';
import { stageLabel } from '@baridesk/domain';
import { Badge, Button, Flex, HStack, Spinner, Stack, Text, VisuallyHidden } from '@baridesk/ui';
import { LoadError, RowActions } from '@baridesk/ui/lists';
import { useConfirm } from '@baridesk/ui/overlays';
import { SortableList } from '@baridesk/ui/resources';
import { useDeletePipelineStatus } from '../api/delete-pipeline-status';
import { usePipelineStatuses } from '../api/get-pipeline-statuses';
import { useReorderPipelineStatuses } from '../api/reorder-pipeline-statuses';
import { useUpdatePipelineStatus } from '../api/update-pipeline-status';
import { DeleteStatusDialog, patientsText } from './delete-status-dialog';
import { StatusFormModal } from './status-form-modal';

const nameOf = (status: PipelineStatus) => status.name;

/** The stage's statuses in the order patients pass through them: add, rename, make default, re-order, delete. */
export function StatusesTab({ stage }: { stage: PipelineStage }) {
  const statuses = usePipelineStatuses(stage);
  const reorder = useReorderPipelineStatuses();
  const update = useUpdatePipelineStatus();
  const remove = useDeletePipelineStatus();
  const { confirm, dialog } = useConfirm();
  const [editing, setEditing] = useState<PipelineStatus | 'new' | null>(null);
  const [deleting, setDeleting] = useState<PipelineStatus | null>(null);
  const { mutate: saveOrder } = reorder;
  const onReorder = useCallback((ids: number[]) => saveOrder({ stage, ids }), [saveOrder, stage]);

  if (!statuses.data) {
    return statuses.isError ? (
      <LoadError title="The statuses could not be loaded." message={statuses.error.message} onRetry={() => void statuses.refetch()} />
    ) : (
      <Spinner aria-label="Loading the statuses" />
    );
  }
  const list = statuses.data.data.data;
  const full = list.length >= MAX_PIPELINE_STATUSES;

  const makeDefault = async (status: PipelineStatus) => {
    try {
      const answer = await update.mutateAsync({ id: status.id, name: status.name, is_default: 1 });
      notifySuccess(answer.message);
    } catch (error) {
      notifyError(error);
    }
  };

  // A status with patients asks where they go; an empty one is only confirmed.
  const askDelete = async (status: PipelineStatus) => {
    if (status.patient_count > 0) {
      setDeleting(status);
      return;
    }
    const confirmed = await confirm({
      title: 'Delete status',
      message: `Delete the status "${status.name}"? It has no patients; it will be gone from the board and the lists. This cannot be undone.`,
      confirmLabel: 'Delete status',
    });
    if (!confirmed) return;
    try {
      const answer = await remove.mutateAsync({ id: status.id });
      notifySuccess(answer.message);
    } catch (error) {
      notifyError(error);
    }
  };

  return (
    <Stack gap="4">
      <Flex gap="3" wrap="wrap" align="center" justify="space-between">
        <Text color="fg.muted">{`The statuses of ${stageLabel(stage)}, in the order patients pass through them.`}</Text>
        <Button onClick={() => setEditing('new')} disabled={full}>
          Add status
        </Button>
      </Flex>
      {full ? <Text textStyle="sm" color="fg.muted">{`A stage can have at most ${MAX_PIPELINE_STATUSES} statuses.`}</Text> : null}
      {list.length === 0 ? (
        <Text color="fg.muted" py="6" textAlign="center" borderWidth="1px" borderRadius="md">
          This stage has no statuses yet. Add the first one.
        </Text>
      ) : (
        <SortableList items={list} nameOf={nameOf} label={`Statuses of ${stageLabel(stage)}`} onReorder={onReorder}>
          {(status) => (
            <Flex gap="3" align="center" wrap="wrap" justify="space-between">
              <HStack gap="2" wrap="wrap">
                <Text fontWeight="semibold">{status.name}</Text>
                {status.is_default === 1 ? <Badge colorPalette="brand">Default</Badge> : null}
                <Text textStyle="sm" color="fg.muted">
                  {patientsText(status.patient_count)}
                </Text>
              </HStack>
              <HStack gap="2">
                {status.is_default === 1 ? null : (
                  <Button size="xs" variant="ghost" onClick={() => void makeDefault(status)}>
                    Make default<VisuallyHidden>{` ${status.name}`}</VisuallyHidden>
                  </Button>
                )}
                <RowActions name={status.name} onEdit={() => setEditing(status)} onDelete={() => void askDelete(status)} />
              </HStack>
            </Flex>
          )}
        </SortableList>
      )}
      {editing ? <StatusFormModal stage={stage} status={editing === 'new' ? undefined : editing} onClose={() => setEditing(null)} /> : null}
      {deleting ? (
        <DeleteStatusDialog status={deleting} others={list.filter((other) => other.id !== deleting.id)} onClose={() => setDeleting(null)} />
      ) : null}
      {dialog}
    </Stack>
  );
}

