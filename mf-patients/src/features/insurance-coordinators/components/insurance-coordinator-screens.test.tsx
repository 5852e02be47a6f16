import { screen, waitFor } from '@testing-library/react';
import { INSURANCE_COORDINATOR_MESSAGES as MESSAGES } from '@baridesk/contracts';
import { renderScreen, startFakeApi, type FakeApi } from '@baridesk/testing';
import { createInsuranceCoordinator } from '../../../test/factories';
import EditInsuranceCoordinatorScreen from './edit-insurance-coordinator-screen';
import InsuranceCoordinatorDetailsScreen from './insurance-coordinator-details-screen';

const grace = createInsuranceCoordinator({
  id: 3,
  name: 'Grace Liu',
  email: 'grace@example.test',
  phone: '+13125550113',
  status: 1,
  patients_count: 1234,
  created_at: '2026-01-02T15:00:00.000Z',
});

let api: FakeApi;
beforeEach(async () => {
  api = await startFakeApi({ 'GET /insurance-coordinators/3': { status: 200, json: { data: grace } } });
});
afterEach(() => api.close());

const renderEdit = (path = '/insurance-coordinator/3/edit') =>
  renderScreen(<EditInsuranceCoordinatorScreen />, { route: '/insurance-coordinator/:id/edit', path });
const renderShow = (path = '/insurance-coordinator/3/show') =>
  renderScreen(<InsuranceCoordinatorDetailsScreen />, { route: '/insurance-coordinator/:id/show', path });

describe('/insurance-coordinator/:id/show', () => {
  test('shows the contact details, status and patients count, with Edit', async () => {
    const { user, path } = await renderShow();
    expect(await screen.findByRole('heading', { level: 1, name: 'Grace Liu' })).toBeInTheDocument();
    const term = (name: string) => screen.getByText(name, { selector: 'dt' }).nextElementSibling;
    expect(term('E-mail')).toHaveTextContent('grace@example.test');
    expect(term('Phone')).toHaveTextContent('312-555-0113');
    expect(term('Status')).toHaveTextContent('Active');
    expect(term('Patients')).toHaveTextContent('1,234');
    await user.click(screen.getByRole('link', { name: 'Edit' }));
    expect(path()).toBe('/insurance-coordinator/3/edit');
  });

  test('says when the coordinator is not found or the address is wrong', async () => {
    api.on('GET /insurance-coordinators/8', { status: 404, json: { message: MESSAGES.notFound } });
    const first = await renderShow('/insurance-coordinator/8/show');
    expect(await screen.findByText('The coordinator could not be loaded.')).toBeInTheDocument();
    expect(screen.getByText(MESSAGES.notFound)).toBeInTheDocument();
    first.unmount();

    await renderShow('/insurance-coordinator/abc/show');
    expect(screen.getByRole('alert')).toHaveTextContent('This address does not name an insurance coordinator.');
    expect(api.routesCalled()).toEqual(['GET /insurance-coordinators/8']);
  });
});

describe('/insurance-coordinator/:id/edit', () => {
  test('saves the changes (a cleared e-mail included), then shows the details', async () => {
    api.on('POST /insurance-coordinators/update', ({ body }) => ({
      status: 200,
      json: { data: { ...grace, ...(body as object), email: null }, message: MESSAGES.updated },
    }));
    const { user, path } = await renderEdit();
    expect(screen.getByRole('heading', { level: 1, name: 'Edit Insurance Coordinator' })).toBeInTheDocument();
    const name = await screen.findByRole('textbox', { name: /Name/ });
    expect(name).toHaveValue('Grace Liu');
    expect(screen.getByRole('textbox', { name: 'Phone' })).toHaveValue('+13125550113');

    await user.clear(screen.getByRole('textbox', { name: 'E-mail' }));
    await user.click(screen.getByRole('switch', { name: 'Active' }));
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText(MESSAGES.updated)).toBeInTheDocument();
    expect(api.calls('POST /insurance-coordinators/update')[0]!.body).toEqual({ id: 3, name: 'Grace Liu', phone: '+13125550113', status: 0 });
    await waitFor(() => expect(path()).toBe('/insurance-coordinator/3/show'));
  });

  test('puts a taken name under the field and stays', async () => {
    api.on('POST /insurance-coordinators/update', { status: 422, json: { message: MESSAGES.nameTaken, errors: { name: [MESSAGES.nameTaken] } } });
    const { user, path } = await renderEdit();
    const name = await screen.findByRole('textbox', { name: /Name/ });
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(name).toHaveAccessibleDescription(MESSAGES.nameTaken));
    expect(path()).toBe('/insurance-coordinator/3/edit');
  });

  test('Cancel goes back to the details; a failed load says so', async () => {
    const { user, path, unmount } = await renderEdit();
    await screen.findByRole('textbox', { name: /Name/ });
    await user.click(screen.getByRole('link', { name: 'Cancel' }));
    expect(path()).toBe('/insurance-coordinator/3/show');
    unmount();

    api.on('GET /insurance-coordinators/5', { status: 500, json: { message: 'Server trouble.' } });
    await renderEdit('/insurance-coordinator/5/edit');
    expect(await screen.findByText('The coordinator could not be loaded.')).toBeInTheDocument();
    expect(screen.getByText('Server trouble.')).toBeInTheDocument();
  });
});
