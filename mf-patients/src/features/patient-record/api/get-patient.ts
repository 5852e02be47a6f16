import { queryOptions, useQuery } from '@tanstack/react-query';
import { getJson } from '@baridesk/api-client';
import type { PatientRecordResponse } from '@baridesk/contracts';

/** Every query of one patient starts with it, so a save refreshes the record screens at once. */
export const patientRecordKey = ['patients', 'record'] as const;

/** GET /api/patients/{id}: one patient of the program, with BMI, weight lost and the surgery-date difference. */
export async function getPatient(id: number, signal?: AbortSignal) {
  const answer = await getJson<PatientRecordResponse>(`patients/${id}`, { signal });
  return answer.data;
}

export const patientQueryOptions = (id: number) =>
  queryOptions({ queryKey: [...patientRecordKey, id], queryFn: ({ signal }) => getPatient(id, signal) });

/** The patient with this id; not fetched while `id` is null (an address that names none). */
export const usePatient = (id: number | null) => useQuery({ ...patientQueryOptions(id ?? 0), enabled: id !== null });
