import { loadRemote } from '@module-federation/enhanced/runtime';
import type { RouteEntry } from '../routes/route-table';
import { loadPage, screenFor } from './remotes';

jest.mock('@module-federation/enhanced/runtime', () => ({
  loadRemote: jest.fn(),
  registerRemotes: jest.fn(),
  registerPlugins: jest.fn(),
}));

const loadRemoteMock = loadRemote as jest.MockedFunction<typeof loadRemote>;
const Templates = () => null;
const entry = (path: string): RouteEntry => ({ path, remote: 'mf_messaging', access: { kind: 'staff' } });

beforeEach(() => {
  loadRemoteMock.mockReset();
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
});

test('loads the remote and the screen before the page renders, once', async () => {
  const loader = jest.fn(async () => ({ default: Templates }));
  loadRemoteMock.mockResolvedValue({ screens: { '/message-templates': loader } });

  expect(screenFor('/message-templates')).toBeUndefined();
  await expect(loadPage(entry('/message-templates'))).resolves.toEqual({ status: 'ready' });
  expect(screenFor('/message-templates')).toBe(Templates);

  await expect(loadPage(entry('/message-templates'))).resolves.toEqual({ status: 'ready' });
  expect(loader).toHaveBeenCalledTimes(1);
  expect(loadRemoteMock).toHaveBeenCalledTimes(1);
});

test('a path the remote does not provide is missing (the not-found page)', async () => {
  loadRemoteMock.mockResolvedValue({ screens: {} });
  await expect(loadPage({ ...entry('/sms-templates'), remote: 'mf_content' })).resolves.toEqual({ status: 'missing' });
});

test('a remote that cannot be loaded fails after its retries, and is tried again on the next visit', async () => {
  jest.useFakeTimers();
  try {
    loadRemoteMock.mockRejectedValue(new Error('offline'));
    const first = loadPage({ ...entry('/manage-patients'), remote: 'mf_patients' });
    await jest.runAllTimersAsync();
    await expect(first).resolves.toEqual({ status: 'failed' });
    expect(loadRemoteMock).toHaveBeenCalledTimes(3);

    const PatientList = () => null;
    loadRemoteMock.mockResolvedValue({ screens: { '/manage-patients': async () => ({ default: PatientList }) } });
    await expect(loadPage({ ...entry('/manage-patients'), remote: 'mf_patients' })).resolves.toEqual({ status: 'ready' });
    expect(screenFor('/manage-patients')).toBe(PatientList);
  } finally {
    jest.useRealTimers();
  }
});

test('the failure plugin turns a failed load into a value: it counts as a failure too', async () => {
  jest.useFakeTimers();
  try {
    loadRemoteMock.mockResolvedValue({ screens: null, failed: true });
    const load = loadPage({ ...entry('/admin/quotes'), remote: 'mf_admin' });
    await jest.runAllTimersAsync();
    await expect(load).resolves.toEqual({ status: 'failed' });
  } finally {
    jest.useRealTimers();
  }
});
