import { Card, Heading, SimpleGrid, Spinner, Stack, Text } from '@baridesk/ui';
import { LoadError } from '@baridesk/ui/lists';
import { usePatient } from '../api/get-patient';
import { useWeightLogs } from '../api/get-weight-logs';
import { usePatientId } from '../hooks/use-patient-id';
import { isNotFound, PatientLogFrame } from './patient-log-frame';
import { WeightChart } from './weight-chart';
import { WeightForm } from './weight-form';
import { WeightLogTable } from './weight-log-table';
import { WeightOutcomes } from './weight-outcomes';

/** /weight-log/:id: the patient's weigh-ins against the goal, the outcome measures, and a weight to add. */
export default function WeightLogScreen() {
  const patientId = usePatientId();
  const chart = useWeightLogs(patientId);
  // The frame reads the same patient (one request): its surgery date offers the "since surgery" range.
  const surgeryDate = usePatient(patientId).data?.surgery_date ?? null;

  let body;
  if (chart.isError)
    body = <LoadError title="The weight log could not be loaded." message={chart.error.message} onRetry={() => void chart.refetch()} />;
  else if (!chart.data || patientId === null) body = <Spinner aria-label="Loading the weight log" />;
  else
    body = (
      <Stack gap="6">
        <SimpleGrid columns={{ base: 1, lg: 3 }} gap="6">
          <Card.Root gridColumn={{ lg: 'span 2' }}>
            <Card.Body>
              <Heading as="h2" size="md" mb="2">
                Weight over time
              </Heading>
              {chart.data.series.length > 0 ? (
                <WeightChart chart={chart.data} surgeryDate={surgeryDate} />
              ) : (
                <Text color="fg.muted">No weights logged yet.</Text>
              )}
            </Card.Body>
          </Card.Root>
          <Card.Root>
            <Card.Body>
              <WeightOutcomes chart={chart.data} />
            </Card.Body>
          </Card.Root>
        </SimpleGrid>
        <Card.Root>
          <Card.Body>
            <Heading as="h2" size="md" mb="3">
              Add a weight
            </Heading>
            <WeightForm patientId={patientId} />
          </Card.Body>
        </Card.Root>
        <WeightLogTable series={chart.data.series} />
      </Stack>
    );

  return (
    <PatientLogFrame kind="Weight log" patientId={patientId} notFound={isNotFound(chart.error)}>
      {body}
    </PatientLogFrame>
  );
}
