import { act, screen, waitFor, within } from '@testing-library/react';
import type { AuditPage, AuditRecord } from '@baridesk/contracts';
import { appStore } from '@baridesk/store';
import { createAuthUser, renderScreen, startFakeApi, type FakeApi } from '@baridesk/testing';
import { AccessHistoryPanel } from './access-history-panel';

const HISTORY = 'GET /patients/7/access-history' as const;
let api: FakeApi;

const record = (overrides: Partial<AuditRecord> = {}): AuditRecord => ({
  id: 500,
  at: '2026-03-01T10:00:00.000Z',
  actor: { id: 201, type: 'program_user', name: 'Jordan Ellis', email: 'staff@northside.test' },
  action: 'patient.read',
  entity: 'patient',
  entity_id: '7',
  patient: { id: 7, name: 'Brittany Zhang' },
  patient_count: null,
  program: { id: 101, title: 'Northside Bariatrics' },
  ip: '10.0.0.1',
  user_agent: 'Mozilla/5.0 (test)',
  success: true,
  detail: null,
  ...overrides,
});

const pageOf = (data: AuditRecord[], more: Partial<AuditPage> = {}) => ({ data: { data, total: data.length, total_exact: true, perPage: 20, next: null, ...more } });

beforeEach(async () => {
  api = await startFakeApi();
});
afterEach(async () => {
  act(() => appStore.getState().signOut());
  await api.close();
});

test("shows the program's administrator who opened the record, once asked, paged by cursor", async () => {
  appStore.getState().setUser(createAuthUser({ type: 'sub_user' }));
  api.on(HISTORY, (request) =>
    request.query.get('before') === '499'
      ? { status: 200, json: pageOf([record({ id: 480, action: 'patient.update', actor: { id: 101, type: 'sub_user', name: 'Dr. Elena Marquez', email: 'subuser@northside.test' } })], { total: 3 }) }
      : { status: 200, json: pageOf([record(), record({ id: 499, action: 'patient.list', patient: null, patient_count: 20, entity_id: null })], { total: 3, next: 499 }) },
  );
  const { user } = await renderScreen(<AccessHistoryPanel patientId={7} />);
  const section = screen.getByRole('region', { name: 'Access history' });
  // Nothing is read (nor recorded) until asked for.
  expect(api.calls(HISTORY)).toHaveLength(0);
  await user.click(within(section).getByRole('button', { name: 'Show access history' }));

  await screen.findByText('Records 1–2 of 3');
  const rows = within(screen.getByRole('table', { name: "Access history of this patient's record, newest first" })).getAllByRole('row');
  expect(rows[1]).toHaveTextContent('Jordan Ellis');
  expect(rows[1]).toHaveTextContent('staff@northside.test');
  expect(rows[1]).toHaveTextContent('patient.read');
  expect(rows[1]).toHaveTextContent('10.0.0.1');
  expect(rows[2]).toHaveTextContent('patient.list');
  // The patient and program are this record's own: no columns for them.
  expect(screen.queryByRole('columnheader', { name: 'Patient' })).not.toBeInTheDocument();

  await user.click(screen.getByRole('button', { name: 'Older' }));
  await screen.findByText('Records 21–21 of 3');
  expect(screen.getByRole('table')).toHaveTextContent('Dr. Elena Marquez');

  await user.click(screen.getByRole('button', { name: /^Details of patient.update/ }));
  expect(await screen.findByRole('dialog', { name: 'Audit record' })).toHaveTextContent('Mozilla/5.0 (test)');
});

test('is not there for program users', async () => {
  appStore.getState().setUser(createAuthUser({ type: 'program_user' }));
  await renderScreen(<AccessHistoryPanel patientId={7} />);
  expect(screen.queryByRole('region', { name: 'Access history' })).not.toBeInTheDocument();
  await waitFor(() => expect(api.calls(HISTORY)).toHaveLength(0));
});
