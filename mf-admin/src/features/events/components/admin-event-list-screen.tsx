import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { notifyError, notifySuccess } from '@baridesk/api-client';
import { ADMIN_EVENT_SORTS, type AdminEventRow } from '@baridesk/contracts';
import { Button, HStack, Link, PageFrame, Stack, Text } from '@baridesk/ui';
import {
  FilterSelect,
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
import { useAdminEvents, useDeleteAdminEvent, useToggleAdminEvent } from '../api/admin-events';
import { useAdminEventPrograms } from '../api/admin-event-programs';
import { ADMIN_EVENT_LOCATIONS_PATH, ADMIN_EVENT_STORE_PATH, adminEventEditPath, adminEventShowPath } from '../admin-event-paths';
import { eventDay, repeatWords, timeRange } from '../event-words';

/**
 * /admin/event: every program's events for super admins with manage_events, one row per single event
 * or series, paged, sorted and searched by the server, filtered by program and status; a row's
 * status switch, Edit, and Delete after asking (a series goes with all its days).
 */
export default function AdminEventListScreen() {
  const navigate = useNavigate();
  const list = useListParams({ sort: 'date', direction: 'desc' });
  const programId = list.filters.program_id ?? '';
  const query = useAdminEvents({
    ...listQueryParams(list, ADMIN_EVENT_SORTS, 'date'),
    status: statusFilterValue(list.filters.status),
    program_id: programId ? Number(programId) : undefined,
  });
  const programs = useAdminEventPrograms();
  const toggle = useToggleAdminEvent();
  const remove = useDeleteAdminEvent();
  const { askDelete, dialog } = useDeleteWithConfirm<AdminEventRow>({
    question: (event) => ({
      title: 'Delete event',
      message: event.rrule
        ? `Delete ${event.event_title} of ${event.program_title} and every day of its series? Its RSVPs and attendance go with it.`
        : `Delete ${event.event_title} of ${event.program_title}? Its RSVPs and attendance go with it.`,
    }),
    remove: (event) => remove.mutateAsync({ id: event.id }),
    notifySuccess,
    notifyError,
  });

  const columns: DataTableColumn<AdminEventRow>[] = [
    {
      key: 'event_title',
      header: 'Event',
      sortable: true,
      render: (event) => (
        <Stack gap="0">
          <Link asChild fontWeight="semibold">
            <RouterLink to={adminEventShowPath(event.id)}>{event.event_title}</RouterLink>
          </Link>
          <Text as="span" color="fg.muted" textStyle="sm">
            {event.type}
          </Text>
        </Stack>
      ),
    },
    { key: 'program_title', header: 'Program', sortable: true, render: (event) => event.program_title },
    {
      key: 'date',
      header: 'When',
      sortable: true,
      render: (event) => (
        <Stack gap="0">
          <Text as="span" whiteSpace="nowrap">
            {eventDay(event)}, {timeRange(event)}
          </Text>
          <Text as="span" color="fg.muted" textStyle="sm">
            {repeatWords(event)}
          </Text>
        </Stack>
      ),
    },
    { key: 'location', header: 'Where', render: (event) => (event.venue_type === 'online' ? 'Online' : (event.location_name ?? '')) },
    statusToggleColumn<AdminEventRow>(
      (event) => `${event.event_title} of ${event.program_title} active`,
      (event, status) => toggle.mutate({ id: event.id, status }, { onSuccess: (saved) => notifySuccess(saved.message), onError: (error) => notifyError(error) }),
    ),
    actionsColumn<AdminEventRow>({
      name: (event) => `${event.event_title} of ${event.program_title}`,
      onEdit: (event) => void navigate(adminEventEditPath(event.id)),
      onDelete: (event) => void askDelete(event),
    }),
  ];

  const filtered = Boolean(list.search.trim() || list.filters.status || programId);
  return (
    <PageFrame
      title="Events"
      actions={
        <HStack gap="2">
          <Button asChild variant="outline">
            <RouterLink to={ADMIN_EVENT_LOCATIONS_PATH}>Shared Locations</RouterLink>
          </Button>
          <Button asChild>
            <RouterLink to={ADMIN_EVENT_STORE_PATH}>Add Event</RouterLink>
          </Button>
        </HStack>
      }
    >
      <RecordListFilters list={list} searchLabel="Search events" placeholder="Title or program…">
        <FilterSelect
          label="Program"
          hideLabel
          anyLabel={programs.isError ? 'Programs could not be loaded' : 'All programs'}
          width="60"
          value={programId}
          disabled={!programs.data}
          options={(programs.data ?? []).map((program) => ({ value: String(program.id), label: program.title }))}
          onChange={(value) => list.setFilter('program_id', value)}
        />
      </RecordListFilters>
      <QueryDataTable
        query={query}
        errorTitle="The events could not be loaded."
        caption="Events of every program"
        columns={columns}
        getRowId={(event) => event.id}
        {...list.tableProps}
        emptyText={filtered ? 'No events match.' : 'No program has an event yet.'}
      />
      {dialog}
    </PageFrame>
  );
}
