import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { ApiRequestError } from '@baridesk/api-client';
import { stateName, type PatientRecord } from '@baridesk/contracts';
import { formatAmount, formatDate, formatPhone, stageLabel } from '@baridesk/domain';
import { Badge, Button, Card, chakra, DetailRow, Heading, HStack, PageFrame, SimpleGrid, Spinner, Stack } from '@baridesk/ui';
import { LoadError } from '@baridesk/ui/lists';
import { usePatient } from '../api/get-patient';
import { usePatientPdfDownload } from '../api/download-patient-pdf';
import { usePatientId } from '../hooks/use-patient-id';
import { PatientPdfMenu } from './patient-pdf-menu';
import { PatientNotFound } from './patient-not-found';
import { PatientRecordHeader } from './patient-record-header';
import { patientCrumbs } from '../../../utils/patient-crumbs';

const NONE = 'Not given';
const orNone = (value: string | null | undefined) => (value ? value : NONE);
const date = (value: string | null) => (value ? formatDate(value) : NONE);
const pounds = (value: number | null) => (value === null ? NONE : `${formatAmount(value)} lb`);
const perDay = (value: number | null, unit: string) => (value === null ? NONE : `${formatAmount(value)} ${unit} a day`);

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
        <DetailRow term="Name">{patient.name}</DetailRow>
        <DetailRow term="Nickname">{orNone(patient.nick_name)}</DetailRow>
        <DetailRow term="E-mail">{orNone(patient.email)}</DetailRow>
        <DetailRow term="Phone">{patient.phone ? formatPhone(patient.phone) : NONE}</DetailRow>
        <DetailRow term="MRN">{orNone(patient.mrn_number)}</DetailRow>
        <DetailRow term="Date of birth">
          {patient.dob ? `${formatDate(patient.dob)}${patient.age === null ? '' : ` (${patient.age} years)`}` : NONE}
        </DetailRow>
        <DetailRow term="Sex">{orNone(patient.sex)}</DetailRow>
        <DetailRow term="City and state">{[patient.city, stateName(patient.state_id)].filter(Boolean).join(', ') || NONE}</DetailRow>
      </Section>

      <Section title="Surgery and stage">
        <DetailRow term="Stage">{stageLabel(patient.current_stage)}</DetailRow>
        <DetailRow term="Initial stage">{patient.inital_stage === null ? NONE : stageLabel(patient.inital_stage)}</DetailRow>
        <DetailRow term="Type of surgery">{orNone(patient.type_of_surgery)}</DetailRow>
        <DetailRow term="Surgery date">{date(patient.surgery_date)}</DetailRow>
        <DetailRow term="Since or until surgery">{patient.surgery_date_difference}</DetailRow>
        <DetailRow term="Consult date">{date(patient.consult_date)}</DetailRow>
        <DetailRow term="Non-surgical program date">{date(patient.non_surgery_date)}</DetailRow>
      </Section>

      <Section title="Weights">
        <DetailRow term="Height">{patient.hight === null ? NONE : `${formatAmount(patient.hight)} in`}</DetailRow>
        <DetailRow term="Starting weight">{pounds(patient.starting_weight)}</DetailRow>
        <DetailRow term="Current weight">{pounds(patient.current_weight)}</DetailRow>
        <DetailRow term="Target weight">{pounds(patient.target_weight)}</DetailRow>
        <DetailRow term="BMI">{patient.bmi === null ? 'N/A' : formatAmount(patient.bmi)}</DetailRow>
        <DetailRow term="Weight lost">{patient.weight_lost === null ? 'N/A' : `${formatAmount(patient.weight_lost)} lb`}</DetailRow>
        <DetailRow term="Protein goal">{perDay(patient.protien, 'g')}</DetailRow>
        <DetailRow term="Fiber goal">{perDay(patient.fiber, 'g')}</DetailRow>
        <DetailRow term="Water goal">{perDay(patient.water, 'oz')}</DetailRow>
        <DetailRow term="Calories goal">{perDay(patient.calories, 'kcal')}</DetailRow>
      </Section>

      <Section title="Tags, coordinator and location">
        <DetailRow term="Tags">
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
        </DetailRow>
        <DetailRow term="Insurance coordinator">{orNone(patient.insurance_coordinator_name)}</DetailRow>
        <DetailRow term="Location">{orNone(patient.location_name)}</DetailRow>
      </Section>

      <Section title="Snooze and checklist">
        <DetailRow term="Snooze">
          {patient.snooze_status === 1 ? (
            <>
              <Badge colorPalette="orange">Snoozed</Badge> until {date(patient.snooze_date)}
            </>
          ) : (
            <Badge colorPalette="gray">Not snoozed</Badge>
          )}
        </DetailRow>
        <DetailRow term="Checklist">
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
        </DetailRow>
        <DetailRow term="Due dates worked out automatically">{patient.due_date_auto_cal === 1 ? 'Yes' : 'No'}</DetailRow>
      </Section>

      <Section title="App and status">
        <DetailRow term="Invited to the app">{yesNo(patient.is_invited, 'Invited', 'Not invited')}</DetailRow>
        <DetailRow term="App password set">{patient.has_app_password ? 'Yes' : 'No'}</DetailRow>
        <DetailRow term="Last used the app">{patient.last_app_activity_at ? formatDate(patient.last_app_activity_at) : 'Never'}</DetailRow>
        <DetailRow term="Status">
          {patient.status === 1 ? <Badge colorPalette="green">Active</Badge> : <Badge colorPalette="gray">Inactive</Badge>}
        </DetailRow>
        <DetailRow term="Added">{formatDate(patient.created_at)}</DetailRow>
        <DetailRow term="Updated">{formatDate(patient.updated_at)}</DetailRow>
      </Section>
    </SimpleGrid>
  );
}

export type PatientDetailScreenProps = {
  /** Facts the header shows beside the stage and the outcome (the app composes the pipeline status and checklist there). */
  summary?: (patient: PatientRecord) => ReactNode;
  /** What the page shows under the record once it has loaded (the app composes the notes there). */
  below?: (patient: PatientRecord) => ReactNode;
};

/** /patient-detail/:id: one patient's record, with Edit and the ways to the patient's logs. */
export default function PatientDetailScreen({ summary, below }: PatientDetailScreenProps) {
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
        <PatientRecordHeader patient={patient}>{summary?.(patient)}</PatientRecordHeader>
        <PatientRecordView patient={patient} />
        {below?.(patient)}
      </Stack>
    );
  else body = <Spinner aria-label="Loading the patient" />;

  return (
    <PageFrame
      title={patient && !notFound ? patient.name : 'Patient'}
      breadcrumbs={patientCrumbs(patient && !notFound ? patient : undefined)}
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
