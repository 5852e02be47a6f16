import { useState } from 'react';
import { useParams } from 'react-router-dom';
import { MESSAGE_CHANNEL_LABELS, type SentMessageDetail } from '@baridesk/contracts';
import { formatAmount, formatDateTime } from '@baridesk/domain';
import { Box, Button, DetailRow, HStack, Heading, PageFrame, Spinner, Stack, Text, chakra } from '@baridesk/ui';
import { LoadError } from '@baridesk/ui/lists';
import { Accordion, useConfirm } from '@baridesk/ui/overlays';
import { isSending } from '../../on-demand-messages/api/on-demand-messages';
import { DeliverySummaryTable, MessageStatusBadge, RecipientsTable } from '../../on-demand-messages/components/delivery-views';
import { describeAudience } from '../../on-demand-messages/compose/describe-audience';
import { useScheduleAction, useScheduledMessage } from '../api/scheduled-messages';
import { ScheduleMessageModal } from './schedule-message-modal';
import { ScheduledStatusBadge, describeSchedule } from './scheduled-status';

/**
 * /scheduled-message/:id/show: the schedule (when, to whom, what), Pause or Resume, Edit before the next
 * run, Cancel after asking; and each run with its deliveries per channel and its recipients.
 */
export default function ScheduledMessageShowScreen() {
  const id = Number(useParams().id);
  const query = useScheduledMessage(id);
  const action = useScheduleAction();
  const { confirm, dialog } = useConfirm();
  const [editing, setEditing] = useState(false);
  const message = query.data?.data;
  const crumbs = [{ label: 'Scheduled Messages', to: '/scheduled-messages' }, { label: message?.title ?? 'Scheduled message' }];

  if (query.isError) {
    return (
      <PageFrame title="Scheduled message" breadcrumbs={crumbs}>
        <LoadError title="The scheduled message could not be loaded." message={query.error.message} onRetry={() => void query.refetch()} />
      </PageFrame>
    );
  }
  if (!message) {
    return (
      <PageFrame title="Scheduled message" breadcrumbs={crumbs}>
        <Spinner aria-label="Loading the scheduled message" />
      </PageFrame>
    );
  }

  const open = message.status === 'active' || message.status === 'paused';
  const cancel = async () => {
    const yes = await confirm({
      title: 'Cancel scheduled message',
      message: `Cancel "${message.title}"? No further run is sent; what was sent stays in the patients' inboxes.`,
      confirmLabel: 'Cancel message',
      cancelLabel: 'Keep it',
      destructive: true,
    });
    if (yes) action.mutate({ id, action: 'cancel' });
  };

  return (
    <PageFrame
      title={message.title}
      breadcrumbs={crumbs}
      actions={
        open ? (
          <HStack gap="2" wrap="wrap">
            <Button variant="outline" colorPalette="gray" onClick={() => setEditing(true)}>
              Edit
            </Button>
            {message.status === 'active' ? (
              <Button variant="outline" colorPalette="gray" loading={action.isPending} onClick={() => action.mutate({ id, action: 'pause' })}>
                Pause
              </Button>
            ) : (
              <Button variant="outline" colorPalette="gray" loading={action.isPending} onClick={() => action.mutate({ id, action: 'resume' })}>
                Resume
              </Button>
            )}
            <Button colorPalette="red" variant="outline" onClick={() => void cancel()}>
              Cancel message
            </Button>
          </HStack>
        ) : undefined
      }
    >
      <Stack gap="6">
        <chakra.dl maxW="3xl">
          <DetailRow term="Status">
            <ScheduledStatusBadge status={message.status} />
          </DetailRow>
          <DetailRow term="Schedule">{describeSchedule(message)}</DetailRow>
          <DetailRow term="Next run">{message.next_run_at ? formatDateTime(message.next_run_at) : 'None'}</DetailRow>
          <DetailRow term="Message">
            <Box whiteSpace="pre-wrap">{message.message}</Box>
          </DetailRow>
          <DetailRow term="Channels">{message.channels.map((c) => MESSAGE_CHANNEL_LABELS[c]).join(', ')}</DetailRow>
          <DetailRow term="Audience">{describeAudience(message.audience)}</DetailRow>
          <DetailRow term="Scheduled">
            {formatDateTime(message.created_at)}
            {message.created_by_name ? ` by ${message.created_by_name}` : ''}
          </DetailRow>
        </chakra.dl>
        <Box as="section" aria-labelledby="runs">
          <Heading as="h2" size="md" mb="3" id="runs">
            Runs ({message.runs_count})
          </Heading>
          {message.runs.length === 0 ? (
            <Text color="fg.muted">No run yet.</Text>
          ) : (
            <Accordion.Root collapsible multiple defaultValue={[String(message.runs[0]!.id)]}>
              {message.runs.map((run) => (
                <RunItem key={run.id} run={run} />
              ))}
            </Accordion.Root>
          )}
        </Box>
      </Stack>
      {editing ? <ScheduleMessageModal message={message} onClose={() => setEditing(false)} /> : null}
      {dialog}
    </PageFrame>
  );
}

function RunItem({ run }: { run: SentMessageDetail }) {
  return (
    <Accordion.Item value={String(run.id)}>
      <Accordion.ItemTrigger>
        <HStack flex="1" gap="3" wrap="wrap">
          <Text fontWeight="medium">{formatDateTime(run.run_at ?? run.created_at)}</Text>
          <MessageStatusBadge status={run.status} />
          <Text color="fg.muted">{run.recipient_count === null ? 'recipients not counted yet' : `${formatAmount(run.recipient_count)} recipients`}</Text>
        </HStack>
        <Accordion.ItemIndicator />
      </Accordion.ItemTrigger>
      <Accordion.ItemContent>
        <Accordion.ItemBody>
          <Stack gap="4">
            <DeliverySummaryTable summary={run.summary} channels={run.channels} caption={`Deliveries of the run of ${formatDateTime(run.run_at ?? run.created_at)}`} />
            <RecipientsTable path={`scheduled-messages/runs/${run.id}/recipients`} channels={run.channels} refresh={isSending(run)} />
          </Stack>
        </Accordion.ItemBody>
      </Accordion.ItemContent>
    </Accordion.Item>
  );
}
