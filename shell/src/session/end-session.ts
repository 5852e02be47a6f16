import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { logout } from '@baridesk/api-client';
import { appStore } from '@baridesk/store';

/**
 * Logs out on the server (failures ignored, as the spec says) and then locally: the token, user and
 * saved searches go and session checking stops.
 */
export async function endSession(): Promise<void> {
  // The server call needs the token: clear the store only after it.
  await logout();
  appStore.getState().signOut();
}

/** Ends the session and shows the sign-in page (Logout, Decline, the 90-minute time-out). */
export function useEndSession(): () => Promise<void> {
  const navigate = useNavigate();
  return useCallback(async () => {
    await endSession();
    // Rendered at once when the navigation completes (not in a later transition): whoever hid the page
    // while the session ended may show it again as soon as this resolves.
    await navigate('/login', { replace: true, flushSync: true });
  }, [navigate]);
}
