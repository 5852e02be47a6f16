import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { useAppStore } from '@baridesk/store';
import { InactivityWatch } from './inactivity-watch';
import { NEW_EVENT_PATH, NoEventsNotice } from './no-events-notice';
import { rememberNoticeShownTo } from './no-events-rule';
import { hasPendingPopup, PopupMessage } from './popup-message';
import { ReportBannerHost } from './report-banner-host';
import { needsTermsAcceptance, TermsModal } from './terms-modal';
import { warmSharedUi } from '../federation/shared-ui';

export interface SessionOverlaysProps {
  noEventsOpen: boolean;
  closeNoEvents: () => void;
}

/**
 * What only a signed-in session shows: the inactivity time-out, the terms, popup and no-events modals
 * and the report banner. Loaded once someone signs in, so the sign-in page does not carry it.
 */
export default function SessionOverlays({ noEventsOpen, closeNoEvents }: SessionOverlaysProps) {
  const navigate = useNavigate();
  const user = useAppStore((s) => s.user);
  const anotherModalFirst = needsTermsAcceptance(user) || hasPendingPopup(user);

  // One notice per sign-in: when the terms or the program's popup message are up as the no-events notice
  // is raised, it is dropped rather than queued behind them (a second modal right after the first), and
  // may come at a later sign-in. Once shown, not again in this browser session.
  useEffect(() => {
    if (!noEventsOpen || !user) return;
    if (anotherModalFirst) closeNoEvents();
    else rememberNoticeShownTo(user.id);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- decided when the notice is raised, not when the others close
  }, [noEventsOpen]);

  // Once the session's page is up, fetch the rest of the shared components while the browser is idle,
  // so the first visit to a list, a dialog or a date picker does not wait for them.
  useEffect(() => {
    const idle = globalThis.requestIdleCallback ?? ((run: () => void) => setTimeout(run, 1));
    idle(() => void warmSharedUi().catch(() => undefined));
  }, []);

  return (
    <>
      <InactivityWatch />
      <TermsModal />
      <PopupMessage />
      <NoEventsNotice
        open={noEventsOpen && !anotherModalFirst}
        onClose={closeNoEvents}
        onAddEvent={() => {
          closeNoEvents();
          void navigate(NEW_EVENT_PATH);
        }}
      />
      <ReportBannerHost />
    </>
  );
}
