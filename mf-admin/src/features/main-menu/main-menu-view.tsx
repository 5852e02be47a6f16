import { appMainMenuResource } from '@baridesk/contracts';
import { defineResourceView } from '@baridesk/ui/resources';

/** The patient app's main menu: its entries in the app's order, each with its switch (nothing to add, edit or delete). */
export const mainMenuView = defineResourceView({
  resource: appMainMenuResource,
  words: { many: 'menu entries' },
  // The app's dozen entries on one page, in their order.
  defaultPerPage: 'All',
  columns: [
    { key: 'order_index', header: 'Place', sortable: true, render: (entry) => String(entry.order_index) },
    'label',
    { key: 'key', header: 'Key in the app', render: (entry) => String(entry.key) },
    'status',
  ],
});
