import { GENERIC_ERROR } from '@baridesk/contracts';
import { createAuthUser } from '@baridesk/contracts/test-support';
import { appStore } from '@baridesk/store';
import { bus, type BariDeskEvents } from '@baridesk/event-bus';
import { ApiRequestError, configureApi, DEFAULT_BASE_URL, isAbortError, onScheduler, uploadFile, type UploadProgress } from './index';
import { FakeXhr, installFakeXhr, testFile } from './fake-xhr';

const caught = (promise: Promise<unknown>) =>
  promise.then(
    () => {
      throw new Error('expected the upload to fail');
    },
    (error: unknown) => error,
  );

function recordEvents<K extends keyof BariDeskEvents>(...types: K[]) {
  const seen: { type: K; payload: BariDeskEvents[K] }[] = [];
  for (const type of types) bus.on(type, (payload) => seen.push({ type, payload }));
  return seen;
}

const photo = () => testFile(['PNG-BYTES'], 'front-desk.png', 'image/png');

const stored = { key: 'uploads/ab/cd.png', url: '/api/files/uploads/ab/cd.png', previewUrl: null, width: 800, height: 600, contentType: 'image/png', size: 9 };
const initial = appStore.getState();
let restoreXhr: () => void;
const lastXhr = () => FakeXhr.last();

beforeEach(() => {
  restoreXhr = installFakeXhr();
  appStore.setState(initial, true);
  appStore.getState().signIn({ token: 'tok-upload', user: createAuthUser() });
  configureApi({ baseUrl: DEFAULT_BASE_URL });
});

afterEach(() => {
  restoreXhr();
  bus.clear();
});

describe('uploadFile', () => {
  it('POSTs the file as multipart with the bearer token, reports progress and resolves with the answer', async () => {
    const seen = recordEvents('session:activity', 'session:unauthorized');
    const progress: UploadProgress[] = [];

    const pending = uploadFile('/uploads', photo(), {
      fields: { kind: 'image', field: 'logo', minWidth: 400 },
      onProgress: (p) => progress.push(p),
    });
    const xhr = lastXhr();
    xhr.progress(256, 1024);
    xhr.progress(1024, 1024);
    xhr.progress(10, 0, false);
    xhr.answer(201, { data: stored });

    await expect(pending).resolves.toEqual({ data: stored });
    expect(xhr.method).toBe('POST');
    expect(xhr.url).toBe('http://localhost/api/uploads');
    expect(xhr.headers).toEqual({ authorization: 'Bearer tok-upload', accept: 'application/json' });
    const form = xhr.body as FormData;
    expect(form).toBeInstanceOf(FormData);
    // The rules come before the file: the server reads them first from the stream.
    expect([...form.keys()]).toEqual(['kind', 'field', 'minWidth', 'file']);
    expect(Object.fromEntries([...form].filter(([name]) => name !== 'file'))).toEqual({ kind: 'image', field: 'logo', minWidth: '400' });
    expect(form.get('file')).toMatchObject({ name: 'front-desk.png', type: 'image/png', size: 9 });
    expect(progress).toEqual([
      { loaded: 256, total: 1024, percent: 25 },
      { loaded: 1024, total: 1024, percent: 100 },
      { loaded: 10, total: null, percent: null },
    ]);
    expect(seen).toEqual([{ type: 'session:activity', payload: undefined }]);
  });

  it('sends a FormData as it is, under the configured API base, and a file under another field name', async () => {
    configureApi({ baseUrl: 'https://api.example.test/api/' });
    const form = new FormData();
    form.append('document', 'as built by the caller');
    const first = uploadFile('content/member-portals/store', form);
    lastXhr().answer(200, { data: 1 });
    await first;
    expect(lastXhr().url).toBe('https://api.example.test/api/content/member-portals/store');
    expect(lastXhr().body).toBe(form);

    const second = uploadFile('uploads', photo(), { field: 'attachment' });
    lastXhr().answer(200, { data: 2 });
    await expect(second).resolves.toEqual({ data: 2 });
    expect((lastXhr().body as FormData).get('attachment')).toMatchObject({ name: 'front-desk.png' });
    expect((lastXhr().body as FormData).has('file')).toBe(false);
  });

  it('uploads to the scheduler service beside the configured API base', async () => {
    configureApi({ baseUrl: 'https://api.example.test/api' });
    const sent = uploadFile('event-calendar/import', photo(), onScheduler({ field: 'file' }));
    lastXhr().answer(202, { data: { id: 1 } });
    await expect(sent).resolves.toEqual({ data: { id: 1 } });
    expect(lastXhr().url).toBe('https://api.example.test/scheduler/api/event-calendar/import');
  });

  it('rejects a 422 with the server message and its field errors, leaving the session alone', async () => {
    const seen = recordEvents('session:activity', 'session:unauthorized');
    const errors = { file: ['Please upload Image with minimum 400 * 300.'] };

    const pending = caught(uploadFile('uploads', photo()));
    lastXhr().answer(422, { message: 'The given data was invalid.', errors });

    const error = await pending;
    expect(error).toBeInstanceOf(ApiRequestError);
    expect(error).toMatchObject({ status: 422, message: 'The given data was invalid.', errors, unauthorized: false });
    expect(appStore.getState().token).toBe('tok-upload');
    expect(seen).toEqual([]);
  });

  it('signs out and emits session:unauthorized on a 401', async () => {
    const seen = recordEvents('session:activity', 'session:unauthorized');

    const pending = caught(uploadFile('uploads', photo()));
    lastXhr().answer(401, { message: 'Unauthenticated.' });

    expect(await pending).toMatchObject({ status: 401, message: 'Unauthenticated.', unauthorized: true });
    expect(appStore.getState()).toMatchObject({ token: null, user: null, unauthorized: true });
    expect(seen).toEqual([{ type: 'session:unauthorized', payload: { url: 'http://localhost/api/uploads' } }]);
  });

  it('ignores a 401 answering an upload of an earlier session', async () => {
    const seen = recordEvents('session:unauthorized');

    const pending = caught(uploadFile('uploads', photo()));
    appStore.getState().signIn({ token: 'tok-new', user: createAuthUser() });
    lastXhr().answer(401, { message: 'Unauthenticated.' });

    expect(await pending).toMatchObject({ status: 401 });
    expect(appStore.getState()).toMatchObject({ token: 'tok-new', unauthorized: false });
    expect(seen).toEqual([]);
  });

  it('gives the generic message for an answer without JSON, and status 0 when nothing answers', async () => {
    const broken = caught(uploadFile('uploads', photo()));
    lastXhr().answer(502, '<html>Bad gateway</html>');
    expect(await broken).toMatchObject({ status: 502, message: GENERIC_ERROR });

    const garbled = caught(uploadFile('uploads', photo()));
    lastXhr().answer(200, '<html>not json</html>');
    expect(await garbled).toMatchObject({ status: 0, message: GENERIC_ERROR });

    const offline = caught(uploadFile('uploads', photo()));
    lastXhr().failNetwork();
    expect(await offline).toMatchObject({ status: 0, message: GENERIC_ERROR, unauthorized: false });
  });

  it('cancels through the signal with an AbortError, and sends nothing for a signal already aborted', async () => {
    const controller = new AbortController();
    const pending = caught(uploadFile('uploads', photo(), { signal: controller.signal }));
    lastXhr().progress(100, 1000);

    controller.abort();

    const error = await pending;
    expect(isAbortError(error)).toBe(true);
    expect(error).not.toBeInstanceOf(ApiRequestError);
    expect(lastXhr().aborted).toBe(true);

    FakeXhr.sent = [];
    expect(isAbortError(await caught(uploadFile('uploads', photo(), { signal: controller.signal })))).toBe(true);
    expect(FakeXhr.sent).toEqual([]);
  });
});
