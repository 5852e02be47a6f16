import { useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { Box, Button, HStack, Text } from '@chakra-ui/react';
import { notifyError, notifySuccess } from '@baridesk/api-client';
import type { PartitionValues } from '@baridesk/contracts';
import { FilterSelect } from '../filter-select';
import type { Crumb } from '../breadcrumbs';
import { PageFrame } from '../page-frame';
import { QueryDataTable, RecordListFilters, listQueryParams, statusFilterValue, useDeleteWithConfirm } from '../record-list';
import { SortableList } from '../sortable-list';
import { useListParams, type ListParams } from '../use-list-params';
import {
  useDeleteResource,
  useResourceList,
  useResourceOptions,
  useToggleResourceStatus,
  useUpdateResourceIndexes,
  type ChoiceSource,
  type ResourceListParams,
  type ResourceRecord,
} from './resource-calls';
import { resourceColumns } from './resource-columns';
import { ResourceFormModal } from './resource-form';
import { ResourcePartition } from './resource-partition';
import { ResourceSelectionBar, hasBulkActions, useResourceSelection } from './resource-selection';
import { resourceTexts } from './resource-texts';
import type { ResourceView } from './resource-view';

/** The record's name in buttons and questions: the view's, or its label field's value. */
export const recordNamer = (view: ResourceView) => (record: ResourceRecord) =>
  view.nameOf ? view.nameOf(record as never) : String(record[view.resource.labelField] ?? '');

/** One category filter of the list: the source's records, by name. */
function CategoryFilter({
  source,
  label,
  value,
  onChange,
  categoryId,
}: {
  source: ChoiceSource | undefined;
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** A sub-category's filter: the category chosen in the list's filter, whose sub-categories it offers. */
  categoryId?: number;
}) {
  const options = useResourceOptions(source, categoryId);
  return (
    <FilterSelect
      label={label}
      hideLabel
      anyLabel={`Any ${label.toLowerCase()}`}
      width="48"
      value={value}
      options={(options.data ?? []).map((option) => ({ value: String(option.id), label: option.name }))}
      onChange={onChange}
    />
  );
}

/** What the list's query sends: paging, sorting and search from its params, its status and category filters. */
/** The list state of a resource's list, for a screen that needs it beside the list (an Excel file of what is shown). */
export const useResourceListParams = (view: ResourceView) =>
  useListParams({ sort: view.resource.defaultSort, direction: view.defaultDirection ?? 'asc', ...(view.defaultPerPage ? { perPage: view.defaultPerPage } : {}) });

export type ResourceListState = ReturnType<typeof useResourceListParams>;

/** What the list asks for without its page: its search, filters and order (an export's query). */
export function resourceListCriteria(view: ResourceView, list: ListParams): Omit<ResourceListParams, 'page' | 'perPage'> {
  const { page: _page, perPage: _perPage, ...criteria } = listQueryOf(view, list);
  return Object.fromEntries(Object.entries(criteria).filter(([, value]) => value !== undefined && value !== ''));
}

function listQueryOf(view: ResourceView, list: ListParams): ResourceListParams {
  const { resource } = view;
  const params: ResourceListParams = listQueryParams(list, resource.sorts, resource.defaultSort);
  if (resource.status) params.status = statusFilterValue(list.filters.status);
  for (const { field } of resource.categoryFields) params[field] = list.filters[field] || undefined;
  for (const { field } of view.listFilters ?? []) params[field] = list.filters[field] || undefined;
  return params;
}

export type ResourceListProps = {
  view: ResourceView;
  /** Edit opens this (e.g. the list screen's dialog); else the form page of the view. */
  onEdit?: (record: ResourceRecord) => void;
  /** The list's state, when the screen reads it too (useResourceListParams); else the list keeps its own. */
  list?: ResourceListState;
};

/**
 * A resource's list without its page: search, status and category filters, the table (sorted and paged
 * by the server, a status switch per row, Edit and confirmed Delete), its empty and failed states, and
 * with ordering a re-orderable list (drag or Move up / Move down) saved through update-indexes.
 */
export function ResourceList({ view, onEdit, list: given }: ResourceListProps) {
  const { resource } = view;
  const navigate = useNavigate();
  const texts = resourceTexts(resource, view.words, view.texts);
  const nameOf = recordNamer(view);
  const own = useResourceListParams(view);
  const list = given ?? own;
  const [reordering, setReordering] = useState(false);
  const [categoryFilter, subCategoryFilter] = resource.categoryFields;
  const params = listQueryOf(view, list);
  const query = useResourceList<ResourceRecord>(resource, params);
  const toggle = useToggleResourceStatus(resource);
  const remove = useDeleteResource(resource);
  const reorder = useUpdateResourceIndexes(resource);
  // With a bulk call the rows can be ticked; the selection lasts while the search and filters do.
  const bulk = hasBulkActions(resource);
  const { page: _page, perPage: _perPage, ...criteria } = params;
  const selection = useResourceSelection(criteria);
  const selectionProps = bulk
    ? {
        selectable: true as const,
        selectedIds: selection.selectedIds,
        onSelectionChange: selection.setSelectedIds,
        getRowLabel: nameOf,
        selectAllLabel: texts.selectAll,
      }
    : { selectable: false as const };

  const { askDelete, dialog } = useDeleteWithConfirm<ResourceRecord>({
    question: (record) => {
      const name = nameOf(record);
      // Say what deleting does: the kit's delete removes the record for good.
      return (
        view.deleteQuestion?.(record as never, name) ?? {
          title: texts.deleteTitle,
          message: `Delete "${name}"? It is removed for good: this cannot be undone.`,
        }
      );
    },
    remove: (record) => remove.mutateAsync(record.id),
    notifySuccess,
    notifyError,
  });

  const edit = (record: ResourceRecord) => {
    if (onEdit) onEdit(record);
    else if (view.form?.mode === 'page') void navigate(view.form.path(record.id));
  };
  const columns = resourceColumns({
    view,
    nameOf,
    onToggle: (record, status) => toggle.mutate({ id: record.id, status }),
    onEdit: edit,
    onDelete: (record) => void askDelete(record),
  });

  const filtered = Boolean(params.search) || Object.values(list.filters).some(Boolean);
  const canReorder = resource.ordering && resource.endpoints.updateIndexes !== undefined;
  const startReordering = () => {
    // The order is the records' order_index: show them so, with nothing hidden by a filter.
    list.clearFilters();
    list.setSort('order_index', 'asc');
    setReordering(true);
  };

  return (
    <>
      {reordering ? null : (
        <RecordListFilters list={list} searchLabel={texts.searchLabel} placeholder={texts.searchPlaceholder} status={resource.status}>
          {categoryFilter ? (
            <CategoryFilter
              source={view.categorySources?.category}
              label={categoryFilter.label}
              value={list.filters[categoryFilter.field] ?? ''}
              onChange={(value) => {
                // Another category's sub-categories are others: the sub-category filter starts again.
                if (subCategoryFilter) list.setFilter(subCategoryFilter.field, '');
                list.setFilter(categoryFilter.field, value);
              }}
            />
          ) : null}
          {/* A sub-category is asked for once its category is chosen, among that category's sub-categories (as the form's picker). */}
          {categoryFilter && subCategoryFilter && list.filters[categoryFilter.field] ? (
            <CategoryFilter
              source={view.categorySources?.subCategory}
              label={subCategoryFilter.label}
              categoryId={Number(list.filters[categoryFilter.field])}
              value={list.filters[subCategoryFilter.field] ?? ''}
              onChange={(value) => list.setFilter(subCategoryFilter.field, value)}
            />
          ) : null}
          {(view.listFilters ?? []).map(({ field, label, options, anyLabel }) => (
            <FilterSelect
              key={field}
              label={label}
              hideLabel
              anyLabel={anyLabel ?? `Any ${label.toLowerCase()}`}
              width="48"
              value={list.filters[field] ?? ''}
              options={options}
              onChange={(value) => list.setFilter(field, value)}
            />
          ))}
        </RecordListFilters>
      )}
      {canReorder ? (
        <HStack mb="3" justify="space-between" wrap="wrap">
          {reordering ? <Text color="fg.muted">Drag a row by its handle, or use Move up and Move down. Each change is saved at once.</Text> : <Box />}
          <Button size="sm" variant="outline" aria-pressed={reordering} onClick={() => (reordering ? setReordering(false) : startReordering())}>
            {reordering ? texts.doneReordering : texts.reorder}
          </Button>
        </HStack>
      ) : null}
      {reordering ? (
        <SortableList
          items={query.data?.data.data ?? []}
          nameOf={nameOf}
          label={texts.caption}
          disabled={reorder.isPending || query.isFetching}
          onReorder={(ids) => reorder.mutate(ids)}
        >
          {(record) => <Text fontWeight="medium">{nameOf(record)}</Text>}
        </SortableList>
      ) : null}
      <Box hidden={reordering}>
        {bulk ? <ResourceSelectionBar resource={resource} words={{ one: texts.one, many: texts.many }} selection={selection} /> : null}
        <QueryDataTable
          query={query}
          errorTitle={texts.listError}
          caption={texts.caption}
          columns={columns}
          getRowId={(record) => record.id}
          {...selectionProps}
          {...list.tableProps}
          emptyText={filtered ? texts.noMatch : texts.empty}
        />
      </Box>
      {dialog}
    </>
  );
}

type Editing = { record?: ResourceRecord } | null;

/**
 * A resource's list page: its heading with the Add button, and its list. The form opens in a dialog,
 * or on its own page when the view places it there.
 */
export function ResourceListScreen({
  partition,
  ...props
}: {
  view: ResourceView;
  /** The way up, when the list sits below another screen. */
  breadcrumbs?: readonly Crumb[];
  /** The area's other pages (its categories), as outline links before Add. */
  links?: readonly { label: string; to: string }[];
  /**
   * The values of a partitioned resource's partition (and of its category resources'), e.g.
   * `{ section_id: 3 }`: the list, its filters, the form and the reorder send them (see ResourcePartition).
   */
  partition?: PartitionValues;
}) {
  return (
    <ResourcePartition values={partition}>
      <ListScreen {...props} />
    </ResourcePartition>
  );
}

function ListScreen({ view, breadcrumbs, links = [] }: { view: ResourceView; breadcrumbs?: readonly Crumb[]; links?: readonly { label: string; to: string }[] }) {
  const [editing, setEditing] = useState<Editing>(null);
  const texts = resourceTexts(view.resource, view.words, view.texts);
  const form = view.form ?? { mode: 'modal' };
  // No Add when nothing adds a record: no store call and no form page of the view's own (the records the
  // product itself provides, as the app's menu entries).
  const add = !view.resource.endpoints.store && form.mode !== 'page' ? null : form.mode === 'page' ? (
      <Button asChild>
        <RouterLink to={form.path()}>{texts.add}</RouterLink>
      </Button>
    ) : (
      <Button onClick={() => setEditing({})}>{texts.add}</Button>
    );
  return (
    <PageFrame
      title={texts.title}
      actions={
        links.length > 0 ? (
          <HStack gap="2" wrap="wrap">
            {links.map((link) => (
              <Button key={link.to} asChild variant="outline">
                <RouterLink to={link.to}>{link.label}</RouterLink>
              </Button>
            ))}
            {add}
          </HStack>
        ) : (
          add
        )
      }
      breadcrumbs={breadcrumbs}
    >
      <ResourceList view={view} onEdit={form.mode === 'modal' ? (record) => setEditing({ record }) : undefined} />
      {editing ? <ResourceFormModal view={view} record={editing.record} onClose={() => setEditing(null)} /> : null}
    </PageFrame>
  );
}
