import { Heading, SimpleGrid, Stack, Text } from '@baridesk/ui';
import { DASHBOARD_SURGERY_WINDOW_DAYS, type Dashboard, type PatientListFilters } from '@baridesk/contracts';
import { addCalendarDays, STAGES } from '@baridesk/domain';
import { FigureCard } from './figure-card';

type ListFilters = { [K in keyof PatientListFilters]?: string | number };

/**
 * The patient list filtered to what a figure counts: mf-patients reads the filters from the address
 * (named as GET /api/patients names them). Every figure counts active patients only, as the list does
 * with its Status filter on Active.
 */
export const patientListLink = (filters: ListFilters) =>
  `/manage-patients?${new URLSearchParams(Object.entries({ status: 1, ...filters }).map(([key, value]) => [key, String(value)]))}`;

const ACTIVE = 'Active patients';

/** The patient and surgery figures of the program (active patients only), each a link to the patients it counts. */
export function PatientFigures({ today, patients, surgeries }: Pick<Dashboard, 'today' | 'patients' | 'surgeries'>) {
  const window = DASHBOARD_SURGERY_WINDOW_DAYS;
  // The surgery windows as the API counts them, from the program's today.
  const day = (offset: number) => addCalendarDays(today, offset) ?? today;
  return (
    <Stack as="section" aria-labelledby="dashboard-patient-figures" gap="3">
      <Stack gap="0">
        <Heading as="h2" size="md" id="dashboard-patient-figures">
          Patients
        </Heading>
        <Text textStyle="sm" color="fg.muted">
          Active patients only (inactive ones are not counted). Each figure opens the patient list filtered to it.
        </Text>
      </Stack>
      <SimpleGrid columns={{ base: 1, sm: 2, lg: 4 }} gap="3">
        <FigureCard label="Active patients" value={patients.total} hint="All stages" to={patientListLink({})} />
        {STAGES.map((stage) => (
          <FigureCard key={stage.id} label={stage.label} value={patients.byStage[stage.id]} hint={ACTIVE} to={patientListLink({ stage: stage.id })} />
        ))}
        <FigureCard label="Never used the app" value={patients.neverUsedApp} hint={ACTIVE} to={patientListLink({ app: 'never_used' })} />
        {/* The patient list has no snooze filter: this figure opens nothing. */}
        <FigureCard label="Snoozed" value={patients.snoozed} hint="Active patients with reminders snoozed" />
        <FigureCard
          label={`Surgeries in the next ${window} days`}
          value={surgeries.upcoming30Days}
          hint={ACTIVE}
          to={patientListLink({ surgery_from: day(0), surgery_to: day(window) })}
        />
        <FigureCard
          label={`Surgeries in the last ${window} days`}
          value={surgeries.last30Days}
          hint={ACTIVE}
          to={patientListLink({ surgery_from: day(-window), surgery_to: day(-1) })}
        />
      </SimpleGrid>
    </Stack>
  );
}
