import { appStore } from '@baridesk/store';
import { createAuthUser } from '@baridesk/contracts/test-support';
import { ApiRequestError, configureApi, downloadFile, fileNameOf, isAbortError } from './index';
import { startTestServer, type TestServer } from './test-server';

let server: TestServer;
let saved: { name: string; text: Promise<string> }[];

beforeAll(async () => {
  server = await startTestServer();
  configureApi({ baseUrl: server.baseUrl });
});

afterAll(() => server.close());

beforeEach(() => {
  server.received.length = 0;
  saved = [];
  let blob: Blob | undefined;
  URL.createObjectURL = jest.fn((b: Blob) => {
    blob = b;
    return 'blob:download-test';
  });
  URL.revokeObjectURL = jest.fn();
  // jsdom does not navigate: record what the link would have saved.
  jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push({ name: this.download, text: blob!.text() });
  });
  appStore.getState().signIn({ token: 'tok-file', user: createAuthUser() });
});

afterEach(() => jest.restoreAllMocks());

describe('fileNameOf', () => {
  it.each([
    ['attachment; filename="patients-2026-11-21.xlsx"', 'patients-2026-11-21.xlsx'],
    ['attachment; filename=report.pdf', 'report.pdf'],
    [`attachment; filename="plain.pdf"; filename*=UTF-8''caf%C3%A9%20list.pdf`, 'café list.pdf'],
    ['attachment; filename="../../etc/passwd"', 'passwd'],
    ['attachment', null],
    [null, null],
  ])('%s → %s', (header, name) => {
    expect(fileNameOf(header)).toBe(name);
  });
});

describe('downloadFile', () => {
  it('sends the token and the query, and saves the body under the name the server gives', async () => {
    server.respondWith(() => ({
      status: 200,
      text: 'PDF-BYTES',
      contentType: 'application/pdf',
      headers: { 'content-disposition': 'attachment; filename="patient-7-summary.pdf"' },
    }));

    const name = await downloadFile('/patients-report/pdf', { searchParams: { patientId: 7, type: 'summary' }, fallbackName: 'report.pdf' });

    expect(name).toBe('patient-7-summary.pdf');
    expect(server.received[0]).toMatchObject({ method: 'GET', path: '/api/patients-report/pdf', authorization: 'Bearer tok-file' });
    expect(Object.fromEntries(server.received[0]!.query)).toEqual({ patientId: '7', type: 'summary' });
    expect(saved).toHaveLength(1);
    expect(saved[0]!.name).toBe('patient-7-summary.pdf');
    await expect(saved[0]!.text).resolves.toBe('PDF-BYTES');
  });

  it('falls back to the given name when the answer names no file', async () => {
    server.respondWith(() => ({ status: 200, text: 'x', contentType: 'application/octet-stream' }));
    await expect(downloadFile('patients/excel', { fallbackName: 'patients.xlsx' })).resolves.toBe('patients.xlsx');
    expect(saved[0]?.name).toBe('patients.xlsx');
  });

  it("gives the server's message of a failure, and saves nothing", async () => {
    server.respondWith(() => ({ status: 404, json: { message: 'Patient not found.' } }));
    const error = await downloadFile('patients-report/pdf', { fallbackName: 'r.pdf' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiRequestError);
    expect(error).toMatchObject({ status: 404, message: 'Patient not found.' });
    expect(saved).toEqual([]);
  });

  it('stops when cancelled, with an AbortError and nothing saved', async () => {
    server.respondWith(() => ({ status: 200, text: 'late', delayMs: 500 }));
    const controller = new AbortController();
    const pending = downloadFile('patients/excel', { signal: controller.signal, fallbackName: 'p.xlsx' }).catch((e: unknown) => e);
    setTimeout(() => controller.abort(), 50);
    expect(isAbortError(await pending)).toBe(true);
    expect(saved).toEqual([]);
  });
});

describe('downloadFile of an export made in the background (202)', () => {
  const ID = '0b9f3c56-8d7e-4f0a-9a43-3f1d2c6b7a10';
  const exportOf = (status: string, done: number, extra: Record<string, unknown> = {}) => ({
    id: ID,
    kind: 'patients',
    format: 'xlsx',
    status,
    total: 3000,
    done,
    file_name: 'patients-2026-11-26.xlsx',
    error: null,
    created_at: '2026-11-26T20:00:00.000Z',
    expires_at: '2026-11-27T20:00:00.000Z',
    ...extra,
  });

  /** The server's side: 202 to the export's route, then the export as `states` give it, one per look, then the file. */
  function serve(states: ReturnType<typeof exportOf>[]) {
    let looks = 0;
    server.respondWith((request) => {
      if (request.path === '/api/patients/excel') return { status: 202, json: { data: exportOf('queued', 0) } };
      if (request.path === `/api/report-exports/${ID}`) return { status: 200, json: { data: states[Math.min(looks++, states.length - 1)] } };
      if (request.path === `/api/report-exports/${ID}/cancel`) return { status: 200, json: { data: exportOf('cancelled', 1000) } };
      if (request.path === `/api/report-exports/${ID}/file`) {
        return { status: 200, text: 'XLSX-BYTES', headers: { 'content-disposition': 'attachment; filename="patients-2026-11-26.xlsx"' } };
      }
      return { status: 404, json: { message: 'Not found.' } };
    });
  }

  it('follows the export, telling its progress, and saves its file once done', async () => {
    serve([exportOf('running', 1000), exportOf('running', 2500), exportOf('done', 3000)]);
    const progress: unknown[] = [];
    const name = await downloadFile('patients/excel', { fallbackName: 'p.xlsx', pollInterval: 5, onProgress: (p) => progress.push(p) });
    expect(name).toBe('patients-2026-11-26.xlsx');
    await expect(saved[0]!.text).resolves.toBe('XLSX-BYTES');
    expect(progress).toEqual([
      { status: 'queued', done: 0, total: 3000 },
      { status: 'running', done: 1000, total: 3000 },
      { status: 'running', done: 2500, total: 3000 },
      { status: 'done', done: 3000, total: 3000 },
    ]);
    expect(server.received.map((r) => `${r.method} ${r.path}`)).toEqual([
      'GET /api/patients/excel',
      `GET /api/report-exports/${ID}`,
      `GET /api/report-exports/${ID}`,
      `GET /api/report-exports/${ID}`,
      `GET /api/report-exports/${ID}/file`,
    ]);
    expect(server.received.every((r) => r.authorization === 'Bearer tok-file')).toBe(true);
  });

  it("gives a failed export's message as an ApiRequestError, and saves nothing", async () => {
    serve([exportOf('failed', 1200, { error: 'You no longer have access to this report.' })]);
    const error = await downloadFile('patients/excel', { fallbackName: 'p.xlsx', pollInterval: 5 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiRequestError);
    expect(error).toMatchObject({ message: 'You no longer have access to this report.' });
    expect(saved).toEqual([]);
  });

  it('cancels the export on the server when the signal aborts, with an AbortError', async () => {
    serve([exportOf('running', 1000)]);
    const controller = new AbortController();
    const pending = downloadFile('patients/excel', {
      fallbackName: 'p.xlsx',
      signal: controller.signal,
      pollInterval: 20,
      onProgress: ({ done }) => {
        if (done === 1000) controller.abort();
      },
    }).catch((e: unknown) => e);
    expect(isAbortError(await pending)).toBe(true);
    // The cancel is sent without waiting for its answer.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(server.received.map((r) => `${r.method} ${r.path}`)).toContain(`POST /api/report-exports/${ID}/cancel`);
    expect(server.received.some((r) => r.path.endsWith('/file'))).toBe(false);
    expect(saved).toEqual([]);
  });
});

