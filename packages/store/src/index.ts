/**
 * @baridesk/store: the one client-side store of BariDesk (signed-in user, token, last activity time,
 * saved searches, sidebar). The shell and every remote share this module as a federation singleton,
 * so they all read and write the same state.
 */
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { menuAreaHolderOf, type AuthUser } from '@baridesk/contracts';
import { mayOpenMenuArea, type MenuAreaOrNone, type UserType } from '@baridesk/domain';

export type Flag = 0 | 1;

/** The last search of the screens that remember theirs between visits. */
export type SavedSearches = {
  patients?: unknown;
  /** The month the event calendar last showed (ISO "YYYY-MM"). */
  eventCalendarMonth?: string;
  superAdminUsers?: unknown;
  missingPipelinePatients?: unknown;
};

export type SavedSearchKey = keyof SavedSearches;

export type AppState = {
  token: string | null;
  user: AuthUser | null;
  /** Null for super admins (never forced to change their password) and when signed out. */
  isPasswordChanged: Flag | null;
  isSelfService: Flag | null;
  /** Inactivity checking is on: between login and logout. */
  sessionCheck: boolean;
  /** The session ended because a call answered 401. */
  unauthorized: boolean;
  /**
   * When the last successful API call of any tab of this browser answered (ms since the epoch); null
   * while signed out. Idle time is measured from it by the clock, so time a sleeping laptop or a
   * throttled background tab did not count still counts.
   */
  lastActivityAt: number | null;
  savedSearches: SavedSearches;
  sidebarMinimized: boolean;
  customizePipelineTab: number;
};

export type AppActions = {
  signIn(session: { token: string; user: AuthUser }): void;
  setUser(user: AuthUser): void;
  signOut(): void;
  markUnauthorized(): void;
  setSavedSearch<K extends SavedSearchKey>(key: K, value: SavedSearches[K]): void;
  clearSavedSearches(): void;
  setSidebarMinimized(minimized: boolean): void;
  setCustomizePipelineTab(tab: number): void;
  /**
   * Activity at `at` (default now), in this tab or another: the last activity time moves forward only,
   * so a late-arriving older time from another tab does not shorten the session. Ignored while session
   * checking is off.
   */
  noteActivity(at?: number): void;
  setPasswordChanged(changed: Flag): void;
};

export type AppStore = AppState & AppActions;

/** What survives a reload (spec: "Browser storage holds"). */
export type PersistedAppState = Pick<
  AppState,
  'token' | 'isPasswordChanged' | 'isSelfService' | 'savedSearches' | 'customizePipelineTab' | 'sidebarMinimized'
>;

export const STORAGE_KEY = 'baridesk';
export const STORAGE_VERSION = 1;
/**
 * The last activity time has a key of its own, written on every successful call and removed at sign-out:
 * every tab of the browser watches it (the storage event), so one active tab keeps the others' sessions
 * alive and a sign-out in one ends them all.
 */
export const ACTIVITY_STORAGE_KEY = 'baridesk.last-activity';

const signedOut = {
  token: null,
  user: null,
  isPasswordChanged: null,
  isSelfService: null,
  sessionCheck: false,
  lastActivityAt: null,
  savedSearches: {},
} satisfies Partial<AppState>;

const initialState: AppState = {
  ...signedOut,
  unauthorized: false,
  sidebarMinimized: false,
  customizePipelineTab: 0,
};

/** The password-changed flag is kept for staff only: a super admin is never forced to change it. */
const passwordFlagOf = (user: AuthUser): Flag | null => (user.type === 'super_admin' ? null : user.is_password_changed);

const isFlag = (value: unknown): value is Flag => value === 0 || value === 1;
const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The valid part of what the browser storage holds. Storage is outside our control (an older build,
 * another tab, a hand edit): an invalid value is dropped rather than trusted.
 */
export function readPersisted(stored: unknown): Partial<PersistedAppState> {
  if (!isRecord(stored)) return {};
  const restored: Partial<PersistedAppState> = {};
  if (typeof stored.token === 'string' || stored.token === null) restored.token = stored.token || null;
  if (isFlag(stored.isPasswordChanged) || stored.isPasswordChanged === null) restored.isPasswordChanged = stored.isPasswordChanged;
  if (isFlag(stored.isSelfService) || stored.isSelfService === null) restored.isSelfService = stored.isSelfService;
  if (typeof stored.sidebarMinimized === 'boolean') restored.sidebarMinimized = stored.sidebarMinimized;
  if (Number.isInteger(stored.customizePipelineTab) && (stored.customizePipelineTab as number) >= 0) {
    restored.customizePipelineTab = stored.customizePipelineTab as number;
  }
  if (isRecord(stored.savedSearches)) {
    const { patients, eventCalendarMonth, superAdminUsers, missingPipelinePatients } = stored.savedSearches;
    const searches: SavedSearches = {};
    if (patients !== undefined) searches.patients = patients;
    if (typeof eventCalendarMonth === 'string') searches.eventCalendarMonth = eventCalendarMonth;
    if (superAdminUsers !== undefined) searches.superAdminUsers = superAdminUsers;
    if (missingPipelinePatients !== undefined) searches.missingPipelinePatients = missingPipelinePatients;
    restored.savedSearches = searches;
  }
  return restored;
}

/**
 * The last activity time a stored value holds, or null when there is none or it does not validate. A time
 * ahead of the clock counts as now, so a clock set back cannot stretch a session.
 */
export function readActivity(stored: string | null, now: number = Date.now()): number | null {
  if (stored === null || !/^\d{1,15}$/.test(stored)) return null;
  const at = Number(stored);
  return at > 0 ? Math.min(at, now) : null;
}

/** Browser storage may refuse a write (full, disabled); the session then simply is not shared with other tabs. */
function writeActivity(at: number | null): void {
  try {
    if (at === null) localStorage.removeItem(ACTIVITY_STORAGE_KEY);
    else localStorage.setItem(ACTIVITY_STORAGE_KEY, String(at));
  } catch {
    // Nothing to do: this tab still measures its own idle time.
  }
}

export const useAppStore = create<AppStore>()(
  persist(
    (set) => ({
      ...initialState,
      signIn: ({ token, user }) =>
        set({
          token,
          user,
          isPasswordChanged: passwordFlagOf(user),
          isSelfService: user.self_service,
          sessionCheck: true,
          unauthorized: false,
          lastActivityAt: Date.now(),
        }),
      setUser: (user) => set({ user, isSelfService: user.self_service }),
      signOut: () => set({ ...signedOut }),
      markUnauthorized: () => set({ ...signedOut, unauthorized: true }),
      setSavedSearch: (key, value) =>
        set((state) => {
          const savedSearches = { ...state.savedSearches };
          if (value === undefined) delete savedSearches[key];
          else savedSearches[key] = value;
          return { savedSearches };
        }),
      clearSavedSearches: () => set({ savedSearches: {} }),
      setSidebarMinimized: (sidebarMinimized) => set({ sidebarMinimized }),
      setCustomizePipelineTab: (customizePipelineTab) => set({ customizePipelineTab }),
      noteActivity: (at = Date.now()) =>
        set((state) =>
          state.sessionCheck && (state.lastActivityAt === null || at > state.lastActivityAt) ? { lastActivityAt: at } : state,
        ),
      setPasswordChanged: (isPasswordChanged) => set({ isPasswordChanged }),
    }),
    {
      name: STORAGE_KEY,
      version: STORAGE_VERSION,
      storage: createJSONStorage(() => localStorage),
      partialize: (state): Partial<PersistedAppState> => ({
        token: state.token,
        isPasswordChanged: state.isPasswordChanged,
        isSelfService: state.isSelfService,
        savedSearches: state.savedSearches,
        customizePipelineTab: state.customizePipelineTab,
        sidebarMinimized: state.sidebarMinimized,
      }),
      // Version 1 is the first; whatever another version left is kept only where it still validates.
      migrate: (stored) => readPersisted(stored),
      merge: (stored, current) => {
        const restored = { ...current, ...readPersisted(stored) };
        // Inactivity checking is not stored: it is on exactly when a reload finds a session. Its last
        // activity is the browser's (another tab may have been busy since); none stored counts as now.
        const sessionCheck = restored.token !== null;
        const lastActivityAt = sessionCheck ? (readActivity(localStorage.getItem(ACTIVITY_STORAGE_KEY)) ?? Date.now()) : null;
        return { ...restored, sessionCheck, lastActivityAt };
      },
    },
  ),
);

// Every change of the last activity time, whatever made it, is what the other tabs see.
useAppStore.subscribe((state, previous) => {
  if (state.lastActivityAt !== previous.lastActivityAt) writeActivity(state.lastActivityAt);
});

/** The same store for code outside React: `appStore.getState()`, `setState`, `subscribe`. */
export const appStore = useAppStore;

export const selectIsSignedIn = (state: AppState): boolean => state.token !== null;

export const selectIsSuperAdmin = (state: AppState): boolean => state.user?.type === 'super_admin';

export const selectUserType = (state: AppState): UserType | null => state.user?.type ?? null;

/**
 * Whether the signed-in user may open `area` of domain MENU_AREAS, as the sidebar, the page guard and the
 * server decide it: `useAppStore(selectMayOpenArea('patients'))` before linking to a patient's record.
 */
export const selectMayOpenArea =
  (area: MenuAreaOrNone) =>
  (state: AppState): boolean =>
    state.user ? mayOpenMenuArea(menuAreaHolderOf(state.user), area) : false;

/** Shown in the account menu: five dashes when the program has no code. */
export const MISSING_PROGRAM_CODE = '-----';

export const selectProgramCode = (state: AppState): string => {
  const code = state.user?.programmer_code ?? state.user?.sub_user?.programmer_code;
  return code?.trim() ? code : MISSING_PROGRAM_CODE;
};
