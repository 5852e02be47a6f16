import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { useAppStore } from '@baridesk/store';
import { InactivityWatch } from './inactivity-watch';
import { NEW_EVENT_PATH, NoEventsNotice } from './no-events-notice';
import { rememberNoticeShownTo } from './no-events-rule';
import { PopupMessage } from './popup-message';
import { ReportBannerHost } from './report-banner-host';
import { TermsModal } from './terms-modal';
import { hasModalAtSignIn } from './sign-in-modals';
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
  const anotherModalFirst = hasModalAtSignIn(user);
  const noticeShown = noEventsOpen && !anotherModalFirst;

  // Once shown, the no-events notice does not come back in this browser session (use-sign-in-handoff).
  useEffect(() => {
    if (noticeShown && user) rememberNoticeShownTo(user.id);
  }, [noticeShown, user]);

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
        open={noticeShown}
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
