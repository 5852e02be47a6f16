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

test('shows the patient’s pipeline status and checklist progress, with the way to the checklist', async () => {
  await renderScreen(<PatientDetailPage />, { route: '/patient-detail/:id', path: '/patient-detail/7' });
  const checklist = await screen.findByRole('region', { name: 'Checklist' });
  expect(within(checklist).getByRole('link', { name: 'Open checklist' })).toHaveAttribute('href', '/checklists/7');
  expect(await within(checklist).findByText('1 of 3 done (33%)')).toBeInTheDocument();
  expect(checklist).toHaveTextContent('Pipeline statusConsult done');
  expect(within(checklist).getByRole('progressbar', { name: 'Post-Op checklist progress' })).toHaveAttribute('aria-valuenow', '33');
  expect(api.calls('GET /checklists/7')[0]!.query.get('stage')).toBeNull();
});

test('the page stays usable when the checklist cannot be loaded', async () => {
  api.on('GET /checklists/7', { status: 500, json: { message: 'The checklists are unavailable.' } });
  await renderScreen(<PatientDetailPage />, { route: '/patient-detail/:id', path: '/patient-detail/7' });
  const checklist = await screen.findByRole('region', { name: 'Checklist' });
  expect(await within(checklist).findByRole('alert')).toHaveTextContent('The checklist could not be loaded. The checklists are unavailable.');
  expect(within(checklist).getByRole('link', { name: 'Open checklist' })).toBeInTheDocument();
  expect(await screen.findByText('Cardiology clearance received.')).toBeInTheDocument();
});

test('shows no notes for a patient that is not found', async () => {
  api.on('GET /patients/7', { status: 404, json: { message: 'Patient not found.' } });
  await renderScreen(<PatientDetailPage />, { route: '/patient-detail/:id', path: '/patient-detail/7' });
  expect(await screen.findByRole('heading', { level: 1, name: 'Patient' })).toBeInTheDocument();
  expect(screen.queryByRole('region', { name: 'Notes' })).not.toBeInTheDocument();
  expect(screen.queryByRole('region', { name: 'Checklist' })).not.toBeInTheDocument();
  expect(api.calls('GET /internal-notes')).toHaveLength(0);
  expect(api.calls('GET /checklists/7')).toHaveLength(0);
});
