/** The events context's published interface: what other contexts may import. */
export type { Locations } from './plugins/locations-repository';
export { locationRoutes } from './location-routes';
export type { EventsRepository, EventOwner } from './plugins/events-repository';
export type { Rsvps } from './plugins/rsvps';
export type { EventReminders } from './plugins/event-reminders';
export { eventAuditDetail, eventRoutes } from './event-routes';
/** For the demo seed: who an event is for (the one SQL rule) and a series' days (the calendar's reading of its rule). */
export { audienceRule, rowTerms } from './plugins/event-audience';
export { ruleDays } from './occurrences';
export type { CalendarImports } from './plugins/calendar-import';
export type { CalendarFeeds } from './plugins/calendar-feed';
