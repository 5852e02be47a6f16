import { BARI_LINK_TYPES, bariLinkTypeLabel, bariResourceCategoryResource, bariResourceResource, bariResourceSubCategoryResource } from '@baridesk/contracts';
import { SelectField } from '@baridesk/ui';
import { defineResourceView, type FieldRenderer } from '@baridesk/ui/resources';

export const BARI_RESOURCES_PATH = '/admin/bari-resources';
export const bariResourcePaths = {
  list: BARI_RESOURCES_PATH,
  store: `${BARI_RESOURCES_PATH}/store`,
  edit: (id: number) => `${BARI_RESOURCES_PATH}/${id}/edit`,
  categories: `${BARI_RESOURCES_PATH}/categories`,
  subCategories: `${BARI_RESOURCES_PATH}/sub-categories`,
};

const LINK_TYPE_OPTIONS = BARI_LINK_TYPES.map((type) => ({ value: type.value, label: type.label }));

const linkTypeInput: FieldRenderer = ({ form, name, label, required }) => (
  <SelectField form={form} name={name} label={label} required={required} options={[{ value: '', label: 'Select link type' }, ...LINK_TYPE_OPTIONS]} />
);

const minutes = (value: unknown) => (typeof value === 'number' ? `${value} min` : 'Not given');

/**
 * The Bari resources' screens (/admin/bari-resources): the kit's list with category and sub-category
 * filters, a link type filter and Change order; the form on its own page (category first, its
 * sub-categories following it); the preview image at its minimum size.
 */
export const bariResourcesView = defineResourceView({
  resource: bariResourceResource,
  words: { one: 'resource', many: 'resources' },
  texts: { title: 'Bari Resources', add: 'Add Resource', addTitle: 'Add Resource', editTitle: 'Edit Resource' },
  form: { mode: 'page', path: (id) => (id ? bariResourcePaths.edit(id) : bariResourcePaths.store) },
  listPath: BARI_RESOURCES_PATH,
  categorySources: { category: bariResourceCategoryResource, subCategory: bariResourceSubCategoryResource },
  categoriesFirst: true,
  listFilters: [{ field: 'link_type', label: 'Link type', anyLabel: 'All link types', options: LINK_TYPE_OPTIONS }],
  columns: [
    'preview_image',
    'title',
    'bari_resource_category_name',
    'bari_resource_sub_category_name',
    { key: 'link_type', header: 'Link type', render: (item) => bariLinkTypeLabel(item.link_type) },
    { key: 'engagement_time', header: 'Engagement', render: (item) => minutes(item.engagement_time) },
    'status',
    'actions',
  ],
  fields: {
    link_type: { render: linkTypeInput },
    link: { placeholder: 'https://', helperText: 'Where the app opens the resource.' },
    engagement_time: { helperText: 'How long it takes, in minutes (1 to 600).' },
    preview_image: { helperText: 'At least 400 × 225 pixels; shown as a wide tile in the app.' },
  },
  deleteQuestion: (_item, name) => ({ title: 'Delete resource', message: `Delete "${name}"? Patients no longer see it in the app. This cannot be undone.` }),
});

const categoryCrumbs = (label: string) => [{ label: 'Bari Resources', to: BARI_RESOURCES_PATH }, { label }];

/** The resources' categories: a dialog form over the list. */
export const bariCategoriesView = defineResourceView({
  resource: bariResourceCategoryResource,
  words: { one: 'category', many: 'categories' },
  texts: { title: 'Bari Resource Categories' },
  listPath: bariResourcePaths.categories,
  columns: ['name', 'status', 'updated_at', 'actions'],
  deleteQuestion: (_item, name) => ({
    title: 'Delete category',
    message: `Delete "${name}"? A category that still holds resources or sub-categories is not deleted: move or delete them first, or switch it off.`,
  }),
});
export const bariCategoriesCrumbs = categoryCrumbs('Categories');

/** The resources' sub-categories, each in a category (filtered by it on the list). */
export const bariSubCategoriesView = defineResourceView({
  resource: bariResourceSubCategoryResource,
  words: { one: 'sub-category', many: 'sub-categories' },
  texts: { title: 'Bari Resource Sub-categories' },
  listPath: bariResourcePaths.subCategories,
  categorySources: { category: bariResourceCategoryResource },
  categoriesFirst: true,
  columns: ['name', 'category_name', 'status', 'updated_at', 'actions'],
  deleteQuestion: (_item, name) => ({
    title: 'Delete sub-category',
    message: `Delete "${name}"? A sub-category that still holds resources is not deleted: move or delete them first, or switch it off.`,
  }),
});
export const bariSubCategoriesCrumbs = categoryCrumbs('Sub-categories');
