import { sql } from 'drizzle-orm';
import { type DatabaseHandle, openDatabase, queryRows } from '../db/client';
import { DEMO_ACCOUNTS } from '../seed/demo';
import { type FreshDatabase, TEST_PATIENTS_PER_PROGRAM, seededDatabase } from './databases';

const emails = async (handle: DatabaseHandle) =>
  (await queryRows<{ email: string }>(handle.db, sql`select email from accounts order by email`)).map((row) => row.email);
const patientCount = async (handle: DatabaseHandle) =>
  Number((await queryRows<{ count: number | string }>(handle.db, sql`select count(*) as count from patients`))[0]?.count);

describe('seededDatabase', () => {
  const opened: { database: FreshDatabase; handle: DatabaseHandle }[] = [];
  const open = async (patientsPerProgram: number) => {
    const database = await seededDatabase({ patientsPerProgram });
    const handle = await openDatabase(database.target);
    opened.push({ database, handle });
    return handle;
  };
  afterAll(async () => {
    for (const { database, handle } of opened) {
      await handle.close();
      await database.drop();
    }
  });

  it('gives each caller a database of its own holding the demo data, which its writes never leave', async () => {
    const first = await open(TEST_PATIENTS_PER_PROGRAM);
    const second = await open(TEST_PATIENTS_PER_PROGRAM);
    const demo = await emails(first);
    expect(demo).toEqual(expect.arrayContaining(DEMO_ACCOUNTS.map((account) => account.email)));
    expect(await patientCount(first)).toBe(3 * TEST_PATIENTS_PER_PROGRAM);

    await first.db.execute(sql`update accounts set email = 'moved-' || email`);
    await first.db.execute(sql`delete from patients`);
    expect(await emails(second)).toEqual(demo);
    expect(await patientCount(second)).toBe(3 * TEST_PATIENTS_PER_PROGRAM);
    // The template itself is untouched: a copy made after the writes still has everything.
    const third = await open(TEST_PATIENTS_PER_PROGRAM);
    expect(await emails(third)).toEqual(demo);
    expect(await patientCount(third)).toBe(3 * TEST_PATIENTS_PER_PROGRAM);
  });

  it('seeds other options into a template of their own', async () => {
    const small = await open(1);
    expect(await patientCount(small)).toBe(3);
  });
});
