import { useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { SCHEDULED_MESSAGE_SORTS, type ScheduledMessage, type ScheduledMessageStatus } from '@baridesk/contracts';
import { formatDateTime } from '@baridesk/domain';
import { Button, Flex, Link, PageFrame, Stack, Text } from '@baridesk/ui';
import { FilterSelect, QueryDataTable, SearchBox, TruncatedText, listQueryParams, useListParams, type DataTableColumn } from '@baridesk/ui/lists';
import { useScheduledMessages } from '../api/scheduled-messages';
import { ScheduleMessageModal } from './schedule-message-modal';
import { SCHEDULED_STATUS_OPTIONS, ScheduledStatusBadge, describeSchedule } from './scheduled-status';

/**
 * /scheduled-messages: messages sent at a set date and time, once or again (daily, weekly on days,
 * monthly), in the program's time zone or each patient's; listed by their next run, searched, filtered
 * by status; Schedule a message composes one.
 */
export default function ScheduledMessagesScreen() {
  const list = useListParams({ sort: 'next_run_at', direction: 'asc' });
  const params = listQueryParams(list, SCHEDULED_MESSAGE_SORTS, 'next_run_at');
  const status = (list.filters.status ?? '') as ScheduledMessageStatus | '';
  const query = useScheduledMessages({ ...params, status: status || undefined });
  const [composing, setComposing] = useState(false);
  const navigate = useNavigate();

  const columns: DataTableColumn<ScheduledMessage>[] = [
    {
      key: 'title',
      header: 'Title',
      sortable: true,
      render: (message) => (
        <Stack gap="1">
          <Link asChild fontWeight="semibold">
            <RouterLink to={`/scheduled-message/${message.id}/show`}>{message.title}</RouterLink>
          </Link>
          <Text as="span" color="fg.muted" textStyle="sm">
            <TruncatedText text={message.message} />
          </Text>
        </Stack>
      ),
    },
    { key: 'schedule', header: 'Schedule', render: (message) => describeSchedule(message) },
    { key: 'next_run_at', header: 'Next run', sortable: true, render: (message) => (message.next_run_at ? formatDateTime(message.next_run_at) : '—') },
    { key: 'runs_count', header: 'Runs', align: 'end', render: (message) => String(message.runs_count) },
    { key: 'status', header: 'Status', sortable: true, render: (message) => <ScheduledStatusBadge status={message.status} /> },
  ];

  return (
    <PageFrame title="Scheduled Messages" actions={<Button onClick={() => setComposing(true)}>Schedule a message</Button>}>
      <Text color="fg.muted" mb="4" maxW="prose">
        A message sent at the date and time you choose, once or repeating, to chosen patients or to patients matching filters of
        the patient list. A message due while the service was down is sent when it is back, once.
      </Text>
      <Flex gap="3" mb="4" wrap="wrap" align="flex-end">
        <SearchBox label="Search scheduled messages" hideLabel placeholder="Search scheduled messages…" maxW="sm" value={list.search} onCommit={list.setSearch} />
        <FilterSelect label="Status" hideLabel anyLabel="All statuses" width="52" value={status} options={SCHEDULED_STATUS_OPTIONS} onChange={(value) => list.setFilter('status', value)} />
      </Flex>
      <QueryDataTable
        query={query}
        errorTitle="The scheduled messages could not be loaded."
        caption="Scheduled messages"
        columns={columns}
        getRowId={(message) => message.id}
        {...list.tableProps}
        emptyText={params.search || status ? 'No scheduled messages match.' : 'Nothing scheduled yet. Schedule the first message.'}
      />
      {composing ? (
        <ScheduleMessageModal onClose={() => setComposing(false)} onSaved={(saved) => void navigate(`/scheduled-message/${saved.id}/show`)} />
      ) : null}
    </PageFrame>
  );
}
