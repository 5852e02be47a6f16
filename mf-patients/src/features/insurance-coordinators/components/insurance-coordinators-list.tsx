import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { notifyError, notifySuccess } from '@baridesk/api-client';
import { INSURANCE_COORDINATOR_SORTS, type InsuranceCoordinator, type InsuranceCoordinatorSort } from '@baridesk/contracts';
import { formatAmount, formatPhone } from '@baridesk/domain';
import { Flex, Link } from '@baridesk/ui';
import { useConfirm } from '@baridesk/ui/overlays';
import { DataTable, FilterSelect, LoadError, RowActions, SearchBox, useListParams, type DataTableColumn } from '@baridesk/ui/lists';
import { ToggleSwitch } from '@baridesk/ui/controls';
import { useDeleteInsuranceCoordinator } from '../api/delete-insurance-coordinator';
import { useInsuranceCoordinators } from '../api/get-insurance-coordinators';
import { useToggleInsuranceCoordinatorStatus } from '../api/toggle-insurance-coordinator-status';

const STATUS_FILTERS = [
  { value: '1', label: 'Active' },
  { value: '0', label: 'Inactive' },
];

const isSort = (key: string): key is InsuranceCoordinatorSort => (INSURANCE_COORDINATOR_SORTS as readonly string[]).includes(key);
const patientsText = (count: number) => (count === 1 ? '1 patient' : `${formatAmount(count)} patients`);

/** The program's coordinators: searched, filtered, sorted and paged by the server; switched on and off, edited, deleted. */
export function InsuranceCoordinatorsList() {
  const navigate = useNavigate();
  const list = useListParams({ sort: 'name', direction: 'asc' });
  const statusFilter = list.filters.status ?? '';
  const search = list.search.trim();
  const { confirm, dialog } = useConfirm();
  const remove = useDeleteInsuranceCoordinator();
  const toggle = useToggleInsuranceCoordinatorStatus();

  const query = useInsuranceCoordinators({
    page: list.page,
    perPage: list.perPage,
    sort: isSort(list.sort) ? list.sort : 'name',
    direction: list.direction,
    search: search || undefined,
    status: statusFilter === '' ? undefined : statusFilter === '1' ? 1 : 0,
  });
  const rows = query.data?.data.data ?? [];

  const askDelete = async (coordinator: InsuranceCoordinator) => {
    // The server refuses a coordinator with patients (409, with the count); say so before asking.
    const inUse =
      coordinator.patients_count > 0
        ? ` ${patientsText(coordinator.patients_count)} ${coordinator.patients_count === 1 ? 'has' : 'have'} this coordinator, so it cannot be deleted until they are given another.`
        : '';
    const confirmed = await confirm({
      title: 'Delete insurance coordinator',
      message: `Delete ${coordinator.name}?${inUse}`,
      confirmLabel: 'Delete',
    });
    if (!confirmed) return;
    try {
      const { message } = await remove.mutateAsync({ id: coordinator.id });
      notifySuccess(message);
    } catch (error) {
      notifyError(error);
    }
  };

  const columns: DataTableColumn<InsuranceCoordinator>[] = [
    {
      key: 'name',
      header: 'Name',
      sortable: true,
      render: (coordinator) => (
        <Link asChild>
          <RouterLink to={`/insurance-coordinator/${coordinator.id}/show`}>{coordinator.name}</RouterLink>
        </Link>
      ),
    },
    { key: 'email', header: 'E-mail', sortable: true, render: (coordinator) => coordinator.email ?? '' },
    { key: 'phone', header: 'Phone', sortable: true, render: (coordinator) => formatPhone(coordinator.phone) },
    {
      key: 'patients_count',
      header: 'Patients',
      sortable: true,
      align: 'end',
      render: (coordinator) => formatAmount(coordinator.patients_count),
    },
    {
      key: 'status',
      header: 'Status',
      sortable: true,
      render: (coordinator) => (
        <ToggleSwitch
          label={`${coordinator.name} active`}
          hideLabel
          checked={coordinator.status === 1}
          onChange={(checked) => toggle.mutate({ id: coordinator.id, status: checked ? 1 : 0 })}
        />
      ),
    },
    {
      key: 'actions',
      header: 'Actions',
      align: 'end',
      render: (coordinator) => (
        <RowActions
          name={coordinator.name}
          onEdit={() => void navigate(`/insurance-coordinator/${coordinator.id}/edit`)}
          onDelete={() => void askDelete(coordinator)}
        />
      ),
    },
  ];

  return (
    <>
      <Flex gap="3" mb="4" wrap="wrap" align="flex-end">
        <SearchBox
          label="Search coordinators"
          hideLabel
          placeholder="Name, e-mail or phone…"
          maxW="sm"
          value={list.search}
          onCommit={list.setSearch}
        />
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
        <LoadError title="The coordinators could not be loaded." message={query.error.message} onRetry={() => void query.refetch()} mb="4" />
      ) : null}
      <DataTable
        caption="Insurance coordinators"
        columns={columns}
        rows={rows}
        getRowId={(coordinator) => coordinator.id}
        total={query.data?.data.total ?? 0}
        {...list.tableProps}
        loading={query.isFetching}
        emptyText={search || statusFilter ? 'No coordinators match your search.' : 'No coordinators yet. Add the first one above.'}
      />
      {dialog}
    </>
  );
}
