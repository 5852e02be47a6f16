/** The super admins' event screens: the shell sends /admin/event/* here, and the area routes below it. */
export const ADMIN_EVENTS_PATH = '/admin/event';
export const ADMIN_EVENT_STORE_PATH = '/admin/event/store';
export const ADMIN_EVENT_LOCATIONS_PATH = '/admin/event/location';
export const adminEventShowPath = (id: number) => `/admin/event/${id}/show`;
export const adminEventEditPath = (id: number) => `/admin/event/${id}/edit`;

