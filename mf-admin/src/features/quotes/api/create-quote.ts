import { useMutation, useQueryClient } from '@tanstack/react-query';
import { postJson } from '@baridesk/api-client';
import type { QuoteSavedResponse, QuoteStoreBody } from '@baridesk/contracts';
import { quotesKey } from './get-quotes';

export const createQuote = (body: QuoteStoreBody) => postJson<QuoteSavedResponse>('admin/quotes/store', body);

export function useCreateQuote() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createQuote,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: quotesKey }),
  });
}
