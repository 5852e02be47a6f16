import { useId } from 'react';
import { notifyError, notifySuccess } from '@baridesk/api-client';
import { PIPELINE_MESSAGES, pipelineStatusDeleteBody, type PipelineStatus } from '@baridesk/contracts';
import { formatAmount } from '@baridesk/domain';
import { applyServerErrors, Button, SelectField, Stack, Text, useValibotForm } from '@baridesk/ui';
import { Modal } from '@baridesk/ui/overlays';
import { useDeletePipelineStatus } from '../api/delete-pipeline-status';

export type DeleteStatusDialogProps = {
  /** The status to delete; it has patients. */
  status: PipelineStatus;
  /** The stage's other statuses, where its patients can go. */
  others: readonly PipelineStatus[];
  onClose: () => void;
};

/**
 * Deleting a status that has patients: the question says how many, and asks where they go (required
 * here; the server asks the same with a 422). Refused while rules name the status (409).
 */
export function DeleteStatusDialog({ status, others, onClose }: DeleteStatusDialogProps) {
  const formId = useId();
  const remove = useDeletePipelineStatus();
  const form = useValibotForm(pipelineStatusDeleteBody, { defaultValues: { id: status.id, move_to_status_id: '' } });
  const patients = status.patient_count === 1 ? '1 patient' : `${formatAmount(status.patient_count)} patients`;

  const submit = form.handleSubmit(async (values) => {
    if (values.move_to_status_id === undefined) {
      form.setError('move_to_status_id', { type: 'required', message: PIPELINE_MESSAGES.chooseTarget }, { shouldFocus: true });
      return;
    }
    try {
      const answer = await remove.mutateAsync(values);
      notifySuccess(answer.message);
      onClose();
    } catch (error) {
      if (!applyServerErrors(form, error)) notifyError(error);
    }
  });

  const busy = form.formState.isSubmitting;
  return (
    <Modal
      open
      role="alertdialog"
      size="sm"
      title="Delete status"
      onClose={onClose}
      dismissible={!busy}
      footer={
        <>
          <Button variant="outline" colorPalette="gray" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" form={formId} colorPalette="red" loading={busy}>
            Delete
          </Button>
        </>
      }
    >
      <form id={formId} onSubmit={submit} noValidate>
        <Stack gap="4">
          <Text>{`Delete the status "${status.name}"? It has ${patients}: choose the status they move to.`}</Text>
          <SelectField
            form={form}
            name="move_to_status_id"
            label="Move its patients to"
            placeholder="Choose a status"
            required
            options={others.map((other) => ({ value: String(other.id), label: other.name }))}
          />
        </Stack>
      </form>
    </Modal>
  );
}
