import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import { bus } from '@baridesk/event-bus';
import { appStore } from '@baridesk/store';
import { homeOf } from '../routes/access';
import { mightShowNoEventsNotice, noticeShownTo, shouldShowNoEventsNotice } from './no-events-rule';
import { hasModalAtSignIn } from './sign-in-modals';
import { sidebarMenuQuery } from '../layout/use-sidebar-menu';
import { preloadPageAt } from '../federation/preload-page';

/**
 * Fetches the code of the staff landing page and its layout while the server checks the password, so the
 * page shows as soon as the session is stored rather than one remote load later. A failure is ignored
 * here: the navigation loads the page again and shows its error with a retry.
 */
export function preloadLanding(): void {
  // Staff land on the dashboard (super admins, far fewer, on the admin one).
  preloadPageAt('/dashboard');
  void import('../layout/staff-layout').catch(() => undefined);
}

/**
 * Takes over when the sign-in screen has stored a session ('auth:signed-in'): sends the user home (the
 * router's guards then force /change-password when due) and decides on the no-events notice.
 */
export function useSignInHandoff() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [noEventsOpen, setNoEventsOpen] = useState(false);

  useEffect(() => bus.on('auth:signing-in', preloadLanding), []);

  useEffect(
    () =>
      bus.on('auth:signed-in', ({ isEventExist }) => {
        setNoEventsOpen(false);
        const { user } = appStore.getState();
        // Without a user the guard of /dashboard loads it (and sends a super admin on to /admin/dashboard).
        void navigate(user ? homeOf(user) : '/dashboard', { replace: true });
        // The notice is a suggestion: once per browser session, not at every sign-in, and never as a second
        // modal after the terms or the program's popup message (it may come at a later sign-in then).
        if (!user || !mightShowNoEventsNotice(user, isEventExist) || noticeShownTo(user.id) || hasModalAtSignIn(user)) return;
        // Fresh, not a copy cached for someone who used this tab before.
        queryClient
          .fetchQuery({ ...sidebarMenuQuery(), staleTime: 0 })
          .then((menu) => {
            if (appStore.getState().user?.id === user.id && shouldShowNoEventsNotice(user, isEventExist, menu)) {
              setNoEventsOpen(true);
            }
          })
          // The notice is a suggestion: without the menu it is simply not shown.
          .catch(() => undefined);
      }),
    [navigate, queryClient],
  );

  return { noEventsOpen, closeNoEvents: () => setNoEventsOpen(false) };
}
