import { useId, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { notifyError, notifySuccess } from '@baridesk/api-client';
import { MAX_ATTENDANCE_ROWS, RSVP_RESPONSE_LABELS, type AttendanceOccurrence, type AttendancePatient } from '@baridesk/contracts';
import { formatAmount, formatDate, parseDateTime, stageLabel } from '@baridesk/domain';
import { selectMayOpenArea, useAppStore } from '@baridesk/store';
import { Box, Button, Flex, Group, Heading, Link, Stack, Text } from '@baridesk/ui';
import { LoadError, PatientSearchPicker, SearchBox, DataTable, useListParams, type DataTableColumn, type PickedPatient } from '@baridesk/ui/lists';
import { useConfirm } from '@baridesk/ui/overlays';
import { getEventAttendance, useEventAttendance, type EventAttendancePage } from '../api/get-event-attendance';
import { useMarkAttendance } from '../api/mark-attendance';

export type EventAttendancePanelProps = {
  /** The occurrence key: the series' id for a day of a series, the event's own id for a single event. */
  eventId: number;
  /** The occurrence's day, yyyy-MM-dd. */
  date: string;
};

type Attended = AttendancePatient['attended'];

const responseText = (p: AttendancePatient) => (p.response ? RSVP_RESPONSE_LABELS[p.response] : 'No RSVP (walk-in)');

/** "4 going, 1 not going, 3 attended (5 marked).": read out whenever the counts change. */
const countsSentence = (o: AttendanceOccurrence) =>
  `${formatAmount(o.going_count)} going, ${formatAmount(o.not_going_count)} not going, ${formatAmount(o.attended_count)} attended (${formatAmount(o.marked_count)} marked).`;

/** The occurrence's day has come in the event's own zone: attendance is marked from then on (as the server checks). */
const hasBegun = (o: AttendanceOccurrence) => {
  const today = parseDateTime(new Date(), o.timezone)?.toISODate();
  return today !== undefined && today !== null && o.date <= today;
};

/**
 * The RSVPs and attendance of one day of an event, on the event's page of the calendar: the counts, who
 * answered, marking each patient Attended or Did not attend (at once on screen, put back if the server
 * refuses), marking everyone who answered going as attended after a question, adding a walk-in found by
 * a patient search, and a link to the day's attendance report. Patient names are shown only to staff
 * with the patients or reports area (as the pipeline board decides who may open a record); others see
 * the counts.
 */
export function EventAttendancePanel({ eventId, date }: EventAttendancePanelProps) {
  const headingId = useId();
  const mayOpenRecords = useAppStore(selectMayOpenArea('patients'));
  const mayOpenReports = useAppStore(selectMayOpenArea('reports'));
  const maySeeNames = mayOpenRecords || mayOpenReports;
  const list = useListParams({ sort: 'name', direction: 'asc' });
  const params = {
    event_id: eventId,
    event_date: date,
    page: list.page,
    perPage: list.perPage,
    sort: list.sort,
    direction: list.direction,
    search: list.search.trim() || undefined,
  };
  const query = useEventAttendance(params);
  const mark = useMarkAttendance((error) => notifyError(error, 'Attendance not saved'));
  const { confirm, dialog } = useConfirm();
  const [announcement, setAnnouncement] = useState('');
  const [bulkBusy, setBulkBusy] = useState(false);
  const page = query.data;
  const occurrence = page?.occurrence;
  const canMark = occurrence !== undefined && hasBegun(occurrence);
  const busy = mark.isPending || bulkBusy;

  const setAttended = (patient: AttendancePatient, attended: Attended) =>
    mark.mutate({ event_id: eventId, event_date: date, attendance: [{ patient_id: patient.patient_id, attended }] });

  const addWalkIn = (patient: PickedPatient) =>
    mark.mutate(
      { event_id: eventId, event_date: date, attendance: [{ patient_id: patient.id, attended: 1 }] },
      { onSuccess: () => setAnnouncement(`${patient.name} added as attended.`) },
    );

  /** Everyone who answered going (every page), marked attended unless they already are. */
  async function markAllGoing() {
    if (!occurrence) return;
    const confirmed = await confirm({
      title: 'Mark all who RSVPed going as attended',
      message: `Mark the ${formatAmount(occurrence.going_count)} ${occurrence.going_count === 1 ? 'patient' : 'patients'} who RSVPed going as attended? Anyone marked Did not attend is changed too.`,
      confirmLabel: 'Mark attended',
      destructive: false,
    });
    if (!confirmed) return;
    setBulkBusy(true);
    try {
      let going: EventAttendancePage;
      try {
        going = await getEventAttendance({ event_id: eventId, event_date: date, page: 1, perPage: 'All', sort: 'name', direction: 'asc', response: 'going' });
      } catch (error) {
        notifyError(error, 'Attendance not saved');
        return;
      }
      const marks = going.data.filter((row) => row.attended !== 1).map((row) => ({ patient_id: row.patient_id, attended: 1 as const }));
      if (marks.length === 0) {
        setAnnouncement('Everyone who RSVPed going is already marked attended.');
        return;
      }
      // The server takes a bounded number of rows a call.
      for (let start = 0; start < marks.length; start += MAX_ATTENDANCE_ROWS) {
        await mark.mutateAsync({ event_id: eventId, event_date: date, attendance: marks.slice(start, start + MAX_ATTENDANCE_ROWS) });
      }
      notifySuccess(`${formatAmount(marks.length)} ${marks.length === 1 ? 'patient' : 'patients'} marked attended.`);
    } catch {
      // A refused mark is put back and shown by the mutation itself.
    } finally {
      setBulkBusy(false);
    }
  }

  const columns: DataTableColumn<AttendancePatient>[] = [
    {
      key: 'name',
      header: 'Patient',
      sortable: true,
      render: (p) =>
        mayOpenRecords ? (
          <Link asChild color="fg.link">
            <RouterLink to={`/patient-detail/${p.patient_id}`}>{p.name}</RouterLink>
          </Link>
        ) : (
          p.name
        ),
    },
    { key: 'stage', header: 'Stage', render: (p) => stageLabel(p.stage) ?? '' },
    { key: 'response', header: 'Response', sortable: true, render: responseText },
    {
      key: 'attended',
      header: 'Attendance',
      sortable: true,
      render: (p) => <AttendanceButtons patient={p} disabled={!canMark || bulkBusy} onChange={(attended) => setAttended(p, attended)} />,
    },
  ];

  return (
    <Box as="section" aria-labelledby={headingId} borderWidth="1px" borderRadius="md" p="4" bg="bg">
      <Flex justify="space-between" align="baseline" gap="3" wrap="wrap" mb="2">
        <Heading as="h2" size="md" id={headingId}>
          {`RSVPs and attendance, ${formatDate(date)}`}
        </Heading>
        {mayOpenReports ? (
          <Link asChild color="fg.link" textStyle="sm">
            <RouterLink to={`/events-rsvp-report/${eventId}/${date}`}>Open the attendance report</RouterLink>
          </Link>
        ) : null}
      </Flex>
      <Text aria-live="polite" fontWeight="medium" mb="3">
        {occurrence ? countsSentence(occurrence) : query.isError ? '' : 'Loading the counts…'}
      </Text>
      {query.isError ? (
        <LoadError title="The RSVPs could not be loaded." message={query.error.message} onRetry={() => void query.refetch()} mb="3" />
      ) : null}
      {!maySeeNames ? (
        <Text color="fg.muted">Patient names are shown to staff with access to patients or reports.</Text>
      ) : (
        <Stack gap="3">
          {occurrence && !canMark ? <Text color="fg.muted">Attendance can be marked from the day of the event.</Text> : null}
          <Flex gap="3" wrap="wrap" align="flex-end" justify="space-between">
            <SearchBox label="Search RSVPs" hideLabel placeholder="Name, e-mail or phone" maxW="sm" value={list.search} onCommit={list.setSearch} />
            <Button
              variant="outline"
              colorPalette="brand"
              size="sm"
              disabled={!canMark || busy || !occurrence || occurrence.going_count === 0}
              loading={bulkBusy}
              onClick={() => void markAllGoing()}
            >
              Mark all who RSVPed going as attended
            </Button>
          </Flex>
          <DataTable
            caption={`Patients who answered or came, ${formatDate(date)}`}
            columns={columns}
            rows={page?.data ?? []}
            total={page?.total ?? 0}
            loading={query.isFetching}
            getRowId={(p) => p.patient_id}
            {...list.tableProps}
            emptyText={list.search.trim() ? 'No patient matches the search.' : 'Nobody has answered yet.'}
          />
          {canMark ? (
            <Box maxW="md">
              <PatientSearchPicker
                label="Add a walk-in"
                actionLabel="Add as attended"
                excludeIds={(page?.data ?? []).map((p) => p.patient_id)}
                busy={busy}
                onPick={addWalkIn}
              />
            </Box>
          ) : null}
        </Stack>
      )}
      <Text srOnly aria-live="polite">
        {announcement}
      </Text>
      {dialog}
    </Box>
  );
}

/**
 * Attended / Did not attend for one patient: toggle buttons (aria-pressed); pressing the one that is on
 * clears the mark. Each is named with the patient for screen readers and voice control.
 */
function AttendanceButtons({ patient, disabled, onChange }: { patient: AttendancePatient; disabled: boolean; onChange: (attended: Attended) => void }) {
  const choice = (value: 0 | 1, label: string) => {
    const on = patient.attended === value;
    return (
      <Button
        size="xs"
        variant={on ? 'solid' : 'outline'}
        colorPalette={on ? (value === 1 ? 'green' : 'gray') : 'gray'}
        aria-pressed={on}
        aria-label={`${label}, ${patient.name}`}
        disabled={disabled}
        onClick={() => onChange(on ? null : value)}
      >
        {label}
      </Button>
    );
  };
  return (
    <Group attached>
      {choice(1, 'Attended')}
      {choice(0, 'Did not attend')}
    </Group>
  );
}

