import { Link as RouterLink } from 'react-router-dom';
import type { AttendanceOccurrence } from '@baridesk/contracts';
import { formatAmount, formatDate } from '@baridesk/domain';
import { Button, Flex, Link, PageFrame, Stack, Text } from '@baridesk/ui';
import { DatePicker } from '@baridesk/ui/dates';
import { QueryDataTable, SearchBox, useListParams, type DataTableColumn } from '@baridesk/ui/lists';
import { useDownloadTask } from '@baridesk/ui/overlays';
import { exportAttendanceEvents, useAttendanceEvents } from '../api/get-attendance-events';
import { attendanceEventsParams, defaultAttendanceRange } from '../utils/attendance-params';
import { occurrenceTimes } from '../utils/occurrence-text';

/** The path of one occurrence's report. */
export const attendanceReportPath = (o: Pick<AttendanceOccurrence, 'event_id' | 'date'>) => `/events-rsvp-report/${o.event_id}/${o.date}`;

const columns: DataTableColumn<AttendanceOccurrence>[] = [
  { key: 'date', header: 'Date', sortable: true, width: '9rem', render: (o) => formatDate(o.date) },
  {
    key: 'event_title',
    header: 'Event',
    sortable: true,
    render: (o) => (
      <Link asChild color="fg.link">
        {/* The same event is listed once a day: the day in its name tells the links apart for screen readers. */}
        <RouterLink to={attendanceReportPath(o)} aria-label={`${o.event_title}, ${formatDate(o.date)}`}>
          {o.event_title}
        </RouterLink>
      </Link>
    ),
  },
  { key: 'time', header: 'Time', width: '11rem', render: (o) => occurrenceTimes(o) },
  { key: 'type', header: 'Type', width: '9rem' },
  { key: 'going_count', header: 'Going', sortable: true, width: '6rem', align: 'end', render: (o) => formatAmount(o.going_count) },
  { key: 'not_going_count', header: 'Not going', width: '7rem', align: 'end', render: (o) => formatAmount(o.not_going_count) },
  { key: 'attended_count', header: 'Attended', sortable: true, width: '7rem', align: 'end', render: (o) => formatAmount(o.attended_count) },
];

/**
 * /events-rsvp-list, Support Group Attendance: each day an event took or takes place in the chosen range
 * (by default the last 90 days to the next 30), with how many patients answered going or not going and
 * how many came. A row opens that day's report; the list goes to Excel as shown.
 */
export function AttendanceListScreen() {
  const list = useListParams({ sort: 'date', direction: 'desc', filters: defaultAttendanceRange() });
  const params = attendanceEventsParams(list);
  const query = useAttendanceEvents(params);
  const excel = useDownloadTask();
  const page = query.data?.data;
  const from = list.filters.from ?? '';
  const to = list.filters.to ?? '';

  return (
    <PageFrame
      title="Support Group Attendance"
      actions={
        <Button
          variant="outline"
          colorPalette="gray"
          disabled={!page || page.total === 0 || excel.running}
          onClick={() => void excel.download('Support Group Attendance (Excel)', (signal, onProgress) => exportAttendanceEvents(params, signal, onProgress))}
        >
          Download Excel
        </Button>
      }
    >
      <Stack gap="4">
        {excel.banner}
        <Flex gap="3" wrap="wrap" align="flex-end">
          <SearchBox label="Search events" placeholder="Event title" maxW="sm" value={list.search} onCommit={list.setSearch} />
          <DatePicker name="from" label="From" value={from} max={to || undefined} onChange={(value) => list.setFilter('from', value)} />
          <DatePicker name="to" label="To" value={to} min={from || undefined} onChange={(value) => list.setFilter('to', value)} />
        </Flex>
        <Text textStyle="sm" color="fg.muted" aria-live="polite">
          {page ? `${formatAmount(page.total)} ${page.total === 1 ? 'event date' : 'event dates'}${from && to ? ` from ${formatDate(from)} to ${formatDate(to)}` : ''}` : '\u00a0'}
        </Text>
        <QueryDataTable
          query={query}
          errorTitle="The events could not be loaded."
          caption="Support group attendance: events by date with their RSVP and attendance counts"
          columns={columns}
          getRowId={(o) => `${o.event_id}-${o.date}`}
          {...list.tableProps}
          emptyText={list.search.trim() ? 'No event matches the search in these dates.' : 'No events in these dates.'}
          fit={{ minWidth: '52rem' }}
        />
      </Stack>
    </PageFrame>
  );
}
