import { eq, sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../test/app';
import { programUsers, quotes } from '../../../db/schema';
import { queryRows } from '../../../db/client';

const url = '/api/admin/dashboard';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const dashboard = async (email = 'admin2@baridesk.test') => {
  const res = await t.call({ method: 'GET', url, token: await t.login(email) });
  expect(res.statusCode).toBe(200);
  return res.json().data;
};
const today = () => t.clock.now().toISOString().slice(0, 10);

describe('GET /api/admin/dashboard', () => {
  it('counts programs, staff, patients by stage, super admins and quotes', async () => {
    const data = await dashboard();
    const [stages] = await queryRows<{ s1: number; s2: number; s3: number; total: number }>(
      t.app.db,
      sql`select count(*) filter (where current_stage = 1)::int as s1, count(*) filter (where current_stage = 2)::int as s2,
                 count(*) filter (where current_stage = 3)::int as s3, count(*)::int as total from patients`,
    );
    const [todays] = await t.app.db.select().from(quotes).where(eq(quotes.date_quote, today()));
    expect(data).toEqual({
      programs: { total: 3, active: 3 },
      programUsers: { total: 5, active: 5 },
      patients: { total: 36, byStage: { '1': stages!.s1, '2': stages!.s2, '3': stages!.s3 } },
      superAdmins: 2,
      quotes: { total: 12, today: { description: todays!.description } },
    });
    expect(stages!.s1 + stages!.s2 + stages!.s3).toBe(stages!.total);
  });

  it('follows changes: an inactive program, a deactivated program user, today’s quote switched off', async () => {
    await t.app.db.execute(sql`update programs set status = 0 where id = 302`);
    await t.app.db.update(programUsers).set({ deactivation_date: today() }).where(eq(programUsers.id, 204));
    await t.app.db.update(programUsers).set({ deactivation_date: '2999-01-01' }).where(eq(programUsers.id, 203));
    const root = await t.login('superadmin@baridesk.test');
    const off = await t.call({ method: 'POST', url: '/api/admin/quotes/toggle-status', token: root, payload: { id: (await t.app.db.select().from(quotes).where(eq(quotes.date_quote, today())))[0]!.id, status: 0 } });
    expect(off.statusCode).toBe(200);

    const data = await dashboard('superadmin@baridesk.test');
    expect(data.programs).toEqual({ total: 3, active: 2 });
    expect(data.programUsers).toEqual({ total: 5, active: 4 });
    expect(data.quotes).toEqual({ total: 12, today: null });
  });

  it('is for super admins only', async () => {
    for (const email of ['subuser@northside.test', 'staff@northside.test']) {
      const res = await t.call({ method: 'GET', url, token: await t.login(email) });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ message: 'This is available to super admins only.' });
    }
    expect((await t.call({ method: 'GET', url })).statusCode).toBe(401);
  });
});
