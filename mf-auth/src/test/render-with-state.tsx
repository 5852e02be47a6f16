import type { ReactElement } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { renderRouter, type RenderRouterOptions } from '@baridesk/testing';

/** Renders everything else a route table would: says where the user now is. */
function Elsewhere() {
  return <p data-testid="location">Now at {useLocation().pathname}</p>;
}

/**
 * Renders `screen` at `route`, arriving there as a navigation with router `state` would (as the login
 * screen sends a user to a security-question step). Without `state` the page is opened directly.
 */
export function renderWithState(
  screen: ReactElement,
  { route, state, ...options }: { route: string; state?: unknown } & Omit<RenderRouterOptions, 'path'>,
) {
  return renderRouter(
    [
      { path: '/__start', element: <Navigate to={route} state={state} replace /> },
      { path: route, element: screen },
      { path: '*', element: <Elsewhere /> },
    ],
    { ...options, path: state === undefined ? route : '/__start' },
  );
}
