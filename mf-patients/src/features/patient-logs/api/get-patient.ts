import { queryOptions, useQuery } from '@tanstack/react-query';
import { getJson } from '@baridesk/api-client';
import type { PatientRecordResponse } from '@baridesk/contracts';
import { patientLogsKey } from '../utils/log-queries';

/** GET /api/patients/{id}: the patient the logs belong to (the screens show the name in their title). */
export async function getPatient(id: number, signal?: AbortSignal) {
  const answer = await getJson<PatientRecordResponse>(`patients/${id}`, { signal });
  return answer.data;
}

export const patientQueryOptions = (id: number) =>
  queryOptions({ queryKey: [...patientLogsKey(id), 'patient'], queryFn: ({ signal }) => getPatient(id, signal) });

/** The patient with this id; not fetched while `id` is null (an address that names none). */
export const usePatient = (id: number | null) => useQuery({ ...patientQueryOptions(id ?? 0), enabled: id !== null });
