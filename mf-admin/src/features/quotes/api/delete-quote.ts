import { useMutation, useQueryClient } from '@tanstack/react-query';
import { postJson } from '@baridesk/api-client';
import type { QuoteDeleteBody, QuoteSavedResponse } from '@baridesk/contracts';
import { quotesKey } from './get-quotes';

export const deleteQuote = (body: QuoteDeleteBody) => postJson<Pick<QuoteSavedResponse, 'message'>>('admin/quotes/delete', body);

export function useDeleteQuote() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteQuote,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: quotesKey }),
  });
}
