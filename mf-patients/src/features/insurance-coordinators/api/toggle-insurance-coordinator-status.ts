import { useMutation, useQueryClient } from '@tanstack/react-query';
import { notifyError, notifySuccess, postJson } from '@baridesk/api-client';
import type {
  InsuranceCoordinatorListResponse,
  InsuranceCoordinatorToggleBody,
  InsuranceCoordinatorToggleResponse,
} from '@baridesk/contracts';
import { insuranceCoordinatorsKey } from './get-insurance-coordinators';

/** POST /api/insurance-coordinators/toggle-status */
export const toggleInsuranceCoordinatorStatus = (body: InsuranceCoordinatorToggleBody) =>
  postJson<InsuranceCoordinatorToggleResponse>('insurance-coordinators/toggle-status', body);

const listsKey = [...insuranceCoordinatorsKey, 'list'] as const;
type Snapshot = [readonly unknown[], InsuranceCoordinatorListResponse | undefined][];

/** Flips a coordinator's switch at once (optimistic) and puts it back, with a notice, if the server refuses. */
export function useToggleInsuranceCoordinatorStatus() {
  const queryClient = useQueryClient();
  return useMutation<InsuranceCoordinatorToggleResponse, unknown, InsuranceCoordinatorToggleBody, { previous: Snapshot }>({
    mutationFn: toggleInsuranceCoordinatorStatus,
    onMutate: async ({ id, status }) => {
      await queryClient.cancelQueries({ queryKey: listsKey });
      const previous = queryClient.getQueriesData<InsuranceCoordinatorListResponse>({ queryKey: listsKey });
      queryClient.setQueriesData<InsuranceCoordinatorListResponse>({ queryKey: listsKey }, (list) =>
        list && {
          ...list,
          data: { ...list.data, data: list.data.data.map((coordinator) => (coordinator.id === id ? { ...coordinator, status } : coordinator)) },
        },
      );
      return { previous };
    },
    onError: (error, _body, context) => {
      for (const [key, data] of context?.previous ?? []) queryClient.setQueryData(key, data);
      notifyError(error);
    },
    onSuccess: (response) => notifySuccess(response.message),
    onSettled: () => queryClient.invalidateQueries({ queryKey: insuranceCoordinatorsKey }),
  });
}
