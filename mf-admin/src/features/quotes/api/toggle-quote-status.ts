import { useMutation, useQueryClient } from '@tanstack/react-query';
import { notifyError, notifySuccess, postJson } from '@baridesk/api-client';
import type { QuoteListResponse, QuoteToggleBody, QuoteToggleResponse } from '@baridesk/contracts';
import { quotesKey } from './get-quotes';

export const toggleQuoteStatus = (body: QuoteToggleBody) => postJson<QuoteToggleResponse>('admin/quotes/toggle-status', body);

type Snapshot = [readonly unknown[], QuoteListResponse | undefined][];

/** Flips a quote's switch at once (optimistic) and puts it back, with a notice, if the server refuses. */
export function useToggleQuoteStatus() {
  const queryClient = useQueryClient();
  return useMutation<QuoteToggleResponse, unknown, QuoteToggleBody, { previous: Snapshot }>({
    mutationFn: toggleQuoteStatus,
    onMutate: async ({ id, status }) => {
      await queryClient.cancelQueries({ queryKey: quotesKey });
      const previous = queryClient.getQueriesData<QuoteListResponse>({ queryKey: quotesKey });
      queryClient.setQueriesData<QuoteListResponse>({ queryKey: quotesKey }, (list) =>
        list && {
          ...list,
          data: { ...list.data, data: list.data.data.map((quote) => (quote.id === id ? { ...quote, status } : quote)) },
        },
      );
      return { previous };
    },
    onError: (error, _body, context) => {
      for (const [key, data] of context?.previous ?? []) queryClient.setQueryData(key, data);
      notifyError(error);
    },
    onSuccess: (response) => notifySuccess(response.message),
    onSettled: () => queryClient.invalidateQueries({ queryKey: quotesKey }),
  });
}
