import { queryOptions, useQuery } from '@tanstack/react-query';
import { postJson } from '@baridesk/api-client';
import type { ConfirmEmailBody } from '@baridesk/contracts';

type MessageResponse = { message: string };

/** POST /api/register/confirm: the link of the confirmation e-mail. */
export const confirmEmail = (body: ConfirmEmailBody) => postJson<MessageResponse>('register/confirm', body);

/**
 * Sent once when the page opens. A query rather than a mutation so that a remount (React's strict
 * mode, a re-render of the shell) reuses the one answer instead of confirming twice.
 */
export const confirmEmailQueryOptions = (body: ConfirmEmailBody) =>
  queryOptions({
    queryKey: ['auth', 'register', 'confirm', body] as const,
    queryFn: () => confirmEmail(body),
    staleTime: Infinity,
    gcTime: Infinity,
    retry: false,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });

export const useConfirmEmail = (body: ConfirmEmailBody, enabled: boolean) => useQuery({ ...confirmEmailQueryOptions(body), enabled });
