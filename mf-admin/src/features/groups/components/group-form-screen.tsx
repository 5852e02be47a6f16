import { useState } from 'react';
import { Link as RouterLink, useNavigate, useParams } from 'react-router-dom';
import { notifyError, notifySuccess } from '@baridesk/api-client';
import { groupFormBody, type GroupShow } from '@baridesk/contracts';
import { Box, Button, HStack, List, PageFrame, Spinner, Stack, Text, TextField, VisuallyHidden, useFormSubmit, useValibotForm } from '@baridesk/ui';
import { LoadError, PatientSearchPicker, type PickedPatient } from '@baridesk/ui/lists';
import { GROUP_PATIENTS_SEARCH, useGroup, useSaveGroup } from '../api/group-calls';
import { groupPaths, patientCount } from '../groups-view';

function GroupForm({ group }: { group: GroupShow['group'] | null }) {
  const navigate = useNavigate();
  const save = useSaveGroup();
  const [chosen, setChosen] = useState<PickedPatient[]>([]);
  const form = useValibotForm(groupFormBody, { defaultValues: { name: group?.name ?? '', user_ids: [] } });
  const choose = (next: PickedPatient[]) => {
    setChosen(next);
    form.setValue('user_ids', next.map((p) => p.id));
    form.clearErrors('user_ids');
  };
  const submit = useFormSubmit(
    form,
    (values) => save.mutateAsync(group ? { id: group.id, ...values } : { ...values, status: 1 }),
    { notifySuccess, notifyError, onSaved: (saved) => navigate(groupPaths.show(saved.data.id)) },
  );
  const membersError = form.formState.errors.user_ids?.message;
  return (
    <Box maxW="2xl">
      <form noValidate onSubmit={submit} aria-busy={form.formState.isSubmitting || undefined}>
        <Stack gap="6">
          <TextField form={form} name="name" label="Name" required />
          <Box as="section" aria-labelledby="group-members-heading">
            <Text id="group-members-heading" fontWeight="semibold" mb="1">
              {group ? 'Add patients' : 'Patients'}
            </Text>
            <Text color="fg.muted" mb="3">
              {group
                ? `The group has ${patientCount(group.members_count)}; the patients chosen here join them. Remove members on the group’s page.`
                : 'Find patients of any program by name, e-mail, phone or MRN, and add them.'}
            </Text>
            <PatientSearchPicker
              label="Find patients of every program"
              searchPath={GROUP_PATIENTS_SEARCH}
              excludeIds={chosen.map((p) => p.id)}
              onPick={(patient) => choose([...chosen, patient])}
            />
            <Box mt="4" aria-live="polite">
              {chosen.length === 0 ? (
                <Text color="fg.muted">No patient chosen yet.</Text>
              ) : (
                <>
                  <Text mb="2">{`${patientCount(chosen.length)} chosen`}</Text>
                  <List.Root variant="plain" aria-label="Chosen patients" gap="1">
                    {chosen.map((patient) => (
                      <List.Item key={patient.id} display="flex" justifyContent="space-between" alignItems="center" gap="2">
                        <Text>
                          {patient.name}
                          {patient.program_name ? <Text as="span" color="fg.muted">{` · ${patient.program_name}`}</Text> : null}
                        </Text>
                        <Button size="xs" variant="outline" colorPalette="gray" onClick={() => choose(chosen.filter((p) => p.id !== patient.id))}>
                          Remove
                          <VisuallyHidden>{` ${patient.name}`}</VisuallyHidden>
                        </Button>
                      </List.Item>
                    ))}
                  </List.Root>
                </>
              )}
            </Box>
            {membersError ? (
              <Text role="alert" color="fg.error" mt="2">
                {membersError}
              </Text>
            ) : null}
          </Box>
          <HStack gap="2">
            <Button type="submit" loading={form.formState.isSubmitting} loadingText="Saving…">
              {group ? 'Save Changes' : 'Add Group'}
            </Button>
            <Button asChild variant="outline" colorPalette="gray">
              <RouterLink to={group ? groupPaths.show(group.id) : groupPaths.list}>Cancel</RouterLink>
            </Button>
          </HStack>
        </Stack>
      </form>
    </Box>
  );
}

/** /admin/groups/create and /admin/groups/:id/edit: a group's name and the patients who join it. */
export default function GroupFormScreen() {
  const { id: idParam } = useParams();
  const id = idParam && /^[1-9]\d*$/.test(idParam) ? Number(idParam) : null;
  const editing = idParam !== undefined;
  const query = useGroup(editing ? id : null, { perPage: 5 });
  const title = editing ? 'Edit Group' : 'Add Group';
  const crumbs = [{ label: 'Groups', to: groupPaths.list }, ...(query.data ? [{ label: query.data.group.name, to: groupPaths.show(query.data.group.id) }] : []), { label: title }];
  let body;
  if (!editing) body = <GroupForm group={null} />;
  else if (id === null) body = <Text role="alert">This address names no group.</Text>;
  else if (query.isPending) body = <Spinner aria-label="Loading the group" />;
  else if (query.isError) body = <LoadError title="The group could not be loaded." message={query.error.message} onRetry={() => void query.refetch()} />;
  else body = <GroupForm group={query.data.group} />;
  return (
    <PageFrame title={title} breadcrumbs={crumbs}>
      {body}
    </PageFrame>
  );
}
