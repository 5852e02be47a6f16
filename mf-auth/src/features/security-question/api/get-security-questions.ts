import { queryOptions, useQuery } from '@tanstack/react-query';
import { getJson } from '@baridesk/api-client';
import type { SecurityQuestionsResponse } from '@baridesk/contracts';

/** GET /api/security-questions: the questions a user may choose from. */
export const getSecurityQuestions = async (signal?: AbortSignal) =>
  (await getJson<SecurityQuestionsResponse>('security-questions', { signal })).data;

export const securityQuestionsQueryOptions = () =>
  queryOptions({
    queryKey: ['auth', 'security-questions'] as const,
    queryFn: ({ signal }) => getSecurityQuestions(signal),
    staleTime: 10 * 60_000,
  });

export const useSecurityQuestions = () => useQuery(securityQuestionsQueryOptions());
