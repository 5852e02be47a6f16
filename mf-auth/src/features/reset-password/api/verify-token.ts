import { queryOptions, useQuery } from '@tanstack/react-query';
import { isAbortError, notifyError, postJson } from '@baridesk/api-client';
import type { VerifyTokenBody, VerifyTokenResponse } from '@baridesk/contracts';

/** POST /api/verify-token: is the link of the e-mail still good? Answers its flow and address. */
export const verifyToken = (body: VerifyTokenBody, signal?: AbortSignal) =>
  postJson<VerifyTokenResponse>('verify-token', body, { signal });

export const verifyTokenQueryOptions = (body: VerifyTokenBody) =>
  queryOptions({
    queryKey: ['auth', 'verify-token', body] as const,
    queryFn: async ({ signal }) => {
      try {
        return await verifyToken(body, signal);
      } catch (error) {
        // The spec's notice for a link that does not verify: titled Error, the server's message or the
        // generic one. Raised here, once per failed call, not from a render.
        if (!isAbortError(error)) notifyError(error, 'Error');
        throw error;
      }
    },
    // A link's answer does not change while the form is open, and a 4xx is final: ask once.
    staleTime: Infinity,
    retry: false,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });

export const useVerifyToken = (body: VerifyTokenBody, enabled: boolean) => useQuery({ ...verifyTokenQueryOptions(body), enabled });
