import { screen, waitFor, within } from '@testing-library/react';
import { chooseOption, renderScreen, startFakeApi, type FakeApi } from '@baridesk/testing';
import type { AuditPage, AuditRecord, ReportExport } from '@baridesk/contracts';
import AuditScreen from './audit-screen';

const LIST = 'GET /admin/audit' as const;
const CHOICES = 'GET /admin/audit/choices' as const;
let api: FakeApi;

const record = (overrides: Partial<AuditRecord> = {}): AuditRecord => ({
  id: 900,
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

const pageOf = (data: AuditRecord[], more: Partial<AuditPage> = {}): { data: AuditPage } => ({
  data: { data, total: data.length, total_exact: true, perPage: 20, next: null, ...more },
});

const lastQuery = () => Object.fromEntries(api.calls(LIST).at(-1)!.query);

beforeEach(async () => {
  api = await startFakeApi({
    [CHOICES]: { status: 200, json: { data: { actions: ['login', 'patient.list', 'patient.read'], programs: [{ id: 101, title: 'Northside Bariatrics' }] } } },
  });
});
afterEach(async () => {
  jest.restoreAllMocks();
  await api.close();
});

test('shows who did what to which record, when and from where, newest first', async () => {
  api.on(LIST, {
    status: 200,
    json: pageOf([
      record(),
      record({ id: 899, actor: null, action: 'pipeline.sweep', entity: 'pipeline', entity_id: null, patient: null, program: null, ip: null, success: false }),
      record({ id: 898, action: 'patient.list', patient: null, patient_count: 20, entity_id: null }),
    ]),
  });
  await renderScreen(<AuditScreen />, { route: '/admin/audit/*', path: '/admin/audit' });
  await screen.findByText('Records 1–3 of 3');
  const rows = within(screen.getByRole('table', { name: 'Audit trail, newest first' })).getAllByRole('row');
  expect(rows).toHaveLength(4);
  expect(rows[1]).toHaveTextContent('Mar 01, 2026 10:00AM');
  expect(rows[1]).toHaveTextContent('Jordan Ellis');
  expect(rows[1]).toHaveTextContent('staff@northside.test');
  expect(rows[1]).toHaveTextContent('Program user');
  expect(rows[1]).toHaveTextContent('patient.read');
  expect(rows[1]).toHaveTextContent('patient #7');
  expect(rows[1]).toHaveTextContent('Brittany Zhang (#7)');
  expect(rows[1]).toHaveTextContent('Northside Bariatrics');
  expect(rows[1]).toHaveTextContent('10.0.0.1');
  expect(rows[2]).toHaveTextContent('System');
  expect(within(rows[2]!).getByText('Failed')).toBeInTheDocument();
  expect(rows[3]).toHaveTextContent('20 patients');
  expect(screen.getByText('Records 1–3 of 3')).toBeInTheDocument();
  expect(lastQuery()).toEqual({ perPage: '20' });
});

test('pages by cursor: Older asks below the last record, Newer and Newest go back', async () => {
  api.on(LIST, (request) =>
    request.query.get('before') === '880'
      ? { status: 200, json: pageOf([record({ id: 879 })], { total: 10_000, total_exact: false }) }
      : { status: 200, json: pageOf([record({ id: 881 }), record({ id: 880 })], { total: 10_000, total_exact: false, next: 880 }) },
  );
  const { user } = await renderScreen(<AuditScreen />, { route: '/admin/audit/*', path: '/admin/audit' });
  expect(await screen.findByText('Records 1–2 of 10,000+')).toBeInTheDocument();
  const pager = screen.getByRole('navigation', { name: 'Audit trail pages' });
  expect(within(pager).getByRole('button', { name: 'Newer' })).toBeDisabled();
  await user.click(within(pager).getByRole('button', { name: 'Older' }));
  expect(await screen.findByText('Records 21–21 of 10,000+')).toBeInTheDocument();
  expect(lastQuery()).toMatchObject({ before: '880' });
  expect(within(pager).getByRole('button', { name: 'Older' })).toBeDisabled();
  await user.click(within(pager).getByRole('button', { name: 'Newer' }));
  expect(await screen.findByText('Records 1–2 of 10,000+')).toBeInTheDocument();
  expect(lastQuery()).not.toHaveProperty('before');
});

test('filters from the address and the fields; a filter goes back to the newest page', async () => {
  api.on(LIST, (request) => ({ status: 200, json: pageOf([record()], { next: request.query.get('before') ? null : 900 }) }));
  const { user } = await renderScreen(<AuditScreen />, { route: '/admin/audit/*', path: '/admin/audit?patient_id=7' });
  await screen.findByText('Records 1–1 of 1');
  expect(lastQuery()).toMatchObject({ patient_id: '7' });

  await user.click(screen.getByRole('button', { name: 'Older' }));
  await waitFor(() => expect(lastQuery()).toMatchObject({ before: '900' }));

  await chooseOption(user, screen.getByLabelText('Action'), 'patient.');
  await waitFor(() => expect(lastQuery()).toEqual({ patient_id: '7', action: 'patient.', perPage: '20' }));
  expect(screen.getByRole('option', { name: 'patient: every action' })).toBeInTheDocument();

  await user.type(screen.getByLabelText('Person'), 'jordan{Enter}');
  await waitFor(() => expect(lastQuery()).toMatchObject({ search: 'jordan' }));

  const patient = screen.getByLabelText('Patient id');
  await user.clear(patient);
  await user.type(patient, 'x12y{Enter}');
  await waitFor(() => expect(lastQuery()).toMatchObject({ patient_id: '12' }));

  await chooseOption(user, screen.getByLabelText('Result'), 'Failed');
  await waitFor(() => expect(lastQuery()).toMatchObject({ success: '0' }));

  await user.click(screen.getByRole('button', { name: 'Clear filters' }));
  await waitFor(() => expect(lastQuery()).toEqual({ perPage: '20' }));
});

test("opens a record's detail, and from it that person's or that patient's records", async () => {
  api.on(LIST, { status: 200, json: pageOf([record({ detail: { acrossPrograms: true } })]) });
  const { user } = await renderScreen(<AuditScreen />, { route: '/admin/audit/*', path: '/admin/audit' });
  await user.click(await screen.findByRole('button', { name: 'Details of patient.read by Jordan Ellis, Mar 01, 2026 10:00AM UTC' }));
  const dialog = await screen.findByRole('dialog', { name: 'Audit record' });
  expect(dialog).toHaveTextContent('Mozilla/5.0 (test)');
  expect(dialog).toHaveTextContent('"acrossPrograms": true');
  expect(dialog).toHaveTextContent('Program user');
  await user.click(within(dialog).getByRole('button', { name: "This person's records" }));
  await waitFor(() => expect(lastQuery()).toMatchObject({ actor: '201' }));
  expect(screen.getByText('Showing one account\'s records (#201).')).toBeInTheDocument();

  await user.click(await screen.findByRole('button', { name: /^Details of patient.read/ }));
  await user.click(within(await screen.findByRole('dialog', { name: 'Audit record' })).getByRole('button', { name: "This patient's records" }));
  await waitFor(() => expect(lastQuery()).toMatchObject({ actor: '201', patient_id: '7' }));
});

test('downloads the Excel file of the filters, following a background export with the report banner', async () => {
  const saved: string[] = [];
  URL.createObjectURL = jest.fn(() => 'blob:audit');
  URL.revokeObjectURL = jest.fn();
  jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push(this.download);
  });
  const exported = (status: ReportExport['status'], done: number): ReportExport => ({
    id: '8f14e45f-ceea-4e7a-9e4b-6f2d1b0c3a77',
    kind: 'audit-trail',
    format: 'xlsx',
    status,
    total: 12_000,
    done,
    file_name: 'audit-trail-2026-03-01.xlsx',
    error: null,
    created_at: '2026-03-01T10:00:00.000Z',
    expires_at: '2026-03-02T10:00:00.000Z',
  });
  let looks = 0;
  api.on(LIST, { status: 200, json: pageOf([record()]) });
  api.on('GET /admin/audit/excel', { status: 202, json: { data: exported('queued', 0) } });
  api.on('GET /report-exports/8f14e45f-ceea-4e7a-9e4b-6f2d1b0c3a77', () => ({
    status: 200,
    json: { data: looks++ === 0 ? exported('running', 6_000) : exported('done', 12_000) },
  }));
  api.on('GET /report-exports/8f14e45f-ceea-4e7a-9e4b-6f2d1b0c3a77/file', {
    status: 200,
    text: 'PK xlsx',
    contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    headers: { 'content-disposition': 'attachment; filename="audit-trail-2026-03-01.xlsx"' },
  });
  const { user } = await renderScreen(<AuditScreen />, { route: '/admin/audit/*', path: '/admin/audit?program_id=101' });
  await screen.findByText('Records 1–1 of 1');
  await user.click(screen.getByRole('button', { name: 'Download Excel' }));
  expect(await screen.findByRole('progressbar', { name: 'Report progress' }, { timeout: 4_000 })).toBeInTheDocument();
  await waitFor(() => expect(saved).toEqual(['audit-trail-2026-03-01.xlsx']), { timeout: 5_000 });
  expect(Object.fromEntries(api.calls('GET /admin/audit/excel')[0]!.query)).toEqual({ program_id: '101' });
});
