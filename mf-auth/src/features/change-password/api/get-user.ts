import { fetchUser } from '@baridesk/api-client';
import type { AuthUser } from '@baridesk/contracts';
import { appStore } from '@baridesk/store';

/**
 * GET /api/user into the store. `fallback` is kept when the call fails (the change itself succeeded),
 * so the shell's guard never sends the user back to a form they have just completed.
 */
export async function refreshSignedInUser(fallback: AuthUser | null): Promise<void> {
  try {
    appStore.getState().setUser((await fetchUser()).data);
  } catch {
    if (fallback) appStore.getState().setUser(fallback);
  }
}
