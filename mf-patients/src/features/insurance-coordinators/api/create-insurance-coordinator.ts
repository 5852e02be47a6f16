import { useMutation, useQueryClient } from '@tanstack/react-query';
import { postJson } from '@baridesk/api-client';
import type { InsuranceCoordinatorStoreBody, InsuranceCoordinatorSavedResponse } from '@baridesk/contracts';
import { insuranceCoordinatorsKey } from './get-insurance-coordinators';

/** POST /api/insurance-coordinators/store */
export const createInsuranceCoordinator = (body: InsuranceCoordinatorStoreBody) => postJson<InsuranceCoordinatorSavedResponse>('insurance-coordinators/store', body);

export function useCreateInsuranceCoordinator() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createInsuranceCoordinator,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: insuranceCoordinatorsKey }),
  });
}
