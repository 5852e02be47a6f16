import { useCallback, useEffect, useRef, useState } from 'react';
import { bus } from '@baridesk/event-bus';
import { ACTIVITY_STORAGE_KEY, appStore, readActivity, useAppStore } from '@baridesk/store';
import { ApiRequestError, notifyError, validateToken } from '@baridesk/api-client';
import {
  SESSION_TIMEOUT_MINUTES,
  SESSION_WARNING_MESSAGE,
  SESSION_WARNING_MINUTES,
  sessionPhase,
  type SessionPhase,
} from '@baridesk/domain';
import { Button, Text } from '@baridesk/ui';
import { Modal } from '@baridesk/ui/overlays';
import { useEndSession } from './end-session';

const MINUTE_MS = 60_000;
const WARNING_AT_MS = SESSION_WARNING_MINUTES * MINUTE_MS;
const TIMEOUT_AT_MS = SESSION_TIMEOUT_MINUTES * MINUTE_MS;

/**
 * Besides the wake-up events, how often the clock is read. A laptop that wakes with this page in front and
 * focused fires none of them, and its timers do not count the time it slept: a short one finds out soon.
 */
export const CLOCK_CHECK_MS = 5_000;

/** Marks the cover that hides the page while an ended session leaves it. */
export const SESSION_COVER_ATTRIBUTE = 'data-session-cover';

/**
 * Hides the whole page at once, outside React, in the very event that found the session over: the
 * browser's next frame shows no patient data, and it stays hidden while the page cannot be replaced yet
 * (the server's logout, the sign-in page's loading; a React state would go with the overlays that the
 * sign-out unmounts). Everything under it is made inert, out of reach of the keyboard and screen readers.
 * Returns what takes it away again.
 */
function coverPage(): () => void {
  const madeInert = [...document.body.children].filter((element) => !element.hasAttribute('inert'));
  for (const element of madeInert) element.setAttribute('inert', '');
  const cover = document.createElement('div');
  cover.setAttribute(SESSION_COVER_ATTRIBUTE, '');
  cover.style.cssText = 'position:fixed;inset:0;z-index:2147483647;background:var(--chakra-colors-bg, #fff)';
  document.body.append(cover);
  return () => {
    cover.remove();
    for (const element of madeInert) element.removeAttribute('inert');
  };
}

/** Until the idle time crosses the next of its marks (the warning at 85 minutes, the end at 90). */
const untilNextMark = (idleMs: number) => (idleMs < WARNING_AT_MS ? WARNING_AT_MS : TIMEOUT_AT_MS) - idleMs;

/**
 * The inactivity rule while session checking is on, measured by the clock: idle time is the time since the
 * last successful call of any tab of this browser (the store's lastActivityAt, shared through browser
 * storage). At 85 minutes a warning, at 90 the session ends. The clock is read whenever the page may
 * have been asleep or held back (visibilitychange, focus, pageshow), at each mark and every few seconds,
 * because a sleeping laptop or a throttled background tab runs its timers late or not at all.
 */
export function InactivityWatch() {
  const sessionCheck = useAppStore((s) => s.sessionCheck);
  const lastActivityAt = useAppStore((s) => s.lastActivityAt);
  const [phase, setPhase] = useState<SessionPhase>('active');
  // The warning the user answered, by the activity time it was about: it stays closed until new activity.
  const [answeredFor, setAnsweredFor] = useState<number | null>(null);
  const [staying, setStaying] = useState(false);
  const ending = useRef(false);
  const endSession = useEndSession();

  const end = useCallback(() => {
    if (ending.current) return;
    ending.current = true;
    const uncover = coverPage();
    // endSession resolves once the sign-in page has replaced this one (or failed to): nothing left to hide.
    void endSession().finally(uncover);
  }, [endSession]);

  useEffect(() => {
    if (!sessionCheck) return;
    ending.current = false;
    let next: ReturnType<typeof setTimeout> | undefined;

    const check = () => {
      clearTimeout(next);
      const last = appStore.getState().lastActivityAt;
      if (last === null) return;
      const idleMs = Date.now() - last;
      const current = sessionPhase(idleMs / MINUTE_MS);
      if (current === 'expired') {
        end();
        return;
      }
      setPhase(current);
      next = setTimeout(check, Math.min(CLOCK_CHECK_MS, untilNextMark(idleMs)));
    };

    // Another tab's activity keeps this session alive; its sign-out (the time removed) ends it here too.
    const onStorage = (event: StorageEvent) => {
      if (event.key !== ACTIVITY_STORAGE_KEY && event.key !== null) return;
      const at = readActivity(localStorage.getItem(ACTIVITY_STORAGE_KEY));
      if (at === null) end();
      else appStore.getState().noteActivity(at);
    };

    const offActivity = bus.on('session:activity', () => appStore.getState().noteActivity());
    const offStore = appStore.subscribe((state, previous) => {
      if (state.lastActivityAt !== previous.lastActivityAt) check();
    });
    document.addEventListener('visibilitychange', check);
    window.addEventListener('focus', check);
    window.addEventListener('pageshow', check);
    window.addEventListener('storage', onStorage);
    check();
    return () => {
      clearTimeout(next);
      offActivity();
      offStore();
      document.removeEventListener('visibilitychange', check);
      window.removeEventListener('focus', check);
      window.removeEventListener('pageshow', check);
      window.removeEventListener('storage', onStorage);
    };
  }, [sessionCheck, end]);

  // Activity takes the phase back to 'active', which closes the warning; so does an answer to it.
  const warningOpen = sessionCheck && phase === 'warning' && answeredFor !== lastActivityAt;

  const stayLoggedIn = async () => {
    setStaying(true);
    try {
      // Its success is activity (the API client reports every success): the idle time starts again.
      await validateToken();
    } catch (error) {
      // A 401 already ended the session (the client reports it and the frame shows /login).
      if (!(error instanceof ApiRequestError && error.unauthorized)) notifyError(error);
    } finally {
      setStaying(false);
      setAnsweredFor(lastActivityAt);
    }
  };

  const logOutNow = () => {
    setAnsweredFor(lastActivityAt);
    end();
  };

  return (
    <Modal
      open={warningOpen}
      // The user answers with one of the two buttons; unanswered, it lasts its five minutes, to the end at 90.
      dismissible={false}
      onClose={() => undefined}
      title="Session timeout"
      role="alertdialog"
      size="sm"
      footer={
        <>
          <Button variant="outline" onClick={logOutNow} disabled={staying}>
            Logout
          </Button>
          <Button colorPalette="brand" onClick={() => void stayLoggedIn()} loading={staying}>
            Stay Logged In
          </Button>
        </>
      }
    >
      <Text>{SESSION_WARNING_MESSAGE}</Text>
    </Modal>
  );
}
