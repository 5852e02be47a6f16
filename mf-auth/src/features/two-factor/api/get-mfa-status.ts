import { queryOptions, useQuery } from '@tanstack/react-query';
import { getJson } from '@baridesk/api-client';
import type { MfaStatusResponse } from '@baridesk/contracts';

/** GET /api/mfa: the signed-in user's second factor. */
export const getMfaStatus = async (signal?: AbortSignal) => (await getJson<MfaStatusResponse>('mfa', { signal })).data;

export const mfaStatusQueryKey = ['auth', 'mfa', 'status'] as const;

export const mfaStatusQueryOptions = () => queryOptions({ queryKey: mfaStatusQueryKey, queryFn: ({ signal }) => getMfaStatus(signal) });

export const useMfaStatus = () => useQuery(mfaStatusQueryOptions());
