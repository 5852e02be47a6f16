/** What other features take from the event calendar: its FullCalendar view (the staff calendar draws it too). */
export { CalendarView, type CalendarViewProps, type ShownRange } from './components/calendar-view';
export { eventViewPath, isoDay } from './components/event-paths';
