import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { getJson, queryOf } from '@baridesk/api-client';
import type { FoodLogsResponse } from '@baridesk/contracts';
import { patientLogsKey, type LogMonth } from '../utils/log-queries';

/**
 * GET /api/nutrition/food-logs?user_id&month&year: the month's entries with every tab's figures (day
 * values, averages, meal slices, top foods), so switching tabs needs no further call.
 */
export async function getFoodLogs(patientId: number, month: LogMonth, signal?: AbortSignal) {
  const answer = await getJson<FoodLogsResponse>('nutrition/food-logs', {
    searchParams: queryOf({ user_id: patientId, month: month?.month, year: month?.year }),
    signal,
  });
  return answer.data;
}

export const foodLogsQueryOptions = (patientId: number, month: LogMonth) =>
  queryOptions({
    queryKey: [...patientLogsKey(patientId), 'food-logs', month],
    queryFn: ({ signal }) => getFoodLogs(patientId, month, signal),
  });

/** The patient's food log of `month`; the previous month stays on screen while the next one loads. */
export const useFoodLogs = (patientId: number | null, month: LogMonth) =>
  useQuery({ ...foodLogsQueryOptions(patientId ?? 0, month), enabled: patientId !== null, placeholderData: keepPreviousData });
