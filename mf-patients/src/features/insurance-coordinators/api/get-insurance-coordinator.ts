import { queryOptions, useQuery } from '@tanstack/react-query';
import { getJson } from '@baridesk/api-client';
import type { InsuranceCoordinatorResponse } from '@baridesk/contracts';
import { insuranceCoordinatorsKey } from './get-insurance-coordinators';

/** GET /api/insurance-coordinators/{id}: one coordinator, with the patients count. */
export async function getInsuranceCoordinator(id: number, signal?: AbortSignal) {
  const answer = await getJson<InsuranceCoordinatorResponse>(`insurance-coordinators/${id}`, { signal });
  return answer.data;
}

export const insuranceCoordinatorQueryOptions = (id: number) =>
  queryOptions({ queryKey: [...insuranceCoordinatorsKey, 'one', id], queryFn: ({ signal }) => getInsuranceCoordinator(id, signal) });

/** The coordinator with this id; not fetched while `id` is null (an address that names none). */
export const useInsuranceCoordinator = (id: number | null) =>
  useQuery({ ...insuranceCoordinatorQueryOptions(id ?? 0), enabled: id !== null });
