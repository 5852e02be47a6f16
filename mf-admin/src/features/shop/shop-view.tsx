import { SHOP_SURGERY_TYPES, shopItemResource, shopSurgeryTypeLabel, type ShopSurgeryType } from '@baridesk/contracts';
import { Badge } from '@baridesk/ui';
import { defineResourceView, type ResourceView } from '@baridesk/ui/resources';

export const SHOP_PATH = '/admin/manage-shop';
export const shopPaths = {
  list: (type: ShopSurgeryType) => `${SHOP_PATH}/${type}`,
  create: (type: ShopSurgeryType) => `${SHOP_PATH}/${type}/create`,
  edit: (type: ShopSurgeryType, id: number) => `${SHOP_PATH}/${type}/edit/${id}`,
  show: (type: ShopSurgeryType, id: number) => `${SHOP_PATH}/${type}/${id}/show`,
};

const defaultBadge = (isDefault: unknown) => (isDefault === 1 ? <Badge colorPalette="blue">Default</Badge> : null);

/**
 * The shop of one surgery type: its list (the item that is the type's default carries a badge), form
 * page and show page, each at the type's address. The surgery type is the partition the screens pass.
 */
function shopViewOf(type: ShopSurgeryType): ResourceView {
  const label = shopSurgeryTypeLabel(type);
  return defineResourceView({
    resource: shopItemResource,
    words: { one: 'shop item', many: `${label.toLowerCase()} shop items` },
    texts: { title: 'Shop', addTitle: `Add ${label} Shop Item`, editTitle: `Edit ${label} Shop Item` },
    form: { mode: 'page', path: (id) => (id ? shopPaths.edit(type, id) : shopPaths.create(type)) },
    listPath: shopPaths.list(type),
    showPath: (id) => shopPaths.show(type, id),
    columns: ['title', { key: 'is_default', header: 'Default', sortable: true, render: (item) => defaultBadge(item.is_default) }, 'status', 'updated_at', 'actions'],
    details: [
      { term: 'Surgery type', render: () => label },
      { term: 'Default', render: (item) => (item.is_default === 1 ? `The ${label.toLowerCase()} default` : 'No') },
      'description',
      'link',
      'image',
      'status',
      'created_at',
      'updated_at',
    ],
    fields: {
      link: { placeholder: 'https://', helperText: 'The product’s page, opened from the app.' },
      image: { helperText: 'A square picture of at least 300 × 300 pixels.' },
    },
    deleteQuestion: (item, name) => ({
      title: 'Delete shop item',
      message: `Delete "${name}"?${item.is_default === 1 ? ` It is the ${label.toLowerCase()} default: the shop has none until you make another one the default.` : ''} This cannot be undone.`,
    }),
  });
}

/** One view per surgery type, made once. */
export const shopViews = Object.fromEntries(SHOP_SURGERY_TYPES.map(({ value }) => [value, shopViewOf(value)])) as Record<ShopSurgeryType, ResourceView>;
