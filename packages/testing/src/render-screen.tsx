/**
 * Renders as the shell does: UiProvider (theme and notices, through `renderUi` of @baridesk/ui), a fresh
 * QueryClient without retries, a memory router, and optionally a store state set beforehand.
 */
import { Suspense, type ReactElement, type ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, MemoryRouter, Route, RouterProvider, Routes, useLocation, type RouteObject } from 'react-router-dom';
import { appStore, type AppState } from '@baridesk/store';
import { renderUi, type UserEventOptions } from '@baridesk/ui/test/render-ui';

type ProviderOptions = {
  /** Store state set before rendering, e.g. a signed-in session. */
  store?: Partial<AppState>;
  /** user-event's options, e.g. `{ advanceTimers: (ms) => jest.advanceTimersByTime(ms) }` under fake timers. */
  userEvent?: UserEventOptions;
  /** A QueryClient to render with (one without retries by default), e.g. to watch its calls. */
  queryClient?: QueryClient;
};

export type RenderScreenOptions = ProviderOptions & {
  /** The URL the router starts at: `route` or '/' by default. */
  path?: string;
  /**
   * The route pattern the screen is mounted at. Any other URL shows "Now at <path>" instead, so a test
   * can see where the screen sent the user. Without it the screen shows at every URL.
   */
  route?: string;
};

export type RenderRouterOptions = ProviderOptions & {
  /** The URL the router starts at; '/' by default. */
  path?: string;
};

export const createTestQueryClient = () =>
  new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });

/** Renders everything else a route table would: says where the user now is. */
function ElsewherePage() {
  const { pathname } = useLocation();
  return <p data-testid="location">Now at {pathname}</p>;
}

/** Keeps the router's current location where the test can read it. */
function LocationSpy({ onLocation }: { onLocation: (pathname: string) => void }) {
  onLocation(useLocation().pathname);
  return null;
}

/** Sets the store state, then renders `ui` inside UiProvider and `wrapper`. */
async function renderWithProviders(
  ui: ReactElement,
  wrapper: (props: { children: ReactNode }) => ReactElement,
  { store, userEvent }: ProviderOptions,
) {
  if (store) appStore.setState(store);
  return renderUi(ui, { wrapper, userEvent });
}

/** Renders one screen at `path` (inside `route`, when given); `path()` says where the router is now. */
export async function renderScreen(screen: ReactElement, { route, path = route ?? '/', ...options }: RenderScreenOptions = {}) {
  const queryClient = options.queryClient ?? createTestQueryClient();
  let current = path;
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[path]}>
        <LocationSpy onLocation={(pathname) => (current = pathname)} />
        {/* Lazy screens load in a test too. */}
        <Suspense fallback={<p>Loading…</p>}>
          {route ? (
            <Routes>
              <Route path={route} element={children} />
              <Route path="*" element={<ElsewherePage />} />
            </Routes>
          ) : (
            children
          )}
        </Suspense>
      </MemoryRouter>
    </QueryClientProvider>
  );
  const view = await renderWithProviders(screen, wrapper, options);
  return { ...view, queryClient, path: () => current };
}

/** Renders a route table on a data router (layouts, outlets, redirects); `path()` says where it is now. */
export async function renderRouter(routes: RouteObject[], { path = '/', ...options }: RenderRouterOptions = {}) {
  const queryClient = options.queryClient ?? createTestQueryClient();
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
  const view = await renderWithProviders(<RouterProvider router={router} />, wrapper, options);
  return { ...view, queryClient, router, path: () => router.state.location.pathname };
}
