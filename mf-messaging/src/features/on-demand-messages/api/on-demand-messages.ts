import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { getJson, postJson, queryOf } from '@baridesk/api-client';
import type {
  AudienceCountBody,
  DeliveryRecipient,
  DeliveryRecipientsQuery,
  OnDemandMessageBody,
  OnDemandMessageListQuery,
  Page,
  SentMessage,
  SentMessageDetail,
} from '@baridesk/contracts';

/** Every query of this feature starts with it. */
export const onDemandMessagesKey = ['on-demand-messages'] as const;

export type OnDemandListParams = Pick<OnDemandMessageListQuery, 'page' | 'perPage' | 'sort' | 'direction'> & { search?: string | undefined };
export type RecipientsParams = Pick<DeliveryRecipientsQuery, 'page' | 'perPage'> & Partial<Pick<DeliveryRecipientsQuery, 'search' | 'status'>>;

/** How often a message being sent is read again, so its figures move on screen. */
export const SENDING_REFRESH_MS = 2_000;
/** Still being sent: the show screens refresh while it is. */
export const isSending = (message: Pick<SentMessage, 'status'> | undefined) => message?.status === 'queued' || message?.status === 'sending';

/** GET /api/on-demand-messages: one page of the program's on-demand messages. */
export const useOnDemandMessages = (params: OnDemandListParams) =>
  useQuery(
    queryOptions({
      queryKey: [...onDemandMessagesKey, 'list', params],
      queryFn: ({ signal }) => getJson<{ data: Page<SentMessage> }>('on-demand-messages', { searchParams: queryOf(params), signal }),
      placeholderData: keepPreviousData,
    }),
  );

/** GET /api/on-demand-messages/{id}: the message and its per-channel summary, read again while it is being sent. */
export const useOnDemandMessage = (id: number) =>
  useQuery({
    queryKey: [...onDemandMessagesKey, 'show', id],
    queryFn: ({ signal }) => getJson<{ data: SentMessageDetail }>(`on-demand-messages/${id}`, { signal }),
    refetchInterval: (query) => (isSending(query.state.data?.data) ? SENDING_REFRESH_MS : false),
  });

/**
 * A message's recipients with their per-channel statuses: `path` is the API's recipients URL
 * (on-demand-messages/{id}/recipients, or a scheduled run's). `refresh` while the message is being sent.
 */
export const useRecipients = (path: string, params: RecipientsParams, refresh: boolean) =>
  useQuery({
    // `refresh` in the key: when the sending ends, the list is read once more, so the last statuses show.
    queryKey: ['message-recipients', path, params, refresh],
    queryFn: ({ signal }) => getJson<{ data: Page<DeliveryRecipient> }>(path, { searchParams: queryOf(params), signal }),
    placeholderData: keepPreviousData,
    refetchInterval: refresh ? SENDING_REFRESH_MS : false,
  });

/** POST /api/on-demand-messages/audience-count: how many patients the audience reaches now (null: not asked). */
export const useAudienceCount = (audience: AudienceCountBody | null) =>
  useQuery({
    queryKey: ['audience-count', audience],
    queryFn: () => postJson<{ data: { count: number } }>('on-demand-messages/audience-count', audience),
    enabled: audience !== null,
    placeholderData: keepPreviousData,
  });

/** POST /api/on-demand-messages: stored and queued at once. */
export function useSendMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: OnDemandMessageBody) => postJson<{ data: SentMessage; message: string }>('on-demand-messages', body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: onDemandMessagesKey }),
  });
}
