/** Renders the AppFrame as the shell's router does, around a few stand-in pages, on a memory router. */
import { useEffect } from 'react';
import { act, waitFor } from '@testing-library/react';
import { Outlet } from 'react-router-dom';
import { createTestQueryClient, renderRouter } from '@baridesk/testing';
import { AppFrame } from '../layout/app-frame';

/** Counts how often the stand-in staff layout was built: a page change must not rebuild it. */
export const layoutMounts = { count: 0 };

function StandInLayout() {
  useEffect(() => {
    layoutMounts.count += 1;
  }, []);
  return (
    <div>
      <nav aria-label="Sidebar">Menu</nav>
      <main>
        <Outlet />
      </main>
    </div>
  );
}

const page = (path: string, title: string) => ({ path, element: <h1>{title}</h1> });

export async function renderFrame({ at = '/dashboard', fakeTimers = false }: { at?: string; fakeTimers?: boolean } = {}) {
  const queryClient = createTestQueryClient();
  // Records the frame's fetchQuery calls, so a test can wait until their answers were handled.
  const fetches: Promise<unknown>[] = [];
  const fetchQuery = queryClient.fetchQuery.bind(queryClient) as (options: unknown) => Promise<unknown>;
  (queryClient as unknown as { fetchQuery: (options: unknown) => Promise<unknown> }).fetchQuery = (options) => {
    const fetched = fetchQuery(options);
    fetches.push(fetched);
    return fetched;
  };
  const view = await renderRouter(
    [
      {
        element: <AppFrame />,
        children: [
          page('/login', 'Sign in'),
          {
            element: <StandInLayout />,
            children: [
              page('/dashboard', 'Dashboard'),
              page('/admin/dashboard', 'Admin dashboard'),
              page('/event-calender/form', 'New event'),
              page('/manage-patients', 'Patients'),
            ],
          },
        ],
      },
    ],
    {
      path: at,
      queryClient,
      userEvent: fakeTimers ? { advanceTimers: (ms) => jest.advanceTimersByTime(ms) } : {},
    },
  );
  const flush = () => act(async () => undefined);
  const fetchesHandled = async () => {
    await waitFor(() => expect(fetches.length).toBeGreaterThan(0));
    await act(async () => {
      await Promise.allSettled(fetches);
    });
    await flush();
  };
  return { ...view, flush, fetchesHandled };
}
