import { matchPath } from 'react-router-dom';
import { ROUTES, type RouteEntry } from '../routes/route-table';
import { loadPage } from './remotes';

/** The route entry of a path ('/patient-detail/12' → '/patient-detail/:id'), if the app has one. */
export function routeAt(pathname: string): RouteEntry | undefined {
  return ROUTES.find((entry) => matchPath({ path: entry.path, end: true }, pathname));
}

/**
 * Starts fetching the screen of the page at `pathname` from its remote. The router's loader later asks
 * for the same load and finds it under way; a failure is left to that loader, which shows it with a retry.
 */
export function preloadPageAt(pathname: string): void {
  const entry = routeAt(pathname);
  if (entry) void loadPage(entry);
}
