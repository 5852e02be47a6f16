import type { ReactNode } from 'react';
import { Badge, Box, Button, chakra, Code, Stack, Text } from '@chakra-ui/react';
import { AUDIT_ACTOR_TYPES, type AuditRecord } from '@baridesk/contracts';
import { formatAmount, formatDateTime } from '@baridesk/domain';
import type { DataTableColumn } from './data-table';
import { DetailRow } from './detail-row';
import { Modal } from './modal';

/** When a record was made, in UTC (the trail's dates filter by UTC days, and a super admin has no program zone). */
export const auditTime = (record: Pick<AuditRecord, 'at'>) => `${formatDateTime(record.at, 'UTC')} UTC`;

const actorType = (type: string | null) => (type ? (AUDIT_ACTOR_TYPES[type] ?? type) : '');
const actorName = (record: AuditRecord) => record.actor?.name ?? 'System';
const patientText = (record: AuditRecord) =>
  record.patient
    ? `${record.patient.name} (#${record.patient.id})`
    : record.patient_count !== null
      ? `${formatAmount(record.patient_count)} ${record.patient_count === 1 ? 'patient' : 'patients'}`
      : '';

export type AuditColumnsOptions = {
  /** The patient column (not on one patient's own history). */
  patient: boolean;
  /** The program column (not within one program). */
  program: boolean;
  /** Opens a record's detail. */
  onOpen: (record: AuditRecord) => void;
};

/**
 * The columns of an audit-trail table: when, who (name, e-mail, kind of account), what (action, the
 * record's kind and id, a failure marked), which patient, which program, from where, and a button that
 * opens the rest (user agent, detail). The audit trail screen and a patient's access history share them.
 */
export function auditColumns({ patient, program, onOpen }: AuditColumnsOptions): DataTableColumn<AuditRecord>[] {
  return [
    { key: 'at', header: 'When (UTC)', width: '11rem', render: (r) => formatDateTime(r.at, 'UTC') },
    {
      key: 'actor',
      header: 'Who',
      render: (r) => (
        <Stack gap="0">
          <Text fontWeight="medium">{actorName(r)}</Text>
          {r.actor?.email ? (
            <Text textStyle="xs" color="fg.muted">
              {r.actor.email}
            </Text>
          ) : null}
          {r.actor?.type ? (
            <Text textStyle="xs" color="fg.muted">
              {actorType(r.actor.type)}
            </Text>
          ) : null}
        </Stack>
      ),
    },
    {
      key: 'action',
      header: 'What',
      render: (r) => (
        <Stack gap="0" align="flex-start">
          <Code size="sm">{r.action}</Code>
          <Text textStyle="xs" color="fg.muted">
            {r.entity}
            {r.entity_id ? ` #${r.entity_id}` : ''}
          </Text>
          {r.success ? null : (
            <Badge colorPalette="red" size="sm">
              Failed
            </Badge>
          )}
        </Stack>
      ),
    },
    ...(patient ? [{ key: 'patient', header: 'Patient', render: (r: AuditRecord) => patientText(r) }] : []),
    ...(program ? [{ key: 'program', header: 'Program', render: (r: AuditRecord) => r.program?.title ?? '' }] : []),
    { key: 'ip', header: 'Address', width: '9rem', render: (r) => r.ip ?? '' },
    {
      key: 'open',
      header: 'Details',
      width: '6rem',
      render: (r) => (
        <Button size="xs" variant="outline" colorPalette="gray" onClick={() => onOpen(r)} aria-label={`Details of ${r.action} by ${actorName(r)}, ${auditTime(r)}`}>
          Details
        </Button>
      ),
    },
  ];
}

/** Everything one record holds, as a description list. */
export function AuditRecordDetails({ record }: { record: AuditRecord }) {
  return (
    <chakra.dl>
      <DetailRow term="When">{auditTime(record)}</DetailRow>
      <DetailRow term="Who">
        {actorName(record)}
        {record.actor?.email ? ` (${record.actor.email})` : ''}
      </DetailRow>
      <DetailRow term="Kind of account">{actorType(record.actor?.type ?? null) || '—'}</DetailRow>
      <DetailRow term="Action">{record.action}</DetailRow>
      <DetailRow term="Record">
        {record.entity}
        {record.entity_id ? ` #${record.entity_id}` : ''}
      </DetailRow>
      <DetailRow term="Patient">{patientText(record) || '—'}</DetailRow>
      <DetailRow term="Program">{record.program?.title ?? '—'}</DetailRow>
      <DetailRow term="Succeeded">{record.success ? 'Yes' : 'No'}</DetailRow>
      <DetailRow term="Address">{record.ip ?? '—'}</DetailRow>
      <DetailRow term="Browser (user agent)">{record.user_agent ?? '—'}</DetailRow>
      <DetailRow term="Detail">
        {record.detail ? (
          <Box as="pre" fontFamily="mono" textStyle="xs" whiteSpace="pre-wrap" wordBreak="break-word">
            {JSON.stringify(record.detail, null, 2)}
          </Box>
        ) : (
          '—'
        )}
      </DetailRow>
    </chakra.dl>
  );
}

export type AuditRecordModalProps = {
  record: AuditRecord | null;
  onClose: () => void;
  /** Actions under the record (the trail screen: this person's records, this patient's). */
  footer?: (record: AuditRecord) => ReactNode;
};

/** A record's detail in a dialog (focus returns to its Details button on close). */
export function AuditRecordModal({ record, onClose, footer }: AuditRecordModalProps) {
  return (
    <Modal open={record !== null} onClose={onClose} title="Audit record" size="lg" footer={record && footer ? footer(record) : undefined}>
      {record ? <AuditRecordDetails record={record} /> : null}
    </Modal>
  );
}
