import { useNavigate } from 'react-router-dom';
import FullCalendar from '@fullcalendar/react';
import dayGridPlugin from '@fullcalendar/daygrid';
import timeGridPlugin from '@fullcalendar/timegrid';
import listPlugin from '@fullcalendar/list';
import type { DatesSetArg, EventClickArg, EventInput } from '@fullcalendar/core';
import { formatDate, formatTime } from '@baridesk/domain';
import { Box } from '@baridesk/ui';
import { isoDay } from './event-paths';

/** The three views: the month grid, the week by the hour, and the month as a list (the one read best aloud). */
const VIEWS = 'dayGridMonth,timeGridWeek,listMonth';
/** On a phone a month's cells are too narrow for titles: the list opens first there. */
const firstView = () => (typeof window !== 'undefined' && window.matchMedia?.('(max-width: 639px)').matches ? 'listMonth' : 'dayGridMonth');

/** The days a view shows: [start, end) as "yyyy-MM-dd", its title ("March 2027"), and the same bounds as dates. */
/** A wall-clock date as FullCalendar hands it to a formatter (month 0–11). */
type CalendarMarker = { year: number; month: number; day: number; hour: number; minute: number };
const two = (n: number) => String(n).padStart(2, '0');

/** The list's day headings in the product's one date format ("Mar 05, 2026") rather than FullCalendar's own. */
const dayHeading = ({ date }: { date: CalendarMarker }) => formatDate(`${date.year}-${two(date.month + 1)}-${two(date.day)}`);
/** Event times as the product writes them ("06:00PM"), a start and end (when FullCalendar shows one) joined by a dash. */
const eventTimes = ({ start, end }: { start: CalendarMarker; end?: CalendarMarker | null }) =>
  [start, end]
    .filter((marker): marker is CalendarMarker => marker !== undefined && marker !== null)
    .map((marker) => formatTime(`${two(marker.hour)}:${two(marker.minute)}`))
    .join(' – ');

export type ShownRange = { start: string; end: string; title: string; currentStart: Date; currentEnd: Date };

export type CalendarViewProps = {
  /**
   * What the calendar shows. Give every item a `url` (the page it opens): FullCalendar then draws it as a
   * link, which a keyboard reaches and a screen reader names; a click moves within the app.
   */
  events: EventInput[];
  /** The day ("yyyy-MM-dd") whose month opens first. */
  initialDate: string;
  /** Called with the days shown whenever the view or its period changes (and once at start). */
  onDatesSet: (shown: ShownRange) => void;
  /** The list view's words for a month without items. */
  listEmptyText: string;
};

/**
 * The product's calendar: FullCalendar's month, week and list views with the toolbar in words, the theme's
 * colours and the accessibility fixes axe asks for. The event calendar and the staff calendar (/calendar)
 * both draw it; each item opens its own page.
 */
export function CalendarView({ events, initialDate, onDatesSet, listEmptyText }: CalendarViewProps) {
  const navigate = useNavigate();
  const datesSet = (range: DatesSetArg) => {
    const { currentStart, currentEnd, title } = range.view;
    onDatesSet({ start: isoDay(currentStart), end: isoDay(currentEnd), title, currentStart, currentEnd });
  };
  const eventClick = (click: EventClickArg) => {
    if (!click.event.url) return;
    click.jsEvent.preventDefault();
    navigate(click.event.url);
  };
  return (
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
        views={{ listMonth: { buttonText: 'List', noEventsText: listEmptyText } }}
        events={events}
        eventClick={eventClick}
        // FullCalendar names each day cell by its date alone, so a cell holding events has visible text outside
        // its name (axe: label-content-name-mismatch); without the label the cell is read by its content: the
        // day number (labelled with the full date) and its events.
        dayCellDidMount={(cell) => cell.el.removeAttribute('aria-labelledby')}
        datesSet={datesSet}
        eventTimeFormat={eventTimes}
        listDayFormat={dayHeading}
        dayMaxEvents={4}
        height="auto"
        nowIndicator
        fixedWeekCount={false}
      />
    </Box>
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
