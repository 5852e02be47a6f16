import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { getJson, queryOf } from '@baridesk/api-client';
import type { MacroNutrientsResponse } from '@baridesk/contracts';
import { patientLogsKey, type LogMonth } from '../utils/log-queries';

/** GET /api/nutrition/macro-nutrients?patient_id&month&year: the month's carb, protein and fat per day. */
export async function getMacroNutrients(patientId: number, month: LogMonth, signal?: AbortSignal) {
  const answer = await getJson<MacroNutrientsResponse>('nutrition/macro-nutrients', {
    searchParams: queryOf({ patient_id: patientId, month: month?.month, year: month?.year }),
    signal,
  });
  return answer.data;
}

export const macroNutrientsQueryOptions = (patientId: number, month: LogMonth) =>
  queryOptions({
    queryKey: [...patientLogsKey(patientId), 'macro-nutrients', month],
    queryFn: ({ signal }) => getMacroNutrients(patientId, month, signal),
  });

export const useMacroNutrients = (patientId: number | null, month: LogMonth) =>
  useQuery({ ...macroNutrientsQueryOptions(patientId ?? 0, month), enabled: patientId !== null, placeholderData: keepPreviousData });
