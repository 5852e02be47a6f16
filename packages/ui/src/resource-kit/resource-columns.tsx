import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { Badge, Image, Link, Text, VisuallyHidden } from '@chakra-ui/react';
import type { AnyResource, ResourceField } from '@baridesk/contracts';
import { formatAmount, formatDate, formatPhone } from '@baridesk/domain';
import type { DataTableColumn } from '../data-table';
import { actionsColumn, statusToggleColumn, type StatusFlag } from '../record-list';
import type { ResourceRecord } from './resource-calls';
import { capitalised } from './resource-texts';
import type { ColumnSpec, ResourceView } from './resource-view';

/** How long a long text's excerpt in a list cell is, in characters. */
export const EXCERPT_LENGTH = 80;

/** A text's words without the markup of rich text, on one line. */
const plainText = (text: string) => text.replace(/<[^>]*>/g, ' ').replace(/\s+/g, ' ').trim();

/**
 * The beginning of a text (of rich text, its words without the markup), at most EXCERPT_LENGTH
 * characters, with … when cut. It is cut between words, so a phone number, a link or a name is shown
 * whole or not at all; only a single word longer than the excerpt is cut inside.
 */
export function excerpt(text: string): string {
  const plain = plainText(text);
  if (plain.length <= EXCERPT_LENGTH) return plain;
  const head = plain.slice(0, EXCERPT_LENGTH + 1);
  const lastSpace = head.lastIndexOf(' ');
  const cut = lastSpace > 0 ? head.slice(0, lastSpace) : plain.slice(0, EXCERPT_LENGTH);
  // A cut after "call us at:" or "Dr." reads better without the trailing punctuation before the ….
  return `${cut.replace(/[\s,;:–-]+$/, '')}…`;
}

/** Active or Inactive, as a badge (a status that is shown, not switched, in the list). */
export const StatusBadge = ({ status }: { status: unknown }) =>
  status === 1 ? <Badge colorPalette="green">Active</Badge> : <Badge colorPalette="gray">Inactive</Badge>;

/** A flag's value in words: Yes for 1, No for 0. */
export const flagWord = (value: unknown) => (value === 1 ? 'Yes' : 'No');

/** A field's value in a list cell, by its kind. */
function cellOf(field: ResourceField, value: unknown): ReactNode {
  if (value === null || value === undefined || value === '') return '';
  switch (field.kind) {
    case 'date':
      return <Text whiteSpace="nowrap">{formatDate(String(value))}</Text>;
    case 'phone':
      return formatPhone(String(value));
    case 'number':
      return formatAmount(Number(value));
    case 'textarea':
    case 'richText': {
      // Shown cut, read whole: the pointer gets the full text as a tooltip, a screen reader reads it all.
      const text = plainText(String(value));
      const shown = excerpt(text);
      if (shown === text) return <Text maxW="md">{text}</Text>;
      return (
        // Positioned, so the hidden full text's box stays inside the cell: else its containing block is the
        // page, and a long text widens a 390 px page beyond the table's own scroll region.
        <Text title={text} maxW="md" position="relative">
          <span aria-hidden>{shown}</span>
          <VisuallyHidden>{text}</VisuallyHidden>
        </Text>
      );
    }
    case 'image':
      return <Image src={String(value)} alt="" height="10" width="auto" borderRadius="sm" />;
    case 'flag':
      return flagWord(value);
    default:
      return String(value);
  }
}

export type ColumnContext = {
  view: ResourceView;
  nameOf: (record: ResourceRecord) => string;
  onToggle: (record: ResourceRecord, status: StatusFlag) => void;
  onEdit: (record: ResourceRecord) => void;
  onDelete: (record: ResourceRecord) => void;
};

/** The columns a resource's list shows unless its view says: its listed fields, its categories, status, actions. */
export function defaultColumnKeys(resource: AnyResource): string[] {
  return [
    ...Object.entries(resource.fields)
      .filter(([, field]) => field.column)
      .map(([name]) => name),
    ...resource.categoryFields.map((category) => category.nameKey),
    ...(resource.status ? ['status'] : []),
    'actions',
  ];
}

/** A column the kit draws, by its key. */
function kitColumn(key: string, { view, nameOf, onToggle, onEdit, onDelete }: ColumnContext): DataTableColumn<ResourceRecord> {
  const { resource } = view;
  const sortable = (resource.sorts as readonly string[]).includes(key);
  if (key === 'status') {
    // A definition with only the bulk call switches one row through it (`{ ids: [id], status }`).
    return resource.endpoints.toggleStatus || resource.endpoints.toggleStatusMultiple
      ? statusToggleColumn((record) => `${capitalised(nameOf(record))} active`, onToggle)
      : { key, header: 'Status', sortable, render: (record) => <StatusBadge status={record.status} /> };
  }
  if (key === 'actions') {
    // Only what the record offers: no Delete without the delete call; no Edit without the update call,
    // unless the view has a form page of its own (an area whose saves are routes of its own).
    const { update, delete: destroy } = resource.endpoints;
    const editable = update !== undefined || view.form?.mode === 'page';
    return actionsColumn({ name: nameOf, onEdit: editable ? onEdit : undefined, onDelete: destroy ? onDelete : undefined, more: view.rowActions });
  }
  if (key === 'updated_at' || key === 'created_at') {
    return { key, header: key === 'updated_at' ? 'Updated' : 'Added', sortable, render: (record) => formatDate(String(record[key] ?? '')) };
  }
  const category = resource.categoryFields.find((candidate) => candidate.nameKey === key || candidate.field === key);
  if (category) return { key: category.nameKey, header: category.label, sortable, render: (record) => String(record[category.nameKey] ?? '') };
  const field = resource.fields[key];
  if (!field) throw new Error(`${resource.labels.plural}: the column "${key}" is no field; give the view the whole column.`);
  const showPath = view.showPath;
  const linked = key === resource.labelField && showPath !== undefined;
  return {
    key,
    header: view.fields?.[key]?.label ?? field.label,
    sortable,
    render: (record) =>
      linked ? (
        <Link asChild>
          <RouterLink to={showPath(record.id)}>{cellOf(field, record[key])}</RouterLink>
        </Link>
      ) : (
        cellOf(field, record[key])
      ),
  };
}

/** The list's columns: the view's, or the resource's defaults; a key is drawn by the kit, a column is the view's own. */
export function resourceColumns(context: ColumnContext): DataTableColumn<ResourceRecord>[] {
  const specs: readonly ColumnSpec<ResourceRecord>[] =
    (context.view.columns as readonly ColumnSpec<ResourceRecord>[] | undefined) ?? defaultColumnKeys(context.view.resource);
  return specs.map((spec) => (typeof spec === 'string' ? kitColumn(spec, context) : spec));
}
