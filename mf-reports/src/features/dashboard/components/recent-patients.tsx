import { Link as RouterLink } from 'react-router-dom';
import { Box, Card, Heading, Link, Stack, Text } from '@baridesk/ui';
import type { DashboardRecentPatient } from '@baridesk/contracts';
import { formatDate, stageLabel } from '@baridesk/domain';

/** The patients added last, newest first, each linking to the patient's page. */
export function RecentPatients({ patients }: { patients: readonly DashboardRecentPatient[] }) {
  return (
    <Card.Root as="section" aria-labelledby="dashboard-recent-patients">
      <Card.Header>
        <Heading as="h2" size="md" id="dashboard-recent-patients">
          Recently added patients
        </Heading>
      </Card.Header>
      <Card.Body>
        {patients.length === 0 ? (
          <Text color="fg.muted">No patients added yet</Text>
        ) : (
          <Stack as="ul" gap="3" listStyleType="none">
            {patients.map((patient) => (
              <Box as="li" key={patient.id}>
                <Link asChild colorPalette="brand" fontWeight="medium">
                  <RouterLink to={`/patient-detail/${patient.id}`}>{patient.name}</RouterLink>
                </Link>
                <Text textStyle="sm" color="fg.muted">
                  {stageLabel(patient.current_stage)} · added {formatDate(patient.created_at)}
                </Text>
              </Box>
            ))}
          </Stack>
        )}
      </Card.Body>
    </Card.Root>
  );
}
