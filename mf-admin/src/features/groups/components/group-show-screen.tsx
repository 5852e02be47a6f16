import { useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { notifyError, notifySuccess } from '@baridesk/api-client';
import { GROUP_MEMBER_SORTS, type GroupMember } from '@baridesk/contracts';
import { formatDate } from '@baridesk/domain';
import { Badge, Button, HStack, PageFrame, Spinner, Text, VisuallyHidden } from '@baridesk/ui';
import { LoadError, QueryDataTable, RecordListFilters, listQueryParams, useListParams, type DataTableColumn } from '@baridesk/ui/lists';
import { useConfirm } from '@baridesk/ui/overlays';
import { StatusBadge } from '@baridesk/ui/resources';
import { useGroup, useRemoveMember } from '../api/group-calls';
import { groupPaths, patientCount } from '../groups-view';
import { SendGroupMessageDialog } from './send-group-message-dialog';

/**
 * /admin/groups/:id/show: a group and its members (of any program), searched and paged; Remove after a
 * question; Send message to every active member (the dialog names how many first).
 */
export default function GroupShowScreen() {
  const { id: idParam } = useParams();
  const id = idParam && /^[1-9]\d*$/.test(idParam) ? Number(idParam) : null;
  const list = useListParams({ sort: 'name', direction: 'asc' });
  const params = listQueryParams(list, GROUP_MEMBER_SORTS, 'name');
  const query = useGroup(id, params);
  const remove = useRemoveMember();
  const [sending, setSending] = useState(false);
  const group = query.data?.group;
  const { confirm, dialog } = useConfirm();
  const askRemove = async (member: GroupMember) => {
    const go = await confirm({
      title: 'Remove from group',
      message: `Remove ${member.name} (${member.program_name}) from ${group?.name ?? 'the group'}? They get no more of its messages; the patient is not changed.`,
      confirmLabel: 'Remove',
      destructive: true,
    });
    if (!go) return;
    try {
      notifySuccess((await remove.mutateAsync({ group_id: id!, patient_id: member.patient_id })).message);
    } catch (error) {
      notifyError(error);
    }
  };

  const columns: DataTableColumn<GroupMember>[] = [
    { key: 'name', header: 'Name', sortable: true, render: (m) => m.name },
    { key: 'email', header: 'E-mail', render: (m) => m.email ?? '' },
    { key: 'program', header: 'Program', sortable: true, render: (m) => m.program_name },
    { key: 'status', header: 'Status', render: (m) => <StatusBadge status={m.status} /> },
    { key: 'added_at', header: 'Added', sortable: true, render: (m) => formatDate(m.added_at) },
    {
      key: 'actions',
      header: 'Actions',
      render: (m) => (
        <Button size="xs" variant="outline" colorPalette="red" onClick={() => void askRemove(m)}>
          Remove
          <VisuallyHidden>{` ${m.name}`}</VisuallyHidden>
        </Button>
      ),
    },
  ];

  if (id === null) {
    return (
      <PageFrame title="Group not found" breadcrumbs={[{ label: 'Groups', to: groupPaths.list }, { label: 'Not found' }]}>
        <Text role="alert">This address names no group.</Text>
      </PageFrame>
    );
  }
  const actions = group ? (
    <HStack gap="2">
      <Button asChild variant="outline">
        <RouterLink to={groupPaths.edit(group.id)}>Edit</RouterLink>
      </Button>
      <Button onClick={() => setSending(true)} disabled={group.status !== 1 || group.members_count === 0}>
        Send message
      </Button>
    </HStack>
  ) : null;
  return (
    <PageFrame title={group?.name ?? 'Group'} breadcrumbs={[{ label: 'Groups', to: groupPaths.list }, { label: group?.name ?? 'Group' }]} actions={actions}>
      {query.isPending ? (
        <Spinner aria-label="Loading the group" />
      ) : query.isError && !query.data ? (
        <LoadError title="The group could not be loaded." message={query.error.message} onRetry={() => void query.refetch()} />
      ) : group ? (
        <>
          <HStack gap="3" mb="4" wrap="wrap">
            <Text>{patientCount(group.members_count)}</Text>
            {group.status === 1 ? <Badge colorPalette="green">Active</Badge> : <Badge colorPalette="gray">Inactive: switch it on in the list to message it</Badge>}
          </HStack>
          <RecordListFilters list={list} status={false} searchLabel="Search members" placeholder="Name or e-mail…" />
          <QueryDataTable
            query={{ ...query, data: query.data ? { data: query.data.members } : undefined }}
            errorTitle="The members could not be loaded."
            caption={`Members of ${group.name}`}
            columns={columns}
            getRowId={(m) => m.patient_id}
            {...list.tableProps}
            emptyText={list.search.trim() ? 'No member matches.' : 'The group has no members. Add patients with Edit.'}
          />
          {sending ? <SendGroupMessageDialog group={group} onClose={() => setSending(false)} /> : null}
          {dialog}
        </>
      ) : null}
    </PageFrame>
  );
}
