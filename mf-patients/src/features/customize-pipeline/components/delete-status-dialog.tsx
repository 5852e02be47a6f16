import { useId } from 'react';
import { notifyError, notifySuccess } from '@baridesk/api-client';
import { PIPELINE_MESSAGES, pipelineStatusDeleteBody, type PipelineStatus } from '@baridesk/contracts';
import { formatAmount } from '@baridesk/domain';
import { applyServerErrors, SelectField, Stack, Text, useValibotForm } from '@baridesk/ui';
import { ConfirmDialog } from '@baridesk/ui/overlays';
import { useDeletePipelineStatus } from '../api/delete-pipeline-status';

export type DeleteStatusDialogProps = {
  /** The status to delete; it has patients. */
  status: PipelineStatus;
  /** The stage's other statuses, where its patients can go. */
  others: readonly PipelineStatus[];
  onClose: () => void;
};

export const patientsText = (count: number) => (count === 1 ? '1 patient' : `${formatAmount(count)} patients`);

/**
 * Deleting a status that has patients: the question says how many, asks where they go (required here;
 * the server asks the same with a 422), and once a status is chosen says what the button will do to
 * them, as its label does ("Delete and move 56 patients"). Cancel has the focus first. Refused while
 * rules name the status (409).
 */
export function DeleteStatusDialog({ status, others, onClose }: DeleteStatusDialogProps) {
  const formId = useId();
  const remove = useDeletePipelineStatus();
  const form = useValibotForm(pipelineStatusDeleteBody, { defaultValues: { id: status.id, move_to_status_id: '' } });
  const patients = patientsText(status.patient_count);
  const targetId = Number(form.watch('move_to_status_id'));
  const target = others.find((other) => other.id === targetId);

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
    <ConfirmDialog
      open
      title="Delete status"
      confirmLabel={`Delete and move ${patients}`}
      busy={busy}
      onConfirm={() => void submit()}
      onCancel={onClose}
      message={
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
            {target ? (
              <Text fontWeight="medium">{`${patients} will move from "${status.name}" to "${target.name}", and "${status.name}" will be gone. This cannot be undone.`}</Text>
            ) : null}
          </Stack>
        </form>
      }
    />
  );
}
