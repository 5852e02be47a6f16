import { useMutation, useQueryClient } from '@tanstack/react-query';
import { postJson } from '@baridesk/api-client';
import type { WeightReminderResponse, WeightReminderSaveBody, WeightReminderSavedResponse } from '@baridesk/contracts';
import { weightReminderKey } from './get-weight-reminder';

export const saveWeightReminder = (body: WeightReminderSaveBody) =>
  postJson<WeightReminderSavedResponse>('weight-reminder-message/update', body);

/** Saves every setting; the answer (the settings as stored) becomes the screen's data. */
export function useSaveWeightReminder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveWeightReminder,
    onSuccess: (response) => queryClient.setQueryData<WeightReminderResponse>(weightReminderKey, { data: response.data }),
  });
}
