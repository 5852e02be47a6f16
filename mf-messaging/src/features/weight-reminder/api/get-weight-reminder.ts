import { queryOptions, useQuery } from '@tanstack/react-query';
import { getJson } from '@baridesk/api-client';
import type { WeightReminderResponse } from '@baridesk/contracts';

export const weightReminderKey = ['weight-reminder'] as const;

export const getWeightReminder = (signal?: AbortSignal) => getJson<WeightReminderResponse>('weight-reminder-message', { signal });

export const weightReminderQueryOptions = () =>
  queryOptions({ queryKey: weightReminderKey, queryFn: ({ signal }) => getWeightReminder(signal) });

/** The program's weight reminder (the defaults while it has stored none). */
export const useWeightReminder = () => useQuery(weightReminderQueryOptions());
