import { Box, Button, Heading, SimpleGrid, Stack, Text, PageFrame } from '@baridesk/ui';
import { useAppStore } from '@baridesk/store';
import { useDashboard } from '../api/get-dashboard';
import { DashboardSkeleton } from './dashboard-skeleton';
import { PatientFigures } from './patient-figures';
import { RecentPatients } from './recent-patients';
import { UpcomingEvents } from './upcoming-events';

/**
 * /dashboard: the program's figures, its next events and its newest patients. Self-service staff see
 * the events only: the spec hides patients from them.
 */
export function DashboardScreen() {
  const name = useAppStore((state) => state.user?.name);
  const selfService = useAppStore((state) => (state.user ? state.user.self_service === 1 : state.isSelfService === 1));
  const dashboard = useDashboard();

  return (
    <PageFrame title="Dashboard">
      <Text mb="5" textStyle="lg">
        {name ? `Welcome back, ${name}.` : 'Welcome back.'}
      </Text>
      {dashboard.isPending ? (
        <DashboardSkeleton patientFigures={!selfService} />
      ) : dashboard.isError ? (
        <Box role="alert" borderWidth="1px" borderColor="border.error" bg="bg.error" borderRadius="md" p="5" maxW="xl">
          <Heading as="h2" size="md" mb="2">
            The dashboard could not be loaded
          </Heading>
          <Text mb="4">{dashboard.error.message}</Text>
          <Button colorPalette="brand" loading={dashboard.isFetching} onClick={() => void dashboard.refetch()}>
            Retry
          </Button>
        </Box>
      ) : (
        <Stack gap="6">
          {selfService ? null : <PatientFigures patients={dashboard.data.patients} surgeries={dashboard.data.surgeries} />}
          <SimpleGrid columns={{ base: 1, lg: selfService ? 1 : 2 }} gap="5" alignItems="start">
            <UpcomingEvents events={dashboard.data.events.upcoming} />
            {selfService ? null : <RecentPatients patients={dashboard.data.recentPatients} />}
          </SimpleGrid>
        </Stack>
      )}
    </PageFrame>
  );
}
