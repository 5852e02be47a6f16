import { useMutation, useQueryClient } from '@tanstack/react-query';
import { notifyError, notifySuccess, postJson } from '@baridesk/api-client';
import type { PatientTagListResponse, PatientTagToggleBody, PatientTagToggleResponse } from '@baridesk/contracts';
import { patientTagsKey } from './get-patient-tags';

/** POST /api/user-category/toggle-status */
export const togglePatientTagStatus = (body: PatientTagToggleBody) =>
  postJson<PatientTagToggleResponse>('user-category/toggle-status', body);

const listsKey = [...patientTagsKey, 'list'] as const;
type Snapshot = [readonly unknown[], PatientTagListResponse | undefined][];

/** Flips a tag's switch at once (optimistic) and puts it back, with a notice, if the server refuses. */
export function useTogglePatientTagStatus() {
  const queryClient = useQueryClient();
  return useMutation<PatientTagToggleResponse, unknown, PatientTagToggleBody, { previous: Snapshot }>({
    mutationFn: togglePatientTagStatus,
    onMutate: async ({ id, status }) => {
      await queryClient.cancelQueries({ queryKey: listsKey });
      const previous = queryClient.getQueriesData<PatientTagListResponse>({ queryKey: listsKey });
      queryClient.setQueriesData<PatientTagListResponse>({ queryKey: listsKey }, (list) =>
        list && { ...list, data: { ...list.data, data: list.data.data.map((tag) => (tag.id === id ? { ...tag, status } : tag)) } },
      );
      return { previous };
    },
    onError: (error, _body, context) => {
      for (const [key, data] of context?.previous ?? []) queryClient.setQueryData(key, data);
      notifyError(error);
    },
    onSuccess: (response) => notifySuccess(response.message),
    onSettled: () => queryClient.invalidateQueries({ queryKey: patientTagsKey }),
  });
}
