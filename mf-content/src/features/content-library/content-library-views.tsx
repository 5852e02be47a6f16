import {
  CONTACT_GROUP_LABEL,
  CONTACT_GROUP_OPTIONS,
  CONTENT_LIST_RESOURCES,
  CONTENT_LISTS,
  CONTENT_OWN_CATEGORY_RESOURCES,
  CONTENT_CATEGORY_RESOURCE,
  CONTENT_SUB_CATEGORY_RESOURCE,
  type AnyResource,
  type ContentListKey,
  type ContentListType,
} from '@baridesk/contracts';
import { SelectField } from '@baridesk/ui';
import { defineResourceView, type ColumnSpec, type DetailSpec, type FieldRenderer, type ResourceRecord, type ResourceView } from '@baridesk/ui/resources';

/**
 * The screens' side of the content library: one view per list type and per type's categories and
 * sub-categories, made from the registry (content-menus.ts: words, paths, fields) and the type's
 * resource (content-library.ts), so a type added to the registry gets its screens without a line here.
 */

/** A list type of the registry, by its key (the generic /:menuTitle/categories screens and the routes). */
export function listTypeOf(key: string | undefined): ContentListType | undefined {
  return (CONTENT_LISTS as readonly ContentListType[]).find((type) => type.key === key);
}

const idPath = (pattern: string, id: number) => pattern.replace(':id', String(id));

/** Where a type's categories are listed: its own screen when the registry names one, else the generic /<key>/categories. */
export const categoriesPathOf = (type: ContentListType) => type.screens.categories ?? `/${type.key}/categories`;
export const subCategoriesPathOf = (type: ContentListType) => type.screens.subCategories ?? `/${type.key}/sub-categories`;

/**
 * How the lists and notices name several items of a type, in a sentence ("Search team members…"). The
 * label lower-cased, but for labels that are a place in the app rather than a thing ("Contact Us").
 */
const MANY_WORDS: Partial<Record<ContentListKey, string>> = {
  contacts: 'contacts',
  doctors: 'team members',
  faqs: 'FAQs',
  'non-surgical-weight-loss': 'articles',
  'support-service': 'support services',
  'support-group': 'support groups',
  'about-surgery': 'articles',
};

/** Words lower-cased but acronyms ("FAQ", "BMI") kept. */
const inSentence = (label: string) =>
  label
    .split(' ')
    .map((word) => (/[A-Z].*[A-Z]/.test(word) ? word : word.toLowerCase()))
    .join(' ');

/** The special program's contact groups, by their query value. */
export const contactGroupOf = (value: string | null | undefined) => CONTACT_GROUP_OPTIONS.find((group) => String(group.value) === value);

const GROUP_CHOICES = CONTACT_GROUP_OPTIONS.map((group) => ({ value: String(group.value), label: group.label }));

/** The special program's contacts say which group they belong to (the server requires it there). */
const contactGroupInput: FieldRenderer = ({ form, name, options }) => (
  <SelectField
    form={form}
    name={name}
    label={options.label ?? CONTACT_GROUP_LABEL}
    required
    placeholder={`Select ${CONTACT_GROUP_LABEL.toLowerCase()}`}
    options={GROUP_CHOICES}
  />
);

/** Nothing: the field is not this program's (only program 302 groups its contacts). */
const notShown: FieldRenderer = () => null;

const groupName = (record: ResourceRecord) => contactGroupOf(String(record.weight_loss_type ?? ''))?.label ?? 'Not given';

/** The category resources a type's items name: the support service's and group's own, else the generic ones split by menu. */
function categoryResourcesOf(type: ContentListType): { category: AnyResource; subCategory: AnyResource } {
  const own = (CONTENT_OWN_CATEGORY_RESOURCES as Partial<Record<string, { category: AnyResource; subCategory: AnyResource }>>)[type.key];
  return own ?? { category: CONTENT_CATEGORY_RESOURCE as AnyResource, subCategory: CONTENT_SUB_CATEGORY_RESOURCE as AnyResource };
}

/**
 * The partition of a type's screens (the kit's ResourcePartition): the generic category calls carry the
 * type's key as `menu`. The items and a type's own category paths are bound to the type already, have no
 * partition, and send nothing.
 */
export const partitionOf = (type: ContentListType) => ({ menu: type.key });

/** One type's item view; `special`: the signed-in program is 302, whose contacts are in two groups. */
function itemView(type: ContentListType, special: boolean): ResourceView {
  const resource = CONTENT_LIST_RESOURCES[type.key as ContentListKey];
  const fields = type.fields;
  const isContacts = type.key === 'contacts';
  const { store, edit, show, list } = type.screens;
  const columns: ColumnSpec<ResourceRecord>[] = [
    ...(fields.image ? ['image'] : []),
    'title',
    ...(fields.subtitle ? ['subtitle'] : []),
    ...(isContacts && special ? [{ key: 'weight_loss_type', header: 'Group', render: groupName }] : []),
    ...resource.categoryFields.map((category) => category.nameKey),
    'status',
    'actions',
  ];
  const details: DetailSpec<ResourceRecord>[] = [
    ...Object.keys(fields),
    ...(isContacts && special ? [{ term: 'Group', render: groupName }] : []),
    ...resource.categoryFields.map((category) => category.field),
    'status',
    'created_at',
    'updated_at',
  ];
  return defineResourceView({
    resource,
    words: { one: inSentence(type.singular), many: MANY_WORDS[type.key as ContentListKey] ?? inSentence(type.label) },
    texts: { title: type.label, add: `Add ${type.singular}`, addTitle: `Add ${type.singular}`, editTitle: `Edit ${type.singular}` },
    form: store && edit ? { mode: 'page', path: (id) => (id ? idPath(edit, id) : store) } : { mode: 'modal' },
    listPath: list,
    showPath: show ? (id) => idPath(show, id) : undefined,
    columns,
    details,
    fields: isContacts ? { weight_loss_type: { render: special ? contactGroupInput : notShown } } : undefined,
    // The special program's contacts: the list of one group (the sidebar's ?weightLossType=) or both.
    listFilters: isContacts && special ? [{ field: 'weightLossType', label: 'Group', options: GROUP_CHOICES, anyLabel: 'Both groups' }] : undefined,
    categorySources: resource.categoryFields.length > 0 ? categoryResourcesOf(type) : undefined,
    deleteQuestion: (_record, name) => ({
      title: `Delete ${inSentence(type.singular)}`,
      message: `Delete "${name}"? Patients no longer see it in the app. This cannot be undone.`,
    }),
  });
}

const itemViews = new Map<string, ResourceView>();

/** A type's item view (made once per type and program kind). */
export function contentItemView(type: ContentListType, special = false): ResourceView {
  const key = `${type.key}:${special}`;
  let view = itemViews.get(key);
  if (!view) {
    view = itemView(type, special);
    itemViews.set(key, view);
  }
  return view;
}

export type CategoryLevel = 'category' | 'sub-category';

function categoryView(type: ContentListType, level: CategoryLevel): ResourceView {
  const resources = categoryResourcesOf(type);
  const sub = level === 'sub-category';
  const resource = sub ? resources.subCategory : resources.category;
  // The contacts' categories are the spec's coordinator categories.
  const title = `${type.key === 'contacts' ? 'Coordinator' : type.label} ${sub ? 'Sub-categories' : 'Categories'}`;
  return defineResourceView({
    resource,
    words: { one: sub ? 'sub-category' : 'category', many: sub ? 'sub-categories' : 'categories' },
    texts: { title },
    listPath: sub ? subCategoriesPathOf(type) : categoriesPathOf(type),
    columns: ['image', 'name', ...(sub ? ['category_name'] : []), 'status', 'actions'],
    categorySources: sub ? { category: resources.category } : undefined,
    deleteQuestion: (_record, name) => ({
      title: sub ? 'Delete sub-category' : 'Delete category',
      message: `Delete "${name}"? ${sub ? 'A sub-category that still holds items' : 'A category that still holds items or sub-categories'} is not deleted: move or delete them first, or switch it off. This cannot be undone.`,
    }),
  });
}

const categoryViews = new Map<string, ResourceView>();

/** A type's category or sub-category view (made once per type and level). */
export function contentCategoryView(type: ContentListType, level: CategoryLevel): ResourceView {
  const key = `${type.key}:${level}`;
  let view = categoryViews.get(key);
  if (!view) {
    view = categoryView(type, level);
    categoryViews.set(key, view);
  }
  return view;
}
