import { act, screen, waitFor, within } from '@testing-library/react';
import { PATIENT_NOTE_MESSAGES } from '@baridesk/contracts';
import { toaster } from '@baridesk/ui';
import { pageOf, renderScreen, startFakeApi, type FakeApi } from '@baridesk/testing';
import { createPatientChecklist, createPatientChecklistItem, stageNames } from '../test/checklist-factories';
import { fakeChecklist } from '../test/checklist-fake-api';
import { createChecklistNote } from '../test/patient-note-factories';
import { screens } from '../routes';
import PatientChecklistPage from './patient-checklist-page';

const NOTES = 'GET /checklist/notes/by-stage' as const;

let api: FakeApi;
beforeEach(async () => {
  api = await startFakeApi({ 'GET /checklist/stage-names': { status: 200, json: stageNames('Healthy Habits') } });
});
afterEach(async () => {
  // Notices outlive a test: the toaster is one for the page.
  act(() => toaster.remove());
  await api.close();
});

test('/checklists/:id names the stages like the program and shows and adds an item’s notes', async () => {
  expect((await screens['/checklists/:id']()).default).toBe(PatientChecklistPage);
  const patient = fakeChecklist(
    api,
    createPatientChecklist({
      items: [
        createPatientChecklistItem({ id: 1, title: 'Consult with the surgeon', note_count: 0 }),
        createPatientChecklistItem({ id: 2, title: 'Blood work', note_count: 1 }),
      ],
    }),
  );
  const notes = [
    createChecklistNote({ id: 301, checklist_item_id: 2, note: 'Lab booked for Monday.' }),
    createChecklistNote({ id: 302, checklist_item_id: 1, note: 'Surgeon asked for a sleep study.' }),
    createChecklistNote({ id: 303, checklist_item_id: null, note: 'Whole checklist reviewed.' }),
  ];
  api.on(NOTES, () => ({ status: 200, json: pageOf(notes, { perPage: 'All' }) }));
  api.on('POST /checklist/notes', ({ body }) => {
    const note = createChecklistNote({ id: 304, ...(body as object) });
    notes.unshift(note);
    patient.set({ ...patient.current(), items: patient.current().items.map((item) => (item.id === 2 ? { ...item, note_count: 2 } : item)) });
    return { status: 201, json: { data: note, message: PATIENT_NOTE_MESSAGES.created } };
  });

  const { user } = await renderScreen(<PatientChecklistPage />, { route: '/checklists/:id', path: '/checklists/7' });
  expect(await screen.findByRole('tab', { name: 'Healthy Habits' })).toBeInTheDocument();

  const toggle = await screen.findByRole('button', { name: 'Notes (1) on Blood work' });
  expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await user.click(toggle);
  expect(toggle).toHaveAttribute('aria-expanded', 'true');
  const list = await screen.findByRole('list', { name: 'Notes on Blood work' });
  expect(within(list).getByText('Lab booked for Monday.')).toBeInTheDocument();
  expect(within(list).queryByText('Surgeon asked for a sleep study.')).not.toBeInTheDocument();
  expect(within(list).queryByText('Whole checklist reviewed.')).not.toBeInTheDocument();
  expect(Object.fromEntries(api.calls(NOTES)[0]!.query)).toEqual({ patient_id: '7', stage: '1', page: '1', perPage: 'All' });

  const form = screen.getByRole('region', { name: 'Add a note on Blood work' });
  await user.type(within(form).getByRole('textbox', { name: /Note/ }), 'Results are in.');
  await user.click(within(form).getByRole('button', { name: 'Add note' }));
  expect(await screen.findByText(PATIENT_NOTE_MESSAGES.created)).toBeInTheDocument();
  expect(api.calls('POST /checklist/notes')[0]!.body).toEqual({ patient_id: 7, stage: 1, checklist_item_id: 2, note: 'Results are in.' });
  expect(await within(list).findByText('Results are in.')).toBeInTheDocument();
  await waitFor(() => expect(screen.getByRole('button', { name: 'Notes (2) on Blood work' })).toBeInTheDocument());
});
