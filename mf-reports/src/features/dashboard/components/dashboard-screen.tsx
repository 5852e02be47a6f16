import { Box, Button, Heading, SimpleGrid, Stack, Text, PageFrame } from '@baridesk/ui';
import { selectMayOpenArea, useAppStore } from '@baridesk/store';
import { useDashboard } from '../api/get-dashboard';
import { DashboardSkeleton } from './dashboard-skeleton';
import { PatientFigures } from './patient-figures';
import { RecentPatients } from './recent-patients';
import { UpcomingEvents } from './upcoming-events';

/**
 * /dashboard: the program's figures, its next events and its newest patients. Staff without the patients
 * area (domain MENU_AREAS: the manage_user flag; never self-service staff) see the events only, as the
 * sidebar, the page guard and the API keep patients from them.
 */
export function DashboardScreen() {
  const name = useAppStore((state) => state.user?.name);
  const patients = useAppStore(selectMayOpenArea('patients'));
  const dashboard = useDashboard();

  return (
    <PageFrame title="Dashboard">
      <Text mb="5" textStyle="lg">
        {name ? `Welcome back, ${name}.` : 'Welcome back.'}
      </Text>
      {dashboard.isPending ? (
        <DashboardSkeleton patientFigures={patients} />
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
          {patients ? <PatientFigures today={dashboard.data.today} patients={dashboard.data.patients} surgeries={dashboard.data.surgeries} /> : null}
          <SimpleGrid columns={{ base: 1, lg: patients ? 2 : 1 }} gap="5" alignItems="start">
            <UpcomingEvents events={dashboard.data.events.upcoming} />
            {patients ? <RecentPatients patients={dashboard.data.recentPatients} /> : null}
          </SimpleGrid>
        </Stack>
      )}
    </PageFrame>
  );
}
