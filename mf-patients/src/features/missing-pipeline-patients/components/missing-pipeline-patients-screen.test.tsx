import { act, screen, waitFor, within } from '@testing-library/react';
import { PIPELINE_MESSAGES, type MissingPipelinePatient } from '@baridesk/contracts';
import { appStore } from '@baridesk/store';
import { chooseOption, createAuthUser, findNotice, pageOf, renderScreen, startFakeApi, type FakeApi, type FakeRequest } from '@baridesk/testing';
import { toaster } from '@baridesk/ui';
import { createMissingPatient, createPipelineStatus } from '../../../test/pipeline-factories';
import MissingPipelinePatientsScreen from './missing-pipeline-patients-screen';

const LIST = 'GET /missing-pipeline-patients';
const STATUSES = 'GET /pipelines';
const ADD = 'POST /add-missing-pipeline-patient';

const PATIENTS = Array.from({ length: 12 }, (_, index) =>
  createMissingPatient({ name: `Missing ${String(index + 1).padStart(2, '0')}`, current_stage: index === 0 ? 2 : 1, surgery_date: index === 0 ? '2026-04-09' : null }),
);
const first = PATIENTS[0]!;

/** Pages `patients` like the server (the search and stage are not applied: the tests check what is asked). */
const pageOfPatients = (patients: MissingPipelinePatient[]) => (request: FakeRequest) => {
  const page = Number(request.query.get('page') ?? 1);
  const perPage = Number(request.query.get('perPage') ?? 10);
  return { status: 200, json: pageOf(patients.slice((page - 1) * perPage, page * perPage), { total: patients.length, page, perPage }) };
};

const postOpStatuses = [
  createPipelineStatus({ id: 21, stage: 2, name: 'Recovery', is_default: 1 }),
  createPipelineStatus({ id: 22, stage: 2, name: 'Follow-up' }),
];

let api: FakeApi;
const initial = appStore.getState();
beforeAll(async () => {
  api = await startFakeApi();
});
afterAll(() => api.close());
beforeEach(() => {
  api.reset({
    [LIST]: pageOfPatients(PATIENTS),
    [STATUSES]: { status: 200, json: { data: { data: postOpStatuses, default: 21 } } },
  });
  localStorage.clear();
  appStore.setState(initial, true);
  appStore.getState().signIn({ token: 'tok', user: createAuthUser() });
});
afterEach(() => act(() => toaster.remove()));

const lastQuery = () => Object.fromEntries(api.calls(LIST).at(-1)?.query ?? []);
const waitForQuery = (expected: Record<string, string>) => waitFor(() => expect(lastQuery()).toEqual(expected));
const table = () => screen.getByRole('table', { name: 'Patients with no pipeline status' });

async function openList() {
  const view = await renderScreen(<MissingPipelinePatientsScreen />, { route: '/missing-pipeline-patients' });
  await screen.findByRole('link', { name: 'Missing 01' });
  return view;
}

describe('the list', () => {
  it('shows the first page of the patients with no status', async () => {
    await openList();
    expect(screen.getByRole('heading', { level: 1, name: 'Missing Pipeline Patients' })).toBeInTheDocument();
    expect(lastQuery()).toEqual({ page: '1', perPage: '10', sort: 'name', direction: 'asc' });
    const rows = within(table()).getAllByRole('row');
    expect(rows).toHaveLength(11);
    expect(within(rows[1]!).getByRole('link', { name: 'Missing 01' })).toHaveAttribute('href', `/patient-detail/${first.id}`);
    expect(rows[1]).toHaveTextContent(`Missing 01${first.email}Post-OpApr 09, 2026Jan 02, 2026`);
    expect(screen.getByText('Page 1 of 2')).toBeInTheDocument();
  });

  it('searches, filters by stage, sorts and pages on the server, and keeps all of it for the next visit', async () => {
    const view = await openList();
    const { user } = view;
    await user.type(screen.getByRole('searchbox', { name: 'Search patients' }), 'miss');
    await waitForQuery({ page: '1', perPage: '10', sort: 'name', direction: 'asc', search: 'miss' });
    await chooseOption(user, screen.getByRole('combobox', { name: 'Stage' }), 'Post-Op');
    await waitForQuery({ page: '1', perPage: '10', sort: 'name', direction: 'asc', search: 'miss', stage: '2' });
    await user.click(within(screen.getByRole('columnheader', { name: /Added/ })).getByRole('button'));
    await user.click(within(screen.getByRole('columnheader', { name: /Added/ })).getByRole('button'));
    await chooseOption(user, screen.getByRole('combobox', { name: 'Items per page' }), '5');
    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    const saved = { page: '2', perPage: '5', sort: 'created_at', direction: 'desc', search: 'miss', stage: '2' };
    await waitForQuery(saved);
    expect(appStore.getState().savedSearches.missingPipelinePatients).toEqual({
      search: 'miss',
      filters: { stage: '2' },
      sort: 'created_at',
      direction: 'desc',
      page: 2,
      perPage: 5,
    });
    view.unmount();

    api.received.length = 0;
    await renderScreen(<MissingPipelinePatientsScreen />, { route: '/missing-pipeline-patients' });
    await screen.findByRole('link', { name: 'Missing 06' });
    expect(api.calls(LIST)).toHaveLength(1);
    expect(lastQuery()).toEqual(saved);
    expect(screen.getByRole('searchbox', { name: 'Search patients' })).toHaveValue('miss');
    expect(screen.getByRole('combobox', { name: 'Stage' })).toHaveValue('2');
    expect(screen.getByRole('columnheader', { name: /Added/ })).toHaveAttribute('aria-sort', 'descending');
    expect(screen.getByText('Page 2 of 3')).toBeInTheDocument();

    // Logout forgets it with the other saved searches.
    appStore.getState().signOut();
    expect(appStore.getState().savedSearches.missingPipelinePatients).toBeUndefined();
  });

  it('starts from a saved search, dropping the parts that are not valid', async () => {
    appStore.getState().setSavedSearch('missingPipelinePatients', { search: 'lee', filters: { stage: '7' }, sort: 'email', direction: 'desc', page: 1, perPage: 15 });
    await openList();
    expect(lastQuery()).toEqual({ search: 'lee', sort: 'name', direction: 'desc', page: '1', perPage: '15' });
    expect(screen.getByRole('combobox', { name: 'Stage' })).toHaveValue('');
  });

  it('says when every patient has a status, and shows a failed load', async () => {
    api.on(LIST, { status: 200, json: pageOf([]) });
    const view = await renderScreen(<MissingPipelinePatientsScreen />);
    expect(await screen.findByText('Every patient has a pipeline status.')).toBeInTheDocument();
    view.unmount();

    api.on(LIST, { status: 500, json: { message: 'The list is resting.' } });
    await renderScreen(<MissingPipelinePatientsScreen />);
    expect(await screen.findByText('The patients could not be loaded.')).toBeInTheDocument();
    expect(screen.getByText('The list is resting.')).toBeInTheDocument();
  });
});

describe('adding a patient to the pipeline', () => {
  it('offers the statuses of the patient’s stage, the default first chosen, and the row leaves the list', async () => {
    api.on(ADD, ({ body }) => {
      api.on(LIST, pageOfPatients(PATIENTS.slice(1)));
      return { status: 200, delayMs: 50, json: { data: { id: first.id, name: first.name, pipeline_status_id: (body as { status_id: number }).status_id, status_since: null, days_in_status: 0, checklist_percent: 0, checklist_deactivated: 0, surgery_date: null }, message: PIPELINE_MESSAGES.patientAdded } };
    });
    const { user } = await openList();
    await user.click(screen.getByRole('button', { name: 'Add to pipeline Missing 01' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Missing 01 to the pipeline' });
    const status = await within(dialog).findByRole('combobox', { name: /Status/ });
    // The select is there before the stage's statuses; the default is chosen when they come.
    await waitFor(() => expect(status).toHaveValue('21'));
    expect(Object.fromEntries(api.calls(STATUSES)[0]!.query)).toEqual({ stage: '2' });
    expect(within(status).getAllByRole('option').map((option) => option.textContent)).toEqual(['Choose a status', 'Recovery (default)', 'Follow-up']);

    await chooseOption(user, status, 'Follow-up');
    await user.click(within(dialog).getByRole('button', { name: 'Add to pipeline' }));
    expect(await findNotice('Success', PIPELINE_MESSAGES.patientAdded)).toBeInTheDocument();
    expect(api.calls(ADD)[0]!.body).toEqual({ patient_id: first.id, status_id: 22 });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Missing 01' })).not.toBeInTheDocument());
  });

  it('puts the server’s refusal under the field, and shows a patient added meanwhile', async () => {
    api.on(ADD, { status: 422, json: { message: 'The given data was invalid.', errors: { status_id: [PIPELINE_MESSAGES.wrongStage] } } });
    const { user } = await openList();
    await user.click(screen.getByRole('button', { name: 'Add to pipeline Missing 01' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Missing 01 to the pipeline' });
    await within(dialog).findByRole('combobox', { name: /Status/ });
    await user.click(within(dialog).getByRole('button', { name: 'Add to pipeline' }));
    expect(await within(dialog).findByText(PIPELINE_MESSAGES.wrongStage)).toBeInTheDocument();

    api.on(ADD, { status: 409, json: { message: PIPELINE_MESSAGES.alreadyInPipeline } });
    const before = api.calls(LIST).length;
    await user.click(within(dialog).getByRole('button', { name: 'Add to pipeline' }));
    expect(await findNotice('Error', PIPELINE_MESSAGES.alreadyInPipeline)).toBeInTheDocument();
    await waitFor(() => expect(api.calls(LIST).length).toBeGreaterThan(before));
  });

  it('says when the patient’s stage has no statuses yet', async () => {
    api.on(STATUSES, { status: 200, json: { data: { data: [], default: null } } });
    const { user } = await openList();
    await user.click(screen.getByRole('button', { name: 'Add to pipeline Missing 02' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Missing 02 to the pipeline' });
    expect(await within(dialog).findByText(/Pre-Op has no pipeline statuses yet/)).toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: 'Add them in Customize Pipeline' })).toHaveAttribute('href', '/customize-pipeline?stage=1');
  });
});
