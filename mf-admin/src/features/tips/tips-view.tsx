import { tipResource } from '@baridesk/contracts';
import { defineResourceView } from '@baridesk/ui/resources';

/** The Tips screen: short advice every program's app shows; the form opens over the list. */
export const tipsView = defineResourceView({
  resource: tipResource,
  words: { many: 'tips' },
  texts: { addTitle: 'Add Tip', editTitle: 'Edit Tip' },
  defaultDirection: 'desc',
  columns: ['description', 'status', 'created_at', 'actions'],
  fields: { description: { rows: 4 } },
  deleteQuestion: (tip) => ({ title: 'Delete tip', message: `Delete the tip “${String(tip.description).slice(0, 80)}”? Patients stop seeing it.` }),
});
