/** What the event's page of the calendar mounts from this feature: one day's RSVPs and attendance. */
export { EventAttendancePanel, type EventAttendancePanelProps } from './components/event-attendance-panel';
