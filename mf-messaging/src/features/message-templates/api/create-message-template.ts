import { useMutation, useQueryClient } from '@tanstack/react-query';
import { postJson } from '@baridesk/api-client';
import type { MessageTemplateSavedResponse, MessageTemplateStoreBody } from '@baridesk/contracts';
import { messageTemplatesKey } from './get-message-templates';

export const createMessageTemplate = (body: MessageTemplateStoreBody) =>
  postJson<MessageTemplateSavedResponse>('alerts/message-templates/store', body);

export function useCreateMessageTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createMessageTemplate,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: messageTemplatesKey }),
  });
}
