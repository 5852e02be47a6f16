import { act, screen, waitFor, within } from '@testing-library/react';
import { PATIENT_NOTE_MESSAGES as MESSAGES, type ChecklistNote, type InternalNote } from '@baridesk/contracts';
import { chooseOption, pageOf, renderScreen, startFakeApi, type FakeApi, type FakeRequest } from '@baridesk/testing';
import { toaster } from '@baridesk/ui';
import { createChecklistNote, createInternalNote } from '../../../test/patient-note-factories';
import { noteTime } from '../utils/note-time';
import { PatientNotesPanel } from './patient-notes-panel';

const LIST = 'GET /internal-notes' as const;
const STORE = 'POST /internal-notes/store' as const;
const DELETE = 'POST /internal-notes/delete' as const;
const BY_STAGE = 'GET /checklist/notes/by-stage' as const;
const STORE_CHECKLIST = 'POST /checklist/notes' as const;

/** The fake API keeps the notes, so a list asked for after a change shows it. */
let internal: InternalNote[];
let checklist: ChecklistNote[];
let api: FakeApi;

/** The page the query asks for, as the server answers it. */
function pageFrom<T>(rows: T[], query: URLSearchParams) {
  const page = Number(query.get('page') ?? 1);
  const perPage = query.get('perPage') === 'All' ? 'All' : Number(query.get('perPage') ?? 10);
  const size = perPage === 'All' ? rows.length : perPage;
  return pageOf(rows.slice((page - 1) * size, page * size), { total: rows.length, page, perPage });
}

const listInternal = ({ query }: FakeRequest) => ({
  status: 200,
  json: pageFrom(
    internal.filter((n) => !query.get('note_type') || n.note_type === query.get('note_type')),
    query,
  ),
});

beforeEach(async () => {
  internal = [
    createInternalNote({ id: 1, note_type: 'clinical', note: 'Cardiology clearance received.', created_at: '2026-03-05T15:04:00.000Z' }),
    createInternalNote({
      id: 2,
      note_type: 'insurance',
      note: 'Prior authorization submitted.',
      created_at: '2026-02-20T17:30:00.000Z',
      author: { id: 101, name: 'Dr. Ana Ruiz' },
      can_delete: false,
    }),
    createInternalNote({ id: 3, note: 'Account gone.', created_at: '2026-02-01T12:00:00.000Z', author: null, can_delete: false }),
  ];
  checklist = [
    createChecklistNote({ id: 11, stage: 1, note: 'Psych evaluation done.' }),
    createChecklistNote({ id: 12, stage: 2, note: 'Two-week visit: healing well.', can_delete: false }),
  ];
  api = await startFakeApi();
  api.on(LIST, listInternal);
  api.on(STORE, ({ body }) => {
    const { patient_id, note_type, note } = body as { patient_id: number; note_type: InternalNote['note_type']; note: string };
    const saved = createInternalNote({ patient_id, note_type, note, created_at: '2026-03-06T14:00:00.000Z' });
    internal = [saved, ...internal];
    return { status: 201, json: { data: saved, message: MESSAGES.created } };
  });
  api.on(DELETE, ({ body }) => {
    internal = internal.filter((n) => n.id !== (body as { id: number }).id);
    return { status: 200, json: { message: MESSAGES.deleted } };
  });
  api.on(BY_STAGE, ({ query }) => ({ status: 200, json: pageFrom(checklist.filter((n) => String(n.stage) === query.get('stage')), query) }));
  api.on(STORE_CHECKLIST, ({ body }) => {
    const { patient_id, stage, note } = body as { patient_id: number; stage: 1 | 2 | 3; note: string };
    const saved = createChecklistNote({ patient_id, stage, note, created_at: '2026-03-06T14:00:00.000Z' });
    checklist = [saved, ...checklist];
    return { status: 201, json: { data: saved, message: MESSAGES.created } };
  });
});
afterEach(async () => {
  act(() => toaster.remove());
  await api.close();
});

/** Waits for the notice with this message and checks its title (several notices may be up at once). */
async function notice(title: 'Success' | 'Error', message: string) {
  const text = await screen.findByText(message);
  expect(text.closest('[data-scope="toast"][data-part="root"]')).toHaveTextContent(title);
}

const internalList = () => screen.getByRole('list', { name: 'Internal notes' });
const itemOf = (list: HTMLElement, text: string) => within(list).getByText(text).closest('li') as HTMLElement;

async function renderPanel() {
  const view = await renderScreen(<PatientNotesPanel patientId={7} />);
  await screen.findByText('Cardiology clearance received.');
  return view;
}

test('lists the internal notes newest first with their type, author and time; Delete only where allowed', async () => {
  await renderPanel();
  expect(screen.getByRole('heading', { level: 2, name: 'Notes' })).toBeInTheDocument();
  expect(screen.getByRole('tab', { name: 'Internal notes', selected: true })).toBeInTheDocument();
  expect(Object.fromEntries(api.calls(LIST)[0]!.query)).toEqual({ patient_id: '7', page: '1', perPage: '10' });

  const items = within(internalList()).getAllByRole('listitem');
  expect(items).toHaveLength(3);
  ['Cardiology clearance received.', 'Prior authorization submitted.', 'Account gone.'].forEach((text, i) =>
    expect(items[i]).toHaveTextContent(text),
  );
  const first = items[0]!;
  expect(within(first).getByText('Clinical')).toBeInTheDocument();
  expect(first).toHaveTextContent(`Jordan Ellis · ${noteTime('2026-03-05T15:04:00.000Z')}`);
  expect(noteTime('2026-03-05T15:04:00.000Z')).toMatch(/^Mar 0[56], 2026 \d\d:\d\d[AP]M$/);
  expect(within(first).getByRole('button', { name: /^Delete/ })).toBeInTheDocument();
  expect(within(items[1]!).getByText('Insurance')).toBeInTheDocument();
  expect(items[1]).toHaveTextContent(`Dr. Ana Ruiz · ${noteTime('2026-02-20T17:30:00.000Z')}`);
  expect(within(items[1]!).queryByRole('button', { name: /^Delete/ })).not.toBeInTheDocument();
  expect(items[2]).toHaveTextContent('Former staff member');
  expect(screen.getByText('Page 1 of 1')).toBeInTheDocument();
});

test('filters by type and pages on the server, with an empty text', async () => {
  internal = Array.from({ length: 12 }, (_, i) => createInternalNote({ note: `Note ${i + 1}`, note_type: i < 2 ? 'nutrition' : 'general' }));
  internal[0] = { ...internal[0]!, note: 'Cardiology clearance received.' };
  const { user } = await renderPanel();
  expect(screen.getByText('Page 1 of 2')).toBeInTheDocument();

  await user.click(screen.getByRole('button', { name: 'Next page' }));
  expect(await screen.findByText('Note 12')).toBeInTheDocument();
  expect(api.calls(LIST).at(-1)!.query.get('page')).toBe('2');

  await chooseOption(user, screen.getByRole('combobox', { name: 'Note type' }), 'nutrition');
  await waitFor(() => expect(Object.fromEntries(api.calls(LIST).at(-1)!.query)).toEqual({ patient_id: '7', note_type: 'nutrition', page: '1', perPage: '10' }));
  expect(await screen.findByText('Note 2')).toBeInTheDocument();
  expect(within(internalList()).getAllByRole('listitem')).toHaveLength(2);

  await chooseOption(user, screen.getByRole('combobox', { name: 'Note type' }), 'insurance');
  expect(await screen.findByText('No insurance notes.')).toBeInTheDocument();
});

test('shows a failed load with Try again, and a patient without notes', async () => {
  api.on(LIST, () => ({ status: 500, json: { message: 'The notes are unavailable.' } }));
  const { user, unmount } = await renderScreen(<PatientNotesPanel patientId={7} />);
  expect(await screen.findByText('The internal notes could not be loaded.')).toBeInTheDocument();
  expect(screen.getByText('The notes are unavailable.')).toBeInTheDocument();
  api.on(LIST, listInternal);
  await user.click(screen.getByRole('button', { name: 'Try again' }));
  expect(await screen.findByText('Cardiology clearance received.')).toBeInTheDocument();
  unmount();

  internal = [];
  await renderScreen(<PatientNotesPanel patientId={7} />);
  expect(await screen.findByText('No internal notes yet.')).toBeInTheDocument();
});

test('adds a note: checked by the contracts’ rules, then saved, announced and listed', async () => {
  const { user } = await renderPanel();
  const add = screen.getByRole('region', { name: 'Add an internal note' });
  await user.click(within(add).getByRole('button', { name: 'Add note' }));
  expect(await within(add).findByText('Note is required.')).toBeInTheDocument();
  expect(api.calls(STORE)).toHaveLength(0);

  await chooseOption(user, within(add).getByRole('combobox', { name: 'Type' }), 'nutrition');
  await user.type(within(add).getByRole('textbox', { name: 'Note' }), '  Finds shakes hard; try unflavored protein.  ');
  expect(within(add).getByText('46 / 5000 characters')).toBeInTheDocument();
  await user.click(within(add).getByRole('button', { name: 'Add note' }));

  await notice('Success', MESSAGES.created);
  expect(api.calls(STORE)[0]!.body).toEqual({ patient_id: 7, note_type: 'nutrition', note: 'Finds shakes hard; try unflavored protein.' });
  // The list is asked again and shows the new note first; the form is empty again.
  expect(await within(internalList()).findByText('Finds shakes hard; try unflavored protein.')).toBeInTheDocument();
  expect(within(internalList()).getAllByRole('listitem')[0]).toHaveTextContent('Nutrition');
  expect(within(add).getByRole('textbox', { name: 'Note' })).toHaveValue('');
  expect(within(add).getByRole('combobox', { name: 'Type' })).toHaveValue('general');
});

test('puts the server’s field messages under the fields, and other failures in a notice', async () => {
  api.on(STORE, () => ({ status: 422, json: { message: 'Please enter valid note type.', errors: { note_type: ['Please enter valid note type.'] } } }));
  const { user } = await renderPanel();
  const add = screen.getByRole('region', { name: 'Add an internal note' });
  await user.type(within(add).getByRole('textbox', { name: 'Note' }), 'Called the patient.');
  await user.click(within(add).getByRole('button', { name: 'Add note' }));
  expect(await within(add).findByText('Please enter valid note type.')).toBeInTheDocument();
  expect(within(add).getByRole('combobox', { name: 'Type' })).toHaveAttribute('aria-invalid', 'true');

  api.on(STORE, () => ({ status: 404, json: { message: MESSAGES.patientNotFound } }));
  await user.click(within(add).getByRole('button', { name: 'Add note' }));
  await notice('Error', MESSAGES.patientNotFound);
  expect(within(add).getByRole('textbox', { name: 'Note' })).toHaveValue('Called the patient.');
});

test('deletes a note only after confirmation, then refreshes the list; a refusal shows the server’s message', async () => {
  const { user } = await renderPanel();
  const deleteFirst = () => within(itemOf(internalList(), 'Cardiology clearance received.')).getByRole('button', { name: /^Delete/ });

  await user.click(deleteFirst());
  let question = await screen.findByRole('alertdialog', { name: 'Delete note' });
  expect(question).toHaveTextContent(`Delete the note of ${noteTime('2026-03-05T15:04:00.000Z')}?`);
  await user.click(within(question).getByRole('button', { name: 'Cancel' }));
  await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
  expect(api.calls(DELETE)).toHaveLength(0);

  api.on(DELETE, () => ({ status: 403, json: { message: MESSAGES.notAllowed } }));
  await user.click(deleteFirst());
  question = await screen.findByRole('alertdialog', { name: 'Delete note' });
  await user.click(within(question).getByRole('button', { name: 'Delete' }));
  await notice('Error', MESSAGES.notAllowed);

  api.on(DELETE, ({ body }) => {
    internal = internal.filter((n) => n.id !== (body as { id: number }).id);
    return { status: 200, json: { message: MESSAGES.deleted } };
  });
  await user.click(deleteFirst());
  question = await screen.findByRole('alertdialog', { name: 'Delete note' });
  await user.click(within(question).getByRole('button', { name: 'Delete' }));
  await notice('Success', MESSAGES.deleted);
  expect(api.calls(DELETE).at(-1)!.body).toEqual({ id: 1 });
  await waitFor(() => expect(screen.queryByText('Cardiology clearance received.')).not.toBeInTheDocument());
  expect(within(internalList()).getAllByRole('listitem')).toHaveLength(2);
});

test('checklist notes: by stage, added to the chosen stage, deleted after confirmation', async () => {
  const { user } = await renderPanel();
  expect(api.calls(BY_STAGE)).toHaveLength(0);
  await user.click(screen.getByRole('tab', { name: 'Checklist notes' }));

  const preOp = await screen.findByRole('list', { name: 'Pre-Op checklist notes' });
  expect(within(preOp).getByText('Psych evaluation done.')).toBeInTheDocument();
  expect(Object.fromEntries(api.calls(BY_STAGE)[0]!.query)).toEqual({ patient_id: '7', stage: '1', page: '1', perPage: '10' });
  expect(screen.getByRole('button', { name: 'Pre-Op', pressed: true })).toBeInTheDocument();
  expect(screen.getByRole('group', { name: 'Stage' })).toHaveTextContent('Pre-OpPost-OpWeight-Management');

  await user.click(screen.getByRole('button', { name: 'Weight-Management' }));
  expect(await screen.findByText('No Weight-Management checklist notes yet.')).toBeInTheDocument();

  await user.click(screen.getByRole('button', { name: 'Post-Op' }));
  const postOp = await screen.findByRole('list', { name: 'Post-Op checklist notes' });
  expect(within(postOp).getByText('Two-week visit: healing well.')).toBeInTheDocument();
  expect(within(postOp).queryByRole('button', { name: /^Delete/ })).not.toBeInTheDocument();

  const add = screen.getByRole('region', { name: 'Add a Post-Op checklist note' });
  await user.type(within(add).getByRole('textbox', { name: 'Note' }), 'Started chewable multivitamin.');
  await user.click(within(add).getByRole('button', { name: 'Add note' }));
  await notice('Success', MESSAGES.created);
  expect(api.calls(STORE_CHECKLIST)[0]!.body).toEqual({ patient_id: 7, stage: 2, note: 'Started chewable multivitamin.' });
  const added = await within(screen.getByRole('list', { name: 'Post-Op checklist notes' })).findByText('Started chewable multivitamin.');

  const id = checklist[0]!.id;
  api.on(`DELETE /checklist/notes/${id}`, () => {
    checklist = checklist.filter((n) => n.id !== id);
    return { status: 200, json: { message: MESSAGES.deleted } };
  });
  await user.click(within(added.closest('li')!).getByRole('button', { name: /^Delete/ }));
  await user.click(within(await screen.findByRole('alertdialog', { name: 'Delete note' })).getByRole('button', { name: 'Delete' }));
  await notice('Success', MESSAGES.deleted);
  await waitFor(() => expect(screen.queryByText('Started chewable multivitamin.')).not.toBeInTheDocument());
  expect(api.calls(`DELETE /checklist/notes/${id}`)).toHaveLength(1);
});
