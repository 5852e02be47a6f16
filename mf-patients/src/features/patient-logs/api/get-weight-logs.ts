import { queryOptions, useQuery } from '@tanstack/react-query';
import { getJson } from '@baridesk/api-client';
import type { WeightChartResponse } from '@baridesk/contracts';
import { patientLogsKey } from '../utils/log-queries';

/** GET /api/weight-logs?patient_id: the weigh-ins (one per day), the baseline, the goal and the outcome measures. */
export async function getWeightLogs(patientId: number, signal?: AbortSignal) {
  const answer = await getJson<WeightChartResponse>('weight-logs', { searchParams: { patient_id: patientId }, signal });
  return answer.data;
}

export const weightLogsQueryOptions = (patientId: number) =>
  queryOptions({
    queryKey: [...patientLogsKey(patientId), 'weight-logs'],
    queryFn: ({ signal }) => getWeightLogs(patientId, signal),
  });

export const useWeightLogs = (patientId: number | null) =>
  useQuery({ ...weightLogsQueryOptions(patientId ?? 0), enabled: patientId !== null });
