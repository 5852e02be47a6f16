import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { ApiRequestError } from '@baridesk/api-client';
import { stateName, type PatientRecord } from '@baridesk/contracts';
import { formatAmount, formatDate, formatPhone, stageLabel } from '@baridesk/domain';
import { Badge, Button, Card, chakra, Heading, HStack, PageFrame, SimpleGrid, Spinner, Stack } from '@baridesk/ui';
import { LoadError } from '@baridesk/ui/lists';
import { usePatient } from '../api/get-patient';
import { usePatientPdfDownload } from '../api/download-patient-pdf';
import { usePatientId } from '../hooks/use-patient-id';
import { PatientPdfMenu } from './patient-pdf-menu';
import { PatientNotFound } from './patient-not-found';

const NONE = 'Not given';
const orNone = (value: string | null | undefined) => (value ? value : NONE);
const date = (value: string | null) => (value ? formatDate(value) : NONE);
const pounds = (value: number | null) => (value === null ? NONE : `${formatAmount(value)} lb`);
const perDay = (value: number | null, unit: string) => (value === null ? NONE : `${formatAmount(value)} ${unit} a day`);

function Detail({ term, children }: { term: string; children: ReactNode }) {
  return (
    <chakra.div display="grid" gridTemplateColumns={{ base: '1fr', sm: '13rem 1fr' }} gap="1" py="2" borderBottomWidth="1px">
      <chakra.dt fontWeight="medium" color="fg.muted">
        {term}
      </chakra.dt>
      <chakra.dd>{children}</chakra.dd>
    </chakra.div>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card.Root as="section" aria-label={title}>
      <Card.Header>
        <Heading as="h2" size="md">
          {title}
        </Heading>
      </Card.Header>
      <Card.Body>
        <chakra.dl>{children}</chakra.dl>
      </Card.Body>
    </Card.Root>
  );
}

const yesNo = (on: 0 | 1, yes: string, no: string) =>
  on === 1 ? <Badge colorPalette="orange">{yes}</Badge> : <Badge colorPalette="gray">{no}</Badge>;

function PatientRecordView({ patient }: { patient: PatientRecord }) {
  return (
    <SimpleGrid columns={{ base: 1, xl: 2 }} gap="5" alignItems="start">
      <Section title="Identity and contact">
        <Detail term="Name">{patient.name}</Detail>
        <Detail term="Nickname">{orNone(patient.nick_name)}</Detail>
        <Detail term="E-mail">{orNone(patient.email)}</Detail>
        <Detail term="Phone">{patient.phone ? formatPhone(patient.phone) : NONE}</Detail>
        <Detail term="MRN">{orNone(patient.mrn_number)}</Detail>
        <Detail term="Date of birth">
          {patient.dob ? `${formatDate(patient.dob)}${patient.age === null ? '' : ` (${patient.age} years)`}` : NONE}
        </Detail>
        <Detail term="Sex">{orNone(patient.sex)}</Detail>
        <Detail term="City and state">{[patient.city, stateName(patient.state_id)].filter(Boolean).join(', ') || NONE}</Detail>
      </Section>

      <Section title="Surgery and stage">
        <Detail term="Stage">{stageLabel(patient.current_stage)}</Detail>
        <Detail term="Initial stage">{patient.inital_stage === null ? NONE : stageLabel(patient.inital_stage)}</Detail>
        <Detail term="Type of surgery">{orNone(patient.type_of_surgery)}</Detail>
        <Detail term="Surgery date">{date(patient.surgery_date)}</Detail>
        <Detail term="Since or until surgery">{patient.surgery_date_difference}</Detail>
        <Detail term="Consult date">{date(patient.consult_date)}</Detail>
        <Detail term="Non-surgical program date">{date(patient.non_surgery_date)}</Detail>
      </Section>

      <Section title="Weights">
        <Detail term="Height">{patient.hight === null ? NONE : `${formatAmount(patient.hight)} in`}</Detail>
        <Detail term="Starting weight">{pounds(patient.starting_weight)}</Detail>
        <Detail term="Current weight">{pounds(patient.current_weight)}</Detail>
        <Detail term="Target weight">{pounds(patient.target_weight)}</Detail>
        <Detail term="BMI">{patient.bmi === null ? 'N/A' : formatAmount(patient.bmi)}</Detail>
        <Detail term="Weight lost">{patient.weight_lost === null ? 'N/A' : `${formatAmount(patient.weight_lost)} lb`}</Detail>
        <Detail term="Protein goal">{perDay(patient.protien, 'g')}</Detail>
        <Detail term="Fiber goal">{perDay(patient.fiber, 'g')}</Detail>
        <Detail term="Water goal">{perDay(patient.water, 'oz')}</Detail>
        <Detail term="Calories goal">{perDay(patient.calories, 'kcal')}</Detail>
      </Section>

      <Section title="Tags, coordinator and location">
        <Detail term="Tags">
          {patient.user_cat_name || patient.user_cat_name2 ? (
            <HStack gap="1" wrap="wrap">
              {[patient.user_cat_name, patient.user_cat_name2].filter(Boolean).map((tag) => (
                <Badge key={tag} variant="subtle">
                  {tag}
                </Badge>
              ))}
            </HStack>
          ) : (
            'No tags'
          )}
        </Detail>
        <Detail term="Insurance coordinator">{orNone(patient.insurance_coordinator_name)}</Detail>
        <Detail term="Location">{orNone(patient.location_name)}</Detail>
      </Section>

      <Section title="Snooze and checklist">
        <Detail term="Snooze">
          {patient.snooze_status === 1 ? (
            <>
              <Badge colorPalette="orange">Snoozed</Badge> until {date(patient.snooze_date)}
            </>
          ) : (
            <Badge colorPalette="gray">Not snoozed</Badge>
          )}
        </Detail>
        <Detail term="Checklist">
          {patient.checklist_deactivate === 1 ? (
            <Stack gap="1">
              <span>
                <Badge colorPalette="red">Deactivated</Badge>
              </span>
              <span>{patient.checklist_deactivate_reason}</span>
            </Stack>
          ) : (
            <Badge colorPalette="green">Active</Badge>
          )}
        </Detail>
        <Detail term="Due dates worked out automatically">{patient.due_date_auto_cal === 1 ? 'Yes' : 'No'}</Detail>
      </Section>

      <Section title="App and status">
        <Detail term="Invited to the app">{yesNo(patient.is_invited, 'Invited', 'Not invited')}</Detail>
        <Detail term="App password set">{patient.has_app_password ? 'Yes' : 'No'}</Detail>
        <Detail term="Last used the app">{patient.last_app_activity_at ? formatDate(patient.last_app_activity_at) : 'Never'}</Detail>
        <Detail term="Status">
          {patient.status === 1 ? <Badge colorPalette="green">Active</Badge> : <Badge colorPalette="gray">Inactive</Badge>}
        </Detail>
        <Detail term="Added">{formatDate(patient.created_at)}</Detail>
        <Detail term="Updated">{formatDate(patient.updated_at)}</Detail>
      </Section>
    </SimpleGrid>
  );
}

export type PatientDetailScreenProps = {
  /** What the page shows under the record once it has loaded (the app composes the notes there). */
  below?: (patient: PatientRecord) => ReactNode;
};

/** /patient-detail/:id: one patient's record, with Edit and the ways to the patient's logs. */
export default function PatientDetailScreen({ below }: PatientDetailScreenProps) {
  const id = usePatientId();
  const query = usePatient(id);
  const patient = query.data;
  const notFound = id === null || (query.error instanceof ApiRequestError && query.error.status === 404);
  const pdf = usePatientPdfDownload();

  let body;
  if (notFound) body = <PatientNotFound />;
  else if (query.isError)
    body = <LoadError title="The patient could not be loaded." message={query.error.message} onRetry={() => void query.refetch()} />;
  else if (patient)
    body = (
      <Stack gap="5">
        <PatientRecordView patient={patient} />
        {below?.(patient)}
      </Stack>
    );
  else body = <Spinner aria-label="Loading the patient" />;

  return (
    <PageFrame
      title={patient && !notFound ? patient.name : 'Patient'}
      actions={
        patient && !notFound ? (
          <>
            <Button asChild variant="outline" colorPalette="gray">
              <RouterLink to={`/weight-log/${patient.id}`}>Weight Log</RouterLink>
            </Button>
            <Button asChild variant="outline" colorPalette="gray">
              <RouterLink to={`/food-log/${patient.id}`}>Food Log</RouterLink>
            </Button>
            <Button asChild variant="outline" colorPalette="gray">
              <RouterLink to={`/nutrition-report/${patient.id}`}>Nutrition Report</RouterLink>
            </Button>
            <PatientPdfMenu busy={pdf.running} onSelect={(type) => void pdf.download(patient.id, type)} />
            <Button asChild>
              <RouterLink to={`/patient-detail/${patient.id}/edit`}>Edit</RouterLink>
            </Button>
          </>
        ) : null
      }
    >
      {pdf.banner ? <chakra.div mb="5">{pdf.banner}</chakra.div> : null}
      {body}
    </PageFrame>
  );
}
