import { Link as RouterLink } from 'react-router-dom';
import { Badge, HStack, Link } from '@baridesk/ui';
import { DataTable, type DataTableColumn, type TableSort } from '@baridesk/ui/lists';
import { PATIENT_SORTS, type PatientListItem, type PatientSort } from '@baridesk/contracts';
import { formatAmount, formatDate, formatPhone, stageLabel } from '@baridesk/domain';
import type { PatientSearch } from '../utils/patient-search';

const COLUMNS: DataTableColumn<PatientListItem>[] = [
  {
    key: 'name',
    header: 'Name',
    sortable: true,
    render: (patient) => (
      <Link asChild colorPalette="brand" fontWeight="medium">
        <RouterLink to={`/patient-detail/${patient.id}`}>{patient.name}</RouterLink>
      </Link>
    ),
  },
  { key: 'mrn_number', header: 'MRN', sortable: true, render: (patient) => patient.mrn_number ?? '' },
  { key: 'email', header: 'Email', sortable: true, render: (patient) => patient.email ?? '' },
  { key: 'phone', header: 'Phone', sortable: true, render: (patient) => formatPhone(patient.phone) },
  { key: 'current_stage', header: 'Stage', sortable: true, render: (patient) => stageLabel(patient.current_stage) },
  {
    key: 'surgery_date',
    header: 'Surgery date',
    sortable: true,
    render: (patient) => formatDate(patient.surgery_date),
  },
  { key: 'type_of_surgery', header: 'Surgery type', sortable: true, render: (patient) => patient.type_of_surgery ?? '' },
  {
    key: 'current_weight',
    header: 'Current weight',
    sortable: true,
    align: 'end',
    render: (patient) => (patient.current_weight === null ? '' : `${formatAmount(patient.current_weight)} lb`),
  },
  {
    // Sorted by the first tag's name, then the second's.
    key: 'tags',
    header: 'Tags',
    sortable: true,
    render: (patient) => {
      const tags = [patient.user_cat_name, patient.user_cat_name2].filter((tag): tag is string => Boolean(tag));
      return (
        <HStack gap="1" wrap="wrap">
          {tags.map((tag) => (
            <Badge key={tag} variant="subtle">
              {tag}
            </Badge>
          ))}
        </HStack>
      );
    },
  },
];

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
      columns={COLUMNS}
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
