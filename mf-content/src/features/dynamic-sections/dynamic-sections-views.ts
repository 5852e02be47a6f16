import {
  dynamicSectionCategoryResource,
  dynamicSectionItemResource,
  dynamicSectionResource,
  dynamicSectionSubCategoryResource,
} from '@baridesk/contracts';
import { defineResourceView, type ResourceView } from '@baridesk/ui/resources';

/**
 * The screens' side of dynamic content sections: the shell's paths of a section's screens (the spec's
 * DynamicContentSection and dynamic-section-* routes) and the kit's views of a section, its items, its
 * categories and sub-categories. The item and category calls carry the section as their partition
 * (`section_id`), which the screens give (ResourcePartition).
 */
export const sectionPaths = {
  section: (id: number) => `/dynamic-content-section/${id}`,
  addItem: (sectionId: number) => `/dynamic-section-item/store/${sectionId}`,
  editItem: (sectionId: number, itemId: number) => `/dynamic-section-item/${sectionId}/edit/${itemId}`,
  showItem: (itemId: number) => `/dynamic-section-item/${itemId}/show`,
  categories: (sectionId: number) => `/dynamic-section-category/${sectionId}`,
  subCategories: (sectionId: number) => `/dynamic-section-sub-category/${sectionId}`,
};

/** The section itself (rename in a dialog; its Active switch and delete are on its screen). */
export const sectionView = defineResourceView({
  resource: dynamicSectionResource,
  words: { one: 'section', many: 'sections' },
  texts: { addTitle: 'Add Dynamic Content Section', editTitle: 'Rename section' },
});

/** Views made once per section (their paths name it). */
function perSection(make: (sectionId: number) => ResourceView) {
  const made = new Map<number, ResourceView>();
  return (sectionId: number) => {
    let view = made.get(sectionId);
    if (!view) {
      view = make(sectionId);
      made.set(sectionId, view);
    }
    return view;
  };
}

/** A section's items: added and edited on their own pages, each with its page as patients see it. */
export const sectionItemsView = perSection((sectionId) =>
  defineResourceView({
    resource: dynamicSectionItemResource,
    words: { one: 'item', many: 'items' },
    texts: { add: 'Add Item', addTitle: 'Add Item', editTitle: 'Edit Item' },
    form: { mode: 'page', path: (id) => (id ? sectionPaths.editItem(sectionId, id) : sectionPaths.addItem(sectionId)) },
    listPath: sectionPaths.section(sectionId),
    showPath: sectionPaths.showItem,
    columns: ['image', 'title', 'category_name', 'sub_category_name', 'status', 'actions'],
    categorySources: { category: dynamicSectionCategoryResource, subCategory: dynamicSectionSubCategoryResource },
    deleteQuestion: (_record, name) => ({
      title: 'Delete item',
      message: `Delete "${name}"? Patients no longer see it in the app. This cannot be undone.`,
    }),
  }),
);

/** A section's categories. */
export const sectionCategoriesView = perSection((sectionId) =>
  defineResourceView({
    resource: dynamicSectionCategoryResource,
    words: { one: 'category', many: 'categories' },
    texts: { title: 'Categories' },
    listPath: sectionPaths.categories(sectionId),
    columns: ['image', 'name', 'status', 'actions'],
    deleteQuestion: (_record, name) => ({
      title: 'Delete category',
      message: `Delete "${name}"? A category that still holds items or sub-categories is not deleted: move or delete them first, or switch it off. This cannot be undone.`,
    }),
  }),
);

/** A section's sub-categories, each in one of its categories. */
export const sectionSubCategoriesView = perSection((sectionId) =>
  defineResourceView({
    resource: dynamicSectionSubCategoryResource,
    words: { one: 'sub-category', many: 'sub-categories' },
    texts: { title: 'Sub-categories' },
    listPath: sectionPaths.subCategories(sectionId),
    columns: ['image', 'name', 'category_name', 'status', 'actions'],
    categorySources: { category: dynamicSectionCategoryResource },
    deleteQuestion: (_record, name) => ({
      title: 'Delete sub-category',
      message: `Delete "${name}"? A sub-category that still holds items is not deleted: move or delete them first, or switch it off. This cannot be undone.`,
    }),
  }),
);
