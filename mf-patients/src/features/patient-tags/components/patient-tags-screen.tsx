import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { notifyError, notifySuccess } from '@baridesk/api-client';
import { PATIENT_TAG_SORTS, type PatientTag, type PatientTagSort } from '@baridesk/contracts';
import { formatAmount, formatDate } from '@baridesk/domain';
import { Button, Flex, PageFrame } from '@baridesk/ui';
import { useConfirm } from '@baridesk/ui/overlays';
import { DataTable, FilterSelect, LoadError, RowActions, SearchBox, useListParams, type DataTableColumn } from '@baridesk/ui/lists';
import { ToggleSwitch } from '@baridesk/ui/controls';
import { useDeletePatientTag } from '../api/delete-patient-tag';
import { usePatientTags } from '../api/get-patient-tags';
import { useTogglePatientTagStatus } from '../api/toggle-patient-tag-status';

const STATUS_FILTERS = [
  { value: '1', label: 'Active' },
  { value: '0', label: 'Inactive' },
];

const isSort = (key: string): key is PatientTagSort => (PATIENT_TAG_SORTS as readonly string[]).includes(key);
const patientsText = (count: number) => (count === 1 ? '1 patient' : `${formatAmount(count)} patients`);

/** /user-category: the program's patient tags, searched, sorted and paged by the server, switched on and off. */
export default function PatientTagsScreen() {
  const navigate = useNavigate();
  const list = useListParams({ sort: 'name', direction: 'asc' });
  const statusFilter = list.filters.status ?? '';
  const search = list.search.trim();
  const { confirm, dialog } = useConfirm();
  const remove = useDeletePatientTag();
  const toggle = useTogglePatientTagStatus();

  const query = usePatientTags({
    page: list.page,
    perPage: list.perPage,
    sort: isSort(list.sort) ? list.sort : 'name',
    direction: list.direction,
    search: search || undefined,
    status: statusFilter === '' ? undefined : statusFilter === '1' ? 1 : 0,
  });
  const rows = query.data?.data.data ?? [];

  const askDelete = async (tag: PatientTag) => {
    // The server refuses a tag in use (409, with the count); say so before asking.
    const inUse = tag.patients_count > 0 ? ` It is on ${patientsText(tag.patients_count)}, so it cannot be deleted until it is removed from them.` : '';
    const confirmed = await confirm({
      title: 'Delete tag',
      message: `Delete the tag "${tag.name}"?${inUse}`,
      confirmLabel: 'Delete',
    });
    if (!confirmed) return;
    try {
      const { message } = await remove.mutateAsync({ id: tag.id });
      notifySuccess(message);
    } catch (error) {
      notifyError(error);
    }
  };

  const columns: DataTableColumn<PatientTag>[] = [
    { key: 'name', header: 'Name', sortable: true },
    { key: 'patients_count', header: 'Patients', sortable: true, align: 'end', render: (tag) => formatAmount(tag.patients_count) },
    {
      key: 'status',
      header: 'Status',
      sortable: true,
      render: (tag) => (
        <ToggleSwitch
          label={`${tag.name} active`}
          hideLabel
          checked={tag.status === 1}
          onChange={(checked) => toggle.mutate({ id: tag.id, status: checked ? 1 : 0 })}
        />
      ),
    },
    { key: 'updated_at', header: 'Updated', sortable: true, render: (tag) => formatDate(tag.updated_at) },
    {
      key: 'actions',
      header: 'Actions',
      align: 'end',
      render: (tag) => (
        <RowActions
          name={tag.name}
          onEdit={() => void navigate(`/category-form?id=${tag.id}`)}
          onDelete={() => void askDelete(tag)}
        />
      ),
    },
  ];

  return (
    <PageFrame
      title="Patient Tags"
      actions={
        <Button asChild>
          <RouterLink to="/category-form">Add Tag</RouterLink>
        </Button>
      }
    >
      <Flex gap="3" mb="4" wrap="wrap" align="flex-end">
        <SearchBox label="Search tags" hideLabel placeholder="Search tags…" maxW="sm" value={list.search} onCommit={list.setSearch} />
        <FilterSelect
          label="Status"
          hideLabel
          anyLabel="All statuses"
          width="44"
          value={statusFilter}
          options={STATUS_FILTERS}
          onChange={(value) => list.setFilter('status', value)}
        />
      </Flex>
      {query.isError ? (
        <LoadError title="The tags could not be loaded." message={query.error.message} onRetry={() => void query.refetch()} mb="4" />
      ) : null}
      <DataTable
        caption="Patient tags"
        columns={columns}
        rows={rows}
        getRowId={(tag) => tag.id}
        total={query.data?.data.total ?? 0}
        {...list.tableProps}
        loading={query.isFetching}
        emptyText={search || statusFilter ? 'No tags match your search.' : 'No tags yet. Add the first one.'}
      />
      {dialog}
    </PageFrame>
  );
}
