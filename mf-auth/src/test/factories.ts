import type { AuthUser, PatientListItem } from '@baridesk/contracts';
import { createAuthUser as createUser } from '@baridesk/testing';

let nextId = 100;

/** A signed-in program user, new each call, as GET /api/user answers; override what the test is about. */
export function createAuthUser(overrides: Partial<AuthUser> = {}): AuthUser {
  const id = nextId++;
  return createUser({
    id,
    name: `Nurse ${id}`,
    email: `nurse-${id}@example.test`,
    created: '2024-01-15T09:30:00.000Z',
    type: 'program_user',
    program_id: 12,
    programmer_code: 'PRG-12',
    sub_user: null,
    administrative_rights: 0,
    ...overrides,
  });
}

export const createSuperAdmin = (overrides: Partial<AuthUser> = {}): AuthUser =>
  createAuthUser({ type: 'super_admin', program_id: null, programmer_code: null, ...overrides });

let nextPatientId = 500;

/** A row of GET /api/patients, new each call. */
export function createPatientListItem(overrides: Partial<PatientListItem> = {}): PatientListItem {
  const id = nextPatientId++;
  return {
    id,
    first_name: 'Pat',
    last_name: `Patient${id}`,
    name: `Pat Patient${id}`,
    email: `pat-${id}@example.test`,
    phone: '5551234567',
    mrn_number: `MRN-${id}`,
    current_stage: 1,
    surgery_date: null,
    type_of_surgery: null,
    starting_weight: null,
    current_weight: null,
    target_weight: null,
    user_cat_name: null,
    user_cat_name2: null,
    location_id: null,
    insurance_coordinator_id: null,
    status: 1,
    is_invited: 1,
    last_app_activity_at: null,
    created_at: '2024-03-01T10:00:00.000Z',
    ...overrides,
  };
}
