import { useMutation } from '@tanstack/react-query';
import { postJson } from '@baridesk/api-client';
import type { SsoExchangeBody, SsoExchangeResponse } from '@baridesk/contracts';
import { startSession } from '../../../lib/start-session';

/** POST /api/sso/exchange: the one-time ticket of the callback, traded for a session (as POST /api/login answers). */
export const exchangeSsoTicket = (body: SsoExchangeBody) => postJson<SsoExchangeResponse>('sso/exchange', body);

export const exchangeSsoTicketMutationKey = ['auth', 'sso', 'exchange'] as const;

/** A success hands the session to the shell (lib/start-session) before the mutation resolves, as the login does. */
export const useExchangeSsoTicket = () =>
  useMutation({
    mutationKey: exchangeSsoTicketMutationKey,
    mutationFn: exchangeSsoTicket,
    onSuccess: ({ data }) => startSession(data),
  });
