import type { AutomaticRule, CalendarImport, EventLocation, MessageTemplate } from '@baridesk/contracts';

let nextId = 1;

/** A message template as the API lists it; fresh id unless given. */
export function buildMessageTemplate(overrides: Partial<MessageTemplate> = {}): MessageTemplate {
  const id = overrides.id ?? nextId++;
  return {
    id,
    title: `Template ${id}`,
    message: `Hello, this is message ${id}.`,
    status: 1,
    created_at: '2026-03-01T10:00:00.000Z',
    updated_at: '2026-03-05T10:00:00.000Z',
    ...overrides,
  };
}

/** An automatic message rule as the API lists it; fresh id unless given. */
export function buildAutomaticRule(overrides: Partial<AutomaticRule> = {}): AutomaticRule {
  const id = overrides.id ?? nextId++;
  return {
    id,
    trigger: 'days_before_surgery',
    days: 3,
    stage: null,
    checklist_item_id: null,
    checklist_item_title: null,
    title: `Automatic ${id}`,
    message: `Automatic message ${id}.`,
    channels: ['inbox'],
    status: 1,
    sent_count: 0,
    created_at: '2026-03-01T10:00:00.000Z',
    updated_at: '2026-03-05T10:00:00.000Z',
    ...overrides,
  };
}

/** An event location as the API lists it (the program's own); fresh id unless given. */
export function buildEventLocation(overrides: Partial<EventLocation> = {}): EventLocation {
  const id = overrides.id ?? nextId++;
  return {
    id,
    name: `Location ${id}`,
    address: '1 Main Street, Chicago, IL',
    latitude: 41.8781,
    longitude: -87.6298,
    timezone: 'America/Chicago',
    status: 1,
    created_at: '2026-03-01T10:00:00.000Z',
    updated_at: '2026-03-05T10:00:00.000Z',
    ...overrides,
  };
}

/** A calendar import as the scheduler answers it; queued and fresh unless told. */
export function buildCalendarImport(overrides: Partial<CalendarImport> = {}): CalendarImport {
  const id = overrides.id ?? nextId++;
  return {
    id,
    file_name: 'groups.ics',
    status: 'queued',
    total: 0,
    imported: 0,
    skipped: 0,
    error: null,
    created_at: '2026-03-05T10:00:00.000Z',
    finished_at: null,
    acknowledged_at: null,
    ...overrides,
  };
}
