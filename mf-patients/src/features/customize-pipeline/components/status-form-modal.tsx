import { notifyError, notifySuccess } from '@baridesk/api-client';
import { PIPELINE_STATUS_NAME_MAX, pipelineStatusFormSchema, type PipelineStage, type PipelineStatus } from '@baridesk/contracts';
import { Stack, Text, TextField, useFormSubmit, useValibotForm } from '@baridesk/ui';
import { CheckboxField } from '@baridesk/ui/controls';
import { FormModal } from '@baridesk/ui/overlays';
import { useCreatePipelineStatus } from '../api/create-pipeline-status';
import { useUpdatePipelineStatus } from '../api/update-pipeline-status';

export type StatusFormModalProps = {
  stage: PipelineStage;
  /** The status to rename; a new one without it. */
  status?: PipelineStatus;
  onClose: () => void;
};

/** Adds a status to the stage (last in order) or renames one; either can become the stage's default. */
export function StatusFormModal({ stage, status, onClose }: StatusFormModalProps) {
  const create = useCreatePipelineStatus();
  const update = useUpdatePipelineStatus();
  const isDefault = status?.is_default === 1;
  const form = useValibotForm(pipelineStatusFormSchema, { defaultValues: { name: status?.name ?? '', is_default: isDefault } });
  const submit = useFormSubmit(
    form,
    (values) => (status ? update.mutateAsync({ id: status.id, ...values }) : create.mutateAsync({ stage, ...values })),
    { notifySuccess, notifyError, onSaved: onClose },
  );

  return (
    <FormModal
      title={status ? 'Edit status' : 'Add status'}
      submitLabel={status ? 'Save Changes' : 'Add status'}
      submitting={form.formState.isSubmitting}
      onSubmit={submit}
      onClose={onClose}
    >
      <Stack gap="4">
        <TextField form={form} name="name" label="Name" required maxLength={PIPELINE_STATUS_NAME_MAX} />
        {isDefault ? (
          // A stage keeps its default until another status is made the default.
          <Text textStyle="sm" color="fg.muted">
            New patients of this stage start in this status. To change that, make another status the default.
          </Text>
        ) : (
          <CheckboxField form={form} name="is_default" label="Default for new patients" helperText="Patients entering the stage start in this status." />
        )}
      </Stack>
    </FormModal>
  );
}
