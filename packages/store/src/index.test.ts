import type { AuthUser } from '@baridesk/contracts';
import { createAuthUser } from '@baridesk/contracts/test-support';
import { PROGRAM_USER_MENU_FLAGS } from '@baridesk/domain';
import {
  ACTIVITY_STORAGE_KEY,
  appStore,
  readActivity,
  readPersisted,
  selectIsSignedIn,
  selectIsSuperAdmin,
  selectMayOpenArea,
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
    jest.useFakeTimers({ now: 1_750_000_000_000 });
    appStore.setState({ unauthorized: true });
    appStore.getState().signIn({ token: 'tok-1', user: createUser({ self_service: 1 }) });
    jest.useRealTimers();

    expect(appStore.getState()).toMatchObject({
      token: 'tok-1',
      isPasswordChanged: 0,
      isSelfService: 1,
      sessionCheck: true,
      unauthorized: false,
      lastActivityAt: 1_750_000_000_000,
    });
    expect(selectIsSignedIn(appStore.getState())).toBe(true);
    // Shared with the browser's other tabs.
    expect(localStorage.getItem(ACTIVITY_STORAGE_KEY)).toBe('1750000000000');
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
    store.noteActivity();

    appStore.getState().signOut();

    expect(appStore.getState()).toMatchObject({
      token: null,
      user: null,
      isPasswordChanged: null,
      isSelfService: null,
      sessionCheck: false,
      lastActivityAt: null,
      savedSearches: {},
      unauthorized: false,
      sidebarMinimized: true,
      customizePipelineTab: 2,
    });
    expect(stored().state.savedSearches).toEqual({});
    expect(stored().state.token).toBeNull();
    // The other tabs see the session end.
    expect(localStorage.getItem(ACTIVITY_STORAGE_KEY)).toBeNull();
  });

  it('markUnauthorized signs out and flags why', () => {
    appStore.getState().signIn({ token: 'tok-3', user: createUser() });
    appStore.getState().setSavedSearch('missingPipelinePatients', { stage: 3 });

    appStore.getState().markUnauthorized();

    expect(appStore.getState()).toMatchObject({
      token: null,
      user: null,
      sessionCheck: false,
      lastActivityAt: null,
      savedSearches: {},
      unauthorized: true,
    });
    expect(stored().state.token).toBeNull();
    expect(localStorage.getItem(ACTIVITY_STORAGE_KEY)).toBeNull();
  });
});

describe('persistence', () => {
  it('writes only the token, the two flags, saved searches, the pipeline tab and the sidebar state', () => {
    const store = appStore.getState();
    store.signIn({ token: 'tok-4', user: createUser() });
    store.setSavedSearch('superAdminUsers', { search: 'ann' });
    store.setCustomizePipelineTab(1);
    store.setSidebarMinimized(true);
    store.noteActivity();
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
    expect(state).not.toHaveProperty('lastActivityAt');
    expect(state).not.toHaveProperty('unauthorized');
  });

  it('restores a stored session on reload, with session checking on and no user until it is fetched', async () => {
    localStorage.setItem(ACTIVITY_STORAGE_KEY, '1750000000000');
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
      // Idle since the browser's last activity, not since the reload.
      lastActivityAt: 1_750_000_000_000,
      savedSearches: { eventCalendarMonth: '2025-04' },
      customizePipelineTab: 3,
      sidebarMinimized: true,
    });
  });

  it('counts a restored session with no stored activity time as active now', async () => {
    localStorage.setItem(STORAGE_KEY, JSON.stringify({ version: STORAGE_VERSION, state: { token: 'tok-6' } }));
    const before = Date.now();
    await useAppStore.persist.rehydrate();
    expect(appStore.getState().lastActivityAt).toBeGreaterThanOrEqual(before);
    expect(appStore.getState().lastActivityAt).toBeLessThanOrEqual(Date.now());
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
      lastActivityAt: null,
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

  it('notes activity only while session checking is on, and only forward in time', () => {
    appStore.getState().noteActivity(5_000);
    expect(appStore.getState().lastActivityAt).toBeNull();
    expect(localStorage.getItem(ACTIVITY_STORAGE_KEY)).toBeNull();

    jest.useFakeTimers({ now: 1_000 });
    appStore.getState().signIn({ token: 't', user: createUser() });
    jest.useRealTimers();
    appStore.getState().noteActivity(5_000);
    expect(appStore.getState().lastActivityAt).toBe(5_000);
    expect(localStorage.getItem(ACTIVITY_STORAGE_KEY)).toBe('5000');

    // Another tab's older time, arriving late, does not take the session back.
    appStore.getState().noteActivity(3_000);
    expect(appStore.getState().lastActivityAt).toBe(5_000);
  });

  it('readActivity takes a stored time, never one ahead of the clock, and drops what does not validate', () => {
    expect(readActivity('1700000000000', 1_800_000_000_000)).toBe(1_700_000_000_000);
    expect(readActivity('1900000000000', 1_800_000_000_000)).toBe(1_800_000_000_000);
    for (const bad of [null, '', '0', '-5', '1.5', 'soon', '1e12', ' 12', '9'.repeat(16)]) {
      expect(readActivity(bad, 1_800_000_000_000)).toBeNull();
    }
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

  it('say which areas of the flag table the user may open', () => {
    expect(selectMayOpenArea('patients')(appStore.getState())).toBe(false);
    // limited@'s flags: the pipeline and events only.
    const flags = Object.fromEntries(PROGRAM_USER_MENU_FLAGS.map((flag) => [flag, flag === 'pipeline_status' || flag === 'event' ? 1 : 0]));
    appStore.getState().signIn({ token: 't', user: createUser({ type: 'program_user', menu_flags: flags as NonNullable<AuthUser['menu_flags']> }) });
    expect(selectMayOpenArea('pipeline')(appStore.getState())).toBe(true);
    expect(selectMayOpenArea('patients')(appStore.getState())).toBe(false);
    expect(selectMayOpenArea('none')(appStore.getState())).toBe(true);
    appStore.getState().setUser(createUser({ type: 'sub_user' }));
    expect(selectMayOpenArea('patients')(appStore.getState())).toBe(true);
  });

  it('fall back to the program of the sub user, then to five dashes for a blank code', () => {
    const program = { id: 7, title: 'Northside', programmer_code: 'NSB-7' };
    appStore.getState().signIn({ token: 't', user: createUser({ programmer_code: null, sub_user: program }) });
    expect(selectProgramCode(appStore.getState())).toBe('NSB-7');

    appStore.getState().setUser(createUser({ programmer_code: '  ', sub_user: null }));
    expect(selectProgramCode(appStore.getState())).toBe('-----');
  });
});
