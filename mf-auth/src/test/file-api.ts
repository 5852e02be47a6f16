import { bus } from '@baridesk/event-bus';
import { appStore } from '@baridesk/store';
import { startFakeApi, type FakeApi } from '@baridesk/testing';

export type FileApiOptions = {
  /**
   * Each test starts signed out, as a fresh browser does (no session in the store, empty local
   * storage), and the shell's sign-in listeners are dropped after it.
   */
  signedOut?: boolean;
};

/**
 * The fake API of a test file: started before its tests (the api-client points at it), closed after
 * them, and reset before each test. Call it at the top of the file; the returned API reads the running
 * one, so it is usable in every test and hook.
 */
export function fileApi({ signedOut = false }: FileApiOptions = {}): FakeApi {
  let started: FakeApi | undefined;
  beforeAll(async () => {
    started = await startFakeApi();
  });
  afterAll(() => started?.close());
  beforeEach(() => {
    current().reset();
    if (!signedOut) return;
    appStore.getState().signOut();
    localStorage.clear();
  });
  if (signedOut) afterEach(() => bus.clear('auth:signed-in'));

  const current = () => {
    if (!started) throw new Error('The fake API starts in beforeAll: use it inside a test or a hook.');
    return started;
  };
  return {
    get baseUrl() {
      return current().baseUrl;
    },
    get received() {
      return current().received;
    },
    on: (route, answer) => current().on(route, answer),
    answer: (routes) => current().answer(routes),
    calls: (route) => current().calls(route),
    routesCalled: () => current().routesCalled(),
    reset: (routes) => current().reset(routes),
    close: () => current().close(),
  };
}
