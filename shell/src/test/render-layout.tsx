/** Renders a layout route of the shell as the app does, signed in as `user`, around a stand-in page. */
import type { ReactElement } from 'react';
import { useLocation } from 'react-router-dom';
import { configureApi } from '@baridesk/api-client';
import type { AuthUser } from '@baridesk/contracts';
import { renderRouter } from '@baridesk/testing';

/** Stands in for a remote's screen: names the page it is on. */
function Page() {
  const { pathname, search } = useLocation();
  return <p>Page {pathname + search}</p>;
}

export type RenderLayoutOptions = {
  layout: ReactElement;
  path: string;
  user: AuthUser;
  baseUrl: string;
  /** The browser's width; 1200 px and more shows the sidebar, less the drawer. */
  width?: number;
};

export async function renderLayout({ layout, path, user, baseUrl, width = 1280 }: RenderLayoutOptions) {
  configureApi({ baseUrl });
  Object.defineProperty(window, 'innerWidth', { configurable: true, writable: true, value: width });
  return renderRouter(
    [
      { element: layout, children: [{ path: '*', element: <Page /> }] },
      { path: '/login', element: <p>Sign-in page</p> },
    ],
    { path, store: { token: 'test-token', user, sessionCheck: true } },
  );
}
