import type { ScreenLoaders } from '@baridesk/ui';

/**
 * The screens of mf-messaging, keyed by their path in the shell's route table. Each is fetched on its first
 * visit, while the shell's navigation is pending.
 */
export const screens = {
  '/message-templates': () =>
    import('./features/message-templates/components/message-templates-screen'),
  '/weight-reminder-message': () => import('./features/weight-reminder/components/weight-reminder-screen'),
  '/automatic-messages': () => import('./features/automatic-messages/components/automatic-messages-screen'),
  '/alerts': () => import('./features/alerts/components/alerts-screen'),
  '/support-messages/:type/store': () => import('./features/support-messages/components/support-message-screen'),
  '/on-demand-messages': () => import('./features/on-demand-messages/components/on-demand-messages-screen'),
  '/on-demand-messages/:id/show': () => import('./features/on-demand-messages/components/on-demand-message-show-screen'),
  '/scheduled-messages': () => import('./features/scheduled-messages/components/scheduled-messages-screen'),
  '/scheduled-message/:id/show': () => import('./features/scheduled-messages/components/scheduled-message-show-screen'),
  '/event-calender/locations': () => import('./features/event-locations/components/event-locations-screen'),
  // The calendar's screen alone loads FullCalendar (its own chunk).
  '/event-calender': () => import('./features/event-calendar/components/event-calendar-screen'),
  '/event-calender/form': () => import('./features/event-calendar/components/event-form-screen'),
  '/event-calender/form/:id': () => import('./features/event-calendar/components/event-form-screen'),
  '/event-calender/view/:id': () => import('./features/event-calendar/components/event-view-screen'),
  // Surgeries, consults and events on the event calendar's view (FullCalendar in the same chunk as above).
  '/calendar': () => import('./features/staff-calendar/components/staff-calendar-screen'),
} satisfies ScreenLoaders;
