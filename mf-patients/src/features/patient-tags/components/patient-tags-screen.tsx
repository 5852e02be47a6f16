import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { notifyError, notifySuccess } from '@baridesk/api-client';
import { PATIENT_TAG_SORTS, type PatientTag } from '@baridesk/contracts';
import { formatAmount, formatDate } from '@baridesk/domain';
import { Button, PageFrame } from '@baridesk/ui';
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
import { useDeletePatientTag } from '../api/delete-patient-tag';
import { usePatientTags } from '../api/get-patient-tags';
import { useTogglePatientTagStatus } from '../api/toggle-patient-tag-status';

const patientsText = (count: number) => (count === 1 ? '1 patient' : `${formatAmount(count)} patients`);

/** /user-category: the program's patient tags, searched, sorted and paged by the server, switched on and off. */
export default function PatientTagsScreen() {
  const navigate = useNavigate();
  const list = useListParams({ sort: 'name', direction: 'asc' });
  const statusFilter = list.filters.status ?? '';
  const remove = useDeletePatientTag();
  const toggle = useTogglePatientTagStatus();

  const params = listQueryParams(list, PATIENT_TAG_SORTS, 'name');
  const query = usePatientTags({ ...params, status: statusFilterValue(statusFilter) });

  const { askDelete, dialog } = useDeleteWithConfirm<PatientTag>({
    question: (tag) => {
      // The server refuses a tag in use (409, with the count); say so before asking.
      const inUse = tag.patients_count > 0 ? ` It is on ${patientsText(tag.patients_count)}, so it cannot be deleted until it is removed from them.` : '';
      return { title: 'Delete tag', message: `Delete the tag "${tag.name}"?${inUse}` };
    },
    remove: (tag) => remove.mutateAsync({ id: tag.id }),
    notifySuccess,
    notifyError,
  });

  const columns: DataTableColumn<PatientTag>[] = [
    { key: 'name', header: 'Name', sortable: true },
    { key: 'patients_count', header: 'Patients', sortable: true, align: 'end', render: (tag) => formatAmount(tag.patients_count) },
    statusToggleColumn(
      (tag) => `${tag.name} active`,
      (tag, status) => toggle.mutate({ id: tag.id, status }),
    ),
    { key: 'updated_at', header: 'Updated', sortable: true, render: (tag) => formatDate(tag.updated_at) },
    actionsColumn({
      name: (tag) => tag.name,
      onEdit: (tag) => void navigate(`/category-form?id=${tag.id}`),
      onDelete: (tag) => void askDelete(tag),
    }),
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
      <RecordListFilters list={list} searchLabel="Search tags" placeholder="Search tags…" />
      <QueryDataTable
        query={query}
        errorTitle="The tags could not be loaded."
        caption="Patient tags"
        columns={columns}
        getRowId={(tag) => tag.id}
        {...list.tableProps}
        emptyText={params.search || statusFilter ? 'No tags match your search.' : 'No tags yet. Add the first one.'}
      />
      {dialog}
    </PageFrame>
  );
}
