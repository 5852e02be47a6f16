import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import { ApiRequestError, notifyError } from '@baridesk/api-client';
import type { PatientRecord } from '@baridesk/contracts';
import { Alert, Button, List, PageFrame, Spinner, Stack, Text } from '@baridesk/ui';
import { LoadError } from '@baridesk/ui/lists';
import { useConfirm } from '@baridesk/ui/overlays';
import { patientQueryOptions, usePatient } from '../api/get-patient';
import { useUpdatePatient } from '../api/update-patient';
import { usePatientId } from '../hooks/use-patient-id';
import { changesBetween, recordToFormValues } from '../utils/patient-form-values';
import { PatientForm } from './patient-form';
import { PatientNotFound } from './patient-not-found';
import { patientCrumbs } from '../../../utils/patient-crumbs';

const isNotFound = (error: unknown) => error instanceof ApiRequestError && error.status === 404;
const isConflict = (error: unknown) => error instanceof ApiRequestError && error.status === 409;

/**
 * /patient-detail/:id/edit: the add form, filled from the record. Saving sends the version the form was
 * filled from; if someone else saved the patient meanwhile, the server refuses (409) and nothing is
 * saved. The form then keeps what the user typed and shows the server's message with "Reload the
 * latest", which lists what the other person changed and, once confirmed, refills the form with the
 * latest version (the user's unsaved input is then gone, as the dialog says).
 */
export default function EditPatientScreen() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const id = usePatientId();
  const query = usePatient(id);
  const update = useUpdatePatient();
  const { confirm, dialog } = useConfirm();
  // The version the form was filled from: fixed while editing, so a background refetch never resets the form.
  const [base, setBase] = useState<PatientRecord | null>(null);
  const [conflict, setConflict] = useState<string | null>(null);
  const [reloading, setReloading] = useState(false);
  if (base === null && query.data) setBase(query.data);

  async function reloadLatest(from: PatientRecord) {
    setReloading(true);
    try {
      const latest = await queryClient.fetchQuery({ ...patientQueryOptions(from.id), staleTime: 0 });
      const changes = changesBetween(from, latest);
      const confirmed = await confirm({
        title: 'Reload the latest version?',
        message: (
          <Stack gap="3">
            {changes.length > 0 ? (
              <>
                <Text>Since you opened this form, someone else changed:</Text>
                <List.Root ps="5">
                  {changes.map((change) => (
                    <List.Item key={change.key}>
                      {change.label}: {change.from} → {change.to}
                    </List.Item>
                  ))}
                </List.Root>
              </>
            ) : (
              <Text>Someone else saved this patient since you opened this form, without changing the fields shown here.</Text>
            )}
            <Text>Reloading fills the form with the latest version: what you typed and have not saved will be lost.</Text>
          </Stack>
        ),
        confirmLabel: 'Reload',
        cancelLabel: 'Keep my input',
      });
      if (confirmed) {
        setBase(latest);
        setConflict(null);
      }
    } catch (error) {
      notifyError(error);
    } finally {
      setReloading(false);
    }
  }

  let body;
  if (id === null || isNotFound(query.error)) body = <PatientNotFound />;
  else if (query.isError && !base)
    body = <LoadError title="The patient could not be loaded." message={query.error.message} onRetry={() => void query.refetch()} />;
  else if (base)
    body = (
      <PatientForm
        // A reloaded version starts a fresh form.
        key={`${base.id}-${base.version}`}
        patient={base}
        defaultValues={recordToFormValues(base)}
        save={(values) => update.mutateAsync({ ...values, id: base.id, version: base.version })}
        onSaved={() => void navigate(`/patient-detail/${base.id}`)}
        onError={(error) => {
          if (!isConflict(error)) return false;
          setConflict((error as ApiRequestError).message);
          return true;
        }}
        submitLabel="Save Changes"
        cancelTo={`/patient-detail/${base.id}`}
        banner={
          conflict ? (
            <Alert.Root status="warning" role="alert">
              <Alert.Indicator />
              <Alert.Content>
                <Alert.Title>Not saved</Alert.Title>
                <Alert.Description>{conflict}</Alert.Description>
              </Alert.Content>
              <Button size="sm" variant="outline" loading={reloading} onClick={() => void reloadLatest(base)}>
                Reload the latest
              </Button>
            </Alert.Root>
          ) : null
        }
      />
    );
  else body = <Spinner aria-label="Loading the patient" />;

  return (
    <PageFrame title={base ? `Edit ${base.name}` : 'Edit Patient'} breadcrumbs={patientCrumbs(base ?? undefined, 'Edit')}>
      {body}
      {dialog}
    </PageFrame>
  );
}
