import { eq } from 'drizzle-orm';
import { createReplica, createTestApp, freshDatabase, type TestApp } from '../../../test/app';
import { accounts, programUsers, sessions } from '../../../db/schema';

/** Waits (up to 2 s) for a condition that a database notification makes true. */
async function eventually(check: () => Promise<boolean>) {
  for (let i = 0; i < 40; i++) {
    if (await check()) return true;
    await new Promise((r) => setTimeout(r, 50));
  }
  return false;
}

describe('cached sessions follow the database', () => {
  let t: TestApp;
  let token: string;
  let id: number;
  beforeAll(async () => {
    t = await createTestApp();
    token = await t.login('limited@northside.test');
    id = (await t.call({ method: 'GET', url: '/api/user', token })).json().data.id;
  });
  afterAll(() => t.close());

  const sidebar = () => t.call({ method: 'GET', url: '/api/sidebar-menu', token });

  it('shows a menu flag changed straight in the database on the next call', async () => {
    expect((await sidebar()).json().data.fromPUsTable.faq).toBe(0);
    await t.app.db.update(programUsers).set({ faq: 1 }).where(eq(programUsers.id, id));
    expect(await eventually(async () => (await sidebar()).json().data.fromPUsTable.faq === 1)).toBe(true);
  });

  it('refuses a session revoked straight in the database', async () => {
    const other = await t.login('limited@northside.test');
    expect((await t.call({ method: 'GET', url: '/api/user', token: other })).statusCode).toBe(200);
    await t.app.db.update(sessions).set({ revoked_at: t.clock.now() }).where(eq(sessions.account_id, id));
    expect(await eventually(async () => (await t.call({ method: 'GET', url: '/api/user', token: other })).statusCode === 401)).toBe(true);
  });

  it('refuses an account switched off straight in the database', async () => {
    const fresh = await t.login('staff@northside.test');
    expect((await t.call({ method: 'GET', url: '/api/user', token: fresh })).statusCode).toBe(200);
    await t.app.db.update(accounts).set({ status: 0 }).where(eq(accounts.email, 'staff@northside.test'));
    expect(await eventually(async () => (await t.call({ method: 'GET', url: '/api/user', token: fresh })).statusCode === 401)).toBe(true);
  });
});

// Replicas share a PostgreSQL server; PGlite belongs to one process. So this runs in the PostgreSQL pass.
if (process.env.TEST_DATABASE_URL) {
  describe('two replicas on one PostgreSQL database', () => {
    let a: TestApp;
    let b: TestApp;
    beforeAll(async () => {
      const database = await freshDatabase();
      a = await createTestApp({ database });
      b = await createReplica(a, database.target);
    });
    afterAll(async () => {
      await b.close();
      await a.close();
    });

    it('a logout on one is refused at once on the other', async () => {
      const token = await a.login('staff@northside.test');
      expect((await b.call({ method: 'GET', url: '/api/user', token })).statusCode).toBe(200);
      expect((await a.call({ method: 'POST', url: '/api/logout', token })).statusCode).toBe(200);
      expect(await eventually(async () => (await b.call({ method: 'GET', url: '/api/user', token })).statusCode === 401)).toBe(true);
    });

    it('a password change on one ends the other sessions on both', async () => {
      const kept = await a.login('limited@northside.test');
      const other = await a.login('limited@northside.test');
      expect((await b.call({ method: 'GET', url: '/api/user', token: other })).statusCode).toBe(200);
      const res = await a.call({
        method: 'POST',
        url: '/api/change-password',
        token: kept,
        payload: { current_password: 'Demo1234', password: 'Replica2026', password_confirmation: 'Replica2026' },
      });
      expect(res.statusCode).toBe(200);
      expect(await eventually(async () => (await b.call({ method: 'GET', url: '/api/user', token: other })).statusCode === 401)).toBe(true);
      expect((await b.call({ method: 'GET', url: '/api/user', token: kept })).statusCode).toBe(200);
    });
  });
}
