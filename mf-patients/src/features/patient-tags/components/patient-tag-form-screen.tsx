import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router-dom';
import { notifyError, notifySuccess } from '@baridesk/api-client';
import { patientTagStoreBody, type PatientTag } from '@baridesk/contracts';
import { Button, chakra, HStack, Link, PageFrame, Spinner, Stack, Text, TextField, useFormSubmit, useValibotForm } from '@baridesk/ui';
import { SwitchField } from '@baridesk/ui/controls';
import { LoadError } from '@baridesk/ui/lists';
import { useCreatePatientTag } from '../api/create-patient-tag';
import { usePatientTag } from '../api/get-patient-tag';
import { useUpdatePatientTag } from '../api/update-patient-tag';

const LIST_PATH = '/user-category';

/** The `id` of `?id=`: a positive whole number, `null` when present but not one, `undefined` when absent. */
function tagIdOf(raw: string | null): number | null | undefined {
  if (raw === null || raw === '') return undefined;
  return /^\d+$/.test(raw) && Number(raw) > 0 ? Number(raw) : null;
}

/** /category-form: a new patient tag, or with `?id=` an existing one, named and switched on or off. */
export default function PatientTagFormScreen() {
  const [params] = useSearchParams();
  const id = tagIdOf(params.get('id'));
  const editing = id !== undefined;
  const tag = usePatientTag(id ?? undefined);

  let body;
  if (id === null) {
    body = (
      <Text role="alert">
        This address does not name a tag.{' '}
        <Link asChild>
          <RouterLink to={LIST_PATH}>Back to the patient tags</RouterLink>
        </Link>
      </Text>
    );
  } else if (!editing) {
    body = <PatientTagForm />;
  } else if (tag.isError) {
    body = <LoadError title="The tag could not be loaded." message={tag.error.message} onRetry={() => void tag.refetch()} />;
  } else if (tag.data) {
    body = <PatientTagForm key={tag.data.id} tag={tag.data} />;
  } else {
    body = <Spinner aria-label="Loading the tag" />;
  }

  return <PageFrame title={editing ? 'Edit Patient Tag' : 'Add Patient Tag'}>{body}</PageFrame>;
}

/** Name and Active; saving goes back to the list. */
function PatientTagForm({ tag }: { tag?: PatientTag }) {
  const navigate = useNavigate();
  const create = useCreatePatientTag();
  const update = useUpdatePatientTag();
  const form = useValibotForm(patientTagStoreBody, {
    defaultValues: { name: tag?.name ?? '', status: tag ? tag.status === 1 : true },
  });
  const submit = useFormSubmit(
    form,
    (values) => (tag ? update.mutateAsync({ id: tag.id, ...values }) : create.mutateAsync(values)),
    { notifySuccess, notifyError, onSaved: () => navigate(LIST_PATH) },
  );

  return (
    <chakra.form onSubmit={submit} noValidate maxW="lg">
      <Stack gap="4">
        <TextField form={form} name="name" label="Name" required />
        <SwitchField form={form} name="status" label="Active" />
        <HStack gap="2">
          <Button type="submit" loading={form.formState.isSubmitting}>
            {tag ? 'Save Changes' : 'Add Tag'}
          </Button>
          <Button asChild variant="outline" colorPalette="gray">
            <RouterLink to={LIST_PATH}>Cancel</RouterLink>
          </Button>
        </HStack>
      </Stack>
    </chakra.form>
  );
}
