import { useMutation, useQueryClient } from '@tanstack/react-query';
import { postJson } from '@baridesk/api-client';
import type { MessageTemplateSavedResponse, MessageTemplateUpdateBody } from '@baridesk/contracts';
import { messageTemplatesKey } from './get-message-templates';

export const updateMessageTemplate = (body: MessageTemplateUpdateBody) =>
  postJson<MessageTemplateSavedResponse>('alerts/message-templates/update', body);

export function useUpdateMessageTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateMessageTemplate,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: messageTemplatesKey }),
  });
}
