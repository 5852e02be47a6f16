import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { INACTIVE_DEFAULT_DAYS, MESSAGE_CHANNEL_LABELS, type FailedDelivery, type InactivePatient, type PatientReply } from '@baridesk/contracts';
import { formatAmount, formatDate, formatDateTime, stageLabel } from '@baridesk/domain';
import { Button, HStack, Link, NativeSelect, PageFrame, Text } from '@baridesk/ui';
import { FilterSelect, QueryDataTable, TruncatedText, useListParams, type DataTableColumn } from '@baridesk/ui/lists';
import { Tabs } from '@baridesk/ui/overlays';
import { useAlertCounts, useFailedDeliveries, useInactivePatients, useMarkReplyHandled, useReplies, useRetryDeliveries } from '../api/get-alerts';

const patientLink = (id: number, name: string) => (
  <Link asChild color="fg.link">
    <RouterLink to={`/patient-detail/${id}`}>{name}</RouterLink>
  </Link>
);

const INACTIVE_DAYS = [7, 14, 30, 60, 90];

/**
 * /alerts: what needs the program's staff, in three lists: deliveries that failed (with the reason, to
 * retry once mended), patients who stopped logging (used the app, then nothing for some days), and
 * patients' replies from the app (to answer, then mark handled). The tabs carry the counts the sidebar shows.
 */
export default function AlertsScreen() {
  const counts = useAlertCounts().data?.data;
  const label = (text: string, n: number | undefined) => (n === undefined ? text : `${text} (${formatAmount(n)})`);

  return (
    <PageFrame title="Alerts">
      <Text color="fg.muted" mb="4" maxW="prose">
        Messages that did not reach a patient, patients who have stopped using the app, and what patients wrote back.
      </Text>
      <Tabs.Root defaultValue="failed" variant="line" lazyMount>
        <Tabs.List aria-label="Alerts">
          <Tabs.Trigger value="failed">{label('Failed deliveries', counts?.failed_deliveries)}</Tabs.Trigger>
          <Tabs.Trigger value="inactive">{label('Stopped logging', counts?.inactive_patients)}</Tabs.Trigger>
          <Tabs.Trigger value="replies">{label('Replies', counts?.replies)}</Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="failed" pt="4">
          <FailedDeliveries />
        </Tabs.Content>
        <Tabs.Content value="inactive" pt="4">
          <InactivePatients />
        </Tabs.Content>
        <Tabs.Content value="replies" pt="4">
          <Replies />
        </Tabs.Content>
      </Tabs.Root>
    </PageFrame>
  );
}

function FailedDeliveries() {
  const list = useListParams({ sort: 'failed_at', direction: 'desc' });
  const query = useFailedDeliveries({ page: list.page, perPage: list.perPage });
  const retry = useRetryDeliveries();
  const columns: DataTableColumn<FailedDelivery>[] = [
    { key: 'patient', header: 'Patient', render: (d) => patientLink(d.patient_id, d.patient_name) },
    { key: 'message', header: 'Message', render: (d) => <TruncatedText text={d.message_title} /> },
    { key: 'channel', header: 'Channel', render: (d) => MESSAGE_CHANNEL_LABELS[d.channel] },
    { key: 'error', header: 'Reason', render: (d) => d.error ?? '' },
    { key: 'failed_at', header: 'Failed', render: (d) => (d.failed_at ? formatDateTime(d.failed_at) : '') },
    {
      key: 'actions',
      header: 'Actions',
      align: 'end',
      render: (d) => (
        <Button size="xs" variant="outline" aria-label={`Retry the ${MESSAGE_CHANNEL_LABELS[d.channel]} to ${d.patient_name}`} onClick={() => retry.mutate([d.id])} loading={retry.isPending && retry.variables?.[0] === d.id}>
          Retry
        </Button>
      ),
    },
  ];
  return (
    <>
      <Text color="fg.muted" textStyle="sm" mb="3">
        The last 30 days. Mend the cause first (an e-mail address on the patient’s record, the app’s notifications switched on), then retry.
      </Text>
      <QueryDataTable
        query={query}
        errorTitle="The failed deliveries could not be loaded."
        caption="Failed deliveries"
        columns={columns}
        getRowId={(d) => d.id}
        getRowLabel={(d) => `${d.patient_name}, ${d.message_title}`}
        {...list.tableProps}
        emptyText="No delivery failed in the last 30 days."
      />
    </>
  );
}

function InactivePatients() {
  const list = useListParams({ sort: 'last_app_activity_at', direction: 'asc' });
  const [days, setDays] = useState(INACTIVE_DEFAULT_DAYS);
  const query = useInactivePatients({ page: list.page, perPage: list.perPage, days });
  const columns: DataTableColumn<InactivePatient>[] = [
    { key: 'name', header: 'Patient', render: (p) => patientLink(p.id, p.name) },
    { key: 'stage', header: 'Stage', render: (p) => stageLabel(p.current_stage) ?? '' },
    { key: 'last_app_activity_at', header: 'Last used the app', render: (p) => (p.last_app_activity_at ? formatDate(p.last_app_activity_at) : '') },
    { key: 'last_weight_on', header: 'Last weigh-in', render: (p) => (p.last_weight_on ? formatDate(p.last_weight_on) : 'Never') },
  ];
  return (
    <>
      <HStack gap="3" mb="3" wrap="wrap">
        <Text asChild textStyle="sm">
          <label htmlFor="alerts-inactive-days">No app activity and no weigh-in for</label>
        </Text>
        <NativeSelect.Root size="sm" width="auto">
          <NativeSelect.Field
            id="alerts-inactive-days"
            value={String(days)}
            onChange={(event) => {
              setDays(Number(event.currentTarget.value));
              list.setPage(1);
            }}
          >
            {INACTIVE_DAYS.map((n) => (
              <option key={n} value={n}>{`${n} days`}</option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </HStack>
      <QueryDataTable
        query={query}
        errorTitle="The patients who stopped logging could not be loaded."
        caption="Patients who stopped logging"
        columns={columns}
        getRowId={(p) => p.id}
        getRowLabel={(p) => p.name}
        {...list.tableProps}
        emptyText={`Every patient who uses the app has been active in the last ${days} days.`}
      />
    </>
  );
}

function Replies() {
  const list = useListParams({ sort: 'created_at', direction: 'desc' });
  const handled = list.filters.handled === '1' ? 1 : 0;
  const query = useReplies({ page: list.page, perPage: list.perPage, handled });
  const mark = useMarkReplyHandled();
  const columns: DataTableColumn<PatientReply>[] = [
    { key: 'patient', header: 'Patient', render: (r) => patientLink(r.patient_id, r.patient_name) },
    { key: 'body', header: 'Reply', render: (r) => <TruncatedText text={r.body} /> },
    { key: 'message', header: 'About', render: (r) => (r.message_title ? <TruncatedText text={r.message_title} /> : 'A new question') },
    { key: 'created_at', header: 'Received', render: (r) => formatDateTime(r.created_at) },
    {
      key: 'actions',
      header: handled ? 'Handled' : 'Actions',
      align: 'end',
      render: (r) =>
        r.handled_at ? (
          `${formatDate(r.handled_at)}${r.handled_by_name ? ` by ${r.handled_by_name}` : ''}`
        ) : (
          <Button size="xs" variant="outline" aria-label={`Mark the reply of ${r.patient_name} handled`} onClick={() => mark.mutate(r.id)} loading={mark.isPending && mark.variables === r.id}>
            Mark handled
          </Button>
        ),
    },
  ];
  return (
    <>
      <HStack mb="3">
        <FilterSelect
          label="Show"
          value={handled ? '1' : ''}
          onChange={(value) => list.setFilter('handled', value)}
          anyLabel="Waiting for an answer"
          options={[{ value: '1', label: 'Handled' }]}
          width="16rem"
        />
      </HStack>
      <QueryDataTable
        query={query}
        errorTitle="The replies could not be loaded."
        caption="Replies from the app"
        columns={columns}
        getRowId={(r) => r.id}
        getRowLabel={(r) => `${r.patient_name}: ${r.body.slice(0, 40)}`}
        {...list.tableProps}
        emptyText={handled ? 'No handled replies yet.' : 'No reply is waiting for an answer.'}
      />
    </>
  );
}
