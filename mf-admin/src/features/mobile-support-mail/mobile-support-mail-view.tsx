import { mobileSupportMailResource } from '@baridesk/contracts';
import { defineResourceView } from '@baridesk/ui/resources';

/**
 * The Mobile Support Mail screen: the addresses the patient app's "Contact support" is mailed to (each
 * active one gets every request; with none active, the support e-mail does).
 */
export const mobileSupportMailView = defineResourceView({
  resource: mobileSupportMailResource,
  words: { many: 'support addresses' },
  texts: { addTitle: 'Add Support Address', editTitle: 'Edit Support Address' },
  columns: ['email', 'status', 'created_at', 'actions'],
  fields: { email: { helperText: 'Every active address gets each support request patients send from the app.' } },
  deleteQuestion: (row) => ({ title: 'Delete support address', message: `Delete ${String(row.email)}? It gets no more support requests from the app.` }),
});
