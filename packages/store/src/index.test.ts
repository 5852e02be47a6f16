import type { AuthUser } from '@baridesk/contracts';
import { createAuthUser } from '@baridesk/contracts/test-support';
import {
  appStore,
  readPersisted,
  selectIsSignedIn,
  selectIsSuperAdmin,
  selectProgramCode,
  selectUserType,
  STORAGE_KEY,
  STORAGE_VERSION,
  useAppStore,
} from './index';

/** The shared user fixture, whose password was never changed. */
const createUser = (overrides: Partial<AuthUser> = {}): AuthUser => createAuthUser({ is_password_changed: 0, ...overrides });

const stored = () => JSON.parse(localStorage.getItem(STORAGE_KEY) ?? 'null') as { state: Record<string, unknown>; version: number };

const initial = appStore.getState();

beforeEach(() => {
  appStore.setState(initial, true);
  localStorage.clear();
});

describe('signIn and signOut', () => {
  it('signIn stores the session, takes the flags from the user and turns session checking on', () => {
    appStore.setState({ unauthorized: true, idleMinutes: 12 });
    appStore.getState().signIn({ token: 'tok-1', user: createUser({ self_service: 1 }) });

    expect(appStore.getState()).toMatchObject({
      token: 'tok-1',
      isPasswordChanged: 0,
      isSelfService: 1,
      sessionCheck: true,
      unauthorized: false,
      idleMinutes: 0,
    });
    expect(selectIsSignedIn(appStore.getState())).toBe(true);
  });

  it('keeps no password-changed flag for a super admin', () => {
    appStore.getState().signIn({ token: 't', user: createUser({ type: 'super_admin', is_password_changed: 0 }) });
    expect(appStore.getState().isPasswordChanged).toBeNull();
  });

  it('signOut clears the session and the saved searches but keeps the layout preferences', () => {
    const store = appStore.getState();
    store.signIn({ token: 'tok-2', user: createUser() });
    store.setSavedSearch('patients', { search: 'smith', page: 2 });
    store.setSavedSearch('eventCalendarMonth', '2025-03');
    store.setSidebarMinimized(true);
    store.setCustomizePipelineTab(2);
    store.tickIdle();

    appStore.getState().signOut();

    expect(appStore.getState()).toMatchObject({
      token: null,
      user: null,
      isPasswordChanged: null,
      isSelfService: null,
      sessionCheck: false,
      idleMinutes: 0,
      savedSearches: {},
      unauthorized: false,
      sidebarMinimized: true,
      customizePipelineTab: 2,
    });
    expect(stored().state.savedSearches).toEqual({});
    expect(stored().state.token).toBeNull();
  });

  it('markUnauthorized signs out and flags why', () => {
    appStore.getState().signIn({ token: 'tok-3', user: createUser() });
    appStore.getState().setSavedSearch('missingPipelinePatients', { stage: 3 });

    appStore.getState().markUnauthorized();

    expect(appStore.getState()).toMatchObject({ token: null, user: null, sessionCheck: false, savedSearches: {}, unauthorized: true });
    expect(stored().state.token).toBeNull();
  });
});

describe('persistence', () => {
  it('writes only the token, the two flags, saved searches, the pipeline tab and the sidebar state', () => {
    const store = appStore.getState();
    store.signIn({ token: 'tok-4', user: createUser() });
    store.setSavedSearch('superAdminUsers', { search: 'ann' });
    store.setCustomizePipelineTab(1);
    store.setSidebarMinimized(true);
    store.tickIdle();
    appStore.setState({ unauthorized: true });

    const { state, version } = stored();
    expect(version).toBe(STORAGE_VERSION);
    expect(state).toEqual({
      token: 'tok-4',
      isPasswordChanged: 0,
      isSelfService: 0,
      savedSearches: { superAdminUsers: { search: 'ann' } },
      customizePipelineTab: 1,
      sidebarMinimized: true,
    });
    expect(state).not.toHaveProperty('user');
    expect(state).not.toHaveProperty('idleMinutes');
    expect(state).not.toHaveProperty('unauthorized');
  });

  it('restores a stored session on reload, with session checking on and no user until it is fetched', async () => {
    localStorage.setItem(
      STORAGE_KEY,
      JSON.stringify({
        version: STORAGE_VERSION,
        state: {
          token: 'tok-5',
          isPasswordChanged: 1,
          isSelfService: 1,
          savedSearches: { eventCalendarMonth: '2025-04' },
          customizePipelineTab: 3,
          sidebarMinimized: true,
        },
      }),
    );

    await useAppStore.persist.rehydrate();

    expect(appStore.getState()).toMatchObject({
      token: 'tok-5',
      user: null,
      isPasswordChanged: 1,
      isSelfService: 1,
      sessionCheck: true,
      idleMinutes: 0,
      savedSearches: { eventCalendarMonth: '2025-04' },
      customizePipelineTab: 3,
      sidebarMinimized: true,
    });
  });

  it('drops stored values that do not validate, and migrates another version through the same check', async () => {
    localStorage.setItem(
      STORAGE_KEY,
      JSON.stringify({
        version: 0,
        state: { token: 42, isSelfService: 'yes', customizePipelineTab: -1, sidebarMinimized: true, user: createUser() },
      }),
    );

    await useAppStore.persist.rehydrate();

    expect(appStore.getState()).toMatchObject({
      token: null,
      user: null,
      isSelfService: null,
      sessionCheck: false,
      customizePipelineTab: 0,
      sidebarMinimized: true,
    });
  });

  it('readPersisted ignores non-objects and unknown saved-search keys', () => {
    expect(readPersisted('nonsense')).toEqual({});
    expect(readPersisted({ savedSearches: { patients: { page: 1 }, other: 1, eventCalendarMonth: 5 } })).toEqual({
      savedSearches: { patients: { page: 1 } },
    });
  });
});

describe('other actions', () => {
  it('setSavedSearch replaces one key and removes it when given undefined; clearSavedSearches empties all', () => {
    const store = appStore.getState();
    store.setSavedSearch('patients', { page: 1 });
    store.setSavedSearch('eventCalendarMonth', '2025-05');
    store.setSavedSearch('patients', undefined);
    expect(appStore.getState().savedSearches).toEqual({ eventCalendarMonth: '2025-05' });

    appStore.getState().clearSavedSearches();
    expect(appStore.getState().savedSearches).toEqual({});
  });

  it('counts idle minutes only while session checking is on', () => {
    appStore.getState().tickIdle();
    expect(appStore.getState().idleMinutes).toBe(0);

    appStore.getState().signIn({ token: 't', user: createUser() });
    appStore.getState().tickIdle();
    appStore.getState().tickIdle();
    expect(appStore.getState().idleMinutes).toBe(2);

    appStore.getState().resetIdle();
    expect(appStore.getState().idleMinutes).toBe(0);
  });

  it('setUser refreshes the user and its self-service flag; setPasswordChanged sets the flag', () => {
    appStore.getState().signIn({ token: 't', user: createUser() });
    appStore.getState().setUser(createUser({ name: 'Renamed', self_service: 1 }));
    appStore.getState().setPasswordChanged(1);

    expect(appStore.getState().user?.name).toBe('Renamed');
    expect(appStore.getState()).toMatchObject({ isSelfService: 1, isPasswordChanged: 1 });
  });
});

describe('selectors', () => {
  it('answer for a signed-out state', () => {
    const state = appStore.getState();
    expect(selectIsSignedIn(state)).toBe(false);
    expect(selectIsSuperAdmin(state)).toBe(false);
    expect(selectUserType(state)).toBeNull();
    expect(selectProgramCode(state)).toBe('-----');
  });

  it('read the signed-in user', () => {
    appStore.getState().signIn({ token: 't', user: createUser({ type: 'program_user' }) });
    expect(selectUserType(appStore.getState())).toBe('program_user');
    expect(selectIsSuperAdmin(appStore.getState())).toBe(false);
    expect(selectProgramCode(appStore.getState())).toBe('NSB-0007');

    appStore.getState().setUser(createUser({ type: 'super_admin', programmer_code: null, sub_user: null }));
    expect(selectIsSuperAdmin(appStore.getState())).toBe(true);
    expect(selectProgramCode(appStore.getState())).toBe('-----');
  });

  it('fall back to the program of the sub user, then to five dashes for a blank code', () => {
    const program = { id: 7, title: 'Northside', programmer_code: 'NSB-7' };
    appStore.getState().signIn({ token: 't', user: createUser({ programmer_code: null, sub_user: program }) });
    expect(selectProgramCode(appStore.getState())).toBe('NSB-7');

    appStore.getState().setUser(createUser({ programmer_code: '  ', sub_user: null }));
    expect(selectProgramCode(appStore.getState())).toBe('-----');
  });
});
