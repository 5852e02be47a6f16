/** Test data of the report screens, valid by the contracts' types. */
import type { AttendanceOccurrence, AttendancePatient, Dashboard, DashboardEvent, DashboardRecentPatient } from '@baridesk/contracts';

let nextId = 1;

export const createEvent = (overrides: Partial<DashboardEvent> = {}): DashboardEvent => ({
  id: nextId++,
  event_title: 'Support group meeting',
  date: '2026-03-05',
  time: '14:30:00',
  location: 'Main Street Clinic',
  ...overrides,
});

export const createRecentPatient = (overrides: Partial<DashboardRecentPatient> = {}): DashboardRecentPatient => {
  const id = nextId++;
  return { id, name: `Patient ${id}`, current_stage: 1, created_at: '2026-02-20T12:00:00.000Z', ...overrides };
};

export const createDashboard = (overrides: Partial<Dashboard> = {}): Dashboard => ({
  today: '2026-03-10',
  patients: { total: 1234, byStage: { 1: 700, 2: 434, 3: 100 }, neverUsedApp: 56, snoozed: 7 },
  surgeries: { upcoming30Days: 21, last30Days: 1005 },
  events: { upcoming: [createEvent()] },
  recentPatients: [createRecentPatient({ name: 'Alex Newcomer' })],
  ...overrides,
});

export const createAttendanceOccurrence = (overrides: Partial<AttendanceOccurrence> = {}): AttendanceOccurrence => ({
  event_id: nextId++,
  date: '2026-03-03',
  event_title: 'Tuesday Support Group',
  type: 'Support Group',
  time: '18:00',
  end_time: '19:30',
  timezone: 'America/Chicago',
  location_name: 'Main Street Clinic',
  going_count: 4,
  not_going_count: 1,
  attended_count: 3,
  marked_count: 5,
  ...overrides,
});

export const createAttendancePatient = (overrides: Partial<AttendancePatient> = {}): AttendancePatient => {
  const id = nextId++;
  return {
    patient_id: id,
    name: `Patient ${id}`,
    email: `patient${id}@example.test`,
    phone: '5551234567',
    stage: 1,
    response: 'going',
    responded_at: '2026-03-01T12:00:00.000Z',
    attended: null,
    attendance_marked_at: null,
    ...overrides,
  };
};
