/** The super admins' event screens: the shell sends /admin/event/* here, and the area routes below it. */
export const ADMIN_EVENTS_PATH = '/admin/event';
/** The way back from an address that names no event. */
export const ADMIN_EVENTS_BACK = { to: ADMIN_EVENTS_PATH, label: 'Back to the events' };
export const ADMIN_EVENT_STORE_PATH = '/admin/event/store';
export const ADMIN_EVENT_LOCATIONS_PATH = '/admin/event/location';
export const adminEventShowPath = (id: number) => `/admin/event/${id}/show`;
export const adminEventEditPath = (id: number) => `/admin/event/${id}/edit`;

