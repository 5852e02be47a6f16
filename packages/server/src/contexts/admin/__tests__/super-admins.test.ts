import { and, desc, eq } from 'drizzle-orm';
import { PERMISSION_SLUGS, type PermissionSlug } from '@baridesk/domain';
import { SUPER_ADMIN_MESSAGES, type SuperAdmin } from '@baridesk/contracts';
import { createTestApp, type TestApp } from '../../../test/app';
import { auditRecords, superAdminPermissions } from '../../../db/schema';

let t: TestApp;
let root: string;
beforeAll(async () => {
  t = await createTestApp();
  root = await t.login('superadmin@baridesk.test');
});
afterAll(() => t.close());

const base = '/api/admin/super-admin';
/** The demo seed numbers permissions in PERMISSION_SLUGS order, from 1. */
const idOf = (slug: PermissionSlug) => PERMISSION_SLUGS.indexOf(slug) + 1;
const ALL_IDS = PERMISSION_SLUGS.map((_, i) => i + 1);
const PASSWORD = 'Second2026pw';

const store = (payload: object, token = root) => t.call({ method: 'POST', url: base, token, payload });
const put = (id: number, payload: object, token = root) => t.call({ method: 'PUT', url: `${base}/${id}`, token, payload });
const read = async (id: number) => (await t.call({ method: 'GET', url: `${base}/${id}`, token: root })).json().data as SuperAdmin;
/** The update body of a record as read, with changes. */
const editOf = (admin: SuperAdmin, changes: object = {}) => ({
  first_name: admin.first_name,
  last_name: admin.last_name,
  email: admin.email,
  phone: admin.phone ?? '',
  title: admin.title ?? '',
  username: admin.username ?? '',
  status: admin.status,
  permission_ids: admin.permission_ids,
  ...changes,
});

let serial = 0;
const newAdmin = (changes: object = {}) => {
  serial += 1;
  return {
    first_name: 'Jordan',
    last_name: `Lee ${serial}`,
    email: `jordan${serial}@baridesk.test`,
    phone: '212-555-0177',
    title: 'Support lead',
    username: `jlee${serial}`,
    password: PASSWORD,
    confirm_password: PASSWORD,
    permission_ids: [idOf('manage_users'), idOf('program_users')],
    ...changes,
  };
};

describe('who may', () => {
  it.each([
    ['GET', base],
    ['GET', `${base}/48`],
    ['POST', base],
    ['PUT', `${base}/49`],
    ['DELETE', `${base}/49`],
    ['GET', `${base}/excel-report`],
  ] as const)('%s %s refuses admin2, who lacks manage_super_admin', async (method, url) => {
    const token = await t.login('admin2@baridesk.test');
    const res = await t.call({ method, url, token, ...(method === 'POST' || method === 'PUT' ? { payload: {} } : {}) });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('You do not have permission to do this.');
  });
});

describe('list and record', () => {
  it('lists the super admins with the permissions they hold, searchable by name', async () => {
    const res = await t.call({ method: 'GET', url: `${base}?search=reyes`, token: root });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.data).toEqual([
      expect.objectContaining({ id: 49, last_name: 'Reyes', permission_ids: [idOf('cards_and_trophies'), idOf('manage_events')].sort((a, b) => a - b) }),
    ]);
    expect((await read(48)).permission_ids).toEqual(ALL_IDS);
  });
});

describe('POST /api/admin/super-admin', () => {
  it('creates a super admin with two permissions, who signs in and may use only those', async () => {
    const body = newAdmin();
    const res = await store(body);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ message: SUPER_ADMIN_MESSAGES.created, data: { email: body.email, status: 1, permission_ids: body.permission_ids } });
    const token = await t.login(body.email, PASSWORD);
    const user = (await t.call({ method: 'GET', url: '/api/user', token })).json().data;
    expect(user.permissions.map((p: { slug: string }) => p.slug).sort()).toEqual(['manage_users', 'program_users']);
    expect((await t.call({ method: 'GET', url: '/api/admin/manage-users', token })).statusCode).toBe(200);
    expect((await t.call({ method: 'GET', url: '/api/admin/quotes', token })).statusCode).toBe(403);
    expect((await t.call({ method: 'GET', url: base, token })).statusCode).toBe(403);
    const [audit] = await t.app.db
      .select()
      .from(auditRecords)
      .where(and(eq(auditRecords.action, 'super-admin.create'), eq(auditRecords.entity_id, String(res.json().data.id))));
    expect(audit!.detail).toMatchObject({ permissions: ['manage_users', 'program_users'] });
  });

  it('applies the password rule, the confirmation, a free e-mail and known permissions', async () => {
    const weak = await store(newAdmin({ password: 'abcdefgh', confirm_password: 'abcdefgh' }));
    expect(weak.statusCode).toBe(422);
    expect(weak.json().errors.password).toEqual(['Password must contain at least one character and number.']);
    const mismatch = await store(newAdmin({ confirm_password: 'Other2026pw' }));
    expect(mismatch.statusCode).toBe(422);
    expect(Object.keys(mismatch.json().errors)).toEqual(['confirm_password']);
    const taken = await store(newAdmin({ email: 'ADMIN2@baridesk.test' }));
    expect(taken.statusCode).toBe(422);
    expect(taken.json().errors).toEqual({ email: ['This e-mail address is already in use.'] });
    const unknown = await store(newAdmin({ permission_ids: [999] }));
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors).toEqual({ permission_ids: [SUPER_ADMIN_MESSAGES.unknownPermission] });
    const missing = await store({});
    expect(missing.statusCode).toBe(422);
    expect(Object.keys(missing.json().errors)).toEqual(expect.arrayContaining(['first_name', 'last_name', 'email', 'password']));
  });
});

describe('permission changes', () => {
  it('take effect on the holder’s next request, both ways, and are audited', async () => {
    const body = newAdmin({ permission_ids: [idOf('manage_users')] });
    const id = (await store(body)).json().data.id as number;
    const token = await t.login(body.email, PASSWORD);
    const quotes = () => t.call({ method: 'GET', url: '/api/admin/quotes', token });
    expect((await quotes()).statusCode).toBe(403);
    const granted = await put(id, editOf(await read(id), { permission_ids: [idOf('manage_users'), idOf('manage_quotes')] }));
    expect(granted.statusCode).toBe(200);
    expect((await quotes()).statusCode).toBe(200);
    const [audit] = await t.app.db
      .select()
      .from(auditRecords)
      .where(and(eq(auditRecords.action, 'super-admin.update'), eq(auditRecords.entity_id, String(id))))
      .orderBy(desc(auditRecords.id))
      .limit(1);
    expect(audit!.detail).toMatchObject({ permissionsAdded: ['manage_quotes'], permissionsRemoved: [] });
    expect((await put(id, editOf(await read(id), { permission_ids: [idOf('manage_users')] }))).statusCode).toBe(200);
    expect((await quotes()).statusCode).toBe(403);
  });

  it('made in the database by any writer reach the holder through the table’s notification', async () => {
    const body = newAdmin({ permission_ids: [] });
    const id = (await store(body)).json().data.id as number;
    const token = await t.login(body.email, PASSWORD);
    const tips = () => t.call({ method: 'GET', url: '/api/admin/quotes', token });
    expect((await tips()).statusCode).toBe(403);
    await t.app.db.insert(superAdminPermissions).values({ super_admin_id: id, permission_id: idOf('manage_quotes') });
    // The notice arrives on the listening connection, not with the insert's answer.
    let status = 0;
    for (let attempt = 0; attempt < 40 && status !== 200; attempt += 1) {
      status = (await tips()).statusCode;
      if (status !== 200) await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(status).toBe(200);
  });
});

describe('super admin 48', () => {
  it('cannot be deactivated or stripped of a permission', async () => {
    const main = await read(48);
    const off = await put(48, editOf(main, { status: 0 }));
    expect(off.statusCode).toBe(422);
    expect(off.json().errors).toEqual({ status: [SUPER_ADMIN_MESSAGES.mainStaysActive] });
    const stripped = await put(48, editOf(main, { permission_ids: ALL_IDS.slice(1) }));
    expect(stripped.statusCode).toBe(422);
    expect(stripped.json().errors).toEqual({ permission_ids: [SUPER_ADMIN_MESSAGES.mainKeepsPermissions] });
    expect(await read(48)).toMatchObject({ status: 1, permission_ids: ALL_IDS });
    const renamed = await put(48, editOf(main, { title: 'Owner' }));
    expect(renamed.statusCode).toBe(200);
  });

  it('cannot be deleted, and nobody deletes their own account', async () => {
    const res = await t.call({ method: 'DELETE', url: `${base}/48`, token: root });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(SUPER_ADMIN_MESSAGES.mainNotDeleted);
    const body = newAdmin({ permission_ids: [idOf('manage_super_admin')] });
    const id = (await store(body)).json().data.id as number;
    const token = await t.login(body.email, PASSWORD);
    const own = await t.call({ method: 'DELETE', url: `${base}/${id}`, token });
    expect(own.statusCode).toBe(403);
    expect(own.json().message).toBe(SUPER_ADMIN_MESSAGES.notYourself);
    expect((await t.call({ method: 'DELETE', url: `${base}/48`, token })).statusCode).toBe(403);
  });
});

describe('DELETE /api/admin/super-admin/{id}', () => {
  it('deletes softly: sessions end, sign-in refused, out of the list; the address is free again', async () => {
    const body = newAdmin();
    const id = (await store(body)).json().data.id as number;
    const token = await t.login(body.email, PASSWORD);
    const res = await t.call({ method: 'DELETE', url: `${base}/${id}`, token: root });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(SUPER_ADMIN_MESSAGES.deleted);
    expect((await t.call({ method: 'GET', url: '/api/user', token })).statusCode).toBe(401);
    await expect(t.login(body.email, PASSWORD)).rejects.toThrow(/401/);
    expect((await t.call({ method: 'GET', url: `${base}/${id}`, token: root })).statusCode).toBe(404);
    const list = (await t.call({ method: 'GET', url: `${base}?perPage=All`, token: root })).json().data.data.map((a: SuperAdmin) => a.id);
    expect(list).not.toContain(id);
    expect((await store(newAdmin({ email: body.email }))).statusCode).toBe(201);
  });

  it('deactivating one ends its sessions', async () => {
    const body = newAdmin();
    const id = (await store(body)).json().data.id as number;
    const token = await t.login(body.email, PASSWORD);
    expect((await put(id, editOf(await read(id), { status: 0 }))).statusCode).toBe(200);
    expect((await t.call({ method: 'GET', url: '/api/user', token })).statusCode).toBe(401);
  });
});

describe('GET /api/admin/super-admin/excel-report', () => {
  it('streams the super admins with their permissions', async () => {
    const res = await t.call({ method: 'GET', url: `${base}/excel-report?search=reyes`, token: root });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/spreadsheetml/);
    expect(res.headers['content-disposition']).toMatch(/super-admins-\d{4}-\d{2}-\d{2}\.xlsx/);
  });
});
