import { createBrowserRouter, Navigate, redirect, type LoaderFunctionArgs, type RouteObject } from 'react-router-dom';
import { appStore } from '@baridesk/store';
import { ApiRequestError, fetchUser, validateToken } from '@baridesk/api-client';
import type { AuthUser } from '@baridesk/contracts';
import { decideAccess } from './access';
import { ROUTES, type Access, type RouteEntry } from './route-table';
import { RemotePage } from '../federation/remote-page';
import { loadPage, type PageLoad } from '../federation/remotes';
import { AppFrame } from '../layout/app-frame';
import { NotFoundPage } from '../pages/not-found';

const needsSession = (access: Access) => access.kind !== 'public' && access.kind !== 'guest' && access.kind !== 'login-flow';

/** Set by the sign-in screen when it sends the user to a security question step. */
export const LOGIN_FLOW_KEY = 'baridesk.login-flow';

/** The session could not be checked (no answer, a server error): it is kept, and the page offers a retry. */
export const UNREACHABLE = 'unreachable';

/** Only a 401 means the session is over; a dropped connection or a server error says nothing about it. */
const sessionEnded = (error: unknown) => error instanceof ApiRequestError && error.unauthorized;

/**
 * Runs before every navigation to a page: checks the session with the server (GET /api/token/validate)
 * for pages that need one, loads the signed-in user once, then applies the page's access rule.
 */
export async function guard(entry: RouteEntry, _args?: LoaderFunctionArgs): Promise<Response | null | typeof UNREACHABLE> {
  const { token } = appStore.getState();
  let user: AuthUser | null = appStore.getState().user;
  if (needsSession(entry.access)) {
    if (!token) return redirect('/login');
    try {
      await validateToken();
      if (!user) {
        user = (await fetchUser()).data;
        appStore.getState().setUser(user);
      }
    } catch (error) {
      if (!sessionEnded(error)) return UNREACHABLE;
      // The server ended the session: start again from the sign-in page.
      appStore.getState().signOut();
      return redirect('/login');
    }
  } else if (token && !user) {
    user = await fetchUser()
      .then((r) => {
        appStore.getState().setUser(r.data);
        return r.data;
      })
      .catch((error: unknown) => {
        if (sessionEnded(error)) appStore.getState().signOut();
        return null;
      });
  }
  const fromLogin = sessionStorage.getItem(LOGIN_FLOW_KEY) === '1';
  const decision = decideAccess(entry.access, user, entry.path, fromLogin);
  return decision.allow ? null : redirect(decision.redirect);
}

/**
 * A page's loader checks access and, at the same time, fetches the page's screen from its remote, so the
 * page renders at once when the navigation commits (the previous page stays while it loads). When the
 * session could not be checked the page is not shown: its error screen offers a retry.
 */
export async function pageLoader(entry: RouteEntry, args?: LoaderFunctionArgs): Promise<Response | PageLoad> {
  const [decision, page] = await Promise.all([guard(entry, args), loadPage(entry)]);
  if (decision === UNREACHABLE) return { status: 'failed' };
  return decision ?? page;
}

const page = (entry: RouteEntry): RouteObject => ({
  path: entry.path,
  loader: (args) => pageLoader(entry, args),
  // Every navigation re-checks the session, as the spec's guard does.
  shouldRevalidate: () => true,
  element: <RemotePage entry={entry} />,
});

/** Which frame a page sits in: the staff layout, the admin layout, or none (sign-in and public pages). */
export function frameOf(entry: RouteEntry): 'staff' | 'admin' | 'bare' {
  if (entry.access.kind === 'admin') return 'admin';
  if (entry.access.kind === 'staff' || entry.access.kind === 'signed-in') return 'staff';
  return 'bare';
}

export function buildRoutes(): RouteObject[] {
  const inFrame = (frame: ReturnType<typeof frameOf>) => ROUTES.filter((e) => frameOf(e) === frame).map(page);
  return [
    {
      element: <AppFrame />,
      children: [
        { path: '/', element: <Navigate to="/dashboard" replace /> },
        { path: '/admin', element: <Navigate to="/admin/dashboard" replace /> },
        // The layouts (sidebar, navbar, their menus and drawers) load with the first page that has one.
        { lazy: async () => ({ Component: (await import('../layout/staff-layout')).StaffLayout }), children: inFrame('staff') },
        { lazy: async () => ({ Component: (await import('../layout/admin-layout')).AdminLayout }), children: inFrame('admin') },
        ...inFrame('bare'),
        { path: '*', element: <NotFoundPage standalone /> },
      ],
    },
  ];
}

export const createRouter = () => createBrowserRouter(buildRoutes());
