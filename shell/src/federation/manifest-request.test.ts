import { startManifestRequest, takeManifestResponse } from './manifest-request';

const fetchMock = jest.fn(async (url: string) => new Response(JSON.stringify({ remotes: [], url })));

beforeEach(() => {
  fetchMock.mockClear();
  globalThis.fetch = fetchMock as unknown as typeof fetch;
});

const urlOf = async (response: Promise<Response>) => ((await (await response).json()) as { url: string }).url;

test('the request started early is the one the registration reads, and is not sent twice', async () => {
  startManifestRequest('/remotes.json');
  startManifestRequest('/remotes.json');
  expect(fetchMock).toHaveBeenCalledTimes(1);
  expect(fetchMock).toHaveBeenCalledWith('/remotes.json', { cache: 'no-cache' });
  await expect(urlOf(takeManifestResponse('/remotes.json'))).resolves.toBe('/remotes.json');
  expect(fetchMock).toHaveBeenCalledTimes(1);
});

test('an early answer is used once: a later read (e.g. a retry) asks the server again', async () => {
  startManifestRequest('/remotes.json');
  await takeManifestResponse('/remotes.json');
  await takeManifestResponse('/remotes.json');
  expect(fetchMock).toHaveBeenCalledTimes(2);
});

test('a read of another list does not take the early request', async () => {
  startManifestRequest('/remotes.json');
  await expect(urlOf(takeManifestResponse('/other.json'))).resolves.toBe('/other.json');
  await expect(urlOf(takeManifestResponse('/remotes.json'))).resolves.toBe('/remotes.json');
  expect(fetchMock).toHaveBeenCalledTimes(2);
});
