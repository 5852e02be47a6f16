import { useMutation, useQueryClient } from '@tanstack/react-query';
import { postJson } from '@baridesk/api-client';
import type { InsuranceCoordinatorDeleteBody } from '@baridesk/contracts';
import { insuranceCoordinatorsKey } from './get-insurance-coordinators';

/** POST /api/insurance-coordinators/delete: refused (409) while patients are assigned to the coordinator. */
export const deleteInsuranceCoordinator = (body: InsuranceCoordinatorDeleteBody) =>
  postJson<{ message: string }>('insurance-coordinators/delete', body);

export function useDeleteInsuranceCoordinator() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteInsuranceCoordinator,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: insuranceCoordinatorsKey }),
  });
}
