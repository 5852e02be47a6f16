import * as v from 'valibot';
import { authUserSchema } from './auth';
import { createAuthUser } from './test-support';

describe('createAuthUser', () => {
  it('is a valid signed-in user by the schema', () => {
    expect(v.parse(authUserSchema, createAuthUser())).toEqual(createAuthUser());
  });

  it('takes overrides', () => {
    const user = createAuthUser({ type: 'super_admin', program_id: null, sub_user: null, is_password_changed: 0 });
    expect(v.is(authUserSchema, user)).toBe(true);
    expect(user).toMatchObject({ id: 101, type: 'super_admin', program_id: null, sub_user: null, is_password_changed: 0 });
  });
});
