import { Heading, SimpleGrid, Stack } from '@baridesk/ui';
import { DASHBOARD_SURGERY_WINDOW_DAYS, type Dashboard } from '@baridesk/contracts';
import { STAGES } from '@baridesk/domain';
import { FigureCard } from './figure-card';

/** The patient and surgery figures of the program (active patients only). */
export function PatientFigures({ patients, surgeries }: Pick<Dashboard, 'patients' | 'surgeries'>) {
  return (
    <Stack as="section" aria-label="Patient figures" gap="3">
      <Heading as="h2" size="md">
        Patients
      </Heading>
      <SimpleGrid columns={{ base: 1, sm: 2, lg: 4 }} gap="3">
        <FigureCard label="Total patients" value={patients.total} hint="Active patients" />
        {STAGES.map((stage) => (
          <FigureCard key={stage.id} label={stage.label} value={patients.byStage[stage.id]} />
        ))}
        <FigureCard label="Never used the app" value={patients.neverUsedApp} />
        <FigureCard label="Snoozed" value={patients.snoozed} />
        <FigureCard label={`Surgeries in the next ${DASHBOARD_SURGERY_WINDOW_DAYS} days`} value={surgeries.upcoming30Days} />
        <FigureCard label={`Surgeries in the last ${DASHBOARD_SURGERY_WINDOW_DAYS} days`} value={surgeries.last30Days} />
      </SimpleGrid>
    </Stack>
  );
}
