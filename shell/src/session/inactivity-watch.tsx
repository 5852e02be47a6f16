import { useEffect, useRef, useState } from 'react';
import { bus } from '@baridesk/event-bus';
import { appStore, useAppStore } from '@baridesk/store';
import { ApiRequestError, notifyError, validateToken } from '@baridesk/api-client';
import {
  SESSION_TICK_MS,
  SESSION_WARNING_MESSAGE,
  SESSION_WARNING_TIMER_MINUTES,
  sessionPhase,
} from '@baridesk/domain';
import { Button, Text } from '@baridesk/ui';
import { Modal } from '@baridesk/ui/overlays';
import { useEndSession } from './end-session';

const WARNING_VISIBLE_MS = SESSION_WARNING_TIMER_MINUTES * 60_000;

/**
 * The inactivity rule while session checking is on: the store's idle counter goes up every minute and
 * back to 0 on every successful call; at 85 minutes a warning, at 90 the session ends.
 * Plain setInterval/setTimeout, so jest's fake timers and Playwright's clock can drive it.
 */
export function InactivityWatch() {
  const sessionCheck = useAppStore((s) => s.sessionCheck);
  const idleMinutes = useAppStore((s) => s.idleMinutes);
  const phase = sessionCheck ? sessionPhase(idleMinutes) : 'active';
  const [warningOpen, setWarningOpen] = useState(false);
  const [staying, setStaying] = useState(false);
  const ending = useRef(false);
  const endSession = useEndSession();

  useEffect(() => {
    if (!sessionCheck) return;
    ending.current = false;
    const ticker = setInterval(() => appStore.getState().tickIdle(), SESSION_TICK_MS);
    const offActivity = bus.on('session:activity', () => appStore.getState().resetIdle());
    return () => {
      clearInterval(ticker);
      offActivity();
    };
  }, [sessionCheck]);

  useEffect(() => {
    // Entering the warning opens it; a reset counter (any successful call) makes it untrue, so it closes.
    setWarningOpen(phase === 'warning');
    if (phase === 'expired' && !ending.current) {
      ending.current = true;
      void endSession();
    }
  }, [phase, endSession]);

  useEffect(() => {
    if (!warningOpen) return;
    const dismiss = setTimeout(() => setWarningOpen(false), WARNING_VISIBLE_MS);
    return () => clearTimeout(dismiss);
  }, [warningOpen]);

  const stayLoggedIn = async () => {
    setStaying(true);
    try {
      // A successful call is activity: the counter starts again.
      await validateToken();
      appStore.getState().resetIdle();
    } catch (error) {
      // A 401 already ended the session (the client reports it and the frame shows /login).
      if (!(error instanceof ApiRequestError && error.unauthorized)) notifyError(error);
    } finally {
      setStaying(false);
      setWarningOpen(false);
    }
  };

  const logOutNow = () => {
    setWarningOpen(false);
    ending.current = true;
    void endSession();
  };

  return (
    <Modal
      open={warningOpen}
      // The user answers with one of the two buttons (or it closes by itself after five minutes).
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
