import { useMutation, useQueryClient } from '@tanstack/react-query';
import { deleteJson, notifyError, notifySuccess, postJson, putJson } from '@baridesk/api-client';
import type { AutomaticRuleSaveBody, AutomaticRuleSavedResponse, AutomaticRuleStatusBody } from '@baridesk/contracts';
import { automaticMessagesKey } from './get-automatic-messages';

/** POST /api/automatic-messages, or PUT /api/automatic-messages/{id} with `id`. */
export const saveAutomaticMessage = ({ id, ...body }: AutomaticRuleSaveBody & { id?: number }) =>
  id === undefined
    ? postJson<AutomaticRuleSavedResponse>('automatic-messages', body)
    : putJson<AutomaticRuleSavedResponse>(`automatic-messages/${id}`, body);

export function useSaveAutomaticMessage() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: saveAutomaticMessage, onSuccess: () => queryClient.invalidateQueries({ queryKey: automaticMessagesKey }) });
}

/** DELETE /api/automatic-messages/{id}: what it already sent stays in the patients' inboxes. */
export const deleteAutomaticMessage = (id: number) => deleteJson<{ message: string }>(`automatic-messages/${id}`);

export function useDeleteAutomaticMessage() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteAutomaticMessage, onSuccess: () => queryClient.invalidateQueries({ queryKey: automaticMessagesKey }) });
}

/** PUT /api/AutomaticMessages/message-field-status/update: the rule on or off (the value to set). */
export const switchAutomaticMessage = (body: AutomaticRuleStatusBody) =>
  putJson<AutomaticRuleSavedResponse>('AutomaticMessages/message-field-status/update', body);

/** Switches with the server's notice; on failure its message, and the list is read again (the switch goes back). */
export function useSwitchAutomaticMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: switchAutomaticMessage,
    onSuccess: (response) => notifySuccess(response.message),
    onError: (error) => notifyError(error),
    onSettled: () => queryClient.invalidateQueries({ queryKey: automaticMessagesKey }),
  });
}

/** POST /api/automatic-messages/run: the program's run now, queued. */
export const runAutomaticMessages = () => postJson<{ message: string; queued: boolean }>('automatic-messages/run', {});

export function useRunAutomaticMessages() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: runAutomaticMessages,
    onSuccess: (response) => {
      notifySuccess(response.message);
      // The sent counts change once the run is done: read them again in a few seconds.
      setTimeout(() => void queryClient.invalidateQueries({ queryKey: automaticMessagesKey }), 5_000);
    },
    onError: (error) => notifyError(error),
  });
}
