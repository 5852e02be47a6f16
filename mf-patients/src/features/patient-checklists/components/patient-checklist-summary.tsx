import { Link as RouterLink } from 'react-router-dom';
import { Badge, Button, HStack, Link, Spinner, Stack, SummaryFact, Text } from '@baridesk/ui';
import { usePatientChecklist } from '../api/get-patient-checklist';
import { ChecklistProgress } from './checklist-progress';

/**
 * The patient's checklist as facts of the record's header (inside its `dl`): the pipeline status, and
 * the current stage's progress with the way to the checklist.
 */
export function PatientChecklistSummary({ patientId }: { patientId: number }) {
  const query = usePatientChecklist(patientId);
  const checklist = query.data;
  const open = (
    <Link asChild colorPalette="brand" color="brand.fg" textStyle="sm" fontWeight="medium">
      <RouterLink to={`/checklists/${patientId}`}>Open checklist</RouterLink>
    </Link>
  );

  if (checklist) {
    return (
      <>
        <SummaryFact term="Pipeline status">{checklist.patient.pipeline_status?.name ?? 'No pipeline status'}</SummaryFact>
        <SummaryFact term={`${checklist.stage_name} checklist`} detail={open}>
          <Stack gap="1">
            {checklist.patient.checklist_deactivate === 1 ? (
              <span>
                <Badge colorPalette="red">Deactivated</Badge>
              </span>
            ) : null}
            <ChecklistProgress checklist={checklist} label={`${checklist.stage_name} checklist progress`} />
          </Stack>
        </SummaryFact>
      </>
    );
  }
  return (
    <SummaryFact term="Checklist" detail={open}>
      {query.isError ? (
        <HStack gap="2" align="center" wrap="wrap" fontWeight="normal">
          <Text role="alert" textStyle="sm">{`The checklist could not be loaded. ${query.error.message}`}</Text>
          <Button size="xs" variant="outline" onClick={() => void query.refetch()}>
            Try again
          </Button>
        </HStack>
      ) : (
        <Spinner size="sm" aria-label="Loading the checklist" />
      )}
    </SummaryFact>
  );
}
