import { loadRemote } from '@module-federation/enhanced/runtime';
import { screenFor } from '../federation/remotes';
import { preloadLanding } from './use-sign-in-handoff';

jest.mock('@module-federation/enhanced/runtime', () => ({
  loadRemote: jest.fn(),
  registerRemotes: jest.fn(),
  registerPlugins: jest.fn(),
}));

const loadRemoteMock = loadRemote as jest.MockedFunction<typeof loadRemote>;
const Dashboard = () => null;

test('while the password is checked, the staff landing page is fetched, so it renders at once after', async () => {
  const dashboard = jest.fn(async () => ({ default: Dashboard }));
  loadRemoteMock.mockResolvedValue({ screens: { '/dashboard': dashboard } });
  expect(screenFor('/dashboard')).toBeUndefined();

  preloadLanding();
  expect(loadRemoteMock).toHaveBeenCalledWith('mf_reports/routes');
  await Promise.resolve();
  await new Promise((resolve) => setTimeout(resolve, 0));
  expect(dashboard).toHaveBeenCalledTimes(1);
  expect(screenFor('/dashboard')).toBe(Dashboard);
});
