import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { MESSAGE_CHANNEL_LABELS, ON_DEMAND_MESSAGE_SORTS, type SentMessage } from '@baridesk/contracts';
import { formatAmount, formatDateTime } from '@baridesk/domain';
import { Button, Link, PageFrame, Stack, Text } from '@baridesk/ui';
import { QueryDataTable, RecordListFilters, TruncatedText, listQueryParams, useListParams, type DataTableColumn } from '@baridesk/ui/lists';
import { useOnDemandMessages } from '../api/on-demand-messages';
import { MessageStatusBadge } from './delivery-views';
import { SendMessageModal } from './send-message-modal';

/**
 * /on-demand-messages: the messages the program's staff sent now to chosen patients or a filter of the
 * patient list, newest first, searched and paged; New message composes and sends one.
 */
export default function OnDemandMessagesScreen() {
  const list = useListParams({ sort: 'created_at', direction: 'desc' });
  const params = listQueryParams(list, ON_DEMAND_MESSAGE_SORTS, 'created_at');
  const query = useOnDemandMessages(params);
  const [composing, setComposing] = useState(false);

  const columns: DataTableColumn<SentMessage>[] = [
    {
      key: 'title',
      header: 'Title',
      sortable: true,
      render: (message) => (
        <Stack gap="1">
          <Link asChild fontWeight="semibold">
            <RouterLink to={`/on-demand-messages/${message.id}/show`}>{message.title}</RouterLink>
          </Link>
          <Text as="span" color="fg.muted" textStyle="sm">
            <TruncatedText text={message.message} />
          </Text>
        </Stack>
      ),
    },
    { key: 'channels', header: 'Channels', render: (message) => message.channels.map((c) => MESSAGE_CHANNEL_LABELS[c]).join(', ') },
    {
      key: 'recipient_count',
      header: 'Recipients',
      sortable: true,
      align: 'end',
      render: (message) => (message.recipient_count === null ? '—' : formatAmount(message.recipient_count)),
    },
    { key: 'status', header: 'Status', render: (message) => <MessageStatusBadge status={message.status} /> },
    { key: 'created_at', header: 'Sent', sortable: true, render: (message) => formatDateTime(message.created_at) },
    { key: 'created_by_name', header: 'By', render: (message) => message.created_by_name ?? '' },
  ];

  return (
    <PageFrame title="On-Demand Messages" actions={<Button onClick={() => setComposing(true)}>New message</Button>}>
      <Text color="fg.muted" mb="4" maxW="prose">
        A message sent now to the patients you choose, or to every patient matching filters of the patient list, in the app
        inbox and, if you like, by e-mail and push notification.
      </Text>
      <RecordListFilters list={list} searchLabel="Search messages" placeholder="Search messages…" status={false} />
      <QueryDataTable
        query={query}
        errorTitle="The messages could not be loaded."
        caption="On-demand messages"
        columns={columns}
        getRowId={(message) => message.id}
        {...list.tableProps}
        emptyText={params.search ? 'No messages match your search.' : 'No messages sent yet. Send the first one with New message.'}
      />
      {composing ? <SendMessageModal onClose={() => setComposing(false)} /> : null}
    </PageFrame>
  );
}
