/** Test data every app needs, valid by the contracts' types; each app keeps its own screens' factories. */
import type { AuthUser } from '@baridesk/contracts';

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
  ...overrides,
});

/** A list answer's envelope: `{ data: { data, total, page, perPage } }`. */
export const pageOf = <T>(
  rows: T[],
  { total = rows.length, page = 1, perPage = 10 }: { total?: number; page?: number; perPage?: number | 'All' } = {},
) => ({ data: { data: rows, total, page, perPage } });
