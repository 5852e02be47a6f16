import { Spinner, Text } from '@baridesk/ui';
import { LoadError } from '@baridesk/ui/lists';
import { useFoodLogs } from '../api/get-food-logs';
import { useLogMonth } from '../hooks/use-log-month';
import { usePatientId } from '../hooks/use-patient-id';
import { monthLabel } from '../utils/months';
import { FoodLogReport } from './food-log-report';
import { MonthNav } from './month-nav';
import { isNotFound, PatientLogFrame } from './patient-log-frame';

/** /food-log/:id: what the patient logged in a month, tab by tab (Calories … Water). */
export default function FoodLogScreen() {
  const patientId = usePatientId();
  const { month, setMonth } = useLogMonth();
  const log = useFoodLogs(patientId, month);
  const shown = log.data && !log.isPlaceholderData ? { month: log.data.month, year: log.data.year } : month;

  let body;
  if (log.isError)
    body = <LoadError title="The food log could not be loaded." message={log.error.message} onRetry={() => void log.refetch()} />;
  else if (!log.data || log.isPlaceholderData) body = <Spinner aria-label="Loading the food log" />;
  else if (log.data.days.length === 0) body = <Text>No food logged in {monthLabel(log.data)}.</Text>;
  else body = <FoodLogReport log={log.data} />;

  return (
    <PatientLogFrame kind="Food log" patientId={patientId} notFound={isNotFound(log.error)}>
      <MonthNav shown={shown} onChange={setMonth} />
      {body}
    </PatientLogFrame>
  );
}
