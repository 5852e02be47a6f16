import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { ApiRequestError, notifyError, notifySuccess } from '@baridesk/api-client';
import { PATIENT_SORTS, type PatientListItem, type PatientSort } from '@baridesk/contracts';
import { formatPhone } from '@baridesk/domain';
import { Box, Button, Card, HStack, PageFrame, Stack, Text, VisuallyHidden } from '@baridesk/ui';
import { DataTable, LoadError, SearchBox, useListParams, type DataTableColumn } from '@baridesk/ui/lists';
import { useConfirm } from '@baridesk/ui/overlays';
import { FormAlert } from '../../../components/form-alert';
import { messageOf } from '../../../lib/form-errors';
import { useSearchPatients } from '../api/search-patients';
import { useSendPatientPasswordLink } from '../api/send-patient-password-link';

/** The patient a link is sent to: a row of the list, or only the id of a `?patient_id=` link. */
type Recipient = { id: number; name: string | null; email: string | null };

const SEND_LABEL = 'Send Set-Password Email';

const isPatientSort = (key: string): key is PatientSort => (PATIENT_SORTS as readonly string[]).includes(key);

/** `?patient_id=` as a patient id, else null. */
function preselectedId(query: URLSearchParams): number | null {
  const value = query.get('patient_id')?.trim() ?? '';
  if (!/^\d+$/.test(value)) return null;
  const id = Number(value);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

const describe = (patient: Recipient) => (patient.name ? patient.name : `patient #${patient.id}`);

/**
 * /reset-patient-password (staff): sends a patient of the program an e-mail with a link to set the
 * password of the patient app. Find the patient in the list (or arrive with ?patient_id=), confirm,
 * and the server's answer is shown.
 */
export default function ResetPatientPasswordScreen() {
  const [query, setQuery] = useSearchParams();
  const preselected = preselectedId(query);
  const list = useListParams({ sort: 'name', direction: 'asc' });
  const patients = useSearchPatients({
    search: list.search,
    page: list.page,
    perPage: list.perPage,
    sort: isPatientSort(list.sort) ? list.sort : 'name',
    direction: list.direction,
  });
  const { mutateAsync: sendLink } = useSendPatientPasswordLink();
  const { confirm, dialog } = useConfirm();
  const [sendingId, setSendingId] = useState<number | null>(null);
  const [sent, setSent] = useState<{ patient: Recipient; message: string } | null>(null);

  const send = async (patient: Recipient) => {
    const confirmed = await confirm({
      title: 'Send set-password email',
      message: `Send ${describe(patient)}${patient.email ? ` (${patient.email})` : ''} an email with a link to set the password for the BariDesk app?`,
      confirmLabel: 'Send Email',
      destructive: false,
    });
    if (!confirmed) return;
    setSent(null);
    setSendingId(patient.id);
    try {
      const { message } = await sendLink({ patient_id: patient.id });
      notifySuccess(message);
      setSent({ patient, message });
    } catch (error) {
      // A refusal names the patient field (no e-mail address) with the same words as its message: said once.
      notifyError(error instanceof ApiRequestError ? { message: error.message } : error);
    } finally {
      setSendingId(null);
    }
  };

  const sendButton = (patient: Recipient, size: 'xs' | 'sm') => (
    <Button
      size={size}
      colorPalette="brand"
      variant={size === 'xs' ? 'outline' : 'solid'}
      loading={sendingId === patient.id}
      loadingText="Sending…"
      disabled={sendingId !== null && sendingId !== patient.id}
      onClick={() => void send(patient)}
    >
      {/* The name starts with the words shown (label in name, WCAG 2.5.3), then says for whom. */}
      {size === 'xs' ? 'Send Link' : SEND_LABEL}
      <VisuallyHidden>{` to ${describe(patient)}`}</VisuallyHidden>
    </Button>
  );

  const columns: DataTableColumn<PatientListItem>[] = [
    { key: 'name', header: 'Name', sortable: true },
    { key: 'email', header: 'Email', sortable: true, render: (patient) => patient.email ?? '—' },
    { key: 'phone', header: 'Phone', sortable: true, render: (patient) => formatPhone(patient.phone) },
    {
      key: 'action',
      header: 'Set-password email',
      render: (patient) =>
        patient.email ? (
          sendButton({ id: patient.id, name: patient.name, email: patient.email }, 'xs')
        ) : (
          <Text fontSize="sm" color="fg.muted">
            No email address
          </Text>
        ),
    },
  ];

  return (
    <PageFrame title="Reset Patient Password">
      <Stack gap="5">
        <Text color="fg.muted" maxW="3xl">
          Find a patient of your program and send them an email with a link to set a new password for the BariDesk app. The e-mail says how long the link works.
        </Text>
        {dialog}
        {sent ? (
          <FormAlert status="success" title={`Email sent to ${describe(sent.patient)}`}>
            {sent.message}
          </FormAlert>
        ) : null}

        {preselected !== null ? (
          <Card.Root variant="outline" maxW="xl">
            <Card.Body gap="3">
              <Text fontWeight="semibold">Selected patient: #{preselected}</Text>
              <HStack gap="2" wrap="wrap">
                {sendButton({ id: preselected, name: null, email: null }, 'sm')}
                <Button
                  size="sm"
                  variant="outline"
                  onClick={() => {
                    const next = new URLSearchParams(query);
                    next.delete('patient_id');
                    setQuery(next, { replace: true });
                  }}
                >
                  Choose another patient
                </Button>
              </HStack>
            </Card.Body>
          </Card.Root>
        ) : null}

        <Stack gap="3">
          <Box maxW="md">
            <SearchBox label="Search patients" value={list.search} onCommit={list.setSearch} placeholder="Name, email, phone or MRN" />
          </Box>
          {patients.isError ? (
            <LoadError title="The patients could not be loaded." message={messageOf(patients.error)} onRetry={() => void patients.refetch()} />
          ) : null}
          <DataTable
            caption="Patients of your program"
            columns={columns}
            rows={patients.data?.data ?? []}
            getRowId={(patient) => patient.id}
            total={patients.data?.total ?? 0}
            loading={patients.isFetching}
            emptyText={list.search ? 'No patients match your search.' : 'No patients yet.'}
            {...list.tableProps}
          />
          <Text fontSize="sm" color="fg.muted">
            Patients without an email address cannot receive the link: add one to the patient first.
          </Text>
        </Stack>
      </Stack>
    </PageFrame>
  );
}
