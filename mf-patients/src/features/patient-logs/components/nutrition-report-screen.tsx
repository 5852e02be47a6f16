import { Spinner, Text } from '@baridesk/ui';
import { LoadError } from '@baridesk/ui/lists';
import { useMacroNutrients } from '../api/get-macro-nutrients';
import { useWaterLogs } from '../api/get-water-logs';
import { useLogMonth } from '../hooks/use-log-month';
import { usePatientId } from '../hooks/use-patient-id';
import { monthLabel } from '../utils/months';
import { MonthNav } from './month-nav';
import { NutritionReport } from './nutrition-report';
import { isNotFound, PatientLogFrame } from './patient-log-frame';

/** /nutrition-report/:id: carb, protein and fat, and water, per day of a month. */
export default function NutritionReportScreen() {
  const patientId = usePatientId();
  const { month, setMonth } = useLogMonth();
  const macros = useMacroNutrients(patientId, month);
  const water = useWaterLogs(patientId, month);
  const loaded = macros.data && water.data && !macros.isPlaceholderData && !water.isPlaceholderData;
  const shown = loaded ? { month: macros.data.month, year: macros.data.year } : month;
  const failed = macros.error ?? water.error;

  let body;
  if (failed)
    body = (
      <LoadError
        title="The nutrition report could not be loaded."
        message={failed.message}
        onRetry={() => {
          if (macros.isError) void macros.refetch();
          if (water.isError) void water.refetch();
        }}
      />
    );
  else if (!loaded) body = <Spinner aria-label="Loading the nutrition report" />;
  else if (macros.data.days.length === 0 && water.data.days.length === 0)
    body = <Text>No food or water logged in {monthLabel(macros.data)}.</Text>;
  else body = <NutritionReport macros={macros.data} water={water.data} />;

  return (
    <PatientLogFrame kind="Nutrition report" patientId={patientId} notFound={isNotFound(macros.error) || isNotFound(water.error)}>
      <MonthNav shown={shown} onChange={setMonth} />
      {body}
    </PatientLogFrame>
  );
}
