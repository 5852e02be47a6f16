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
