import { act, screen, waitFor, within } from '@testing-library/react';
import { chooseOption, findNotice, pageOf, renderScreen } from '@baridesk/testing';
import { toaster } from '@baridesk/ui';
import { REPORT_PREPARING_MESSAGE } from '@baridesk/ui/overlays';
import { createPatient } from '../../../test/factories';
import { setUpPatientListScreen } from '../../../test/patient-list-screen';
import { PatientBulkBar } from './patient-bulk-bar';

const PATIENTS = Array.from({ length: 12 }, (_, index) => createPatient({ name: `Patient ${String(index + 1).padStart(2, '0')}` }));
const idOf = (n: number) => PATIENTS[n - 1]!.id;

const BULK = 'POST /patients/bulk';
const EXCEL = 'GET /patients/excel';
const xlsx = (name: string, delayMs = 100) => ({
  status: 200,
  text: 'PK-xlsx-bytes',
  contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  headers: { 'content-disposition': `attachment; filename="${name}"` },
  delayMs,
});
const bulkAnswer = (message: string, updated = 2) => ({
  status: 200,
  json: { data: { updated, skipped: { already_tagged: 0, two_tags: 0, already_in_stage: 0, not_found: 0 } }, message },
});

const bed = setUpPatientListScreen(PATIENTS);
/** What the browser was handed to save: the temporary link's download name. */
let saved: string[];

beforeEach(() => {
  saved = [];
  URL.createObjectURL = jest.fn(() => 'blob:patients-export');
  URL.revokeObjectURL = jest.fn();
  jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push(this.download);
  });
});
afterEach(() => {
  act(() => toaster.remove());
  jest.restoreAllMocks();
});

async function openList() {
  const view = await renderScreen(<bed.Screen />, { route: '/manage-patients' });
  await screen.findByRole('link', { name: 'Patient 01' });
  return view;
}
type User = Awaited<ReturnType<typeof openList>>['user'];

const tick = (user: User, name: string) => user.click(screen.getByRole('checkbox', { name }));
const bar = () => screen.getByRole('region', { name: 'Selected patients' });
const queryBar = () => screen.queryByRole('region', { name: 'Selected patients' });

async function choose(user: User, menuButton: 'Add tag' | 'Change stage', item: string) {
  await user.click(within(bar()).getByRole('button', { name: menuButton }));
  const menu = await screen.findByRole('menu');
  await user.click(within(menu).getByRole('menuitem', { name: item }));
}

/** The report banner: a status region with the spec's message and Cancel. */
async function findBanner() {
  const message = await screen.findByText(REPORT_PREPARING_MESSAGE);
  return message.closest<HTMLElement>('[role="status"]')!;
}

describe('selecting patients', () => {
  it('ticks rows by name or the whole page, and keeps them across pages and sorts', async () => {
    const { user } = await openList();
    expect(queryBar()).not.toBeInTheDocument();

    await tick(user, 'Select Patient 02');
    expect(within(bar()).getByText('1 selected')).toBeInTheDocument();
    expect(screen.getByText('12 patients, active and inactive, 1 selected')).toBeInTheDocument();

    await tick(user, 'Select all patients on this page');
    expect(within(bar()).getByText('10 selected')).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Select Patient 10' })).toBeChecked();

    await user.click(screen.getByRole('button', { name: 'Next page' }));
    await screen.findByRole('link', { name: 'Patient 11' });
    expect(screen.getByRole('checkbox', { name: 'Select all patients on this page' })).not.toBeChecked();
    await tick(user, 'Select Patient 12');
    expect(within(bar()).getByText('11 selected')).toBeInTheDocument();

    await user.click(within(screen.getByRole('columnheader', { name: /MRN/ })).getByRole('button'));
    await waitFor(() => expect(bed.api.calls('GET /patients').at(-1)?.query.get('sort')).toBe('mrn_number'));
    expect(within(bar()).getByText('11 selected')).toBeInTheDocument();

    await user.click(within(bar()).getByRole('button', { name: 'Clear selection' }));
    expect(queryBar()).not.toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Select Patient 01' })).not.toBeChecked();
  });

  it('starts again when the search or a filter changes', async () => {
    const { user } = await openList();
    await tick(user, 'Select Patient 03');
    await chooseOption(user, screen.getByRole('combobox', { name: 'Stage' }), 'Post-Op');
    await waitFor(() => expect(bed.api.calls('GET /patients').at(-1)?.query.get('stage')).toBe('2'));
    expect(queryBar()).not.toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Select Patient 03' })).not.toBeChecked();

    await tick(user, 'Select Patient 04');
    await user.type(screen.getByRole('searchbox', { name: 'Search patients' }), 'doe');
    await waitFor(() => expect(bed.api.calls('GET /patients').at(-1)?.query.get('search')).toBe('doe'));
    await waitFor(() => expect(queryBar()).not.toBeInTheDocument());
  });

  it('is usable from the keyboard', async () => {
    const { user } = await openList();
    screen.getByRole('checkbox', { name: 'Select Patient 05' }).focus();
    await user.keyboard(' ');
    expect(within(bar()).getByText('1 selected')).toBeInTheDocument();
    within(bar()).getByRole('button', { name: 'Change stage' }).focus();
    await user.keyboard('{Enter}');
    const menu = await screen.findByRole('menu');
    expect(within(menu).getAllByRole('menuitem').map((item) => item.textContent)).toEqual(['Pre-Op', 'Post-Op', 'Weight-Management']);
  });
});

describe('bulk actions', () => {
  it('adds a chosen tag after asking, shows the server’s message, reloads the list and clears the selection', async () => {
    bed.api.on(BULK, bulkAnswer('The tag “High risk” was added to 2 patients.'));
    const { user } = await openList();
    await tick(user, 'Select Patient 01');
    await tick(user, 'Select Patient 03');
    await user.click(within(bar()).getByRole('button', { name: 'Add tag' }));
    const menu = await screen.findByRole('menu');
    expect(within(menu).getAllByRole('menuitem').map((item) => item.textContent)).toEqual(['Support group', 'High risk']);
    await user.click(within(menu).getByRole('menuitem', { name: 'High risk' }));

    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent('Add the tag “High risk” to 2 patients?');
    const listCalls = bed.api.calls('GET /patients').length;
    await user.click(within(dialog).getByRole('button', { name: 'Add tag' }));

    expect(await findNotice('Success', 'The tag “High risk” was added to 2 patients.')).toBeInTheDocument();
    expect(bed.api.calls(BULK).map((call) => call.body)).toEqual([{ ids: [idOf(1), idOf(3)], action: 'add_tag', tag_id: 12 }]);
    expect(bed.api.calls(BULK)[0]?.authorization).toBe('Bearer tok-staff');
    await waitFor(() => expect(bed.api.calls('GET /patients').length).toBeGreaterThan(listCalls));
    expect(queryBar()).not.toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Select Patient 01' })).not.toBeChecked();
  });

  it('changes the stage after asking', async () => {
    bed.api.on(BULK, bulkAnswer('2 patients moved to Post-Op.'));
    const { user } = await openList();
    await tick(user, 'Select Patient 02');
    await tick(user, 'Select Patient 04');
    await choose(user, 'Change stage', 'Post-Op');
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent('Move 2 patients to Post-Op?');
    await user.click(within(dialog).getByRole('button', { name: 'Change stage' }));

    expect(await findNotice('Success', '2 patients moved to Post-Op.')).toBeInTheDocument();
    expect(bed.api.calls(BULK).map((call) => call.body)).toEqual([{ ids: [idOf(2), idOf(4)], action: 'change_stage', stage: 2 }]);
    expect(queryBar()).not.toBeInTheDocument();
  });

  it('changes nothing when the question is cancelled', async () => {
    const { user } = await openList();
    await tick(user, 'Select Patient 02');
    await choose(user, 'Change stage', 'Weight-Management');
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent('Move 1 patient to Weight-Management?');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(bed.api.calls(BULK)).toEqual([]);
    expect(within(bar()).getByText('1 selected')).toBeInTheDocument();
  });

  it('shows the server’s refusal and keeps the selection', async () => {
    bed.api.on(BULK, {
      status: 422,
      json: { message: 'Please choose one of the program’s active tags.', errors: { tag_id: ['Please choose one of the program’s active tags.'] } },
    });
    const { user } = await openList();
    await tick(user, 'Select Patient 06');
    await choose(user, 'Add tag', 'Support group');
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Add tag' }));
    expect(await findNotice('Error', 'Please choose one of the program’s active tags.')).toBeInTheDocument();
    expect(within(bar()).getByText('1 selected')).toBeInTheDocument();
  });

  it('refuses more than 1,000 patients at a time', async () => {
    const { renderUi } = await import('@baridesk/ui/test/render-ui');
    const noop = () => {};
    await renderUi(
      <PatientBulkBar count={1001} tags={[{ id: 1, name: 'A' }]} busy={false} onAddTag={noop} onChangeStage={noop} onExport={noop} onClear={noop} />,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('Select at most 1,000 patients at a time.');
    for (const name of ['Add tag', 'Change stage', 'Export selected']) expect(screen.getByRole('button', { name })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Clear selection' })).toBeEnabled();
    expect(screen.getByText('1,001 selected')).toBeInTheDocument();
  });
});

describe('Excel export', () => {
  it('exports what the search and filters show, with the report banner, and saves the file', async () => {
    bed.api.on(EXCEL, xlsx('patients-2026-03-05.xlsx', 200));
    const { user } = await openList();
    await chooseOption(user, screen.getByRole('combobox', { name: 'Stage' }), 'Post-Op');
    await user.click(within(screen.getByRole('columnheader', { name: /Surgery date/ })).getByRole('button'));
    await waitFor(() => expect(bed.api.calls('GET /patients').at(-1)?.query.get('sort')).toBe('surgery_date'));

    await user.click(screen.getByRole('button', { name: 'Export to Excel' }));
    const banner = await findBanner();
    expect(banner).toHaveTextContent('Patients (Excel)');
    expect(screen.getByRole('button', { name: 'Export to Excel' })).toBeDisabled();
    await waitFor(() => expect(screen.queryByText(REPORT_PREPARING_MESSAGE)).not.toBeInTheDocument());

    expect(saved).toEqual(['patients-2026-03-05.xlsx']);
    const [call] = bed.api.calls(EXCEL);
    expect(Object.fromEntries(call!.query)).toEqual({ stage: '2', sort: 'surgery_date', direction: 'asc' });
    expect(call!.authorization).toBe('Bearer tok-staff');
    expect(screen.getByRole('button', { name: 'Export to Excel' })).toBeEnabled();
  });

  it('exports only the selected patients', async () => {
    bed.api.on(EXCEL, xlsx('patients-2026-03-05.xlsx'));
    const { user } = await openList();
    await tick(user, 'Select Patient 07');
    await tick(user, 'Select Patient 02');
    await user.click(within(bar()).getByRole('button', { name: 'Export selected' }));
    expect(await findBanner()).toHaveTextContent('Selected patients (Excel)');
    await waitFor(() => expect(saved).toEqual(['patients-2026-03-05.xlsx']));
    expect(Object.fromEntries(bed.api.calls(EXCEL)[0]!.query)).toEqual({ sort: 'name', direction: 'asc', ids: `${idOf(7)},${idOf(2)}` });
    // The selection stays: an export changes no patient.
    expect(within(bar()).getByText('2 selected')).toBeInTheDocument();
  });

  it('stops on Cancel: nothing is saved and no error shows', async () => {
    bed.api.on(EXCEL, xlsx('patients.xlsx', 5_000));
    const { user } = await openList();
    await user.click(screen.getByRole('button', { name: 'Export to Excel' }));
    await user.click(within(await findBanner()).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByText(REPORT_PREPARING_MESSAGE)).not.toBeInTheDocument());
    expect(saved).toEqual([]);
    expect(screen.queryByText('Excel export')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Export to Excel' })).toBeEnabled();
  });

  it('shows the server’s message when the export fails', async () => {
    bed.api.on(EXCEL, { status: 403, json: { message: 'This is not available to self-service accounts.' } });
    const { user } = await openList();
    await user.click(screen.getByRole('button', { name: 'Export to Excel' }));
    expect(await findNotice('Excel export', 'This is not available to self-service accounts.')).toBeInTheDocument();
    expect(saved).toEqual([]);
  });

  it('cannot export an empty list', async () => {
    bed.api.on('GET /patients', () => ({ status: 200, json: pageOf([], { total: 0 }) }));
    await renderScreen(<bed.Screen />, { route: '/manage-patients' });
    expect(await screen.findByText('No patients yet.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Export to Excel' })).toBeDisabled();
  });
});
