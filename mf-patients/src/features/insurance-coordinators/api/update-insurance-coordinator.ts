import { useMutation, useQueryClient } from '@tanstack/react-query';
import { postJson } from '@baridesk/api-client';
import type { InsuranceCoordinatorUpdateBody, InsuranceCoordinatorSavedResponse } from '@baridesk/contracts';
import { insuranceCoordinatorsKey } from './get-insurance-coordinators';

/** POST /api/insurance-coordinators/update */
export const updateInsuranceCoordinator = (body: InsuranceCoordinatorUpdateBody) => postJson<InsuranceCoordinatorSavedResponse>('insurance-coordinators/update', body);

export function useUpdateInsuranceCoordinator() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateInsuranceCoordinator,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: insuranceCoordinatorsKey }),
  });
}
