import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { notifyError, notifySuccess } from '@baridesk/api-client';
import { INSURANCE_COORDINATOR_SORTS, type InsuranceCoordinator } from '@baridesk/contracts';
import { formatAmount, formatPhone } from '@baridesk/domain';
import { Link } from '@baridesk/ui';
import {
  QueryDataTable,
  RecordListFilters,
  actionsColumn,
  listQueryParams,
  statusFilterValue,
  statusToggleColumn,
  useDeleteWithConfirm,
  useListParams,
  type DataTableColumn,
} from '@baridesk/ui/lists';
import { useDeleteInsuranceCoordinator } from '../api/delete-insurance-coordinator';
import { useInsuranceCoordinators } from '../api/get-insurance-coordinators';
import { useToggleInsuranceCoordinatorStatus } from '../api/toggle-insurance-coordinator-status';

const patientsText = (count: number) => (count === 1 ? '1 patient' : `${formatAmount(count)} patients`);

/** The program's coordinators: searched, filtered, sorted and paged by the server; switched on and off, edited, deleted. */
export function InsuranceCoordinatorsList() {
  const navigate = useNavigate();
  const list = useListParams({ sort: 'name', direction: 'asc' });
  const statusFilter = list.filters.status ?? '';
  const remove = useDeleteInsuranceCoordinator();
  const toggle = useToggleInsuranceCoordinatorStatus();

  const params = listQueryParams(list, INSURANCE_COORDINATOR_SORTS, 'name');
  const query = useInsuranceCoordinators({ ...params, status: statusFilterValue(statusFilter) });

  const { askDelete, dialog } = useDeleteWithConfirm<InsuranceCoordinator>({
    question: (coordinator) => {
      // The server refuses a coordinator with patients (409, with the count); say so before asking.
      const inUse =
        coordinator.patients_count > 0
          ? ` ${patientsText(coordinator.patients_count)} ${coordinator.patients_count === 1 ? 'has' : 'have'} this coordinator, so it cannot be deleted until they are given another.`
          : '';
      return { title: 'Delete insurance coordinator', message: `Delete ${coordinator.name}?${inUse}` };
    },
    remove: (coordinator) => remove.mutateAsync({ id: coordinator.id }),
    notifySuccess,
    notifyError,
  });

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
    statusToggleColumn(
      (coordinator) => `${coordinator.name} active`,
      (coordinator, status) => toggle.mutate({ id: coordinator.id, status }),
    ),
    actionsColumn({
      name: (coordinator) => coordinator.name,
      onEdit: (coordinator) => void navigate(`/insurance-coordinator/${coordinator.id}/edit`),
      onDelete: (coordinator) => void askDelete(coordinator),
    }),
  ];

  return (
    <>
      <RecordListFilters list={list} searchLabel="Search coordinators" placeholder="Name, e-mail or phone…" />
      <QueryDataTable
        query={query}
        errorTitle="The coordinators could not be loaded."
        caption="Insurance coordinators"
        columns={columns}
        getRowId={(coordinator) => coordinator.id}
        {...list.tableProps}
        emptyText={params.search || statusFilter ? 'No coordinators match your search.' : 'No coordinators yet. Add the first one above.'}
      />
      {dialog}
    </>
  );
}
