/**
 * Test fixtures of the contracts' payloads, for the tests of every package and app (never for app code):
 * `@baridesk/contracts/test-support`. They live here, beside the schemas, so that the store, the
 * api-client and @baridesk/testing share one copy without depending on each other.
 */
import type { AuthUser } from './auth';

/** A signed-in user as GET /api/user answers: a program's sub user unless overridden. */
export const createAuthUser = (overrides: Partial<AuthUser> = {}): AuthUser => ({
  id: 101,
  name: 'Dana Staff',
  email: 'dana@northside.example.test',
  created: '2024-01-02T03:04:05.000Z',
  type: 'sub_user',
  program_id: 7,
  popup_msg1: null,
  popup_status: 0,
  programmer_code: 'NSB-0007',
  sub_user: { id: 7, title: 'Northside Bariatric Program', programmer_code: 'NSB-0007' },
  permissions: [],
  administrative_rights: 1,
  self_service: 0,
  terms_and_conditions_check: 1,
  is_password_changed: 1,
  menu_flags: null,
  ...overrides,
});
