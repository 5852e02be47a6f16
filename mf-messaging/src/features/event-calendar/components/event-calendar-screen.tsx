import { useMemo, useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import FullCalendar from '@fullcalendar/react';
import dayGridPlugin from '@fullcalendar/daygrid';
import timeGridPlugin from '@fullcalendar/timegrid';
import listPlugin from '@fullcalendar/list';
import type { DatesSetArg, EventClickArg, EventInput } from '@fullcalendar/core';
import type { EventOccurrence } from '@baridesk/contracts';
import { formatMonth } from '@baridesk/domain';
import { useAppStore } from '@baridesk/store';
import { Box, Button, HStack, PageFrame, Spinner, Text } from '@baridesk/ui';
import { LoadError } from '@baridesk/ui/lists';
import { CalendarFeedButton, CalendarImportButton } from '../../event-calendar-import/index';
import { useEventMonths, type CalendarMonth } from '../api/event-calendar';
import { eventViewPath, isoDay, monthKeyOf, monthsBetween, parseMonthKey } from './event-paths';

/** The three views: the month grid, the week by the hour, and the month as a list (the one read best aloud). */
const VIEWS = 'dayGridMonth,timeGridWeek,listMonth';
/** On a phone a month's cells are too narrow for titles: the list opens first there. */
const firstView = () => (typeof window !== 'undefined' && window.matchMedia?.('(max-width: 639px)').matches ? 'listMonth' : 'dayGridMonth');

const occurrenceEvent = (occurrence: EventOccurrence): EventInput => ({
  id: `${occurrence.id}:${occurrence.date}`,
  title: occurrence.status === 1 ? occurrence.event_title : `${occurrence.event_title} (inactive)`,
  start: `${occurrence.date}T${occurrence.time}`,
  end: `${occurrence.date}T${occurrence.end_time}`,
  // A real address, so each event is a link a keyboard reaches and a screen reader names; the click is routed in the page.
  url: eventViewPath(occurrence.id, occurrence.date),
  classNames: occurrence.status === 1 ? [] : ['event-inactive'],
  extendedProps: { occurrence },
});

/**
 * /event-calender: the program's events by month, week or as a list (FullCalendar), every day of a series
 * shown. The month shown is kept in the saved searches (cleared at logout) and shown again on the next
 * visit. An occurrence opens its view for that day.
 */
export default function EventCalendarScreen() {
  const navigate = useNavigate();
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

  const datesSet = (range: DatesSetArg) => {
    const { currentStart, currentEnd, title } = range.view;
    const start = isoDay(currentStart);
    const end = isoDay(currentEnd);
    setShown((previous) => (previous.start === start && previous.end === end && previous.title === title ? previous : { start, end, title, months: monthsBetween(currentStart, currentEnd) }));
    setSavedSearch('eventCalendarMonth', monthKeyOf(currentStart));
  };
  const eventClick = (click: EventClickArg) => {
    click.jsEvent.preventDefault();
    const occurrence = click.event.extendedProps.occurrence as EventOccurrence;
    navigate(eventViewPath(occurrence.id, occurrence.date));
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
      <Box className="event-calendar" css={CALENDAR_STYLES}>
        <FullCalendar
          plugins={[dayGridPlugin, timeGridPlugin, listPlugin]}
          initialView={firstView()}
          initialDate={initialDate}
          headerToolbar={{ start: 'prev,next today', center: 'title', end: VIEWS }}
          // Words instead of FullCalendar's arrow glyphs, which are images without a name; the titles add the unit.
          buttonIcons={false}
          buttonText={{ prev: 'Previous', next: 'Next', today: 'Today', month: 'Month', week: 'Week', list: 'List' }}
          buttonHints={{ prev: 'Previous $0', next: 'Next $0', today: 'This $0' }}
          views={{ listMonth: { buttonText: 'List', noEventsText: 'No events this month.' } }}
          events={events}
          eventClick={eventClick}
          // FullCalendar names each day cell by its date alone, so a cell holding events has visible text outside
          // its name (axe: label-content-name-mismatch); without the label the cell is read by its content: the
          // day number (labelled with the full date) and its events.
          dayCellDidMount={(cell) => cell.el.removeAttribute('aria-labelledby')}
          datesSet={datesSet}
          eventTimeFormat={{ hour: 'numeric', minute: '2-digit', meridiem: 'short' }}
          dayMaxEvents={4}
          height="auto"
          nowIndicator
          fixedWeekCount={false}
        />
      </Box>
    </PageFrame>
  );
}

/** FullCalendar's colours moved onto the theme's tokens, with the contrast axe asks for. */
const CALENDAR_STYLES = {
  '--fc-border-color': 'var(--chakra-colors-border)',
  // The toolbar's buttons look like the page's outline buttons; the chosen view is filled.
  '--fc-button-text-color': 'var(--chakra-colors-fg)',
  '--fc-button-bg-color': 'var(--chakra-colors-bg)',
  '--fc-button-border-color': 'var(--chakra-colors-border-emphasized)',
  '--fc-button-hover-bg-color': 'var(--chakra-colors-bg-muted)',
  '--fc-button-hover-border-color': 'var(--chakra-colors-border-emphasized)',
  '--fc-button-active-bg-color': 'var(--chakra-colors-brand-700)',
  '--fc-button-active-border-color': 'var(--chakra-colors-brand-700)',
  '& .fc .fc-button': { fontSize: 'sm', fontWeight: 'medium', borderRadius: 'l2' },
  // As specific as FullCalendar's own rule for the chosen view's button, which would keep the dark text.
  '& .fc .fc-button-primary:not(:disabled).fc-button-active': { color: 'white' },
  // The toolbar wraps on narrow screens instead of pushing the view buttons off the page.
  '& .fc-header-toolbar': { flexWrap: 'wrap', gap: '2' },
  // Titles wrap under the time instead of being cut after a few letters.
  '& .fc-daygrid-dot-event': { whiteSpace: 'normal', alignItems: 'baseline', flexWrap: 'wrap' },
  '& .fc-daygrid-dot-event .fc-event-title': { whiteSpace: 'normal', overflow: 'visible', fontWeight: 'medium' },
  '--fc-event-bg-color': 'var(--chakra-colors-brand-700)',
  '--fc-event-border-color': 'var(--chakra-colors-brand-700)',
  '--fc-today-bg-color': 'var(--chakra-colors-yellow-50)',
  '& .fc-toolbar-title': { fontSize: 'lg', fontWeight: 'semibold' },
  '& .fc-daygrid-event-dot': { borderColor: 'var(--chakra-colors-brand-700)' },
  '& .fc-daygrid-dot-event, & .fc-list-event': { color: 'var(--chakra-colors-fg)' },
  '& .fc-col-header-cell-cushion, & .fc-daygrid-day-number, & .fc-list-day-text, & .fc-list-day-side-text': { color: 'var(--chakra-colors-fg)' },
  // Days of the months around are muted by colour, not by FullCalendar's 30 % opacity (2:1 contrast).
  '& .fc-day-other .fc-daygrid-day-top': { opacity: 1 },
  '& .fc-day-other .fc-daygrid-day-number': { color: 'var(--chakra-colors-fg-muted)' },
  // Inactive days are struck through and named so (their title says it), without fading: faded text fails contrast.
  '& .event-inactive': { textDecoration: 'line-through' },
  '& a:focus-visible, & button:focus-visible': { outline: '2px solid var(--chakra-colors-brand-600)', outlineOffset: '2px' },
};
