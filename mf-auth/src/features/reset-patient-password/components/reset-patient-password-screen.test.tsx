import { screen, waitFor, within } from '@testing-library/react';
import { AUTH_FLOW_MESSAGES } from '@baridesk/contracts';
import { appStore } from '@baridesk/store';
import { findNotice, pageOf, renderScreen, startFakeApi, type FakeApi, type FakeRequest } from '@baridesk/testing';
import { createAuthUser, createPatientListItem } from '../../../test/factories';
import { clearNotices } from '../../../test/notices';
import ResetPatientPasswordScreen from './reset-patient-password-screen';

const JANE = createPatientListItem({ name: 'Jane Doe', first_name: 'Jane', last_name: 'Doe', email: 'jane@example.test' });
const NO_EMAIL = createPatientListItem({ name: 'Omar Noemail', email: null });
const OTHERS = Array.from({ length: 10 }, (_, i) => createPatientListItem({ name: `Patient ${String(i + 1).padStart(2, '0')}` }));
const ALL = [JANE, NO_EMAIL, ...OTHERS];

/** GET /patients as the server answers: the search matches names, one page by page and perPage. */
function patientsPage(request: FakeRequest) {
  const search = (request.query.get('search') ?? '').toLowerCase();
  const page = Number(request.query.get('page') ?? 1);
  const perPage = Number(request.query.get('perPage') ?? 10);
  const matching = ALL.filter((p) => p.name.toLowerCase().includes(search));
  return { status: 200, json: pageOf(matching.slice((page - 1) * perPage, page * perPage), { total: matching.length, page, perPage }) };
}

let api: FakeApi;

beforeAll(async () => {
  api = await startFakeApi();
});
afterAll(() => api.close());
beforeEach(() => {
  api.reset({ 'GET /patients': patientsPage });
  appStore.getState().signIn({ token: 'tok-staff', user: createAuthUser() });
});
afterEach(() => clearNotices());

const renderScreenAt = (query = '') =>
  renderScreen(<ResetPatientPasswordScreen />, { path: `/reset-patient-password${query}`, route: '/reset-patient-password' });

const rowOf = (name: string) => screen.getByRole('cell', { name }).closest('tr') as HTMLElement;

test('lists the program’s patients, paged, and searches them on the server', async () => {
  const { user } = await renderScreenAt();
  expect(screen.getByRole('heading', { level: 1, name: 'Reset Patient Password' })).toBeInTheDocument();
  expect(await screen.findByRole('cell', { name: 'Jane Doe' })).toBeInTheDocument();
  expect(screen.getByText('Page 1 of 2')).toBeInTheDocument();
  expect(api.calls('GET /patients')[0]?.query.get('perPage')).toBe('10');
  expect(api.calls('GET /patients')[0]?.authorization).toBe('Bearer tok-staff');

  await user.type(screen.getByLabelText('Search patients'), 'jane');
  await waitFor(() => expect(screen.queryByRole('cell', { name: 'Patient 01' })).not.toBeInTheDocument());
  expect(screen.getByRole('cell', { name: 'Jane Doe' })).toBeInTheDocument();
  expect(api.calls('GET /patients').at(-1)?.query.get('search')).toBe('jane');

  await user.clear(screen.getByLabelText('Search patients'));
  await user.type(screen.getByLabelText('Search patients'), 'nobody');
  expect(await screen.findByText('No patients match your search.')).toBeInTheDocument();
});

test('sends the set-password e-mail after confirming, and shows the server answer', async () => {
  api.on('POST /reset-patient-password', { status: 200, delayMs: 100, json: { message: AUTH_FLOW_MESSAGES.patientLinkSent } });
  const { user } = await renderScreenAt();
  await screen.findByRole('cell', { name: 'Jane Doe' });

  await user.click(within(rowOf('Jane Doe')).getByRole('button', { name: 'Send Link to Jane Doe' }));
  const dialog = await screen.findByRole('alertdialog');
  expect(dialog).toHaveTextContent('Send Jane Doe (jane@example.test) an email with a link to set the password for the BariDesk app?');
  expect(api.calls('POST /reset-patient-password')).toHaveLength(0);
  await user.click(within(dialog).getByRole('button', { name: 'Send Email' }));

  await findNotice('Success', AUTH_FLOW_MESSAGES.patientLinkSent);
  expect(screen.getByText('Email sent to Jane Doe')).toBeInTheDocument();
  expect(api.calls('POST /reset-patient-password')[0]?.body).toEqual({ patient_id: JANE.id });
});

test('Cancel sends nothing', async () => {
  const { user } = await renderScreenAt();
  await screen.findByRole('cell', { name: 'Jane Doe' });
  await user.click(within(rowOf('Jane Doe')).getByRole('button', { name: /^Send Link to/ }));
  await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Cancel' }));
  await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
  expect(api.calls('POST /reset-patient-password')).toHaveLength(0);
});

test('a patient without an e-mail address cannot be sent a link', async () => {
  await renderScreenAt();
  await screen.findByRole('cell', { name: 'Omar Noemail' });
  expect(within(rowOf('Omar Noemail')).queryByRole('button')).not.toBeInTheDocument();
  expect(within(rowOf('Omar Noemail')).getByText('No email address')).toBeInTheDocument();
});

test('a refusal of the server shows the Error notice with its message', async () => {
  api.on('POST /reset-patient-password', {
    status: 422,
    json: { message: AUTH_FLOW_MESSAGES.patientHasNoEmail, errors: { patient_id: [AUTH_FLOW_MESSAGES.patientHasNoEmail] } },
  });
  const { user } = await renderScreenAt();
  await screen.findByRole('cell', { name: 'Jane Doe' });
  await user.click(within(rowOf('Jane Doe')).getByRole('button', { name: /^Send Link to/ }));
  await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Send Email' }));
  const notice = await findNotice('Error', AUTH_FLOW_MESSAGES.patientHasNoEmail);
  // Said once, not repeated as a bullet.
  expect(within(notice as HTMLElement).getAllByText(AUTH_FLOW_MESSAGES.patientHasNoEmail)).toHaveLength(1);
  expect(screen.queryByText(/Email sent to/)).not.toBeInTheDocument();
});

test('?patient_id= preselects the patient', async () => {
  api.on('POST /reset-patient-password', { status: 200, json: { message: AUTH_FLOW_MESSAGES.patientLinkSent } });
  const { user } = await renderScreenAt('?patient_id=77');

  expect(screen.getByText('Selected patient: #77')).toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: 'Send Set-Password Email to patient #77' }));
  await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Send Email' }));
  await findNotice('Success', AUTH_FLOW_MESSAGES.patientLinkSent);
  expect(api.calls('POST /reset-patient-password')[0]?.body).toEqual({ patient_id: 77 });

  await user.click(screen.getByRole('button', { name: 'Choose another patient' }));
  expect(screen.queryByText('Selected patient: #77')).not.toBeInTheDocument();
});

test('the list failing to load is said, with a retry', async () => {
  api.on('GET /patients', { status: 403, json: { message: 'This is not available to self-service accounts.' } });
  await renderScreenAt();
  expect(await screen.findByText('The patients could not be loaded.')).toBeInTheDocument();
  expect(screen.getByText('This is not available to self-service accounts.')).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
});
