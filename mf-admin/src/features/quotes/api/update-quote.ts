import { useMutation, useQueryClient } from '@tanstack/react-query';
import { postJson } from '@baridesk/api-client';
import type { QuoteSavedResponse, QuoteUpdateBody } from '@baridesk/contracts';
import { quotesKey } from './get-quotes';

export const updateQuote = (body: QuoteUpdateBody) => postJson<QuoteSavedResponse>('admin/quotes/update', body);

export function useUpdateQuote() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateQuote,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: quotesKey }),
  });
}
