import { getJson, postJson } from '@baridesk/api-client';
import { createAuthUser, pageOf, startFakeApi, type FakeApi } from './index';

let api: FakeApi;

beforeEach(async () => {
  api = await startFakeApi({ 'GET /user': { status: 200, json: { data: createAuthUser() } } });
});

afterEach(() => api.close());

test('answers the routes it is given through the real api-client, and records every call', async () => {
  api.on('POST /patients/store', (request) => ({ status: 201, json: { data: request.body } }));

  expect(await getJson('user')).toEqual({ data: createAuthUser() });
  expect(await postJson('patients/store', { first_name: 'Ann' })).toEqual({ data: { first_name: 'Ann' } });

  expect(api.routesCalled()).toEqual(['GET /user', 'POST /patients/store']);
  expect(api.calls('POST /patients/store')[0]).toMatchObject({ method: 'POST', path: '/api/patients/store', text: '{"first_name":"Ann"}' });
});

test('answers 404 for a route it has no fake for, and reset forgets calls and routes', async () => {
  await expect(getJson('quotes')).rejects.toMatchObject({ status: 404, message: 'No fake for GET /quotes.' });

  api.reset({ 'GET /quotes': { status: 200, json: pageOf([{ id: 1 }], { total: 11 }) } });

  expect(api.received).toEqual([]);
  expect(await getJson('quotes')).toEqual({ data: { data: [{ id: 1 }], total: 11, page: 1, perPage: 10 } });
  await expect(getJson('user')).rejects.toMatchObject({ status: 404 });
});
