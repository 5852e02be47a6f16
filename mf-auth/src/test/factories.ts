import type { AuthUser } from '@baridesk/contracts';
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
