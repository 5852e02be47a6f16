import { screen } from '@testing-library/react';
import { appStore } from '@baridesk/store';
import { renderScreen } from '@baridesk/testing';
import { createUser } from '../test/factories';
import { NotFoundPage } from './not-found';

const initial = appStore.getState();
beforeEach(() => appStore.setState(initial, true));

const renderPage = () => renderScreen(<NotFoundPage />, { path: '/no-such-page' });

describe('not-found page', () => {
  it('says so in the spec’s words and links back to the dashboard', async () => {
    await renderPage();
    expect(screen.getByRole('heading', { name: 'Ooops! Page not found.' })).toBeInTheDocument();
    expect(screen.getByText("Don't worry though, we have plenty of other pages to explore")).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to dashboard' })).toHaveAttribute('href', '/dashboard');
  });

  it('sends a super admin back to the admin dashboard', async () => {
    appStore.getState().signIn({ token: 't', user: createUser({ id: 48, type: 'super_admin' }) });
    await renderPage();
    expect(screen.getByRole('link', { name: 'Back to dashboard' })).toHaveAttribute('href', '/admin/dashboard');
  });
});
