import { PERMISSION_SLUGS } from '@baridesk/domain';
import { createTestApp, type TestApp } from '../../../test/app';
import { DEMO_PASSWORD } from '../../../seed/demo';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const changePassword = (token: string, id: number, payload: object) =>
  t.call({ method: 'PATCH', url: `/api/admin/super-admin/change-password/${id}`, token, payload });
/** POST /api/change-password, confirmation equal to the new password. */
const changeOwnPassword = (token: string, current_password: string, password: string) =>
  t.call({
    method: 'POST',
    url: '/api/change-password',
    token,
    payload: { current_password, password, password_confirmation: password },
  });

describe('GET /api/admin/permissions', () => {
  it('lists the 19 slugs to any super admin', async () => {
    const token = await t.login('admin2@baridesk.test');
    const res = await t.call({ method: 'GET', url: '/api/admin/permissions', token });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.map((p: { slug: string }) => p.slug)).toEqual([...PERMISSION_SLUGS]);
  });

  it.each(['staff@northside.test', 'subuser@northside.test'])('refuses %s with 403', async (email) => {
    const token = await t.login(email);
    const res = await t.call({ method: 'GET', url: '/api/admin/permissions', token });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('This is available to super admins only.');
  });

  it('needs a session', async () => {
    expect((await t.call({ method: 'GET', url: '/api/admin/permissions' })).statusCode).toBe(401);
  });
});

describe('PATCH /api/admin/super-admin/change-password/{id}', () => {
  const next = { password: 'Fresh2026pw', password_confirmation: 'Fresh2026pw' };

  it("refuses another super admin's password without manage_super_admin", async () => {
    const token = await t.login('admin2@baridesk.test');
    const res = await changePassword(token, 48, next);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('You do not have permission to do this.');
  });

  it('asks for the current password when it is one’s own, and checks it', async () => {
    const token = await t.login('admin2@baridesk.test');
    const missing = await changePassword(token, 49, next);
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors).toEqual({ current_password: ['Current password is required.'] });
    const wrong = await changePassword(token, 49, { ...next, current_password: 'Nope12345' });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors).toEqual({ current_password: ['The current password is incorrect.'] });
  });

  it('applies the password rules and the confirmation', async () => {
    const token = await t.login('superadmin@baridesk.test');
    const weak = await changePassword(token, 49, { password: 'abcdefgh', password_confirmation: 'abcdefgh' });
    expect(weak.statusCode).toBe(422);
    expect(weak.json().errors.password).toEqual(['Password must contain at least one character and number.']);
    const mismatch = await changePassword(token, 49, { password: 'abcd1234', password_confirmation: 'abcd12345' });
    expect(mismatch.statusCode).toBe(422);
    expect(mismatch.json().errors).toEqual({ password_confirmation: ["Password confirmation doesn't match."] });
  });

  it('lets super admin 48 set another super admin’s password, ending that admin’s sessions', async () => {
    const victim = await t.login('admin2@baridesk.test');
    const token = await t.login('superadmin@baridesk.test');
    const res = await changePassword(token, 49, next);
    expect(res.statusCode).toBe(200);
    expect((await t.call({ method: 'GET', url: '/api/user', token: victim })).statusCode).toBe(401);
    expect((await t.call({ method: 'GET', url: '/api/user', token })).statusCode).toBe(200);
    await expect(t.login('admin2@baridesk.test')).rejects.toThrow(/401/);
    await t.login('admin2@baridesk.test', next.password);
  });

  it('answers 404 for an id that is not a super admin, and 422 for a malformed id', async () => {
    const token = await t.login('superadmin@baridesk.test');
    expect((await changePassword(token, 101, next)).statusCode).toBe(404);
    expect((await changePassword(token, 999999, next)).statusCode).toBe(404);
    const bad = await t.call({ method: 'PATCH', url: '/api/admin/super-admin/change-password/abc', token, payload: next });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toHaveProperty('id');
  });
});

describe('POST /api/change-password (staff)', () => {
  it('changes the password, marks it changed and ends the other sessions only', async () => {
    const other = await t.login('newstaff@northside.test');
    const token = await t.login('newstaff@northside.test');
    const res = await changeOwnPassword(token, DEMO_PASSWORD, 'Changed2026');
    expect(res.statusCode).toBe(200);
    const me = (await t.call({ method: 'GET', url: '/api/user', token })).json().data;
    expect(me.is_password_changed).toBe(1);
    expect((await t.call({ method: 'GET', url: '/api/user', token: other })).statusCode).toBe(401);
    await t.login('newstaff@northside.test', 'Changed2026');
  });

  it('refuses the same password again and a wrong current password', async () => {
    const token = await t.login('limited@northside.test');
    const same = await changeOwnPassword(token, DEMO_PASSWORD, DEMO_PASSWORD);
    expect(same.statusCode).toBe(422);
    expect(same.json().errors).toEqual({ password: ['The new password must be different from the current password.'] });
    const wrong = await changeOwnPassword(token, 'Nope12345', 'Other2026x');
    expect(wrong.statusCode).toBe(422);
  });

  it('is for staff; super admins use their own route', async () => {
    const token = await t.login('superadmin@baridesk.test');
    const res = await changeOwnPassword(token, DEMO_PASSWORD, 'Other2026x');
    expect(res.statusCode).toBe(403);
  });
});
