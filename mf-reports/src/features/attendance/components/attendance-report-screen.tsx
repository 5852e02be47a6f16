import { Link as RouterLink, useParams } from 'react-router-dom';
import { RSVP_RESPONSE_LABELS, type AttendanceOccurrence, type AttendancePatient } from '@baridesk/contracts';
import { formatAmount, formatPhone, stageLabel } from '@baridesk/domain';
import { selectMayOpenArea, useAppStore } from '@baridesk/store';
import { Button, Flex, Link, PageFrame, SimpleGrid, Stack, SummaryFact, Text } from '@baridesk/ui';
import { FilterSelect, QueryDataTable, SearchBox, TruncatedText, useListParams, type DataTableColumn } from '@baridesk/ui/lists';
import { useDownloadTask } from '@baridesk/ui/overlays';
import { exportAttendancePatients, useAttendancePatients } from '../api/get-attendance-patients';
import { attendancePatientsParams, occurrenceOfPath } from '../utils/attendance-params';
import { countsSentence, occurrenceWhen } from '../utils/occurrence-text';

const RESPONSE_OPTIONS = [
  { value: 'going', label: RSVP_RESPONSE_LABELS.going },
  { value: 'not_going', label: RSVP_RESPONSE_LABELS.not_going },
  { value: 'none', label: 'No RSVP (walk-in)' },
];
const ATTENDED_OPTIONS = [
  { value: '1', label: 'Attended' },
  { value: '0', label: 'Did not attend' },
  { value: 'unmarked', label: 'Not marked' },
];

export const responseText = (p: AttendancePatient) => (p.response ? RSVP_RESPONSE_LABELS[p.response] : 'No RSVP (walk-in)');
export const attendedText = (p: AttendancePatient) => (p.attended === 1 ? 'Attended' : p.attended === 0 ? 'Did not attend' : 'Not marked');

const LIST_TITLE = 'Support Group Attendance';

/**
 * /events-rsvp-report/:eventId/:eventDate: one day of an event — its title, day and time, its counts —
 * and every patient who answered or came (name, contact, stage, answer, attendance), searched, filtered
 * by answer and attendance, paged, and to Excel as shown.
 */
export function AttendanceReportScreen() {
  const { eventId, eventDate } = useParams();
  const occurrence = occurrenceOfPath(eventId, eventDate);
  if (!occurrence) {
    return (
      <PageFrame title="Attendance report" breadcrumbs={[{ label: LIST_TITLE, to: '/events-rsvp-list' }, { label: 'Attendance report' }]}>
        <Text>This address names no event date. Choose one in the Support Group Attendance list.</Text>
      </PageFrame>
    );
  }
  return <AttendanceReport eventId={occurrence.eventId} date={occurrence.date} />;
}

function AttendanceReport({ eventId, date }: { eventId: number; date: string }) {
  const list = useListParams({ sort: 'name', direction: 'asc' });
  const params = attendancePatientsParams({ eventId, date }, list);
  const query = useAttendancePatients(params);
  const excel = useDownloadTask();
  const mayOpenRecords = useAppStore(selectMayOpenArea('patients'));
  const page = query.data?.data;
  const occurrence = page?.occurrence;
  const title = occurrence?.event_title ?? 'Attendance report';
  const filtered = list.search.trim() !== '' || Boolean(list.filters.response) || Boolean(list.filters.attended);

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
          <TruncatedText text={p.name} />
        ),
    },
    {
      key: 'contact',
      header: 'Contact',
      render: (p) => <TruncatedText text={[p.email, p.phone ? formatPhone(p.phone) : null].filter(Boolean).join(' · ')} />,
    },
    { key: 'stage', header: 'Stage', width: '10.5rem', render: (p) => stageLabel(p.stage) ?? '' },
    { key: 'response', header: 'Response', sortable: true, width: '10rem', render: responseText },
    { key: 'attended', header: 'Attended', sortable: true, width: '9rem', render: attendedText },
  ];

  return (
    <PageFrame
      title={title}
      breadcrumbs={[{ label: LIST_TITLE, to: '/events-rsvp-list' }, { label: title }]}
      actions={
        <Button
          variant="outline"
          colorPalette="gray"
          disabled={!page || page.total === 0 || excel.running}
          onClick={() => void excel.download(`${title} (Excel)`, (signal, onProgress) => exportAttendancePatients(params, signal, onProgress))}
        >
          Download Excel
        </Button>
      }
    >
      <Stack gap="4">
        {excel.banner}
        {occurrence ? <OccurrenceSummary occurrence={occurrence} /> : null}
        <Flex gap="3" wrap="wrap" align="flex-end">
          <SearchBox label="Search patients" placeholder="Name, e-mail or phone" maxW="sm" value={list.search} onCommit={list.setSearch} />
          <FilterSelect label="Response" anyLabel="Any response" width="48" value={list.filters.response ?? ''} options={RESPONSE_OPTIONS} onChange={(value) => list.setFilter('response', value)} />
          <FilterSelect label="Attendance" anyLabel="Any attendance" width="44" value={list.filters.attended ?? ''} options={ATTENDED_OPTIONS} onChange={(value) => list.setFilter('attended', value)} />
        </Flex>
        <Text textStyle="sm" color="fg.muted" aria-live="polite">
          {page ? `${formatAmount(page.total)} ${page.total === 1 ? 'patient' : 'patients'}${filtered ? ' match' : ''}` : '\u00a0'}
        </Text>
        <QueryDataTable
          query={query}
          errorTitle="The attendance could not be loaded."
          caption={occurrence ? `Patients who answered or came: ${occurrence.event_title}, ${occurrenceWhen(occurrence)}` : 'Patients who answered or came'}
          columns={columns}
          getRowId={(p) => p.patient_id}
          {...list.tableProps}
          emptyText={filtered ? 'No patient matches the search and filters.' : 'Nobody has answered or been marked for this day yet.'}
          fit={{ minWidth: '48rem' }}
        />
      </Stack>
    </PageFrame>
  );
}

/** The day, time, place and counts of the occurrence; the counts are announced when they change. */
function OccurrenceSummary({ occurrence }: { occurrence: AttendanceOccurrence }) {
  return (
    <Stack gap="3">
      <Text color="fg.muted">
        {[occurrence.type, occurrenceWhen(occurrence), occurrence.timezone, occurrence.location_name].filter(Boolean).join(' · ')}
      </Text>
      <SimpleGrid as="dl" columns={{ base: 2, md: 4 }} gap="4" maxW="3xl">
        <SummaryFact term="Going">{formatAmount(occurrence.going_count)}</SummaryFact>
        <SummaryFact term="Not going">{formatAmount(occurrence.not_going_count)}</SummaryFact>
        <SummaryFact term="Attended">{formatAmount(occurrence.attended_count)}</SummaryFact>
        <SummaryFact term="Marked">{formatAmount(occurrence.marked_count)}</SummaryFact>
      </SimpleGrid>
      <Text srOnly aria-live="polite">
        {countsSentence(occurrence)}
      </Text>
    </Stack>
  );
}
