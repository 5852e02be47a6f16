import { useMutation, useQueryClient } from '@tanstack/react-query';
import { notifyError, notifySuccess, postJson } from '@baridesk/api-client';
import type { ManageMenuListResponse, ManageMenuToggleBody, ManageMenuToggleResponse } from '@baridesk/contracts';
import { bus } from '@baridesk/event-bus';
import { manageMenuKey } from './get-manage-menu';

export const toggleManageMenuStatus = (body: ManageMenuToggleBody) =>
  postJson<ManageMenuToggleResponse>('content/manage-menu/toggle-status', body);

type Snapshot = [readonly unknown[], ManageMenuListResponse | undefined][];

/**
 * Switches a sub-menu on or off at once (optimistic), puts it back if the server refuses, and tells
 * the shell to reload the sidebar, whose Content menu follows these switches.
 */
export function useToggleManageMenuStatus() {
  const queryClient = useQueryClient();
  return useMutation<ManageMenuToggleResponse, unknown, ManageMenuToggleBody, { previous: Snapshot }>({
    mutationFn: toggleManageMenuStatus,
    onMutate: async ({ id, status }) => {
      await queryClient.cancelQueries({ queryKey: manageMenuKey });
      const previous = queryClient.getQueriesData<ManageMenuListResponse>({ queryKey: manageMenuKey });
      queryClient.setQueriesData<ManageMenuListResponse>({ queryKey: manageMenuKey }, (list) =>
        list && { ...list, data: list.data.map((entry) => (entry.id === id ? { ...entry, status } : entry)) },
      );
      return { previous };
    },
    onError: (error, _body, context) => {
      for (const [key, data] of context?.previous ?? []) queryClient.setQueryData(key, data);
      notifyError(error);
    },
    onSuccess: (response) => {
      notifySuccess(response.message);
      bus.emit('sidebar:changed');
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: manageMenuKey }),
  });
}
