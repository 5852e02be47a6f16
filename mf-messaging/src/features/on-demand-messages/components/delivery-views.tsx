import { useState } from 'react';
import {
  DELIVERY_STATUS_NAMES,
  MESSAGE_CHANNEL_LABELS,
  type DeliveryChannelName,
  type DeliveryRecipient,
  type DeliveryStatusName,
  type MessageStatus,
} from '@baridesk/contracts';
import { formatAmount, formatDateTime } from '@baridesk/domain';
import { Badge, Box, Flex, Text } from '@baridesk/ui';
import { FilterSelect, QueryDataTable, SearchBox, Table, useListParams, type DataTableColumn } from '@baridesk/ui/lists';
import { useRecipients } from '../api/on-demand-messages';

const STATUS_LABELS: Readonly<Record<DeliveryStatusName, string>> = {
  queued: 'Queued',
  sent: 'Sent',
  delivered: 'Delivered',
  read: 'Read',
  failed: 'Failed',
};
const STATUS_PALETTES: Readonly<Record<DeliveryStatusName, string>> = {
  queued: 'gray',
  sent: 'blue',
  delivered: 'green',
  read: 'green',
  failed: 'red',
};
const MESSAGE_STATUS_LABELS: Readonly<Record<MessageStatus, string>> = { queued: 'Queued', sending: 'Sending', sent: 'Sent', failed: 'Failed' };

/** A message's own status: queued, sending, sent, failed. */
export function MessageStatusBadge({ status }: { status: MessageStatus }) {
  const palette = status === 'sent' ? 'green' : status === 'failed' ? 'red' : 'blue';
  return <Badge colorPalette={palette}>{MESSAGE_STATUS_LABELS[status]}</Badge>;
}

/** Per channel the message uses, how many deliveries are in each status: a table, read as one by screen readers. */
export function DeliverySummaryTable({ summary, channels, caption }: { summary: Partial<Record<DeliveryChannelName, Partial<Record<DeliveryStatusName, number>>>>; channels: readonly DeliveryChannelName[]; caption: string }) {
  return (
    <Table.Root size="sm" variant="outline" maxW="3xl">
      <Table.Caption srOnly>{caption}</Table.Caption>
      <Table.Header>
        <Table.Row>
          <Table.ColumnHeader scope="col">Channel</Table.ColumnHeader>
          {DELIVERY_STATUS_NAMES.map((status) => (
            <Table.ColumnHeader key={status} scope="col" textAlign="end">
              {STATUS_LABELS[status]}
            </Table.ColumnHeader>
          ))}
        </Table.Row>
      </Table.Header>
      <Table.Body>
        {channels.map((channel) => (
          <Table.Row key={channel}>
            <Table.Cell as="th" scope="row" fontWeight="medium">
              {MESSAGE_CHANNEL_LABELS[channel]}
            </Table.Cell>
            {DELIVERY_STATUS_NAMES.map((status) => (
              <Table.Cell key={status} textAlign="end">
                {formatAmount(summary[channel]?.[status] ?? 0)}
              </Table.Cell>
            ))}
          </Table.Row>
        ))}
      </Table.Body>
    </Table.Root>
  );
}

const STATUS_OPTIONS = DELIVERY_STATUS_NAMES.map((status) => ({ value: status, label: STATUS_LABELS[status] }));

/**
 * The recipients of a message (from `path`, the API's recipients URL), each with its status on every
 * channel and the reason of a failure; searched, filtered by status, paged; read again while `refresh`.
 */
export function RecipientsTable({ path, channels, refresh }: { path: string; channels: readonly DeliveryChannelName[]; refresh: boolean }) {
  const list = useListParams({ sort: 'name', direction: 'asc' });
  const [status, setStatus] = useState('');
  const query = useRecipients(
    path,
    { page: list.page, perPage: list.perPage, search: list.search.trim() || undefined, status: (status || undefined) as DeliveryStatusName | undefined },
    refresh,
  );
  const columns: DataTableColumn<DeliveryRecipient>[] = [
    {
      key: 'name',
      header: 'Patient',
      render: (row) => (
        <Box>
          <Text>{row.name}</Text>
          {row.email ? (
            <Text color="fg.muted" textStyle="sm">
              {row.email}
            </Text>
          ) : null}
        </Box>
      ),
    },
    ...channels.map(
      (channel): DataTableColumn<DeliveryRecipient> => ({
        key: channel,
        header: MESSAGE_CHANNEL_LABELS[channel],
        render: (row) => {
          const delivery = row.channels[channel];
          if (!delivery) return '—';
          const when = delivery.read_at ?? delivery.delivered_at ?? delivery.sent_at ?? delivery.failed_at;
          return (
            <Box>
              <Badge colorPalette={STATUS_PALETTES[delivery.status]}>{STATUS_LABELS[delivery.status]}</Badge>
              {delivery.error ? (
                <Text textStyle="sm" color="fg.error">
                  {delivery.error}
                </Text>
              ) : null}
              {when ? (
                <Text textStyle="sm" color="fg.muted">
                  {formatDateTime(when)}
                </Text>
              ) : null}
            </Box>
          );
        },
      }),
    ),
  ];
  return (
    <Box>
      <Flex gap="3" mb="3" wrap="wrap" align="flex-end">
        <SearchBox label="Search recipients" hideLabel placeholder="Search recipients…" maxW="sm" value={list.search} onCommit={list.setSearch} />
        <FilterSelect
          label="Delivery status"
          hideLabel
          anyLabel="All statuses"
          width="52"
          value={status}
          options={STATUS_OPTIONS}
          onChange={(value) => {
            setStatus(value);
            list.setPage(1);
          }}
        />
      </Flex>
      <QueryDataTable
        query={query}
        errorTitle="The recipients could not be loaded."
        caption="Recipients and their delivery status"
        columns={columns}
        getRowId={(row) => row.patient_id}
        {...list.tableProps}
        sort={undefined}
        onSortChange={undefined}
        emptyText={list.search || status ? 'No recipient matches.' : refresh ? 'The recipients are being added…' : 'This message has no recipients.'}
      />
    </Box>
  );
}
