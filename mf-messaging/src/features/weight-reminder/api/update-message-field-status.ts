import { useMutation, useQueryClient } from '@tanstack/react-query';
import { notifyError, notifySuccess, putJson } from '@baridesk/api-client';
import type { WeightReminderFieldStatusBody, WeightReminderResponse, WeightReminderSavedResponse } from '@baridesk/contracts';
import { weightReminderKey } from './get-weight-reminder';

export const updateMessageFieldStatus = (body: WeightReminderFieldStatusBody) =>
  putJson<WeightReminderSavedResponse>('weight-reminder/message-field-status/update', body);

/**
 * Switches between the program's own text and the app's default at once, like a toggle: the server's
 * notice on success, its message on failure (the caller puts the switch back).
 */
export function useUpdateMessageFieldStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateMessageFieldStatus,
    onSuccess: (response) => {
      queryClient.setQueryData<WeightReminderResponse>(weightReminderKey, { data: response.data });
      notifySuccess(response.message);
    },
    onError: (error) => notifyError(error),
  });
}
