import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { getJson, queryOf } from '@baridesk/api-client';
import type { WaterLogsResponse } from '@baridesk/contracts';
import { patientLogsKey, type LogMonth } from '../utils/log-queries';

/** GET /api/reports/water-logs?patientId&month&year: water per day, in fluid ounces. */
export async function getWaterLogs(patientId: number, month: LogMonth, signal?: AbortSignal) {
  const answer = await getJson<WaterLogsResponse>('reports/water-logs', {
    searchParams: queryOf({ patientId, month: month?.month, year: month?.year }),
    signal,
  });
  return answer.data;
}

export const waterLogsQueryOptions = (patientId: number, month: LogMonth) =>
  queryOptions({
    queryKey: [...patientLogsKey(patientId), 'water-logs', month],
    queryFn: ({ signal }) => getWaterLogs(patientId, month, signal),
  });

export const useWaterLogs = (patientId: number | null, month: LogMonth) =>
  useQuery({ ...waterLogsQueryOptions(patientId ?? 0, month), enabled: patientId !== null, placeholderData: keepPreviousData });
