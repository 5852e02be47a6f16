import { messageTemplateResource } from '@baridesk/contracts';
import { defineResourceView } from '@baridesk/ui/resources';

/** The Message Templates screen: the program's reusable message texts, edited in a dialog over the list. */
export const messageTemplatesView = defineResourceView({
  resource: messageTemplateResource,
  words: { many: 'templates' },
  texts: { title: 'Message Templates' },
  // The message is no column of the definition's: the list shows its beginning.
  columns: ['title', 'message', 'status', 'updated_at', 'actions'],
  fields: { message: { rows: 6 } },
  deleteQuestion: (template) => ({
    title: 'Delete template',
    message: `Delete "${template.title}"? It can no longer be picked for patient messages.`,
  }),
});
