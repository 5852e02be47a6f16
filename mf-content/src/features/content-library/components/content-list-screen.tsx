import { useState, type ReactNode } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import type { ContentListType } from '@baridesk/contracts';
import { SPECIAL_PROGRAM_ID } from '@baridesk/domain';
import { useAppStore } from '@baridesk/store';
import { Button, PageFrame } from '@baridesk/ui';
import { useListParams } from '@baridesk/ui/lists';
import { ResourceList, ResourcePartition, resourceTexts, type ResourceRecord, type ResourceView } from '@baridesk/ui/resources';
import { categoriesPathOf, contactGroupOf, contentItemView, partitionOf, subCategoriesPathOf } from '../content-library-views';
import { ContentFormModal } from './content-form';

/** The signed-in program is the special one (302), whose contacts are in two groups. */
export const useSpecialProgram = () => useAppStore((state) => state.user?.program_id === SPECIAL_PROGRAM_ID);

type Editing = { record?: ResourceRecord } | null;

/** The links to a type's category screens, shown beside its Add button. */
export function CategoryLinks({ type, group }: { type: ContentListType; group?: string }) {
  if (type.categories === 0) return null;
  // The special program's contact groups have their coordinator-category screens (-1, -2).
  const categories = group ? `${categoriesPathOf(type)}-${group}` : categoriesPathOf(type);
  return (
    <>
      <Button asChild variant="outline" colorPalette="gray">
        <RouterLink to={categories}>Categories</RouterLink>
      </Button>
      {type.categories === 2 ? (
        <Button asChild variant="outline" colorPalette="gray">
          <RouterLink to={subCategoriesPathOf(type)}>Sub-categories</RouterLink>
        </Button>
      ) : null}
    </>
  );
}

function ItemList({ view, group, onEdit }: { view: ResourceView; group: string | undefined; onEdit?: (record: ResourceRecord) => void }) {
  // The special program's group of contacts comes from the address; the list's Group filter can change it.
  const list = useListParams({ sort: view.resource.defaultSort, direction: 'asc', filters: group ? { weightLossType: group } : {} });
  return <ResourceList view={view} list={list} onEdit={onEdit} />;
}

export type ContentListScreenProps = {
  type: ContentListType;
  /** More buttons before Add (e.g. the support group's menu text). */
  actions?: ReactNode;
};

/**
 * A list type's screen: its items (search, status and category filters, status switches, Change order,
 * delete after the question), Add (a dialog with the live preview, or the type's form page), and the
 * links to its categories and sub-categories. For the special program's contacts, `?weightLossType=1`
 * or `2` (the sidebar's two groups) shows one group's contacts and presets a new contact's group.
 */
export function ContentListScreen({ type, actions }: ContentListScreenProps) {
  const special = useSpecialProgram();
  const [search] = useSearchParams();
  const group = special && type.key === 'contacts' ? contactGroupOf(search.get('weightLossType')) : undefined;
  const groupValue = group ? String(group.value) : undefined;
  const view = contentItemView(type, special);
  const texts = resourceTexts(view.resource, view.words, view.texts);
  const [editing, setEditing] = useState<Editing>(null);
  const form = view.form ?? { mode: 'modal' };
  const add =
    form.mode === 'page' ? (
      <Button asChild>
        <RouterLink to={groupValue ? `${form.path()}?weightLossType=${groupValue}` : form.path()}>{texts.add}</RouterLink>
      </Button>
    ) : (
      <Button onClick={() => setEditing({})}>{texts.add}</Button>
    );
  return (
    <ResourcePartition values={partitionOf(type)}>
      <PageFrame
        title={group ? `${group.label} Contacts` : texts.title}
        actions={
          <>
            <CategoryLinks type={type} group={groupValue} />
            {actions}
            {add}
          </>
        }
      >
        {/* A new group starts the list afresh (the sidebar moves between the two on the same screen). */}
        <ItemList key={groupValue ?? 'all'} view={view} group={groupValue} onEdit={form.mode === 'modal' ? (record) => setEditing({ record }) : undefined} />
        {editing ? (
          <ContentFormModal
            view={view}
            type={type}
            record={editing.record}
            preset={groupValue ? { weight_loss_type: groupValue } : undefined}
            onClose={() => setEditing(null)}
          />
        ) : null}
      </PageFrame>
    </ResourcePartition>
  );
}
