import type { ReactNode } from 'react';
import { Link as RouterLink, useNavigate, useParams } from 'react-router-dom';
import { notifyError, notifySuccess } from '@baridesk/api-client';
import {
  PATIENT_SEXES,
  PATIENT_STAGE_OPTIONS,
  patientEditBody,
  patientUpdateBody,
  stateName,
  type ManageUserRecord,
} from '@baridesk/contracts';
import { formatDate, formatPhone, stageLabel } from '@baridesk/domain';
import {
  Badge,
  Box,
  Button,
  Card,
  chakra,
  HStack,
  PageFrame,
  SelectField,
  SimpleGrid,
  Stack,
  Text,
  TextField,
  useFormSubmit,
  useValibotForm,
} from '@baridesk/ui';
import { LoadedRecord, BadAddress, useDeleteWithConfirm } from '@baridesk/ui/lists';
import { useDeleteManageUser, useManageUser, useUpdateManageUser } from '../api/manage-users-calls';
import { manageUserPaths } from '../manage-users-paths';

/** The address's id: a positive whole number, else null (a wrong address). */
function useIdParam(): number | null {
  const { id } = useParams();
  return id && /^\d+$/.test(id) && Number(id) > 0 ? Number(id) : null;
}

/** The patient the address names, or what stands in its place (a wrong address, the failed load, a spinner). */
function PatientBody({ render }: { render: (patient: ManageUserRecord) => ReactNode }) {
  const id = useIdParam();
  const query = useManageUser(id);
  return (
    <LoadedRecord
      id={id}
      query={query}
      badAddress={<BadAddress message="This address names no patient." back={{ to: manageUserPaths.list, label: 'Back to the patients' }} />}
      errorTitle="The patient could not be loaded."
      loadingLabel="Loading the patient"
      render={(patient) => (patient ? render(patient) : null)}
    />
  );
}

const dash = (value: string | number | null | undefined) => (value === null || value === undefined || value === '' ? '—' : String(value));
const day = (value: string | null) => (value ? formatDate(value) : '—');

function Details({ patient }: { patient: ManageUserRecord }) {
  const rows: [string, ReactNode][] = [
    ['Program', patient.program_name],
    ['Name', patient.name],
    ['Nickname', dash(patient.nick_name)],
    ['E-mail', dash(patient.email)],
    ['Phone', patient.phone ? formatPhone(patient.phone) : '—'],
    ['MRN', dash(patient.mrn_number)],
    ['Date of birth', day(patient.dob)],
    ['Sex', dash(patient.sex)],
    ['City', dash(patient.city)],
    ['State', dash(stateName(patient.state_id))],
    ['Stage', stageLabel(patient.current_stage) ?? '—'],
    ['Surgery date', day(patient.surgery_date)],
    ['Type of surgery', dash(patient.type_of_surgery)],
    ['Current weight (lb)', dash(patient.current_weight)],
    ['Status', patient.status === 1 ? <Badge colorPalette="green">Active</Badge> : <Badge colorPalette="gray">Inactive</Badge>],
    ['Added', formatDate(patient.created_at.slice(0, 10))],
  ];
  return (
    <Card.Root maxW="2xl">
      <Card.Body>
        <chakra.dl display="grid" gridTemplateColumns={{ base: '1fr', md: '12rem 1fr' }} columnGap="4" rowGap={{ base: '1', md: '3' }}>
          {rows.map(([term, value]) => (
            <Box key={term} display="contents">
              <chakra.dt fontWeight="semibold" mt={{ base: '2', md: '0' }}>
                {term}
              </chakra.dt>
              <chakra.dd m="0">{value}</chakra.dd>
            </Box>
          ))}
        </chakra.dl>
      </Card.Body>
    </Card.Root>
  );
}

/** /admin/manage-users/show/:id: one patient of any program, with its program; Edit and Delete (after asking). */
export function ManageUserShowScreen() {
  const navigate = useNavigate();
  const id = useIdParam();
  const query = useManageUser(id);
  const remove = useDeleteManageUser();
  const { askDelete, dialog } = useDeleteWithConfirm<ManageUserRecord>({
    question: (patient) => ({
      title: 'Delete patient',
      message: `Delete ${patient.name} of ${patient.program_name}? The record is kept as inactive: no messages, no app, out of the reports.`,
    }),
    remove: async (patient) => {
      const done = await remove.mutateAsync(patient.id);
      void navigate(manageUserPaths.list);
      return done;
    },
    notifySuccess,
    notifyError,
  });
  const patient = query.data;
  return (
    <PageFrame
      title={patient ? patient.name : 'Patient'}
      breadcrumbs={[{ label: 'Manage Users', to: manageUserPaths.list }, { label: patient ? patient.name : 'Patient' }]}
      actions={
        patient ? (
          <HStack gap="2" wrap="wrap">
            <Button asChild variant="outline" colorPalette="gray">
              <RouterLink to={manageUserPaths.list}>All patients</RouterLink>
            </Button>
            {patient.status === 1 ? (
              <Button variant="outline" colorPalette="red" onClick={() => void askDelete(patient)}>
                Delete
              </Button>
            ) : null}
            <Button asChild>
              <RouterLink to={manageUserPaths.edit(patient.id)}>Edit</RouterLink>
            </Button>
          </HStack>
        ) : null
      }
    >
      <PatientBody render={(shown) => <Details patient={shown} />} />
      {dialog}
    </PageFrame>
  );
}

const SEX_OPTIONS = PATIENT_SEXES.map((sex) => ({ value: sex, label: sex }));
const STAGE_OPTIONS = PATIENT_STAGE_OPTIONS.map((stage) => ({ value: String(stage.id), label: stage.label }));
const STATUS_OPTIONS = [
  { value: '1', label: 'Active' },
  { value: '0', label: 'Inactive' },
];

/**
 * The staff fields a super admin corrects most, on the staff edit's body: the form holds every field of
 * the record as the staff form sends it, so what is not shown here is sent back unchanged.
 */
function EditForm({ patient }: { patient: ManageUserRecord }) {
  const navigate = useNavigate();
  const update = useUpdateManageUser();
  const form = useValibotForm(patientUpdateBody, {
    defaultValues: { ...patientEditBody(patient), status: String(patient.status) } as never,
  });
  const submit = useFormSubmit(form, () => update.mutateAsync({ ...(form.getValues() as object), id: patient.id } as never), {
    notifySuccess,
    notifyError,
    onSaved: () => navigate(manageUserPaths.show(patient.id)),
  });
  return (
    <chakra.form onSubmit={submit} noValidate maxW="2xl" aria-busy={form.formState.isSubmitting || undefined}>
      <Stack gap="5">
        <Text>Patient of {patient.program_name}. The program’s staff see the change at once.</Text>
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
          <TextField form={form} name="first_name" label="First name" required autoComplete="off" />
          <TextField form={form} name="last_name" label="Last name" required autoComplete="off" />
          <TextField form={form} name="nick_name" label="Nickname" autoComplete="off" />
          <TextField form={form} name="email" label="E-mail" type="email" autoComplete="off" />
          <TextField form={form} name="phone" label="Phone" type="tel" autoComplete="off" />
          <TextField form={form} name="mrn_number" label="MRN" autoComplete="off" maxLength={64} />
          <TextField form={form} name="dob" label="Date of birth" type="date" />
          <SelectField form={form} name="sex" label="Sex" placeholder="Not given" options={SEX_OPTIONS} />
          <TextField form={form} name="city" label="City" autoComplete="off" />
          <SelectField form={form} name="current_stage" label="Stage" options={STAGE_OPTIONS} required />
          <TextField form={form} name="surgery_date" label="Surgery date" type="date" />
          <SelectField form={form} name="status" label="Status" options={STATUS_OPTIONS} required />
        </SimpleGrid>
        <HStack gap="2">
          <Button type="submit" loading={form.formState.isSubmitting} loadingText="Saving…">
            Save Changes
          </Button>
          <Button asChild variant="outline" colorPalette="gray">
            <RouterLink to={manageUserPaths.show(patient.id)}>Cancel</RouterLink>
          </Button>
        </HStack>
      </Stack>
    </chakra.form>
  );
}

/** /admin/manage-users/edit/:id: the staff edit of one patient of any program (the same rules and version check). */
export function ManageUserEditScreen() {
  const id = useIdParam();
  const query = useManageUser(id);
  return (
    <PageFrame title="Edit Patient" breadcrumbs={[{ label: 'Manage Users', to: manageUserPaths.list }, { label: query.data ? query.data.name : 'Edit Patient' }]}>
      <PatientBody render={(patient) => <EditForm key={`${patient.id}-${patient.version}`} patient={patient} />} />
    </PageFrame>
  );
}
