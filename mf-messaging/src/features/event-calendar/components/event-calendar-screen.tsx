import { useMemo, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import type { EventInput } from '@fullcalendar/core';
import type { EventOccurrence } from '@baridesk/contracts';
import { formatMonth } from '@baridesk/domain';
import { useAppStore } from '@baridesk/store';
import { Box, Button, HStack, PageFrame, Spinner, Text } from '@baridesk/ui';
import { LoadError } from '@baridesk/ui/lists';
import { CalendarFeedButton, CalendarImportButton } from '../../event-calendar-import/index';
import { useEventMonths, type CalendarMonth } from '../api/event-calendar';
import { CalendarView, type ShownRange } from './calendar-view';
import { eventViewPath, isoDay, monthKeyOf, monthsBetween, parseMonthKey } from './event-paths';

const occurrenceEvent = (occurrence: EventOccurrence): EventInput => ({
  id: `${occurrence.id}:${occurrence.date}`,
  title: occurrence.status === 1 ? occurrence.event_title : `${occurrence.event_title} (inactive)`,
  start: `${occurrence.date}T${occurrence.time}`,
  end: `${occurrence.date}T${occurrence.end_time}`,
  // A real address: the calendar draws a link a keyboard reaches and a screen reader names, and routes its click.
  url: eventViewPath(occurrence.id, occurrence.date),
  classNames: occurrence.status === 1 ? [] : ['event-inactive'],
});

/**
 * /event-calender: the program's events by month, week or as a list (FullCalendar), every day of a series
 * shown. The month shown is kept in the saved searches (cleared at logout) and shown again on the next
 * visit. An occurrence opens its view for that day.
 */
export default function EventCalendarScreen() {
  const savedMonth = useAppStore((state) => state.savedSearches.eventCalendarMonth);
  const setSavedSearch = useAppStore((state) => state.setSavedSearch);
  const [initialDate] = useState(() => `${savedMonth && parseMonthKey(savedMonth) ? savedMonth : monthKeyOf(new Date())}-01`);
  const [shown, setShown] = useState<{ start: string; end: string; title: string; months: CalendarMonth[] }>(() => {
    const first = new Date(`${initialDate}T00:00`);
    const next = new Date(first.getFullYear(), first.getMonth() + 1, 1);
    return { start: initialDate, end: isoDay(next), title: '', months: monthsBetween(first, next) };
  });
  const month = useEventMonths(shown.months);

  const occurrences = useMemo(
    () => month.occurrences.filter((occurrence) => occurrence.date >= shown.start && occurrence.date < shown.end),
    [month.occurrences, shown.start, shown.end],
  );
  const events = useMemo(() => occurrences.map(occurrenceEvent), [occurrences]);

  const datesSet = ({ start, end, title, currentStart, currentEnd }: ShownRange) => {
    setShown((previous) => (previous.start === start && previous.end === end && previous.title === title ? previous : { start, end, title, months: monthsBetween(currentStart, currentEnd) }));
    setSavedSearch('eventCalendarMonth', monthKeyOf(currentStart));
  };
  const first = parseMonthKey(shown.start.slice(0, 7));
  const period = shown.title || (first ? formatMonth(first.year, first.month) : '');

  return (
    <PageFrame
      title="Event Calendar"
      breadcrumbs={[{ label: 'Event Calendar' }]}
      actions={
        <HStack gap="2" wrap="wrap">
          <Button asChild>
            <RouterLink to="/event-calender/form">New Event</RouterLink>
          </Button>
          <CalendarImportButton />
          <CalendarFeedButton />
          <Button asChild variant="outline" colorPalette="gray">
            <RouterLink to="/event-calender/locations">Locations</RouterLink>
          </Button>
        </HStack>
      }
    >
      {month.error ? (
        <LoadError title="The events could not be loaded." message={month.error.message} onRetry={() => void month.refetch()} mb="4" />
      ) : null}
      <Box minH="6" mb="2" role="status" aria-live="polite">
        {month.isLoading ? (
          <HStack gap="2">
            <Spinner size="sm" aria-hidden />
            <Text color="fg.muted">Loading the events…</Text>
          </HStack>
        ) : !month.error ? (
          <Text color="fg.muted" data-testid="calendar-count">
            {occurrences.length === 0
              ? `No events in ${period}. Use New Event to add one.`
              : `${occurrences.length} ${occurrences.length === 1 ? 'event' : 'events'} in ${period}.`}
          </Text>
        ) : null}
      </Box>
      <CalendarView events={events} initialDate={initialDate} onDatesSet={datesSet} listEmptyText="No events this month." />
    </PageFrame>
  );
}
