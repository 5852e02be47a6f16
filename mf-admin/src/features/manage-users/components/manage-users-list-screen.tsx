import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { notifyError, notifySuccess } from '@baridesk/api-client';
import { MANAGE_USERS_SORTS, PATIENT_STAGE_OPTIONS, type ManageUserListItem } from '@baridesk/contracts';
import { formatPhone, stageLabel } from '@baridesk/domain';
import { Badge, Button, Link, PageFrame } from '@baridesk/ui';
import { useDownloadTask } from '@baridesk/ui/overlays';
import {
  FilterSelect,
  QueryDataTable,
  RecordListFilters,
  actionsColumn,
  listQueryParams,
  statusFilterValue,
  useDeleteWithConfirm,
  type DataTableColumn,
} from '@baridesk/ui/lists';
import { exportManageUsers, useDeleteManageUser, useManageUsers, useManageUsersPrograms } from '../api/manage-users-calls';
import { useManageUsersSearch } from '../hooks/use-manage-users-search';
import { manageUserPaths } from '../manage-users-paths';

const STAGE_OPTIONS = PATIENT_STAGE_OPTIONS.map((stage) => ({ value: String(stage.id), label: stage.label }));

/**
 * /admin/manage-users: patients of every program for super admins with manage_users, searched by name,
 * e-mail, phone or MRN, filtered by program, stage and status, with each one's program; the search is
 * kept for the next visit. Excel writes what the list shows; a row opens, edits or deletes (after asking:
 * the patient is kept, inactive).
 */
export default function ManageUsersListScreen() {
  const navigate = useNavigate();
  const list = useManageUsersSearch();
  const excel = useDownloadTask();
  const criteria = {
    search: list.search.trim() || undefined,
    program: list.filters.program ? Number(list.filters.program) : undefined,
    stage: list.filters.stage ? (Number(list.filters.stage) as 1 | 2 | 3) : undefined,
    status: statusFilterValue(list.filters.status),
  };
  const params = { ...listQueryParams(list, MANAGE_USERS_SORTS, 'name'), ...criteria };
  const query = useManageUsers(params);
  const programs = useManageUsersPrograms();
  const remove = useDeleteManageUser();
  const { askDelete, dialog } = useDeleteWithConfirm<ManageUserListItem>({
    question: (patient) => ({
      title: 'Delete patient',
      message: `Delete ${patient.name} of ${patient.program_name}? The record is kept as inactive: no messages, no app, out of the reports. Staff can make it active again.`,
    }),
    remove: (patient) => remove.mutateAsync(patient.id),
    notifySuccess,
    notifyError,
  });

  const columns: DataTableColumn<ManageUserListItem>[] = [
    {
      key: 'name',
      header: 'Name',
      sortable: true,
      render: (patient) => (
        <Link asChild fontWeight="semibold">
          <RouterLink to={manageUserPaths.show(patient.id)}>{patient.name}</RouterLink>
        </Link>
      ),
    },
    { key: 'program', header: 'Program', sortable: true, render: (patient) => patient.program_name },
    { key: 'email', header: 'E-mail', sortable: true, render: (patient) => patient.email ?? '' },
    { key: 'phone', header: 'Phone', render: (patient) => (patient.phone ? formatPhone(patient.phone) : '') },
    { key: 'mrn_number', header: 'MRN', sortable: true, render: (patient) => patient.mrn_number ?? '' },
    { key: 'current_stage', header: 'Stage', sortable: true, render: (patient) => stageLabel(patient.current_stage) ?? '' },
    {
      key: 'status',
      header: 'Status',
      sortable: true,
      render: (patient) => (patient.status === 1 ? <Badge colorPalette="green">Active</Badge> : <Badge colorPalette="gray">Inactive</Badge>),
    },
    actionsColumn<ManageUserListItem>({
      name: (patient) => `${patient.name} of ${patient.program_name}`,
      onEdit: (patient) => void navigate(manageUserPaths.edit(patient.id)),
      onDelete: (patient) => void askDelete(patient),
    }),
  ];

  const filtered = Boolean(criteria.search || criteria.program || criteria.stage || list.filters.status);
  return (
    <PageFrame
      title="Manage Users"
      actions={
        <Button
          variant="outline"
          loading={excel.running}
          onClick={() =>
            void excel.download('Patients of every program (Excel)', (signal, onProgress) =>
              exportManageUsers({ ...criteria, sort: params.sort, direction: params.direction }, signal, onProgress),
            )
          }
        >
          Excel
        </Button>
      }
    >
      <RecordListFilters list={list} searchLabel="Search patients of every program" placeholder="Name, e-mail, phone or MRN…">
        <FilterSelect
          label="Program"
          hideLabel
          anyLabel={programs.isError ? 'Programs could not be loaded' : 'All programs'}
          width="60"
          value={list.filters.program ?? ''}
          disabled={!programs.data}
          options={(programs.data ?? []).map((program) => ({ value: String(program.id), label: program.name }))}
          onChange={(value) => list.setFilter('program', value)}
        />
        <FilterSelect
          label="Stage"
          hideLabel
          anyLabel="All stages"
          width="48"
          value={list.filters.stage ?? ''}
          options={STAGE_OPTIONS}
          onChange={(value) => list.setFilter('stage', value)}
        />
      </RecordListFilters>
      <QueryDataTable
        query={query}
        errorTitle="The patients could not be loaded."
        caption="Patients of every program"
        columns={columns}
        getRowId={(patient) => patient.id}
        {...list.tableProps}
        emptyText={filtered ? 'No patient matches.' : 'No program has a patient yet.'}
      />
      {dialog}
      {excel.banner}
    </PageFrame>
  );
}
