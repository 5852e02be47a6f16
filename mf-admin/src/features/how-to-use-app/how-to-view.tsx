import { howToCategoryResource, howToResource } from '@baridesk/contracts';
import { defineResourceView } from '@baridesk/ui/resources';

export const HOW_TO_PATH = '/admin/how-to-use-app';
export const howToPaths = {
  list: HOW_TO_PATH,
  create: `${HOW_TO_PATH}/create`,
  edit: (id: number) => `${HOW_TO_PATH}/${id}/edit`,
  show: (id: number) => `${HOW_TO_PATH}/${id}/show`,
  categories: `${HOW_TO_PATH}/categories`,
};

/**
 * The guides of /admin/how-to-use-app: the kit's list (search, status and category filters, ticking
 * rows for the bulk bar, Change order), a form page (the description is rich text) and a show page.
 */
export const howToView = defineResourceView({
  resource: howToResource,
  words: { one: 'guide', many: 'guides' },
  form: { mode: 'page', path: (id) => (id ? howToPaths.edit(id) : howToPaths.create) },
  listPath: HOW_TO_PATH,
  showPath: howToPaths.show,
  categorySources: { category: howToCategoryResource },
  categoriesFirst: true,
  columns: ['title', 'category_name', 'status', 'updated_at', 'actions'],
  details: ['category_name', 'description', 'video_url', 'image', 'status', 'created_at', 'updated_at'],
  fields: {
    video_url: { placeholder: 'https://', helperText: 'Where the app opens the guide’s video.' },
    image: { helperText: 'The guide’s tile in the app: at least 480 × 270 pixels.' },
  },
  deleteQuestion: (guide, name) => ({
    title: 'Delete guide',
    message: `Delete "${name}"${guide.status === 1 ? ', which the app shows now' : ''}? It is removed for good: this cannot be undone.`,
  }),
});

/** The guides' categories (/admin/how-to-use-app/categories): added and edited in a dialog over the list. */
export const howToCategoriesView = defineResourceView({
  resource: howToCategoryResource,
  words: { one: 'category', many: 'categories' },
  listPath: howToPaths.categories,
  columns: ['name', 'status', 'updated_at', 'actions'],
  deleteQuestion: (_category, name) => ({
    title: 'Delete category',
    message: `Delete "${name}"? A category that guides are in is kept: move them first.`,
  }),
});
