import { screen, waitFor, within } from '@testing-library/react';
import { appStore } from '@baridesk/store';
import { chooseOption, pageOf, renderScreen } from '@baridesk/testing';
import { createPatient } from '../../../test/factories';
import { pageOfPatients, setUpPatientListScreen } from '../../../test/patient-list-screen';

const PATIENTS = Array.from({ length: 12 }, (_, index) =>
  createPatient({ name: `Patient ${String(index + 1).padStart(2, '0')}`, email: `p${index + 1}@example.test` }),
);

const bed = setUpPatientListScreen(PATIENTS);
const pageOfThesePatients = pageOfPatients(PATIENTS);

/** The query of the latest patient list request. */
const lastListQuery = () => {
  const calls = bed.api.calls('GET /patients');
  return Object.fromEntries(calls[calls.length - 1]?.query ?? []);
};

const waitForQuery = (expected: Record<string, string>) =>
  waitFor(() => expect(lastListQuery()).toEqual(expect.objectContaining(expected)));

const table = () => screen.getByRole('table', { name: 'Patients' });

/** Ticks a column in the "Columns" picker, then closes it. */
async function showColumn(user: Awaited<ReturnType<typeof renderScreen>>['user'], name: string, shown = true) {
  await user.click(screen.getByRole('button', { name: 'Columns' }));
  const picker = await screen.findByRole('group', { name: 'Columns shown' });
  const box = within(picker).getByRole('checkbox', { name });
  if ((box as HTMLInputElement).checked !== shown) await user.click(box);
  await waitFor(() => expect(within(picker).getByRole('checkbox', { name })).toHaveProperty('checked', shown));
  await user.keyboard('{Escape}');
  await waitFor(() => expect(screen.queryByRole('group', { name: 'Columns shown' })).not.toBeInTheDocument());
}

async function openList() {
  const view = await renderScreen(<bed.Screen />, { route: '/manage-patients' });
  await screen.findByRole('link', { name: 'Patient 01' });
  return view;
}

describe('the patient list', () => {
  it('shows the first page with formatted cells, the total and the add button', async () => {
    await openList();

    expect(screen.getByRole('heading', { level: 1, name: 'Patients' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Add Patient' })).toHaveAttribute('href', '/add-patient');
    expect(lastListQuery()).toEqual({ page: '1', perPage: '10', sort: 'name', direction: 'asc' });
    // Unfiltered, the count says it holds the inactive patients too (the dashboard counts active ones).
    expect(screen.getByText('12 patients, active and inactive')).toBeInTheDocument();
    expect(screen.getByText('Page 1 of 2')).toBeInTheDocument();

    const rows = within(table()).getAllByRole('row');
    expect(rows).toHaveLength(11); // the header and ten patients
    const first = rows[1]!;
    expect(within(first).getByRole('link', { name: 'Patient 01' })).toHaveAttribute('href', `/patient-detail/${PATIENTS[0]!.id}`);
    // Phone and e-mail are columns a user adds.
    expect(within(first).queryByText('555-123-4567')).not.toBeInTheDocument();
    expect(within(first).getByText('Pre-Op')).toBeInTheDocument();
    expect(within(first).getByText('Mar 05, 2026')).toBeInTheDocument();
    expect(within(first).getByText('1,250.5 lb')).toBeInTheDocument();
    expect(within(first).getByText('Support group')).toBeInTheDocument();
    expect(within(first).getByText(PATIENTS[0]!.mrn_number!)).toBeInTheDocument();
  });

  it('opens a patient from the name link', async () => {
    const { user, path } = await openList();
    await user.click(screen.getByRole('link', { name: 'Patient 02' }));
    expect(path()).toBe(`/patient-detail/${PATIENTS[1]!.id}`);
  });

  it('sends the search text once typing pauses, from page 1', async () => {
    const { user } = await openList();
    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    await waitForQuery({ page: '2' });

    const before = bed.api.calls('GET /patients').length;
    await user.type(screen.getByRole('searchbox', { name: 'Search patients' }), 'smith');
    await waitForQuery({ search: 'smith', page: '1' });
    // Debounced: the five letters made one request, not five.
    expect(bed.api.calls('GET /patients').length - before).toBe(1);
  });

  it('sorts by a column, and a second click reverses the direction', async () => {
    const { user } = await openList();
    await showColumn(user, 'Email');
    const emailHeader = () => screen.getByRole('columnheader', { name: /Email/ });
    expect(screen.getByRole('columnheader', { name: /Name/ })).toHaveAttribute('aria-sort', 'ascending');

    await user.click(within(emailHeader()).getByRole('button'));
    await waitForQuery({ sort: 'email', direction: 'asc', page: '1' });
    expect(emailHeader()).toHaveAttribute('aria-sort', 'ascending');

    await user.click(within(emailHeader()).getByRole('button'));
    await waitForQuery({ sort: 'email', direction: 'desc' });
    expect(emailHeader()).toHaveAttribute('aria-sort', 'descending');
  });

  it('offers a sort on every column the API sorts by', async () => {
    const { user } = await openList();
    await showColumn(user, 'Email');
    await showColumn(user, 'Phone');
    for (const name of ['Name', 'MRN', 'Email', 'Phone', 'Stage', 'Surgery date', 'Surgery type', 'Current weight']) {
      expect(within(screen.getByRole('columnheader', { name: new RegExp(`^${name}`) })).getByRole('button')).toBeInTheDocument();
    }
  });

  it('pages forward and changes the page size', async () => {
    const { user } = await openList();

    await user.click(screen.getByRole('button', { name: 'Next page' }));
    await waitForQuery({ page: '2', perPage: '10' });
    await screen.findByRole('link', { name: 'Patient 11' });
    expect(screen.getByText('Page 2 of 2')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Patient 01' })).not.toBeInTheDocument();

    await chooseOption(user, screen.getByRole('combobox', { name: 'Items per page' }), '20');
    await waitForQuery({ page: '1', perPage: '20' });
    await screen.findByRole('link', { name: 'Patient 12' });
    expect(screen.getByText('Page 1 of 1')).toBeInTheDocument();

    await chooseOption(user, screen.getByRole('combobox', { name: 'Items per page' }), 'All');
    await waitForQuery({ page: '1', perPage: 'All' });
  });

  it('keeps the previous page on screen while the next one loads', async () => {
    const { user } = await openList();
    bed.api.on('GET /patients', (request) => ({ ...pageOfThesePatients(request), delayMs: 300 }));

    await user.click(screen.getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(table()).toHaveAttribute('aria-busy', 'true'));
    expect(screen.getByRole('link', { name: 'Patient 01' })).toBeInTheDocument();
    await screen.findByRole('link', { name: 'Patient 11' });
  });

  it('fills the filters from pre-load-filters and sends the chosen ones', async () => {
    const { user } = await openList();

    const tag = screen.getByRole('combobox', { name: 'Tag' });
    await waitFor(() => expect(within(tag).getByRole('option', { name: 'High risk' })).toBeInTheDocument());
    expect(within(screen.getByRole('combobox', { name: 'Location' })).getByRole('option', { name: 'Lakeside Hospital' })).toBeInTheDocument();
    expect(
      within(screen.getByRole('combobox', { name: 'Insurance coordinator' })).getByRole('option', { name: 'Carla Coordinator' }),
    ).toBeInTheDocument();

    await chooseOption(user, tag, 'High risk');
    await waitForQuery({ tag: '12', page: '1' });
    await chooseOption(user, screen.getByRole('combobox', { name: 'Stage' }), 'Post-Op');
    await waitForQuery({ tag: '12', stage: '2' });
    await chooseOption(user, screen.getByRole('combobox', { name: 'Location' }), 'Lakeside Hospital');
    await chooseOption(user, screen.getByRole('combobox', { name: 'Insurance coordinator' }), 'Carla Coordinator');
    await chooseOption(user, screen.getByRole('combobox', { name: 'Status' }), 'Inactive');
    await chooseOption(user, screen.getByRole('combobox', { name: 'App' }), 'Never used the app');
    await user.type(screen.getByRole('textbox', { name: 'Surgery type' }), 'Bypass');
    await user.type(screen.getByRole('textbox', { name: 'Surgery date from' }), '03/01/2026');
    await user.type(screen.getByRole('textbox', { name: 'Surgery date to' }), '03/31/2026');
    await waitForQuery({
      tag: '12',
      stage: '2',
      location: '5',
      coordinator: '4',
      status: '0',
      app: 'never_used',
      surgery_type: 'Bypass',
      surgery_from: '2026-03-01',
      surgery_to: '2026-03-31',
    });

    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(lastListQuery()).toEqual({ page: '1', perPage: '10', sort: 'name', direction: 'asc' }));
    expect(screen.getByRole('combobox', { name: 'Tag' })).toHaveValue('');
    expect(screen.getByRole('textbox', { name: 'Surgery type' })).toHaveValue('');
    expect(screen.getByRole('textbox', { name: 'Surgery date from' })).toHaveValue('');
    expect(screen.getByRole('button', { name: 'Clear filters' })).toBeDisabled();
  });

  it('restores the saved search when the list is opened again', async () => {
    const first = await openList();
    await first.user.type(screen.getByRole('searchbox', { name: 'Search patients' }), 'doe');
    await waitForQuery({ search: 'doe' });
    await waitFor(() => expect(within(screen.getByRole('combobox', { name: 'Tag' })).getAllByRole('option')).toHaveLength(3));
    await first.user.selectOptions(screen.getByRole('combobox', { name: 'Tag' }), 'Support group');
    await first.user.click(within(screen.getByRole('columnheader', { name: /Surgery date/ })).getByRole('button'));
    await first.user.click(within(screen.getByRole('columnheader', { name: /Surgery date/ })).getByRole('button'));
    await first.user.selectOptions(screen.getByRole('combobox', { name: 'Items per page' }), '5');
    await first.user.click(screen.getByRole('button', { name: 'Page 2' }));
    const saved = { search: 'doe', tag: '11', sort: 'surgery_date', direction: 'desc', perPage: '5', page: '2' };
    await waitForQuery(saved);
    expect(appStore.getState().savedSearches.patients).toEqual({
      search: 'doe',
      filters: { tag: '11' },
      sort: 'surgery_date',
      direction: 'desc',
      page: 2,
      perPage: 5,
      columns: ['name', 'mrn_number', 'current_stage', 'surgery_date', 'type_of_surgery', 'current_weight', 'tags'],
    });
    first.unmount();

    bed.api.received.length = 0;
    await renderScreen(<bed.Screen />, { route: '/manage-patients' });
    await screen.findByRole('link', { name: 'Patient 06' });
    expect(bed.api.calls('GET /patients')).toHaveLength(1);
    expect(lastListQuery()).toEqual(saved);
    expect(screen.getByRole('searchbox', { name: 'Search patients' })).toHaveValue('doe');
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Tag' })).toHaveValue('11'));
    expect(screen.getByRole('columnheader', { name: /Surgery date/ })).toHaveAttribute('aria-sort', 'descending');
    expect(screen.getByRole('combobox', { name: 'Items per page' })).toHaveValue('5');
    expect(screen.getByText('Page 2 of 3')).toBeInTheDocument();
  });

  it('starts from a search saved in the store, dropping parts that are not valid', async () => {
    appStore.getState().setSavedSearch('patients', {
      search: 'lee',
      filters: { stage: '3', app: 'invited', location: 'not-an-id' },
      sort: 'not-a-column',
      direction: 'desc',
      page: 1,
      perPage: 15,
    });
    await openList();
    expect(lastListQuery()).toEqual({
      search: 'lee',
      stage: '3',
      app: 'invited',
      sort: 'name',
      direction: 'desc',
      page: '1',
      perPage: '15',
    });
    expect(screen.getByRole('combobox', { name: 'Stage' })).toHaveValue('3');
    expect(screen.getByRole('combobox', { name: 'App' })).toHaveValue('invited');
  });

  it('a link naming filters (a dashboard figure) opens the list filtered to them, in place of the saved search', async () => {
    appStore.getState().setSavedSearch('patients', { search: 'lee', filters: { tag: '11' }, sort: 'name', direction: 'desc', page: 2, perPage: 15 });
    await renderScreen(<bed.Screen />, { route: '/manage-patients', path: '/manage-patients?status=1&stage=2' });
    await screen.findByRole('link', { name: 'Patient 01' });
    await waitForQuery({ status: '1', stage: '2', page: '1' });
    expect(lastListQuery()).toEqual({ status: '1', stage: '2', sort: 'name', direction: 'desc', page: '1', perPage: '15' });
    expect(screen.getByRole('combobox', { name: 'Stage' })).toHaveValue('2');
    expect(screen.getByRole('searchbox', { name: 'Search patients' })).toHaveValue('');
    // The count says what the dashboard's figure said: active patients.
    expect(screen.getByText('12 active patients')).toBeInTheDocument();
    // The store holds the search from here on (the list opens again filtered so).
    expect(appStore.getState().savedSearches.patients).toMatchObject({ search: '', filters: { status: '1', stage: '2' }, page: 1, perPage: 15 });
  });

  it('says so when nothing matches', async () => {
    bed.api.on('GET /patients', () => ({ status: 200, json: pageOf([], { total: 0 }) }));
    await renderScreen(<bed.Screen />, { route: '/manage-patients' });
    expect(await screen.findByText('No patients yet.')).toBeInTheDocument();
    expect(screen.getByText('0 patients, active and inactive')).toBeInTheDocument();
  });

  it('shows the server message and retries when the list fails', async () => {
    bed.api.on('GET /patients', () => ({ status: 500, json: { message: 'The database is resting.' } }));
    const { user } = await renderScreen(<bed.Screen />, { route: '/manage-patients' });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The database is resting.');

    bed.api.on('GET /patients', pageOfThesePatients);
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    await screen.findByRole('link', { name: 'Patient 01' });
    expect(screen.queryByText('The database is resting.')).not.toBeInTheDocument();
  });

  it('still lists patients when the filter choices cannot be loaded', async () => {
    bed.api.on('GET /pre-load-filters', () => ({ status: 500, json: { message: 'Nope.' } }));
    await openList();
    expect(await screen.findByText('The tag, location and coordinator choices could not be loaded.')).toBeInTheDocument();
    // The stages are the product's own: they stay available.
    expect(within(screen.getByRole('combobox', { name: 'Stage' })).getByRole('option', { name: 'Weight-Management' })).toBeInTheDocument();
  });
});
