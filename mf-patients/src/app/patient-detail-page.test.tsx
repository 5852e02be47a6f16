import { screen, within } from '@testing-library/react';
import { pageOf, renderScreen, startFakeApi, type FakeApi } from '@baridesk/testing';
import { createPatientRecord } from '../test/patient-record-factories';
import { createInternalNote } from '../test/patient-note-factories';
import { createPatientChecklist, createPatientChecklistItem } from '../test/checklist-factories';
import { screens } from '../routes';
import PatientDetailPage from './patient-detail-page';

let api: FakeApi;
beforeEach(async () => {
  api = await startFakeApi({
    'GET /patients/7': { status: 200, json: { data: createPatientRecord({ id: 7, name: 'Maria Okafor' }) } },
    'GET /internal-notes': { status: 200, json: pageOf([createInternalNote({ patient_id: 7, note: 'Cardiology clearance received.' })]) },
    'GET /checklists/7': {
      status: 200,
      json: {
        data: createPatientChecklist({
          stage: 2,
          stage_name: 'Post-Op',
          items: [createPatientChecklistItem({ stage: 2, completed: 1 }), createPatientChecklistItem({ stage: 2 }), createPatientChecklistItem({ stage: 2 })],
        }),
      },
    },
  });
});
afterEach(() => api.close());

test('/patient-detail/:id shows the record with the patient’s notes under it', async () => {
  expect((await screens['/patient-detail/:id']()).default).toBe(PatientDetailPage);
  await renderScreen(<PatientDetailPage />, { route: '/patient-detail/:id', path: '/patient-detail/7' });

  expect(await screen.findByRole('heading', { level: 1, name: 'Maria Okafor' })).toBeInTheDocument();
  const notes = await screen.findByRole('region', { name: 'Notes' });
  expect(await within(notes).findByText('Cardiology clearance received.')).toBeInTheDocument();
  expect(api.calls('GET /internal-notes')[0]!.query.get('patient_id')).toBe('7');
});

test('puts the stage, pipeline status, checklist progress and %TWL in a header at the top, with the way to the checklist', async () => {
  api.on('GET /patients/7', {
    status: 200,
    json: {
      data: createPatientRecord({
        id: 7,
        name: 'Maria Okafor',
        current_stage: 2,
        starting_weight: 300,
        current_weight: 255,
        surgery_date: '2025-01-10',
        surgery_date_difference: '1 year 3 months',
      }),
    },
  });
  await renderScreen(<PatientDetailPage />, { route: '/patient-detail/:id', path: '/patient-detail/7' });
  const header = await screen.findByRole('region', { name: 'Summary' });
  const fact = (term: string) => within(header).getByText(term, { selector: 'dt' }).parentElement!;

  expect(fact('Stage')).toHaveTextContent('Post-Op');
  expect(fact('Stage')).toHaveTextContent('1 year 3 months since surgery on Jan 10, 2025');
  // (300 − 255) / 300 = 15%
  expect(fact('%TWL')).toHaveTextContent('15%');
  expect(fact('%TWL')).toHaveTextContent('From 300 lb to 255 lb');
  expect(await within(header).findByText('1 of 3 done (33%)')).toBeInTheDocument();
  expect(fact('Pipeline status')).toHaveTextContent('Consult done');
  expect(within(header).getByRole('progressbar', { name: 'Post-Op checklist progress' })).toHaveAttribute('aria-valuenow', '33');
  expect(within(header).getByRole('link', { name: 'Open checklist' })).toHaveAttribute('href', '/checklists/7');
  expect(api.calls('GET /checklists/7')[0]!.query.get('stage')).toBeNull();

  // At the top: before the record's sections.
  const identity = screen.getByRole('region', { name: 'Identity and contact' });
  expect(header.compareDocumentPosition(identity) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
});

test('says what %TWL needs when a weight is missing, and when surgery is still to come', async () => {
  api.on('GET /patients/7', {
    status: 200,
    json: {
      data: createPatientRecord({ id: 7, starting_weight: null, current_weight: 250, surgery_date: '2999-01-10', surgery_date_difference: '9 months' }),
    },
  });
  await renderScreen(<PatientDetailPage />, { route: '/patient-detail/:id', path: '/patient-detail/7' });
  const header = await screen.findByRole('region', { name: 'Summary' });
  expect(within(header).getByText('%TWL', { selector: 'dt' }).parentElement).toHaveTextContent('—Needs a starting and a current weight');
  expect(header).toHaveTextContent('Surgery on Jan 10, 2999, in 9 months');
});

test('shows breadcrumbs back to the patient list', async () => {
  await renderScreen(<PatientDetailPage />, { route: '/patient-detail/:id', path: '/patient-detail/7' });
  await screen.findByRole('heading', { level: 1, name: 'Maria Okafor' });
  const trail = screen.getByRole('navigation', { name: 'Breadcrumb' });
  expect(within(trail).getByRole('link', { name: 'Patients' })).toHaveAttribute('href', '/manage-patients');
  expect(within(trail).getByText('Maria Okafor')).toHaveAttribute('aria-current', 'page');
});

test('the page stays usable when the checklist cannot be loaded', async () => {
  api.on('GET /checklists/7', { status: 500, json: { message: 'The checklists are unavailable.' } });
  await renderScreen(<PatientDetailPage />, { route: '/patient-detail/:id', path: '/patient-detail/7' });
  const header = await screen.findByRole('region', { name: 'Summary' });
  expect(await within(header).findByRole('alert')).toHaveTextContent('The checklist could not be loaded. The checklists are unavailable.');
  expect(within(header).getByRole('link', { name: 'Open checklist' })).toBeInTheDocument();
  expect(await screen.findByText('Cardiology clearance received.')).toBeInTheDocument();
});

test('shows no notes for a patient that is not found', async () => {
  api.on('GET /patients/7', { status: 404, json: { message: 'Patient not found.' } });
  await renderScreen(<PatientDetailPage />, { route: '/patient-detail/:id', path: '/patient-detail/7' });
  expect(await screen.findByRole('heading', { level: 1, name: 'Patient' })).toBeInTheDocument();
  expect(screen.queryByRole('region', { name: 'Notes' })).not.toBeInTheDocument();
  expect(screen.queryByRole('region', { name: 'Summary' })).not.toBeInTheDocument();
  expect(api.calls('GET /internal-notes')).toHaveLength(0);
  expect(api.calls('GET /checklists/7')).toHaveLength(0);
});
