/**
 * @baridesk/ui/resources: the resource kit's screens (see index.ts for the entries) and the re-orderable
 * list they share with other ordered screens. dnd-kit lives in this entry only, so a page without
 * ordering never loads it.
 */
export { SortableList, type SortableListProps } from './sortable-list';
export { inOrder, movedIds } from './reorder';
