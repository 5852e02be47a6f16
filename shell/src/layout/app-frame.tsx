import { lazy, Suspense, useEffect } from 'react';
import { Outlet, useLocation, useMatches, useNavigate, useNavigation } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import { bus } from '@baridesk/event-bus';
import { appStore, useAppStore } from '@baridesk/store';
import { Box, PageTransition } from '@baridesk/ui';
import { useSignInHandoff } from '../session/use-sign-in-handoff';

const SessionOverlays = lazy(() => import('../session/session-overlays'));

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
 * Around every page: the session's ending and cross-remote navigation, the hand-off after sign-in, a
 * progress bar while the next page loads and, for a signed-in session, its overlays (inactivity
 * time-out, terms, popup and no-events modals, report banner).
 */
export function AppFrame() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const signedIn = useAppStore((s) => s.token !== null);
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
      <NavigationProgress />
      <PageTransition locationKey={childKey}>
        <Outlet />
      </PageTransition>
      {signedIn && (
        <Suspense fallback={null}>
          <SessionOverlays noEventsOpen={noEventsOpen} closeNoEvents={closeNoEvents} />
        </Suspense>
      )}
    </>
  );
}

/** A thin bar at the top while a navigation waits for its page (session check, a remote's first load). */
function NavigationProgress() {
  const loading = useNavigation().state === 'loading';
  if (!loading) return null;
  return (
    <Box
      role="progressbar"
      aria-label="Loading the page"
      position="fixed"
      top="0"
      left="0"
      height="3px"
      width="100%"
      zIndex="overlay"
      bg="brand.solid"
      animationName="slide-from-left-full"
      animationDuration="1.2s"
      animationTimingFunction="ease-out"
      // A quick navigation never flashes the bar: it shows only after 150 ms.
      animationDelay="150ms"
      animationFillMode="both"
      _motionReduce={{ animation: 'none' }}
    />
  );
}
