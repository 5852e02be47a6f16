import { useParams } from 'react-router-dom';
import { MESSAGE_CHANNEL_LABELS } from '@baridesk/contracts';
import { formatAmount, formatDateTime } from '@baridesk/domain';
import { Box, DetailRow, Heading, PageFrame, Spinner, Stack, chakra } from '@baridesk/ui';
import { LoadError } from '@baridesk/ui/lists';
import { isSending, useOnDemandMessage } from '../api/on-demand-messages';
import { DeliverySummaryTable, MessageStatusBadge, RecipientsTable } from './delivery-views';
import { describeAudience } from '../compose/describe-audience';

/**
 * /on-demand-messages/:id/show: the message, whom it went to, its deliveries per channel and status, and
 * each recipient's status; read again every few seconds while it is being sent.
 */
export default function OnDemandMessageShowScreen() {
  const id = Number(useParams().id);
  const query = useOnDemandMessage(id);
  const message = query.data?.data;
  const crumbs = [{ label: 'On-Demand Messages', to: '/on-demand-messages' }, { label: message?.title ?? 'Message' }];

  if (query.isError) {
    return (
      <PageFrame title="Message" breadcrumbs={crumbs}>
        <LoadError title="The message could not be loaded." message={query.error.message} onRetry={() => void query.refetch()} />
      </PageFrame>
    );
  }
  if (!message) {
    return (
      <PageFrame title="Message" breadcrumbs={crumbs}>
        <Spinner aria-label="Loading the message" />
      </PageFrame>
    );
  }
  const sending = isSending(message);
  return (
    <PageFrame title={message.title} breadcrumbs={crumbs}>
      <Stack gap="6">
        <chakra.dl maxW="3xl">
          <DetailRow term="Status">
            <MessageStatusBadge status={message.status} />
          </DetailRow>
          <DetailRow term="Message">
            <Box whiteSpace="pre-wrap">{message.message}</Box>
          </DetailRow>
          <DetailRow term="Channels">{message.channels.map((c) => MESSAGE_CHANNEL_LABELS[c]).join(', ')}</DetailRow>
          <DetailRow term="Audience">{describeAudience(message.audience)}</DetailRow>
          <DetailRow term="Recipients">{message.recipient_count === null ? 'Not counted yet' : formatAmount(message.recipient_count)}</DetailRow>
          <DetailRow term="Sent">
            {formatDateTime(message.created_at)}
            {message.created_by_name ? ` by ${message.created_by_name}` : ''}
          </DetailRow>
        </chakra.dl>
        <Box as="section" aria-labelledby="delivery-summary">
          <Heading as="h2" size="md" mb="3" id="delivery-summary">
            Deliveries by channel
          </Heading>
          <DeliverySummaryTable summary={message.summary} channels={message.channels} caption="Deliveries by channel and status" />
        </Box>
        <Box as="section" aria-labelledby="recipients">
          <Heading as="h2" size="md" mb="3" id="recipients">
            Recipients
          </Heading>
          <RecipientsTable path={`on-demand-messages/${message.id}/recipients`} channels={message.channels} refresh={sending} />
        </Box>
      </Stack>
    </PageFrame>
  );
}
