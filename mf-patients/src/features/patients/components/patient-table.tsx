import { Link as RouterLink } from 'react-router-dom';
import { Badge, HStack, Link } from '@baridesk/ui';
import { DataTable, TruncatedText, type DataTableColumn, type TableSort } from '@baridesk/ui/lists';
import { PATIENT_SORTS, type PatientListItem, type PatientSort } from '@baridesk/contracts';
import { formatAmount, formatDate, formatPhone, stageLabel } from '@baridesk/domain';
import { PATIENT_COLUMNS, type PatientColumn, type PatientSearch } from '../utils/patient-search';

/**
 * Every column the list can show. Values of a set shape (MRN, phone, stage, date, weight) get the width
 * they need; names, surgery types, e-mails and tags share what is left (table-layout fixed), so the
 * columns a user picks always fit beside one another and long text is cut with its whole text in a tooltip.
 */
const COLUMNS: Record<PatientColumn, DataTableColumn<PatientListItem>> = {
  name: {
    key: 'name',
    header: 'Name',
    sortable: true,
    render: (patient) => (
      <Link asChild colorPalette="brand" fontWeight="medium" display="block" maxW="full">
        <RouterLink to={`/patient-detail/${patient.id}`}>
          <TruncatedText text={patient.name} />
        </RouterLink>
      </Link>
    ),
  },
  mrn_number: { key: 'mrn_number', header: 'MRN', sortable: true, width: '7.5rem', render: (patient) => cut(patient.mrn_number) },
  email: { key: 'email', header: 'Email', sortable: true, render: (patient) => cut(patient.email) },
  phone: { key: 'phone', header: 'Phone', sortable: true, width: '8.5rem', render: (patient) => cut(formatPhone(patient.phone)) },
  current_stage: {
    key: 'current_stage',
    header: 'Stage',
    sortable: true,
    // "Weight-Management", the longest stage name, whole.
    width: '10.5rem',
    render: (patient) => cut(stageLabel(patient.current_stage)),
  },
  surgery_date: {
    key: 'surgery_date',
    header: 'Surgery date',
    sortable: true,
    width: '8rem',
    render: (patient) => cut(formatDate(patient.surgery_date)),
  },
  type_of_surgery: {
    key: 'type_of_surgery',
    header: 'Surgery type',
    sortable: true,
    render: (patient) => cut(patient.type_of_surgery),
  },
  current_weight: {
    key: 'current_weight',
    header: 'Current weight',
    sortable: true,
    align: 'end',
    width: '7rem',
    render: (patient) => cut(patient.current_weight === null ? '' : `${formatAmount(patient.current_weight)} lb`),
  },
  tags: {
    // Sorted by the first tag's name, then the second's.
    key: 'tags',
    header: 'Tags',
    sortable: true,
    render: (patient) => {
      const tags = [patient.user_cat_name, patient.user_cat_name2].filter((tag): tag is string => Boolean(tag));
      // One line: the badges that fit, the whole list in the tooltip of the cut one.
      return (
        <HStack gap="1" wrap="nowrap" overflow="hidden">
          {tags.map((tag) => (
            <Badge key={tag} variant="subtle" flexShrink={1} minW="0" maxW="full">
              <TruncatedText text={tag} />
            </Badge>
          ))}
        </HStack>
      );
    },
  },
};

/** A text cell of one line, empty for a missing value. */
const cut = (value: string | null | undefined) => (value ? <TruncatedText text={value} /> : '');

/** The names of the columns, for the column picker. */
export const PATIENT_COLUMN_LABELS: Record<PatientColumn, string> = Object.fromEntries(
  PATIENT_COLUMNS.map((key) => [key, COLUMNS[key].header]),
) as Record<PatientColumn, string>;

const isPatientSort = (key: string): key is PatientSort => (PATIENT_SORTS as readonly string[]).includes(key);

export type PatientTableProps = {
  search: PatientSearch;
  rows: readonly PatientListItem[];
  total: number;
  loading: boolean;
  emptyText: string;
  onSortChange: (sort: PatientSort, direction: PatientSearch['direction']) => void;
  onPageChange: (page: number) => void;
  onPerPageChange: (perPage: PatientSearch['perPage']) => void;
  /** The selected patients' ids (of every page), as text. */
  selectedIds: readonly string[];
  onSelectionChange: (ids: string[]) => void;
};

export function PatientTable({
  search,
  rows,
  total,
  loading,
  emptyText,
  onSortChange,
  onPageChange,
  onPerPageChange,
  selectedIds,
  onSelectionChange,
}: PatientTableProps) {
  const sort: TableSort = { key: search.sort, direction: search.direction };
  return (
    <DataTable
      caption="Patients"
      columns={search.columns.map((key) => COLUMNS[key])}
      fit={{ minWidth: '60rem' }}
      rows={rows}
      getRowId={(patient) => patient.id}
      getRowLabel={(patient) => patient.name}
      selectable
      selectedIds={selectedIds}
      onSelectionChange={onSelectionChange}
      selectAllLabel="Select all patients on this page"
      total={total}
      page={search.page}
      perPage={search.perPage}
      onPageChange={onPageChange}
      onPerPageChange={(perPage) => onPerPageChange(perPage as PatientSearch['perPage'])}
      sort={sort}
      onSortChange={(next) => {
        if (isPatientSort(next.key)) onSortChange(next.key, next.direction);
      }}
      loading={loading}
      emptyText={emptyText}
    />
  );
}
