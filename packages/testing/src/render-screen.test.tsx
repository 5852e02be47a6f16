import { useQuery } from '@tanstack/react-query';
import { Link, Outlet, useNavigate } from 'react-router-dom';
import { screen } from '@testing-library/react';
import { useAppStore } from '@baridesk/store';
import { Button, notify } from '@baridesk/ui';
import { createAuthUser, createTestQueryClient, findNotice, renderRouter, renderScreen } from './index';

function Greeting() {
  const name = useAppStore((state) => state.user?.name);
  const navigate = useNavigate();
  const answer = useQuery({ queryKey: ['answer'], queryFn: async () => 42 });
  return (
    <>
      <p>Hello {name}</p>
      <p>Answer {answer.data ?? '…'}</p>
      <Button onClick={() => notify({ status: 'success', title: 'Saved', message: 'All done.' })}>Notify</Button>
      <Button onClick={() => navigate('/elsewhere')}>Leave</Button>
    </>
  );
}

test('renderScreen sets the store, gives a QueryClient, notices and a router, and says where the user went', async () => {
  const queryClient = createTestQueryClient();
  const { user, path } = await renderScreen(<Greeting />, {
    route: '/greeting',
    store: { user: createAuthUser({ name: 'Ann' }) },
    queryClient,
  });

  expect(screen.getByText('Hello Ann')).toBeInTheDocument();
  expect(await screen.findByText('Answer 42')).toBeInTheDocument();
  expect(queryClient.getQueryData(['answer'])).toBe(42);

  await user.click(screen.getByRole('button', { name: 'Notify' }));
  await findNotice('Saved', 'All done.');

  await user.click(screen.getByRole('button', { name: 'Leave' }));
  expect(screen.getByTestId('location')).toHaveTextContent('Now at /elsewhere');
  expect(path()).toBe('/elsewhere');
});

test('renderRouter renders a route table with layouts and follows its links', async () => {
  const { user, path } = await renderRouter(
    [
      {
        element: (
          <main>
            <Link to="/b">Go to B</Link>
            <Outlet />
          </main>
        ),
        children: [
          { path: '/a', element: <p>Page A</p> },
          { path: '/b', element: <p>Page B</p> },
        ],
      },
    ],
    { path: '/a' },
  );

  expect(screen.getByText('Page A')).toBeInTheDocument();
  await user.click(screen.getByRole('link', { name: 'Go to B' }));
  expect(await screen.findByText('Page B')).toBeInTheDocument();
  expect(path()).toBe('/b');
});
