/**
 * What the shell shares as 'react-router-dom': the router pieces BariDesk uses, by name. Shared whole,
 * react-router-dom would put every export of react-router (server rendering, sessions, cookies, …) on
 * the sign-in page; a named list lets webpack drop the rest. One copy for the page, as a singleton must
 * be. The list is enforced by lint (eslint.config.js, no-restricted-imports): a name missing here would
 * be undefined in the browser.
 */
export {
  Link,
  NavLink,
  Navigate,
  Outlet,
  Route,
  Routes,
  createBrowserRouter,
  createSearchParams,
  generatePath,
  matchPath,
  redirect,
  useBlocker,
  useHref,
  useLoaderData,
  useLocation,
  useMatches,
  useNavigate,
  useNavigation,
  useParams,
  useResolvedPath,
  useRevalidator,
  useSearchParams,
} from 'react-router';
export { RouterProvider } from 'react-router/dom';
