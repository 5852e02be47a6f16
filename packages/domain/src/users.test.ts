import { isUserType, SPECIAL_PROGRAM_ID, SUPER_ADMIN_ID, USER_TYPES } from './users';

describe('users', () => {
  it('lists the three account kinds in order', () => {
    expect(USER_TYPES).toEqual(['sub_user', 'program_user', 'super_admin']);
  });

  it('fixes the special ids', () => {
    expect(SUPER_ADMIN_ID).toBe(48);
    expect(SPECIAL_PROGRAM_ID).toBe(302);
  });

  it('recognises user types exactly', () => {
    expect(isUserType('sub_user')).toBe(true);
    expect(isUserType('program_user')).toBe(true);
    expect(isUserType('super_admin')).toBe(true);
    expect(isUserType('Super_Admin')).toBe(false);
    expect(isUserType('patient')).toBe(false);
    expect(isUserType('')).toBe(false);
    expect(isUserType(null)).toBe(false);
    expect(isUserType(48)).toBe(false);
  });
});
