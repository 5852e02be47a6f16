import { screen } from '@testing-library/react';
import { renderScreen } from '@baridesk/testing';
import LoginScreen from './login-screen';

test('the login screen offers single sign-on', async () => {
  const { user, path } = await renderScreen(<LoginScreen />, { path: '/login', route: '/login' });
  const link = screen.getByRole('link', { name: 'Sign in with SSO' });
  expect(link).toHaveAttribute('href', '/sso');
  await user.click(link);
  expect(path()).toBe('/sso');
});
