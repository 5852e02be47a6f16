import { screen, within } from '@testing-library/react';
import { renderScreen, startFakeApi, type FakeApi } from '@baridesk/testing';
import { buildAdminDashboard } from '../../../test/factories';
import AdminDashboardScreen from './admin-dashboard-screen';

const DASHBOARD = 'GET /admin/dashboard' as const;
let api: FakeApi;

beforeEach(async () => {
  api = await startFakeApi();
});

afterEach(async () => {
  await api.close();
});

const card = (name: string) => screen.getByRole('listitem', { name });

test('shows the figures of the platform', async () => {
  api.on(DASHBOARD, () => ({ status: 200, json: { data: buildAdminDashboard() } }));
  await renderScreen(<AdminDashboardScreen />);

  expect(screen.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
  await screen.findByRole('list', { name: 'Figures' });
  expect(within(card('Programs')).getByText('42')).toBeInTheDocument();
  expect(within(card('Programs')).getByText('37 active')).toBeInTheDocument();
  expect(within(card('Program users')).getByText('1,250')).toBeInTheDocument();
  expect(within(card('Program users')).getByText('1,100 active')).toBeInTheDocument();
  const patients = card('Patients');
  expect(within(patients).getByText('18,342')).toBeInTheDocument();
  expect(within(patients).getByText('Pre-Op').nextSibling).toHaveTextContent('9,000');
  expect(within(patients).getByText('Post-Op').nextSibling).toHaveTextContent('8,000');
  expect(within(patients).getByText('Weight-Management').nextSibling).toHaveTextContent('1,342');
  expect(within(card('Super admins')).getByText('4')).toBeInTheDocument();
  expect(within(card('Quotes')).getByText('365')).toBeInTheDocument();
  // No quote dated today: no quote card.
  expect(screen.queryByText('Quote of the day')).not.toBeInTheDocument();
});

test("shows today's quote when there is one", async () => {
  api.on(DASHBOARD, () => ({
    status: 200,
    json: { data: buildAdminDashboard({ quotes: { total: 3, today: { description: 'Progress, not perfection.' } } }) },
  }));
  await renderScreen(<AdminDashboardScreen />);
  const quote = await screen.findByRole('figure', { name: 'Quote of the day' });
  expect(quote).toHaveTextContent('Progress, not perfection.');
});

test('says so when the figures cannot be loaded, and tries again', async () => {
  api.on(DASHBOARD, () => ({ status: 500, json: { message: 'The figures are unavailable.' } }));
  const { user } = await renderScreen(<AdminDashboardScreen />);
  expect(await screen.findByText('The dashboard could not be loaded.')).toBeInTheDocument();
  expect(screen.getByText('The figures are unavailable.')).toBeInTheDocument();

  api.on(DASHBOARD, () => ({ status: 200, json: { data: buildAdminDashboard() } }));
  await user.click(screen.getByRole('button', { name: 'Try again' }));
  expect(await screen.findByRole('list', { name: 'Figures' })).toBeInTheDocument();
});
