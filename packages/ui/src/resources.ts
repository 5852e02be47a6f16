/**
 * @baridesk/ui/resources: the resource kit's screens (see index.ts for the entries and docs/resource-kit.md).
 * A resource's screens are its definition (@baridesk/contracts defineResource) and a view of what they
 * need beyond it; each screen can be replaced, or built from the parts below. dnd-kit lives in this
 * entry only, so a page without ordering never loads it.
 */
export {
  ResourceListScreen,
  ResourceList,
  recordNamer,
  resourceListCriteria,
  useResourceListParams,
  type ResourceListProps,
  type ResourceListState,
} from './resource-kit/resource-list';
export {
  ResourceForm,
  ResourceFormModal,
  ResourceFormScreen,
  RecordBody,
  BadRecordAddress,
  useResourceForm,
  useRecordIdParam,
  recordIdOf,
  SAVE_CHANGES,
  type ResourceFormProps,
  type ResourceFormModalProps,
  type ResourceFormScreenProps,
} from './resource-kit/resource-form';
export { ResourceShowScreen, ResourceDetails, type ShowFrame } from './resource-kit/resource-show';
export { ResourceFields, formValuesOf, isRequired, maxLengthOf } from './resource-kit/resource-fields';
export { LocationTimeZone, longitudeWithTimeZone, TIME_ZONE_LOOKUP_DELAY_MS } from './resource-kit/location-time-zone';
export { resourceColumns, defaultColumnKeys, excerpt, StatusBadge, EXCERPT_LENGTH } from './resource-kit/resource-columns';
export { resourceTexts, type ResourceTexts, type ResourceWords } from './resource-kit/resource-texts';
export {
  callResource,
  refreshResource,
  resourceKey,
  useResourceList,
  useResourceRecord,
  useResourceOptions,
  useSaveResource,
  useDeleteResource,
  useToggleResourceStatus,
  useToggleResourcesStatus,
  useDeleteResources,
  useUpdateResourceIndexes,
  type ResourceRecord,
  type ResourceListParams,
  type ResourcePage,
  type ChoiceSource,
} from './resource-kit/resource-calls';
export {
  defineResourceView,
  type ResourceView,
  type RecordOf,
  type ColumnSpec,
  type DetailSpec,
  type FormPlacement,
  type ListFilter,
  type FieldOptions,
  type FieldRenderer,
  type FieldRenderProps,
  type ResourceFormReturn,
} from './resource-kit/resource-view';
export { ResourcePartition, useResourcePartition } from './resource-kit/resource-partition';
export { ResourceSelectionBar, hasBulkActions, useResourceSelection, type ResourceSelection } from './resource-kit/resource-selection';
export { SortableList, type SortableListProps } from './sortable-list';
export { inOrder, movedIds } from './reorder';
