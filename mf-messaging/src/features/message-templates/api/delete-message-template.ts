import { useMutation, useQueryClient } from '@tanstack/react-query';
import { postJson } from '@baridesk/api-client';
import type { MessageTemplateDeleteBody, MessageTemplateSavedResponse } from '@baridesk/contracts';
import { messageTemplatesKey } from './get-message-templates';

export const deleteMessageTemplate = (body: MessageTemplateDeleteBody) =>
  postJson<Pick<MessageTemplateSavedResponse, 'message'>>('alerts/message-templates/delete', body);

export function useDeleteMessageTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteMessageTemplate,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: messageTemplatesKey }),
  });
}
