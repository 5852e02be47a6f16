import type { CalendarEvent, EventOccurrence } from '@baridesk/contracts';

let nextId = 100;

/** One day of the calendar's month list; a single event unless told otherwise. */
export function buildOccurrence(overrides: Partial<EventOccurrence> = {}): EventOccurrence {
  const id = overrides.id ?? overrides.event_id ?? nextId++;
  return {
    event_id: id,
    id,
    date: '2027-03-02',
    series_id: null,
    event_title: `Event ${id}`,
    type: 'Support Group',
    time: '18:00',
    end_time: '19:00',
    timezone: 'America/Chicago',
    venue_type: 'in_person',
    location_name: 'Northside Clinic',
    status: 1,
    is_recurring: false,
    ...overrides,
  };
}

/** An event as GET /scheduler/api/event-calendar/{id} answers it; a single event unless told otherwise. */
export function buildCalendarEvent(overrides: Partial<CalendarEvent> = {}): CalendarEvent {
  const id = overrides.id ?? nextId++;
  return {
    id,
    program_id: 1,
    event_title: `Event ${id}`,
    event_description: null,
    type: 'Support Group',
    date: '2027-03-02',
    time: '18:00',
    end_time: '19:00',
    timezone: 'America/Chicago',
    venue_type: 'in_person',
    location_id: 3,
    location_name: 'Northside Clinic',
    location: '100 Main St, Chicago',
    meeting_url: null,
    stages: [1, 2],
    patient_type: 'all',
    weight_loss_type: 'all',
    hosted_by: 'Dr. Rivera',
    email: 'groups@northside.test',
    push_notification: 1,
    five_minute_earlier_reminder: 1,
    custom_reminder_message: `We are starting Event ${id} in 5 minutes.`,
    status: 1,
    rrule: null,
    recurrence_end: null,
    exdates: [],
    series_id: null,
    recurrence_date: null,
    created_at: '2027-02-01T10:00:00.000Z',
    updated_at: '2027-02-01T10:00:00.000Z',
    ...overrides,
  };
}
