import { useEffect } from 'react';
import { Outlet, useLocation, useMatches, useNavigate } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import { bus } from '@baridesk/event-bus';
import { appStore, useAppStore } from '@baridesk/store';
import { PageTransition } from '@baridesk/ui';
import { InactivityWatch } from '../session/inactivity-watch';
import { NEW_EVENT_PATH, NoEventsNotice } from '../session/no-events-notice';
import { hasPendingPopup, PopupMessage } from '../session/popup-message';
import { ReportBannerHost } from '../session/report-banner-host';
import { needsTermsAcceptance, TermsModal } from '../session/terms-modal';
import { useSignInHandoff } from '../session/use-sign-in-handoff';

/**
 * The key of the page transition: a page without a layout (sign-in, public pages) is keyed by its
 * path, so each one zooms in. A layout (staff, admin) keeps one key for all its pages: it is not
 * rebuilt, with its sidebar and navbar, on every navigation; it zooms its own page area instead.
 */
function useFrameChildKey(): string {
  const matches = useMatches();
  const { pathname } = useLocation();
  const child = matches[1];
  return child && matches.length > 2 ? `layout:${child.id}` : pathname;
}

/**
 * Around every page: the session's ending and cross-remote navigation, the hand-off after sign-in,
 * the inactivity time-out, the terms, popup and no-events modals, and the report banner.
 */
export function AppFrame() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const user = useAppStore((s) => s.user);
  const { noEventsOpen, closeNoEvents } = useSignInHandoff();
  const childKey = useFrameChildKey();

  useEffect(() => {
    const offUnauthorized = bus.on('session:unauthorized', () => void navigate('/login', { replace: true }));
    const offNavigate = bus.on('navigate', ({ to, replace }) => void navigate(to, { replace }));
    return () => {
      offUnauthorized();
      offNavigate();
    };
  }, [navigate]);

  // Whatever ended the session, the next user of this tab must not see the last one's cached data.
  useEffect(
    () =>
      appStore.subscribe((state, previous) => {
        if (previous.token !== null && state.token === null) queryClient.clear();
      }),
    [queryClient],
  );

  return (
    <>
      <PageTransition locationKey={childKey}>
        <Outlet />
      </PageTransition>
      <InactivityWatch />
      <TermsModal />
      <PopupMessage />
      <NoEventsNotice
        // One modal at a time: the terms and the popup message come first.
        open={noEventsOpen && !needsTermsAcceptance(user) && !hasPendingPopup(user)}
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
