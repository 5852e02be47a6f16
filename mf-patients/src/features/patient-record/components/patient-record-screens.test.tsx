import { screen, waitFor, within } from '@testing-library/react';
import { PATIENT_RECORD_MESSAGES as MESSAGES } from '@baridesk/contracts';
import { chooseOption, pageOf, renderScreen, startFakeApi, type FakeApi } from '@baridesk/testing';
import { createInsuranceCoordinator, createPreLoadFilters } from '../../../test/factories';
import { createPatientRecord } from '../../../test/patient-record-factories';
import AddPatientScreen from './add-patient-screen';
import EditPatientScreen from './edit-patient-screen';
import PatientDetailScreen from './patient-detail-screen';

const maria = createPatientRecord();

let api: FakeApi;
beforeEach(async () => {
  api = await startFakeApi({
    'GET /user-category/1': { status: 200, json: { data: [{ id: 11, name: 'Support group' }, { id: 12, name: 'High risk' }] } },
    'GET /insurance-coordinators': { status: 200, json: pageOf([createInsuranceCoordinator({ id: 4, name: 'Carla Coordinator' })]) },
    'GET /pre-load-filters': { status: 200, json: { data: createPreLoadFilters() } },
    'GET /patients/5': { status: 200, json: { data: maria } },
  });
});
afterEach(() => api.close());

const textbox = (name: string | RegExp) => screen.getByRole('textbox', { name });

describe('/add-patient', () => {
  test('shows field errors from the form and from the server, then opens the new record', async () => {
    api.on('POST /patients/store', ({ body }) => {
      const sent = body as { email?: string };
      if (sent.email === 'taken@example.test') {
        return { status: 422, json: { message: MESSAGES.emailTaken, errors: { email: [MESSAGES.emailTaken] } } };
      }
      return { status: 201, json: { data: createPatientRecord({ id: 77 }), message: MESSAGES.created } };
    });
    const { user, path } = await renderScreen(<AddPatientScreen />, { route: '/add-patient' });
    expect(screen.getByRole('heading', { level: 1, name: 'Add Patient' })).toBeInTheDocument();
    // The pickers offer the program's active tags and coordinators.
    const tagPicker = screen.getByRole('combobox', { name: 'Tag' });
    await waitFor(() => expect(within(tagPicker).getByRole('option', { name: 'High risk' })).toBeInTheDocument());
    // Each picker's choices come from their own call: wait for each.
    await waitFor(() =>
      expect(within(screen.getByRole('combobox', { name: 'Insurance coordinator' })).getByRole('option', { name: 'Carla Coordinator' })).toBeInTheDocument(),
    );
    await waitFor(() => expect(within(screen.getByRole('combobox', { name: 'Location' })).getByRole('option', { name: 'Lakeside Hospital' })).toBeInTheDocument());
    expect(Object.fromEntries(api.calls('GET /insurance-coordinators')[0]!.query)).toMatchObject({ status: '1', perPage: 'All' });

    // Checked in the browser first: nothing is sent.
    await user.type(textbox('Current weight (lb)'), '20');
    await user.click(screen.getByRole('button', { name: 'Add Patient' }));
    await waitFor(() => expect(textbox(/First name/)).toHaveAccessibleDescription('First name is required.'));
    expect(textbox(/Last name/)).toHaveAccessibleDescription('Last name is required.');
    expect(textbox('Current weight (lb)')).toHaveAccessibleDescription(expect.stringContaining('Current weight must be between 50 and 1000 lb.'));
    expect(api.calls('POST /patients/store')).toHaveLength(0);

    await user.type(textbox(/First name/), 'Maria');
    await user.type(textbox(/Last name/), 'Okafor');
    await user.clear(textbox('Current weight (lb)'));
    await user.type(textbox('Current weight (lb)'), '250');
    await user.type(textbox('E-mail'), 'taken@example.test');
    await chooseOption(user, screen.getByRole('combobox', { name: 'Tag' }), '12');
    await user.click(screen.getByRole('button', { name: 'Add Patient' }));
    await waitFor(() => expect(textbox('E-mail')).toHaveAccessibleDescription(MESSAGES.emailTaken));
    expect(path()).toBe('/add-patient');

    await user.clear(textbox('E-mail'));
    await user.type(textbox('E-mail'), 'maria@example.test');
    await user.click(screen.getByRole('button', { name: 'Add Patient' }));
    expect(await screen.findByText(MESSAGES.created)).toBeInTheDocument();
    await waitFor(() => expect(path()).toBe('/patient-detail/77'));
    expect(api.calls('POST /patients/store')[1]!.body).toMatchObject({
      first_name: 'Maria',
      last_name: 'Okafor',
      email: 'maria@example.test',
      current_weight: 250,
      current_stage: 1,
      user_cat_id: 12,
      is_invited: 0,
      status: 1,
    });
  });

  test('asks for a snooze date and a deactivation reason only when they are switched on', async () => {
    const { user } = await renderScreen(<AddPatientScreen />, { route: '/add-patient' });
    expect(screen.queryByRole('textbox', { name: /Snooze until/ })).not.toBeInTheDocument();
    await user.type(textbox(/First name/), 'Maria');
    await user.type(textbox(/Last name/), 'Okafor');
    await user.click(screen.getByRole('switch', { name: 'Snoozed' }));
    await user.click(screen.getByRole('switch', { name: 'Checklist deactivated' }));
    await user.click(screen.getByRole('button', { name: 'Add Patient' }));
    // Rules between fields show one at a time, as each is met.
    await waitFor(() => expect(textbox(/Snooze until/)).toHaveAccessibleDescription(MESSAGES.snoozeDateRequired));
    await user.type(textbox(/Snooze until/), '03/05/2027');
    await user.click(screen.getByRole('button', { name: 'Add Patient' }));
    await waitFor(() =>
      expect(textbox(/Reason for deactivating/)).toHaveAccessibleDescription(expect.stringContaining(MESSAGES.reasonRequired)),
    );
    expect(api.calls('POST /patients/store')).toHaveLength(0);
  });
});

describe('/patient-detail/:id', () => {
  test('shows the record with its computed values, Edit and the log links', async () => {
    const { user, path } = await renderScreen(<PatientDetailScreen />, { route: '/patient-detail/:id', path: '/patient-detail/5' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Maria Okafor' })).toBeInTheDocument();
    const term = (name: string) => screen.getByText(name, { selector: 'dt' }).nextElementSibling;
    expect(term('BMI')).toHaveTextContent('41.6');
    expect(term('Weight lost')).toHaveTextContent('50 lb');
    expect(term('Since or until surgery')).toHaveTextContent('1 year 2 months 3 days');
    expect(term('Surgery date')).toHaveTextContent('Jan 10, 2025');
    expect(term('Phone')).toHaveTextContent('312-555-0182');
    expect(term('City and state')).toHaveTextContent('Chicago, Illinois');
    expect(within(screen.getByRole('region', { name: 'Surgery and stage' })).getByText('Stage', { selector: 'dt' }).nextElementSibling).toHaveTextContent('Post-Op');
    // The header at the top says where the patient stands and how it is going.
    const header = screen.getByRole('region', { name: 'Summary' });
    expect(within(header).getByText('Stage', { selector: 'dt' }).parentElement).toHaveTextContent('Post-Op');
    expect(within(header).getByText('%TWL', { selector: 'dt' }).parentElement).toHaveTextContent(/%TWL\d+(\.\d)?%From/);
    expect(term('Insurance coordinator')).toHaveTextContent('Carla Coordinator');
    expect(term('Checklist')).toHaveTextContent('Active');
    expect(screen.getByRole('link', { name: 'Weight Log' })).toHaveAttribute('href', '/weight-log/5');
    expect(screen.getByRole('link', { name: 'Food Log' })).toHaveAttribute('href', '/food-log/5');
    expect(screen.getByRole('link', { name: 'Nutrition Report' })).toHaveAttribute('href', '/nutrition-report/5');
    await user.click(screen.getByRole('link', { name: 'Edit' }));
    expect(path()).toBe('/patient-detail/5/edit');
  });

  test('says "not found" for another program’s or an unknown patient, and for an address naming none', async () => {
    api.on('GET /patients/9', { status: 404, json: { message: MESSAGES.notFound } });
    const first = await renderScreen(<PatientDetailScreen />, { route: '/patient-detail/:id', path: '/patient-detail/9' });
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.notFound);
    expect(screen.getByRole('link', { name: 'Back to the patients' })).toHaveAttribute('href', '/manage-patients');
    expect(screen.queryByRole('link', { name: 'Edit' })).not.toBeInTheDocument();
    first.unmount();

    await renderScreen(<EditPatientScreen />, { route: '/patient-detail/:id/edit', path: '/patient-detail/abc/edit' });
    expect(screen.getByRole('alert')).toHaveTextContent(MESSAGES.notFound);
    expect(api.routesCalled()).toEqual(['GET /patients/9']);
  });

  test('shows a failed load with a retry', async () => {
    api.on('GET /patients/5', { status: 500, json: { message: 'Server trouble.' } });
    await renderScreen(<PatientDetailScreen />, { route: '/patient-detail/:id', path: '/patient-detail/5' });
    expect(await screen.findByText('The patient could not be loaded.')).toBeInTheDocument();
    expect(screen.getByText('Server trouble.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});

describe('/patient-detail/:id/edit', () => {
  const renderEdit = () => renderScreen(<EditPatientScreen />, { route: '/patient-detail/:id/edit', path: '/patient-detail/5/edit' });

  test('saves with the version it was filled from, then shows the record', async () => {
    api.on('POST /patients/update', ({ body }) => ({
      status: 200,
      json: { data: { ...maria, first_name: (body as { first_name: string }).first_name, version: 4 }, message: MESSAGES.updated },
    }));
    const { user, path } = await renderEdit();
    expect(await screen.findByRole('heading', { level: 1, name: 'Edit Maria Okafor' })).toBeInTheDocument();
    expect(textbox(/First name/)).toHaveValue('Maria');
    expect(textbox('Current weight (lb)')).toHaveValue('250');
    expect(screen.getByRole('combobox', { name: /Stage/ })).toHaveValue('2');
    await user.clear(textbox(/First name/));
    await user.type(textbox(/First name/), 'Mariah');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText(MESSAGES.updated)).toBeInTheDocument();
    await waitFor(() => expect(path()).toBe('/patient-detail/5'));
    expect(api.calls('POST /patients/update')[0]!.body).toMatchObject({ id: 5, version: 3, first_name: 'Mariah', current_weight: 250, user_cat_id: 11 });
  });

  test('on 409 keeps the input, shows the message, and reloads the latest only after saying what changed', async () => {
    api.on('POST /patients/update', { status: 409, json: { message: MESSAGES.stale } });
    const { user, path } = await renderEdit();
    await screen.findByRole('heading', { level: 1, name: 'Edit Maria Okafor' });
    await user.clear(textbox('Current weight (lb)'));
    await user.type(textbox('Current weight (lb)'), '248');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(MESSAGES.stale);
    expect(textbox('Current weight (lb)')).toHaveValue('248');
    expect(path()).toBe('/patient-detail/5/edit');

    // Someone else saved weight 245 and a second tag meanwhile.
    api.on('GET /patients/5', {
      status: 200,
      json: { data: { ...maria, current_weight: 245, user_cat_id2: 12, user_cat_name2: 'High risk', version: 4 } },
    });
    await user.click(within(alert).getByRole('button', { name: 'Reload the latest' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Reload the latest version?' });
    expect(dialog).toHaveTextContent('Current weight (lb): 250 → 245');
    expect(dialog).toHaveTextContent('Second tag: None → High risk');

    // Keeping the input changes nothing.
    await user.click(within(dialog).getByRole('button', { name: 'Keep my input' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(textbox('Current weight (lb)')).toHaveValue('248');

    await user.click(screen.getByRole('button', { name: 'Reload the latest' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Reload' }));
    await waitFor(() => expect(textbox('Current weight (lb)')).toHaveValue('245'));
    expect(screen.queryByText(MESSAGES.stale)).not.toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Second tag' })).toHaveValue('12');

    api.on('POST /patients/update', { status: 200, json: { data: { ...maria, version: 5 }, message: MESSAGES.updated } });
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(path()).toBe('/patient-detail/5'));
    expect(api.calls('POST /patients/update').at(-1)!.body).toMatchObject({ version: 4, current_weight: 245, user_cat_id2: 12 });
  });
});
