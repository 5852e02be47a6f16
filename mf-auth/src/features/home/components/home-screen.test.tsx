import { screen } from '@testing-library/react';
import { appStore } from '@baridesk/store';
import { renderScreen } from '@baridesk/testing';
import { createAuthUser, createSuperAdmin } from '../../../test/factories';
import HomeScreen from './home-screen';

const renderHome = () => renderScreen(<HomeScreen />, { path: '/home', route: '/home' });

afterEach(() => appStore.getState().signOut());

test('says what BariDesk does for a practice, with Log in and Register', async () => {
  appStore.getState().signOut();
  const { user } = await renderHome();

  expect(screen.getByRole('heading', { level: 1, name: 'The dashboard of your bariatric surgery program' })).toBeInTheDocument();
  expect(screen.getByRole('heading', { level: 2, name: 'What BariDesk does for your practice' })).toBeInTheDocument();
  expect(screen.getAllByRole('listitem').length).toBeGreaterThanOrEqual(4);
  expect(screen.getByRole('link', { name: 'terms and conditions' })).toHaveAttribute('href', '/terms-and-conditions');
  expect(screen.getByRole('link', { name: 'Register your practice' })).toHaveAttribute('href', '/register');

  await user.click(screen.getByRole('link', { name: 'Log in' }));
  expect(await screen.findByText('Now at /login')).toBeInTheDocument();
});

test('a signed-in visitor is offered the dashboard instead', async () => {
  appStore.getState().signIn({ token: 'tok', user: createAuthUser() });
  await renderHome();
  expect(screen.getByRole('link', { name: 'Go to your dashboard' })).toHaveAttribute('href', '/dashboard');
  expect(screen.queryByRole('link', { name: 'Log in' })).not.toBeInTheDocument();
});

test('a super admin is offered the admin dashboard', async () => {
  appStore.getState().signIn({ token: 'tok', user: createSuperAdmin() });
  await renderHome();
  expect(screen.getByRole('link', { name: 'Go to your dashboard' })).toHaveAttribute('href', '/admin/dashboard');
});
