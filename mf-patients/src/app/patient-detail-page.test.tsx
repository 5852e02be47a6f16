import { screen, within } from '@testing-library/react';
import { pageOf, renderScreen, startFakeApi, type FakeApi } from '@baridesk/testing';
import { createPatientRecord } from '../test/patient-record-factories';
import { createInternalNote } from '../test/patient-note-factories';
import { screens } from '../routes';
import PatientDetailPage from './patient-detail-page';

let api: FakeApi;
beforeEach(async () => {
  api = await startFakeApi({
    'GET /patients/7': { status: 200, json: { data: createPatientRecord({ id: 7, name: 'Maria Okafor' }) } },
    'GET /internal-notes': { status: 200, json: pageOf([createInternalNote({ patient_id: 7, note: 'Cardiology clearance received.' })]) },
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

test('shows no notes for a patient that is not found', async () => {
  api.on('GET /patients/7', { status: 404, json: { message: 'Patient not found.' } });
  await renderScreen(<PatientDetailPage />, { route: '/patient-detail/:id', path: '/patient-detail/7' });
  expect(await screen.findByRole('heading', { level: 1, name: 'Patient' })).toBeInTheDocument();
  expect(screen.queryByRole('region', { name: 'Notes' })).not.toBeInTheDocument();
  expect(api.calls('GET /internal-notes')).toHaveLength(0);
});
