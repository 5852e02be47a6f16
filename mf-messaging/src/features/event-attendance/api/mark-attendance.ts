import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { postJson } from '@baridesk/api-client';
import type { AttendanceOccurrence, AttendanceStoreBody } from '@baridesk/contracts';
import { eventAttendanceKey, patientEventsKey, type EventAttendancePage } from './get-event-attendance';

type Mark = AttendanceStoreBody['attendance'][number];

/** POST /api/patient-events/store: marks patients of one occurrence (a patient without an answer becomes a walk-in). */
export const markAttendance = (body: AttendanceStoreBody) =>
  postJson<{ data: AttendanceOccurrence; message: string }>('patient-events/store', body);

/** The panel's pages with the marks applied, and the counts moved by the same amounts. */
function applyMarks(page: EventAttendancePage, marks: readonly Mark[]): EventAttendancePage {
  const byPatient = new Map(marks.map((mark) => [mark.patient_id, mark.attended]));
  let attended = 0;
  let marked = 0;
  const data = page.data.map((row) => {
    if (!byPatient.has(row.patient_id)) return row;
    const next = byPatient.get(row.patient_id)!;
    attended += Number(next === 1) - Number(row.attended === 1);
    marked += Number(next !== null) - Number(row.attended !== null);
    return { ...row, attended: next };
  });
  const occurrence = { ...page.occurrence, attended_count: page.occurrence.attended_count + attended, marked_count: page.occurrence.marked_count + marked };
  return { ...page, data, occurrence };
}

type Snapshot = ReturnType<QueryClient['getQueriesData']>;

/**
 * Marks attendance at once on screen (the rows and the counts), then on the server; a refusal puts the
 * screen back as it was and is shown with the server's message. Afterwards every attendance list and
 * report is read again.
 */
export function useMarkAttendance(onFailure: (error: unknown) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markAttendance,
    onMutate: async (body): Promise<{ snapshot: Snapshot }> => {
      const key = eventAttendanceKey();
      await queryClient.cancelQueries({ queryKey: key });
      const snapshot = queryClient.getQueriesData({ queryKey: key });
      queryClient.setQueriesData<EventAttendancePage>({ queryKey: key }, (old) =>
        old && old.occurrence.event_id === body.event_id && old.occurrence.date === body.event_date ? applyMarks(old, body.attendance) : old,
      );
      return { snapshot };
    },
    onError: (error, _body, context) => {
      for (const [key, data] of context?.snapshot ?? []) queryClient.setQueryData(key, data);
      onFailure(error);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: patientEventsKey }),
  });
}
