import { useId } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { notifyError, notifySuccess } from '@baridesk/api-client';
import { addMissingPipelinePatientBody, type MissingPipelinePatient } from '@baridesk/contracts';
import { stageLabel } from '@baridesk/domain';
import { Button, Link, SelectField, Spinner, Stack, Text, useFormSubmit, useValibotForm } from '@baridesk/ui';
import { LoadError } from '@baridesk/ui/lists';
import { Modal } from '@baridesk/ui/overlays';
import { useAddMissingPipelinePatient } from '../api/add-missing-pipeline-patient';
import { useStageStatuses } from '../api/get-stage-statuses';

export type AddToPipelineModalProps = { patient: MissingPipelinePatient; onClose: () => void };

/**
 * Puts a patient in a status of their current stage; the stage's default is chosen once the statuses
 * have loaded. One dialog throughout (loading, no statuses, the form), so the focus stays in it.
 */
export function AddToPipelineModal({ patient, onClose }: AddToPipelineModalProps) {
  const formId = useId();
  const stage = patient.current_stage;
  const statuses = useStageStatuses(stage);
  const add = useAddMissingPipelinePatient();
  const choices = statuses.data?.data;
  const form = useValibotForm(addMissingPipelinePatientBody, {
    defaultValues: { patient_id: patient.id, status_id: '' },
    values: choices ? { patient_id: patient.id, status_id: choices.default === null ? '' : String(choices.default) } : undefined,
  });
  const submit = useFormSubmit(form, (values) => add.mutateAsync(values), { notifySuccess, notifyError, onSaved: onClose });
  const ready = choices !== undefined && choices.data.length > 0;
  const submitting = form.formState.isSubmitting;

  let body;
  if (ready) {
    body = (
      <form id={formId} onSubmit={submit} noValidate>
        <Stack gap="4">
          <Text color="fg.muted">{`${patient.name} is in ${stageLabel(stage)}: choose the status they are at.`}</Text>
          <SelectField
            form={form}
            name="status_id"
            label="Status"
            placeholder="Choose a status"
            required
            options={choices.data.map((status) => ({ value: String(status.id), label: status.is_default === 1 ? `${status.name} (default)` : status.name }))}
          />
        </Stack>
      </form>
    );
  } else if (statuses.isError) {
    body = <LoadError title="The statuses could not be loaded." message={statuses.error.message} onRetry={() => void statuses.refetch()} />;
  } else if (!choices) {
    body = <Spinner aria-label="Loading the statuses" />;
  } else {
    body = (
      <Text>
        {`${stageLabel(stage)} has no pipeline statuses yet. `}
        <Link asChild>
          <RouterLink to={`/customize-pipeline?stage=${stage}`}>Add them in Customize Pipeline</RouterLink>
        </Link>
      </Text>
    );
  }

  return (
    <Modal
      open
      title={`Add ${patient.name} to the pipeline`}
      onClose={onClose}
      dismissible={!submitting}
      footer={
        <>
          <Button variant="outline" colorPalette="gray" onClick={onClose} disabled={submitting}>
            Cancel
          </Button>
          {ready ? (
            <Button type="submit" form={formId} loading={submitting}>
              Add to pipeline
            </Button>
          ) : null}
        </>
      }
    >
      {body}
    </Modal>
  );
}
