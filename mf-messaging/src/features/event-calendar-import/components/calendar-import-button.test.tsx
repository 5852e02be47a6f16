import { act, screen, waitFor, within } from '@testing-library/react';
import { FakeXhr, installFakeXhr, testFile } from '@baridesk/api-client/fake-xhr';
import { CALENDAR_IMPORT_MESSAGES, type CalendarImport } from '@baridesk/contracts';
import { renderScreen, startFakeApi, type FakeApi } from '@baridesk/testing';
import { buildCalendarImport } from '../../../test/factories';
import { CalendarImportButton } from './calendar-import-button';

const LATEST = 'GET /scheduler/api/event-calendar/imports/latest' as const;
const ONE = 'GET /scheduler/api/event-calendar/imports/7' as const;
const STATUS = 'POST /scheduler/api/event-calendar/update-import-status' as const;

let api: FakeApi;
let restoreXhr: () => void;
beforeEach(async () => {
  api = await startFakeApi();
  api.on(LATEST, { status: 200, json: { data: null } });
  api.on(STATUS, ({ body }) => {
    const { id, status } = body as { id: number; status: CalendarImport['status'] };
    return { status: 200, json: { data: buildCalendarImport({ id, status, imported: 2, total: 10 }), message: CALENDAR_IMPORT_MESSAGES.cancelled } };
  });
  restoreXhr = installFakeXhr();
});
afterEach(async () => {
  restoreXhr();
  await api.close();
});

/** The import answers each read with the next state given, staying at the last. */
function importGoesThrough(states: CalendarImport[]) {
  let reads = 0;
  api.on(ONE, () => ({ status: 200, json: { data: states[Math.min(reads++, states.length - 1)] } }));
}

async function openDialog() {
  // The chooser's accept filter is the browser's first check only: the dialog checks the name itself.
  const view = await renderScreen(<CalendarImportButton />, { userEvent: { applyAccept: false } });
  await view.user.click(screen.getByRole('button', { name: 'Import .ics' }));
  return { ...view, dialog: await screen.findByRole('dialog', { name: 'Import a calendar' }) };
}

const status = (dialog: HTMLElement) => within(dialog).getByRole('status');

test('uploads an .ics file with its progress, follows the import to its result, and dismisses it on Close', async () => {
  importGoesThrough([
    buildCalendarImport({ id: 7, status: 'processing', total: 10, imported: 3, skipped: 1 }),
    buildCalendarImport({
      id: 7,
      status: 'completed',
      total: 10,
      imported: 8,
      skipped: 2,
      error: '"Board meeting": the rule has an hourly frequency.\n"Staff lunch": no start date.',
      finished_at: '2026-03-05T10:01:00.000Z',
    }),
  ]);
  const { user, dialog } = await openDialog();
  const chooser = await within(dialog).findByLabelText(/Calendar file/);

  await user.click(within(dialog).getByRole('button', { name: 'Import' }));
  expect(within(dialog).getByText(CALENDAR_IMPORT_MESSAGES.fileRequired)).toBeInTheDocument();
  await user.upload(chooser, testFile(['hello'], 'notes.txt', 'text/plain'));
  await user.click(within(dialog).getByRole('button', { name: 'Import' }));
  expect(within(dialog).getByText(CALENDAR_IMPORT_MESSAGES.notIcs)).toBeInTheDocument();
  expect(FakeXhr.sent).toHaveLength(0);

  await user.upload(chooser, testFile(['BEGIN:VCALENDAR'], 'groups.ics', 'text/calendar'));
  await user.click(within(dialog).getByRole('button', { name: 'Import' }));
  const xhr = FakeXhr.last();
  expect(xhr.url).toBe(`${api.baseUrl.replace(/\/api$/, '')}/scheduler/api/event-calendar/import`);
  expect([...(xhr.body as FormData)].map(([name]) => name)).toEqual(['file']);
  // The step's own control takes the focus from the Import button it replaced.
  expect(within(dialog).getByRole('button', { name: 'Cancel upload' })).toHaveFocus();
  act(() => xhr.progress(40, 80));
  expect(within(dialog).getByRole('progressbar', { name: 'Uploading groups.ics' })).toHaveAttribute('aria-valuenow', '50');
  expect(status(dialog)).toHaveTextContent('Uploading groups.ics.');

  await act(async () => xhr.answer(202, { data: buildCalendarImport({ id: 7, status: 'queued' }), message: CALENDAR_IMPORT_MESSAGES.queued }));
  const bar = await within(dialog).findByRole('progressbar', { name: 'Importing groups.ics' });
  await waitFor(() => expect(bar).toHaveAttribute('aria-valuenow', '40'));
  expect(bar).toHaveAttribute('aria-valuetext', '4 of 10 events');
  expect(status(dialog)).toHaveTextContent('Importing groups.ics.');

  expect(await within(dialog).findByText('groups.ics: 8 events imported, 2 skipped.', {}, { timeout: 3000 })).toBeInTheDocument();
  expect(within(within(dialog).getByRole('list', { name: 'Skipped or changed on the way in:' })).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
    '"Board meeting": the rule has an hourly frequency.',
    '"Staff lunch": no start date.',
  ]);
  expect(status(dialog)).toHaveTextContent('Import finished: 8 events imported, 2 skipped.');
  expect(within(dialog).queryByRole('button', { name: 'Cancel import' })).not.toBeInTheDocument();
  expect(within(dialog).getAllByRole('button', { name: 'Close' })[0]).toHaveFocus();
  const reads = api.calls(ONE).length;

  await user.click(within(dialog).getAllByRole('button', { name: 'Close' })[0]!);
  await waitFor(() => expect(api.calls(STATUS)).toHaveLength(1));
  expect(api.calls(STATUS)[0]!.body).toEqual({ id: 7, status: 'acknowledged' });
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  // A finished import is not read again.
  await act(() => new Promise((resolve) => setTimeout(resolve, 1200)));
  expect(api.calls(ONE)).toHaveLength(reads);
});

test("the server's refusal of the file shows under the chooser", async () => {
  const { user, dialog } = await openDialog();
  await user.upload(await within(dialog).findByLabelText(/Calendar file/), testFile(['junk'], 'broken.ics', 'text/calendar'));
  await user.click(within(dialog).getByRole('button', { name: 'Import' }));
  await act(async () => FakeXhr.last().answer(422, { message: 'The given data was invalid.', errors: { file: [CALENDAR_IMPORT_MESSAGES.notIcs] } }));
  expect(await within(dialog).findByText(CALENDAR_IMPORT_MESSAGES.notIcs)).toBeInTheDocument();
  expect(within(dialog).getByLabelText(/Calendar file/)).toHaveAccessibleDescription(expect.stringContaining(CALENDAR_IMPORT_MESSAGES.notIcs));
});

test('opening resumes the import still running; Cancel stops it, Close leaves one running alone', async () => {
  const running = buildCalendarImport({ id: 7, status: 'processing', total: 20, imported: 5 });
  api.on(LATEST, { status: 200, json: { data: running } });
  importGoesThrough([running]);
  const { user, dialog } = await openDialog();
  expect(await within(dialog).findByRole('progressbar', { name: 'Importing groups.ics' })).toHaveAttribute('aria-valuenow', '25');
  expect(within(dialog).queryByLabelText(/Calendar file/)).not.toBeInTheDocument();

  // Closing while it runs dismisses nothing: it shows again on the next opening.
  await user.click(within(dialog).getAllByRole('button', { name: 'Close' })[0]!);
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  expect(api.calls(STATUS)).toHaveLength(0);

  await user.click(screen.getByRole('button', { name: 'Import .ics' }));
  const again = await screen.findByRole('dialog', { name: 'Import a calendar' });
  await within(again).findByRole('progressbar', { name: 'Importing groups.ics' });
  await user.click(within(again).getByRole('button', { name: 'Cancel import' }));
  expect(await within(again).findByText('The import of groups.ics was cancelled after 2 events.')).toBeInTheDocument();
  expect(api.calls(STATUS)[0]!.body).toEqual({ id: 7, status: 'cancelled' });
  expect(status(again)).toHaveTextContent('Import cancelled.');

  // A finished one can make way for another file.
  await user.click(within(again).getByRole('button', { name: 'Import another file' }));
  expect(await within(again).findByLabelText(/Calendar file/)).toBeInTheDocument();
  expect(api.calls(STATUS)[1]!.body).toEqual({ id: 7, status: 'acknowledged' });
});

test('a failed import says why', async () => {
  api.on(LATEST, { status: 200, json: { data: buildCalendarImport({ id: 7, status: 'failed', error: CALENDAR_IMPORT_MESSAGES.noEvents }) } });
  importGoesThrough([buildCalendarImport({ id: 7, status: 'failed', error: CALENDAR_IMPORT_MESSAGES.noEvents })]);
  const { dialog } = await openDialog();
  expect(await within(dialog).findByText('The import of groups.ics failed.')).toBeInTheDocument();
  expect(within(dialog).getByText(CALENDAR_IMPORT_MESSAGES.noEvents)).toBeInTheDocument();
});
