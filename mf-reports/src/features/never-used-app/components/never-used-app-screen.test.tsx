import type { ComponentType } from 'react';
import { screen, waitFor, within } from '@testing-library/react';
import { findNotice, pageOf, renderScreen, startFakeApi, type FakeApi, type RouteKey } from '@baridesk/testing';
import { screens } from '../../../routes';
import { cleanUp, createNotConnectedRow, lastQuery, preLoadFilters, staff, watchDownloads } from '../../../test/seminar-report-factories';

const LIST: RouteKey = 'GET /seminar2surgery/not-connected-patients';
const INVITE: RouteKey = 'POST /seminar2surgery/not-connected-patients/invite';
let Screen: ComponentType;
let api: FakeApi;

beforeAll(async () => {
  Screen = (await screens['/not-connected-patients-report']()).default;
});
beforeEach(async () => {
  api = await startFakeApi({
    'GET /reports/filters': { status: 200, json: { data: preLoadFilters } },
    [LIST]: {
      status: 200,
      json: pageOf([createNotConnectedRow({ id: 41 }), createNotConnectedRow({ id: 42, name: 'Ivo Invited', invited: 1, email: null, phone: null })]),
    },
  });
  watchDownloads();
});
afterEach(() => cleanUp(api));

const open = () => renderScreen(<Screen />, { route: '/not-connected-patients-report', store: staff() });
const bodyOf = (route: RouteKey) => api.calls(route).at(-1)!.body;

test('lists the patients who never used the app, with every day added unless dates are chosen', async () => {
  await open();
  expect(screen.getByRole('heading', { level: 1, name: 'Never Used App' })).toBeInTheDocument();
  const nina = await screen.findByRole('row', { name: /Nina Noapp/ });
  expect(nina).toHaveTextContent('nina@example.test');
  expect(nina).toHaveTextContent('555-222-3333');
  expect(nina).toHaveTextContent('Feb 03, 2026');
  expect(within(nina).getByRole('button', { name: 'Invite Nina Noapp' })).toHaveTextContent('Invite');
  expect(within(screen.getByRole('row', { name: /Ivo Invited/ })).getByRole('button', { name: 'Invite again Ivo Invited' })).toHaveTextContent('Invite again');
  expect(lastQuery(api, LIST)).toEqual({ page: '1', perPage: '10', sort: 'name', direction: 'asc' });
  expect(screen.getByRole('textbox', { name: 'From' })).toHaveValue('');
});

test('Invite asks first; Cancel sends nothing, Invite sends the patient and shows the answer', async () => {
  api.on(INVITE, { status: 200, json: { data: { invited: 1, skipped: [] }, message: '1 patient was invited to the app.' } });
  const { user } = await open();
  await user.click(await screen.findByRole('button', { name: 'Invite Nina Noapp' }));
  const dialog = await screen.findByRole('alertdialog');
  expect(dialog).toHaveTextContent('Send Nina Noapp the e-mail that invites them to the app?');
  await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
  expect(api.calls(INVITE)).toHaveLength(0);

  const listCalls = api.calls(LIST).length;
  await user.click(screen.getByRole('button', { name: 'Invite Nina Noapp' }));
  await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Invite' }));
  expect(await findNotice('Invite to the app', '1 patient was invited to the app.')).toBeInTheDocument();
  expect(bodyOf(INVITE)).toEqual({ ids: [41] });
  // The list is asked again: the patient now reads as invited.
  await waitFor(() => expect(api.calls(LIST).length).toBeGreaterThan(listCalls));
});

test('Invite selected invites the chosen patients; who was skipped is named with the reason', async () => {
  api.on(INVITE, {
    status: 200,
    json: { data: { invited: 1, skipped: [{ id: 42, reason: 'The patient has no e-mail address.' }] }, message: '1 patient was invited to the app.' },
  });
  const { user } = await open();
  await user.click(await screen.findByRole('checkbox', { name: 'Select Nina Noapp' }));
  await user.click(screen.getByRole('checkbox', { name: 'Select Ivo Invited' }));
  const selected = screen.getByRole('region', { name: 'Selected patients' });
  expect(selected).toHaveTextContent('2 selected');
  await user.click(within(selected).getByRole('button', { name: 'Invite selected' }));
  const dialog = await screen.findByRole('alertdialog');
  expect(dialog).toHaveTextContent('Send 2 patients the e-mail that invites them to the app?');
  await user.click(within(dialog).getByRole('button', { name: 'Invite' }));
  const notice = await findNotice('Invite to the app', '1 patient was invited to the app.');
  expect(notice).toHaveTextContent('Ivo Invited: The patient has no e-mail address.');
  expect(bodyOf(INVITE)).toEqual({ ids: [41, 42] });
  await waitFor(() => expect(screen.queryByRole('region', { name: 'Selected patients' })).not.toBeInTheDocument());
});

test('a refused invite shows the server’s message', async () => {
  api.on(INVITE, { status: 422, json: { message: 'Select at least one patient.', errors: { ids: ['Select at least one patient.'] } } });
  const { user } = await open();
  await user.click(await screen.findByRole('button', { name: 'Invite Nina Noapp' }));
  await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Invite' }));
  expect(await findNotice('Invite to the app', 'Select at least one patient.')).toBeInTheDocument();
});
