/** What the event calendar's heading mounts from this feature: the import and the feed buttons with their dialogs. */
export { CalendarImportButton, EVENT_CALENDAR_QUERY_KEY } from './components/calendar-import-button';
export { CalendarFeedButton } from './components/calendar-feed-button';
