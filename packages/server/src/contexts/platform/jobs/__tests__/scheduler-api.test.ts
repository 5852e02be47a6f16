/**
 * The scheduler service's HTTP side, /scheduler/api, as the gateway serves it (embedded): its health, the
 * super admins' jobs view where failed jobs show, and the same session and access rules as /api.
 */
import fp from 'fastify-plugin';
import { type TestApp, createTestApp } from '../../../../test/app';

const FLAKY = 'test.flaky';
const FINE = 'test.fine';

let t: TestApp;
let tokens: Record<'superadmin@baridesk.test' | 'subuser@northside.test', string>;
beforeAll(async () => {
  t = await createTestApp({
    // A context of the test's own, declaring its queues as a context's plugin does.
    prepare: (app) =>
      void app.register(
        fp(
          async (fastify) => {
            fastify.jobs.work<{ messageId: number }>(
              FLAKY,
              async ({ messageId }) => {
                throw new Error(`The mail server refused message ${messageId}.`);
              },
              { retryLimit: 1, retryDelaySeconds: 0 },
            );
            fastify.jobs.work(FINE, async () => {});
          },
          { name: 'test-queues', dependencies: ['jobs'] },
        ),
      ),
  });
  tokens = await t.signIn('superadmin@baridesk.test', 'subuser@northside.test');
});
afterAll(() => t.close());

it('GET /scheduler/api/health answers without a session, with the database and whether workers run here', async () => {
  const res = await t.call({ method: 'GET', url: '/scheduler/api/health' });
  expect(res.statusCode).toBe(200);
  expect(res.json()).toEqual({ data: { status: 'ok', database: t.app.dbKind, workers: false } });
  expect(res.headers['cache-control']).toBe('no-store');
});

it('the jobs view needs a session, and a super admin', async () => {
  expect((await t.call({ method: 'GET', url: '/scheduler/api/jobs' })).statusCode).toBe(401);
  const staff = await t.call({ method: 'GET', url: '/scheduler/api/jobs', token: tokens['subuser@northside.test'] });
  expect(staff.statusCode).toBe(403);
});

it('a job that used up its retries shows as failed with its error, its ids and no text of its data', async () => {
  const id = await t.app.jobs.send(FLAKY, { messageId: 41, patientName: 'Ada Lovelace', urgent: true });
  await t.app.jobs.send(FINE, {});
  await t.app.jobs.drain([FLAKY, FINE]);

  const res = await t.call({ method: 'GET', url: '/scheduler/api/jobs?state=failed', token: tokens['superadmin@baridesk.test'] });
  expect(res.statusCode).toBe(200);
  const { data } = res.json();
  expect(data).toMatchObject({ total: 1, page: 1, perPage: 10 });
  expect(data.data).toEqual([
    {
      id,
      name: FLAKY,
      state: 'failed',
      data: { messageId: 41, urgent: true },
      error: 'The mail server refused message 41.',
      retry_count: 1,
      retry_limit: 1,
      created_at: expect.any(String),
      start_after: expect.any(String),
      started_at: expect.any(String),
      completed_at: expect.any(String),
    },
  ]);
  expect(res.body).not.toContain('Lovelace');

  const completed = await t.call({ method: 'GET', url: `/scheduler/api/jobs?state=completed&name=${FINE}`, token: tokens['superadmin@baridesk.test'] });
  expect(completed.json().data).toMatchObject({ total: 1, data: [{ name: FINE, state: 'completed', error: null }] });
});

it('pages the jobs, newest first', async () => {
  const ids: (string | null)[] = [];
  for (let i = 0; i < 7; i++) ids.push(await t.app.jobs.send(FINE, { n: i }, { startAfter: new Date(Date.now() + 3_600_000) }));
  const token = tokens['superadmin@baridesk.test'];
  const second = await t.call({ method: 'GET', url: `/scheduler/api/jobs?state=created&name=${FINE}&perPage=5&page=2`, token });
  expect(second.json().data).toMatchObject({ total: 7, page: 2, perPage: 5 });
  expect(second.json().data.data.map((job: { data: { n: number } }) => job.data.n)).toEqual([1, 0]);
});

it('refuses a state or a name it does not know with 422 and the field', async () => {
  const token = tokens['superadmin@baridesk.test'];
  const state = await t.call({ method: 'GET', url: '/scheduler/api/jobs?state=lost', token });
  expect(state.statusCode).toBe(422);
  expect(state.json().errors).toEqual({ state: ['The state must be one of created, retry, active, completed, cancelled, failed.'] });
  const name = await t.call({ method: 'GET', url: `/scheduler/api/jobs?name=${encodeURIComponent('a b')}`, token });
  expect(name.statusCode).toBe(422);
  expect(Object.keys(name.json().errors)).toEqual(['name']);
});

it('an unknown scheduler path is a JSON 404', async () => {
  const res = await t.call({ method: 'GET', url: '/scheduler/api/nothing-here', token: tokens['superadmin@baridesk.test'] });
  expect(res.statusCode).toBe(404);
  expect(res.json()).toEqual({ message: 'No route GET /scheduler/api/nothing-here.' });
});
