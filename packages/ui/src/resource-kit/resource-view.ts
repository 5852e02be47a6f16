import type { ReactNode } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import type { AnyResource, ResourceField, ResourceFieldKind, ResourceItem, ResourceScope } from '@baridesk/contracts';
import type { DataTableColumn } from '../data-table';
import type { PerPage } from '../pager';
import type { RichTextHeight } from '../rich-text-editor';
import type { ChoiceSource, ResourceRecord } from './resource-calls';
import type { ResourceTexts, ResourceWords } from './resource-texts';

/** The record type of a resource, as the kit's screens hold it. */
export type RecordOf<R extends AnyResource> = ResourceItem<R> & ResourceRecord;

/** The form of any resource: its values are the definition's fields, checked by its store body. */
export type ResourceFormReturn = UseFormReturn<FieldValues, unknown, FieldValues>;

/** What a field's input is drawn with: its form, its name, the definition's field and what the view adds. */
export type FieldRenderProps = {
  form: ResourceFormReturn;
  name: string;
  /** The record being edited (none for a new one): e.g. the stored image an upload widget shows. */
  record: ResourceRecord | undefined;
  field: ResourceField;
  /** Whose records these are: a global resource's files go to the super admins' upload route. */
  scope: ResourceScope;
  label: string;
  /** The field refuses an empty value (read from its schema). */
  required: boolean;
  /** The longest value the schema accepts, when it says. */
  maxLength: number | undefined;
  options: FieldOptions;
};

export type FieldRenderer = (props: FieldRenderProps) => ReactNode;

/** How the form shows one field, beyond its definition. */
export type FieldOptions = {
  label?: string;
  placeholder?: string;
  helperText?: ReactNode;
  /** Lines of a textarea. */
  rows?: number;
  /** The rich-text editor's height: the spec's 'large' (450 px, the default) or 'small' (250 px). */
  editorHeight?: RichTextHeight;
  autoComplete?: string;
  /** Draws the field's input instead of the kit (a field with a need of its own). */
  render?: FieldRenderer;
};

/**
 * A column of the list: a definition's field, category or built-in ('status', 'actions', 'updated_at',
 * 'created_at') by its key, drawn by the kit; or a column of the view's own.
 */
export type ColumnSpec<T> = string | DataTableColumn<T>;

/** A row of the show page: a field, category or built-in ('status', 'created_at', 'updated_at') by its key, or a row of the view's own. */
export type DetailSpec<T> = string | { term: string; render: (record: T) => ReactNode };

/** One select filter of a list: the query field it sets, its name, and its choices. */
export type ListFilter = {
  field: string;
  label: string;
  options: readonly { value: string; label: string }[];
  /** The choice of no filter ("All tiers"); by default "Any" and the label. */
  anyLabel?: string;
};

/** Where a resource's form is: a dialog over the list (the default), or pages of their own. */
export type FormPlacement =
  | { mode: 'modal' }
  | {
      mode: 'page';
      /** The form's address for a new record (no id) and for an existing one. */
      path: (id?: number) => string;
    };

/**
 * The screens' side of a resource: its definition and what its screens need beyond it. Everything but
 * `resource` is optional; each later resource costs its definition plus what is special about it.
 */
export type ResourceView<R extends AnyResource = AnyResource> = {
  resource: R;
  words?: Partial<ResourceWords>;
  texts?: Partial<ResourceTexts>;
  /** Names a record in its buttons, switch and questions; its label field's value unless told. */
  nameOf?: (record: RecordOf<R>) => string;
  /** The list's first direction (its first sort is the definition's defaultSort); ascending unless told. */
  defaultDirection?: 'asc' | 'desc';
  /** The list's first page size (10 unless told): a short fixed list (the app's menu entries) shows whole. */
  defaultPerPage?: PerPage;
  /** The list's columns in order; the definition's columns, categories, status and actions unless told. */
  columns?: readonly ColumnSpec<RecordOf<R>>[];
  form?: FormPlacement;
  /** The list's address (the way back from the form and show pages). */
  listPath?: string;
  /** The record's show page: the list's name cell links there. */
  showPath?: (id: number) => string;
  /** The show page's rows in order; the definition's fields, categories, status and dates unless told. */
  details?: readonly DetailSpec<RecordOf<R>>[];
  /** The form's fields by name: labels, hints and inputs of the view's own. */
  fields?: Partial<Record<string, FieldOptions>>;
  /** Inputs by field kind, for kinds the kit does not draw itself or draws otherwise. */
  renderers?: Partial<Record<ResourceFieldKind, FieldRenderer>>;
  /** Form fields side by side on wide screens. */
  formColumns?: number;
  /** The delete question for a record (the confirm button says "Delete"). */
  deleteQuestion?: (record: RecordOf<R>, name: string) => { title: string; message: string };
  /** More buttons at the end of a row, before Edit and Delete. */
  rowActions?: (record: RecordOf<R>) => ReactNode;
  /**
   * Where a record's category and sub-category come from (the definition names the fields only): a
   * resource, whose options fill the form's pickers and the list's filter, or a call of the view's own.
   */
  categorySources?: { category?: ChoiceSource; subCategory?: ChoiceSource };
  /** The form asks the category pickers first, before the fields (a record whose category decides the rest); last unless told. */
  categoriesFirst?: boolean;
  /**
   * Select filters of the list for the definition's `filters` (its query entries): each sends its field
   * with the chosen value, or nothing for "All …". Drawn after the category filters.
   */
  listFilters?: readonly ListFilter[];
};

/**
 * A view, checked against its resource's record type where it is written; the screens take any
 * resource's view, so they read it through the kit's record type (ResourceRecord).
 */
export const defineResourceView = <R extends AnyResource>(view: ResourceView<R>): ResourceView => view as unknown as ResourceView;
