import { useId } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { Badge, Button, Card, chakra, DetailRow, Flex, Heading, Spinner, Stack, Text } from '@baridesk/ui';
import { usePatientChecklist } from '../api/get-patient-checklist';
import { ChecklistProgress } from './checklist-progress';

/**
 * The patient's checklist in a few lines, for the patient's page: the pipeline status, the current
 * stage's progress, and the way to the checklist.
 */
export function PatientChecklistSummary({ patientId }: { patientId: number }) {
  const headingId = useId();
  const query = usePatientChecklist(patientId);
  const checklist = query.data;

  let body;
  if (checklist) {
    body = (
      <chakra.dl>
        <DetailRow term="Pipeline status">{checklist.patient.pipeline_status?.name ?? 'No pipeline status'}</DetailRow>
        <DetailRow term={`${checklist.stage_name} checklist`}>
          <Stack gap="2">
            {checklist.patient.checklist_deactivate === 1 ? (
              <span>
                <Badge colorPalette="red">Deactivated</Badge>
              </span>
            ) : null}
            <ChecklistProgress checklist={checklist} label={`${checklist.stage_name} checklist progress`} />
          </Stack>
        </DetailRow>
      </chakra.dl>
    );
  } else if (query.isError) {
    body = (
      <Flex gap="3" align="center" wrap="wrap">
        <Text role="alert">{`The checklist could not be loaded. ${query.error.message}`}</Text>
        <Button size="sm" variant="outline" onClick={() => void query.refetch()}>
          Try again
        </Button>
      </Flex>
    );
  } else {
    body = <Spinner aria-label="Loading the checklist" />;
  }

  return (
    <Card.Root as="section" aria-labelledby={headingId}>
      <Card.Header>
        <Flex justify="space-between" align="center" gap="3" wrap="wrap">
          <Heading as="h2" size="md" id={headingId}>
            Checklist
          </Heading>
          <Button asChild size="sm">
            <RouterLink to={`/checklists/${patientId}`}>Open checklist</RouterLink>
          </Button>
        </Flex>
      </Card.Header>
      <Card.Body>{body}</Card.Body>
    </Card.Root>
  );
}
