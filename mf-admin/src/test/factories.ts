import type { AdminDashboard, AdminEvent, AdminEventLocation, AdminEventRow, Quote } from '@baridesk/contracts';

let nextId = 1;

/** A quote as the API lists it; fresh id unless given. */
export function buildQuote(overrides: Partial<Quote> = {}): Quote {
  const id = overrides.id ?? nextId++;
  return {
    id,
    description: `Small steps every day add up (${id}).`,
    date_quote: '2026-03-05',
    status: 1,
    created_at: '2026-03-01T10:00:00.000Z',
    updated_at: '2026-03-01T10:00:00.000Z',
    ...overrides,
  };
}

export function buildAdminDashboard(overrides: Partial<AdminDashboard> = {}): AdminDashboard {
  return {
    programs: { total: 42, active: 37 },
    programUsers: { total: 1250, active: 1100 },
    patients: { total: 18342, byStage: { '1': 9000, '2': 8000, '3': 1342 } },
    superAdmins: 4,
    quotes: { total: 365, today: null },
    ...overrides,
  };
}

/** An event as GET /api/admin/event/{id} answers it: a weekly support group of Northside unless told. */
export function buildAdminEvent(overrides: Partial<AdminEvent> = {}): AdminEvent {
  const id = overrides.id ?? nextId++;
  return {
    id,
    program_id: 301,
    program_title: 'Northside Bariatrics',
    event_title: 'Tuesday Support Group',
    event_description: 'Share how the week went.',
    type: 'Support Group',
    date: '2026-03-03',
    time: '18:00',
    end_time: '19:00',
    timezone: 'America/Chicago',
    venue_type: 'in_person',
    location_id: 12,
    location_name: 'Community Hall',
    location: '12 Lake Street',
    meeting_url: null,
    stages: [1, 2],
    patient_type: 'all',
    weight_loss_type: 'all',
    hosted_by: 'Dr. Rivera',
    email: null,
    push_notification: 1,
    five_minute_earlier_reminder: 1,
    custom_reminder_message: 'We are starting Tuesday Support Group in 5 minutes.',
    status: 1,
    rrule: 'FREQ=WEEKLY;BYDAY=TU',
    recurrence_end: null,
    exdates: [],
    series_id: null,
    recurrence_date: null,
    created_at: '2026-02-01T10:00:00.000Z',
    updated_at: '2026-02-01T10:00:00.000Z',
    ...overrides,
  };
}

/** A row of the super admin's event list, from an event. */
export function buildAdminEventRow(overrides: Partial<AdminEvent> = {}): AdminEventRow {
  const event = buildAdminEvent(overrides);
  return {
    id: event.id,
    program_id: event.program_id,
    program_title: event.program_title,
    event_title: event.event_title,
    type: event.type,
    date: event.date,
    time: event.time,
    end_time: event.end_time,
    timezone: event.timezone,
    venue_type: event.venue_type,
    location_name: event.location_name,
    status: event.status,
    rrule: event.rrule,
    recurrence_end: event.recurrence_end,
    is_recurring: event.rrule !== null,
    created_at: event.created_at,
  };
}

/** A shared event location (no program). */
export function buildAdminEventLocation(overrides: Partial<AdminEventLocation> = {}): AdminEventLocation {
  const id = overrides.id ?? nextId++;
  return {
    id,
    name: `Shared place ${id}`,
    address: '100 State Street, Chicago',
    latitude: 41.88,
    longitude: -87.63,
    timezone: 'America/Chicago',
    status: 1,
    created_at: '2026-01-01T10:00:00.000Z',
    updated_at: '2026-01-01T10:00:00.000Z',
    ...overrides,
  };
}
