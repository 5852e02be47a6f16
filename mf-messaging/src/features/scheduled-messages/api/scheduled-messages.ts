import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { getJson, notifyError, notifySuccess, postJson, putJson, queryOf } from '@baridesk/api-client';
import type { Page, ScheduledMessage, ScheduledMessageBody, ScheduledMessageDetail, ScheduledMessageListQuery } from '@baridesk/contracts';
import { SENDING_REFRESH_MS, isSending } from '../../on-demand-messages/api/on-demand-messages';

export const scheduledMessagesKey = ['scheduled-messages'] as const;

export type ScheduledListParams = Pick<ScheduledMessageListQuery, 'page' | 'perPage' | 'sort' | 'direction'> &
  Partial<Pick<ScheduledMessageListQuery, 'search' | 'status'>>;

/** GET /api/scheduled-messages: one page of the program's scheduled messages. */
export const useScheduledMessages = (params: ScheduledListParams) =>
  useQuery({
    queryKey: [...scheduledMessagesKey, 'list', params],
    queryFn: ({ signal }) => getJson<{ data: Page<ScheduledMessage> }>('scheduled-messages', { searchParams: queryOf(params), signal }),
    placeholderData: keepPreviousData,
  });

/** GET /api/scheduled-messages/{id}: the schedule and its runs; read again while a run is being sent. */
export const useScheduledMessage = (id: number) =>
  useQuery({
    queryKey: [...scheduledMessagesKey, 'show', id],
    queryFn: ({ signal }) => getJson<{ data: ScheduledMessageDetail }>(`scheduled-messages/${id}`, { signal }),
    refetchInterval: (query) => (query.state.data?.data.runs.some(isSending) ? SENDING_REFRESH_MS : false),
  });

/** POST /api/scheduled-messages, or PUT /api/scheduled-messages/{id} with `id`. */
export function useSaveScheduledMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: ScheduledMessageBody & { id?: number }) =>
      id === undefined
        ? postJson<{ data: ScheduledMessage; message: string }>('scheduled-messages', body)
        : putJson<{ data: ScheduledMessage; message: string }>(`scheduled-messages/${id}`, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: scheduledMessagesKey }),
  });
}

export type ScheduleAction = 'pause' | 'resume' | 'cancel';

/** POST /api/scheduled-messages/{id}/pause|resume|cancel, with the server's notice either way. */
export function useScheduleAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action }: { id: number; action: ScheduleAction }) =>
      postJson<{ data: ScheduledMessage; message: string }>(`scheduled-messages/${id}/${action}`, {}),
    onSuccess: (response) => notifySuccess(response.message),
    onError: (error) => notifyError(error),
    onSettled: () => queryClient.invalidateQueries({ queryKey: scheduledMessagesKey }),
  });
}
