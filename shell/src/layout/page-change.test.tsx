/** The staff frame around a page change: the sidebar's section, the focus, and the page skeleton. */
import { act, screen, waitFor, within } from '@testing-library/react';
import { Link, useParams } from 'react-router-dom';
import { appStore } from '@baridesk/store';
import { renderRouter } from '@baridesk/testing';
import { LayoutFrame, PAGE_SKELETON_DELAY_MS } from './layout-frame';
import type { SidebarContent } from './sidebar';

const initialState = appStore.getState();
afterEach(() => {
  appStore.setState(initialState, true);
  localStorage.clear();
  jest.useRealTimers();
});

const sidebar: SidebarContent = {
  status: 'success',
  entries: [
    { label: 'Dashboard', to: '/dashboard' },
    { label: 'Patients', to: '/manage-patients' },
    { label: 'Templates', items: [{ label: 'Checklist Templates', to: '/checklist-templates' }] },
  ],
};

function PatientList() {
  return (
    <>
      <h1>Patients</h1>
      <Link to="/patient-detail/7">Jane Doe</Link>
    </>
  );
}

function PatientRecord() {
  const { id } = useParams();
  return (
    <>
      <h1>Patient {id}</h1>
      <Link to="/weight-log/7">Weight Log</Link>
      <Link to="/slow">Slow page</Link>
    </>
  );
}

/** A page whose loader waits until the test lets it go, as a remote's code or the session check may. */
let releaseSlow: () => void = () => undefined;
const slowLoader = () =>
  new Promise<null>((resolve) => {
    releaseSlow = () => resolve(null);
  });

async function renderStaffFrame(path: string) {
  Object.defineProperty(window, 'innerWidth', { configurable: true, writable: true, value: 1280 });
  return renderRouter(
    [
      {
        element: <LayoutFrame sidebar={sidebar} />,
        children: [
          { path: '/dashboard', element: <h1>Dashboard</h1> },
          { path: '/manage-patients', element: <PatientList /> },
          { path: '/patient-detail/:id', element: <PatientRecord /> },
          { path: '/weight-log/:id', element: <h1>Weight Log</h1> },
          { path: '/checklist-template/:id/store', element: <h1>New checklist template</h1> },
          { path: '/slow', loader: slowLoader, element: <h1>Slow page</h1> },
        ],
      },
    ],
    { path, store: { token: 'test-token' } },
  );
}

const mainMenu = () => screen.getByRole('navigation', { name: 'Main menu' });

describe('the sidebar marks the section of a page below a list', () => {
  it.each(['/patient-detail/7', '/weight-log/7'])('Patients stays current on %s', async (path) => {
    await renderStaffFrame(path);
    expect(within(mainMenu()).getByRole('link', { name: 'Patients' })).toHaveAttribute('aria-current', 'page');
    expect(within(mainMenu()).getByRole('link', { name: 'Dashboard' })).not.toHaveAttribute('aria-current');
  });

  it('opens the group of a form below a list and marks its list', async () => {
    await renderStaffFrame('/checklist-template/3/store');
    expect(within(mainMenu()).getByRole('button', { name: 'Templates' })).toHaveAttribute('aria-expanded', 'true');
    expect(within(mainMenu()).getByRole('link', { name: 'Checklist Templates' })).toHaveAttribute('aria-current', 'page');
    expect(within(mainMenu()).getByRole('link', { name: 'Patients' })).not.toHaveAttribute('aria-current');
  });
});

describe('focus after a page change', () => {
  it('stays where the browser put it on the first load', async () => {
    await renderStaffFrame('/manage-patients');
    expect(screen.getByRole('heading', { level: 1, name: 'Patients' })).not.toHaveFocus();
  });

  it('moves to the new page’s h1 after opening a record and after following a link from it', async () => {
    const { user } = await renderStaffFrame('/manage-patients');
    await user.click(screen.getByRole('link', { name: 'Jane Doe' }));
    const heading = await screen.findByRole('heading', { level: 1, name: 'Patient 7' });
    await waitFor(() => expect(heading).toHaveFocus());
    expect(heading).toHaveAttribute('tabindex', '-1');

    await user.click(screen.getByRole('link', { name: 'Weight Log' }));
    await waitFor(() => expect(screen.getByRole('heading', { level: 1, name: 'Weight Log' })).toHaveFocus());
  });

  it('moves there from the sidebar too', async () => {
    const { user } = await renderStaffFrame('/dashboard');
    await user.click(within(mainMenu()).getByRole('link', { name: 'Patients' }));
    await waitFor(() => expect(screen.getByRole('heading', { level: 1, name: 'Patients' })).toHaveFocus());
  });
});

describe('a slow page change', () => {
  it(`keeps the page for ${PAGE_SKELETON_DELAY_MS} ms, then shows a skeleton until the next page is ready`, async () => {
    jest.useFakeTimers();
    const { router } = await renderStaffFrame('/patient-detail/7');
    act(() => void router.navigate('/slow'));

    act(() => jest.advanceTimersByTime(PAGE_SKELETON_DELAY_MS - 50));
    expect(screen.getByRole('heading', { level: 1, name: 'Patient 7' })).toBeVisible();
    expect(screen.queryByTestId('page-skeleton')).not.toBeInTheDocument();

    act(() => jest.advanceTimersByTime(100));
    const skeleton = screen.getByTestId('page-skeleton');
    expect(skeleton).toHaveAttribute('role', 'status');
    expect(within(skeleton).getByText('Loading the page…')).toBeInTheDocument();
    // The page being left is no longer shown (nor read out).
    expect(screen.queryByRole('heading', { level: 1, name: 'Patient 7' })).not.toBeInTheDocument();

    await act(async () => releaseSlow());
    expect(await screen.findByRole('heading', { level: 1, name: 'Slow page' })).toBeVisible();
    expect(screen.queryByTestId('page-skeleton')).not.toBeInTheDocument();
  });

  it('shows no skeleton for a page change that is ready in time', async () => {
    jest.useFakeTimers();
    const { router } = await renderStaffFrame('/patient-detail/7');
    act(() => void router.navigate('/slow'));
    act(() => jest.advanceTimersByTime(100));
    await act(async () => releaseSlow());
    act(() => jest.advanceTimersByTime(PAGE_SKELETON_DELAY_MS));
    expect(screen.getByRole('heading', { level: 1, name: 'Slow page' })).toBeVisible();
    expect(screen.queryByTestId('page-skeleton')).not.toBeInTheDocument();
  });
});
