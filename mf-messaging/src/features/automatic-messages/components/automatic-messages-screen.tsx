import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { notifyError, notifySuccess } from '@baridesk/api-client';
import { AUTOMATIC_RULE_SORTS, MESSAGE_CHANNEL_LABELS, type AutomaticRule } from '@baridesk/contracts';
import { formatAmount } from '@baridesk/domain';
import { Badge, Button, HStack, Link, PageFrame, Stack, Text } from '@baridesk/ui';
import {
  QueryDataTable,
  RecordListFilters,
  TruncatedText,
  actionsColumn,
  listQueryParams,
  statusFilterValue,
  statusToggleColumn,
  useDeleteWithConfirm,
  useListParams,
  type DataTableColumn,
} from '@baridesk/ui/lists';
import { useAutomaticMessages } from '../api/get-automatic-messages';
import { useDeleteAutomaticMessage, useRunAutomaticMessages, useSwitchAutomaticMessage } from '../api/save-automatic-message';
import { AutomaticMessageFormModal } from './automatic-message-form-modal';
import { describeRule } from './describe-rule';

/**
 * /automatic-messages: the program's rules, each sending its message once per patient and trigger when
 * the daily run (early morning in the program's time zone) finds the patient due. Listed, searched,
 * switched on and off, added, edited and deleted; Run now checks them at once.
 */
export default function AutomaticMessagesScreen() {
  const list = useListParams({ sort: 'created_at', direction: 'asc' });
  const statusFilter = list.filters.status ?? '';
  const params = listQueryParams(list, AUTOMATIC_RULE_SORTS, 'created_at');
  const query = useAutomaticMessages({ ...params, status: statusFilterValue(statusFilter) });
  const toggle = useSwitchAutomaticMessage();
  const remove = useDeleteAutomaticMessage();
  const run = useRunAutomaticMessages();
  const [editing, setEditing] = useState<AutomaticRule | 'new' | null>(null);

  const { askDelete, dialog } = useDeleteWithConfirm<AutomaticRule>({
    question: (rule) => ({
      title: 'Delete automatic message',
      message:
        `Delete the automatic message "${rule.title}"? Patients stop getting it; what it already sent stays in their inboxes.` +
        (rule.trigger === 'no_weight_logged' ? ' It is the weight reminder: the reminder is switched off.' : ''),
    }),
    remove: (rule) => remove.mutateAsync(rule.id),
    notifySuccess,
    notifyError,
  });

  const columns: DataTableColumn<AutomaticRule>[] = [
    {
      key: 'title',
      header: 'Title',
      sortable: true,
      render: (rule) => (
        <Stack gap="1">
          <HStack gap="2" wrap="wrap">
            <Text as="span" fontWeight="semibold">
              {rule.title}
            </Text>
            {rule.trigger === 'no_weight_logged' ? <Badge colorPalette="gray">Weight reminder</Badge> : null}
          </HStack>
          <Text as="span" color="fg.muted" textStyle="sm">
            <TruncatedText text={rule.message} />
          </Text>
        </Stack>
      ),
    },
    { key: 'trigger', header: 'Sent when', sortable: true, render: (rule) => describeRule(rule) },
    { key: 'channels', header: 'Channels', render: (rule) => rule.channels.map((c) => MESSAGE_CHANNEL_LABELS[c]).join(', ') },
    { key: 'sent_count', header: 'Sent', align: 'end', render: (rule) => formatAmount(rule.sent_count) },
    statusToggleColumn<AutomaticRule>(
      (rule) => `${rule.title} on`,
      (rule, status) => toggle.mutate({ id: rule.id, message_field_status: status }),
    ),
    actionsColumn<AutomaticRule>({ name: (rule) => rule.title, onEdit: (rule) => setEditing(rule), onDelete: (rule) => void askDelete(rule) }),
  ];

  return (
    <PageFrame
      title="Automatic Messages"
      actions={
        <>
          <Button variant="outline" colorPalette="gray" onClick={() => run.mutate()} loading={run.isPending}>
            Run now
          </Button>
          <Button onClick={() => setEditing('new')}>Add automatic message</Button>
        </>
      }
    >
      <Text color="fg.muted" mb="4" maxW="prose">
        Each automatic message is sent once to every patient it becomes due for: so many days after signup, before or after
        the surgery date, in a stage, without a weigh-in, or before a checklist item is due. They are checked every morning.
        The “No weight logged” message is the{' '}
        <Link asChild color="fg.link">
          <RouterLink to="/weight-reminder-message">weight reminder</RouterLink>
        </Link>
        .
      </Text>
      <RecordListFilters list={list} searchLabel="Search automatic messages" placeholder="Search automatic messages…" />
      <QueryDataTable
        query={query}
        errorTitle="The automatic messages could not be loaded."
        caption="Automatic messages"
        columns={columns}
        getRowId={(rule) => rule.id}
        getRowLabel={(rule) => rule.title}
        {...list.tableProps}
        emptyText={params.search || statusFilter ? 'No automatic messages match your search.' : 'No automatic messages yet. Add the first one.'}
      />
      {editing ? <AutomaticMessageFormModal rule={editing === 'new' ? undefined : editing} onClose={() => setEditing(null)} /> : null}
      {dialog}
    </PageFrame>
  );
}
