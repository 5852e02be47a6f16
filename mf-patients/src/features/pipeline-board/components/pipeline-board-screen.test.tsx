import { act, screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { PIPELINE_MESSAGES, type AuthUser, type PipelineBoardResponse, type PipelineMoveBody } from '@baridesk/contracts';
import { PROGRAM_USER_MENU_FLAGS, type ProgramUserMenuFlag } from '@baridesk/domain';
import { appStore } from '@baridesk/store';
import { createAuthUser, findNotice, renderScreen, startFakeApi, type FakeApi, type FakeRequest } from '@baridesk/testing';
import { toaster } from '@baridesk/ui';
import { boardOf, cardsNamed, createMoveRecord, createPipelineCard, createPipelineColumn, createPipelineStatus } from '../../../test/pipeline-factories';
import { layOutPipelineColumns } from '../../../test/pipeline-layout';
import PipelineBoardScreen from './pipeline-board-screen';

const BOARD = 'GET /pipeline-patients-by-stage';
const MOVE = 'POST /pipeline-patients/move';
const HISTORY = 'GET /pipeline-patients/history';
const AVERAGES = 'GET /get-pipeline-patient-average-days';
const EXCEL = 'GET /pipeline-patients-excel';
const AVERAGES_EXCEL = 'GET /pipeline-patients-excel/by-average-days';

layOutPipelineColumns();

const seminar = createPipelineStatus({ id: 11, name: 'Seminar', is_default: 1 });
const workup = createPipelineStatus({ id: 12, name: 'Work-up' });
const ready = createPipelineStatus({ id: 13, name: 'Ready for Surgery' });
const jane = createPipelineCard({ id: 101, name: 'Jane Doe', days_in_status: 12, checklist_percent: 40, surgery_date: '2026-03-05' });
const omar = createPipelineCard({ id: 102, name: 'Omar Ali', days_in_status: 1, checklist_deactivated: 1, surgery_date: null });
const lee = createPipelineCard({ id: 103, name: 'Lee Park', days_in_status: 30, checklist_percent: 100 });

const firstBoard = (): PipelineBoardResponse =>
  boardOf(
    [
      createPipelineColumn(seminar, [jane, omar], { average_days: 7 }),
      createPipelineColumn(workup, [lee], { average_days: 30 }),
      createPipelineColumn(ready, [], { average_days: null }),
    ],
    { withoutStatus: 4 },
  );

/** A program user's menu flags with only `on` switched on. */
const flagsOn = (...on: ProgramUserMenuFlag[]) =>
  Object.fromEntries(PROGRAM_USER_MENU_FLAGS.map((flag) => [flag, on.includes(flag) ? 1 : 0])) as NonNullable<AuthUser['menu_flags']>;

let api: FakeApi;
const initial = appStore.getState();
beforeAll(async () => {
  api = await startFakeApi();
});
afterAll(() => api.close());
beforeEach(() => {
  api.reset({ [BOARD]: () => ({ status: 200, json: firstBoard() }) });
  localStorage.clear();
  appStore.setState(initial, true);
  appStore.getState().signIn({
    token: 'tok',
    user: createAuthUser({ type: 'program_user', administrative_rights: 0, menu_flags: flagsOn('pipeline_status', 'manage_user') }),
  });
});
afterEach(() => act(() => toaster.remove()));

const columnSection = (name: string) => screen.getByRole('heading', { level: 2, name }).closest('section') as HTMLElement;
const cardNames = (name: string) => within(columnSection(name)).queryAllByRole('link').map((link) => link.textContent);
/** A card's cell, the one focusable element of the card; its name starts with the patient's. */
const cardCell = (name: string, column?: string) =>
  within(column ? columnSection(column) : document.body).getByRole('gridcell', { name: new RegExp(`^${name},`) });
const openActions = async (user: UserEvent, name: string) => {
  await user.click(screen.getByRole('button', { name: `Actions for ${name}` }));
  return screen.findByRole('menu');
};
const boardQuery = (request: FakeRequest | undefined) => Object.fromEntries(request?.query ?? []);

async function openBoard(path = '/pipeline') {
  const view = await renderScreen(<PipelineBoardScreen />, { route: '/pipeline', path });
  await screen.findByRole('link', { name: 'Jane Doe' });
  return view;
}

describe('the board', () => {
  it('shows a column per status with its count, average and cards', async () => {
    await openBoard();
    expect(screen.getByRole('heading', { level: 1, name: 'Patient Pipeline' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Pre-Op' })).toHaveAttribute('aria-selected', 'true');
    expect(boardQuery(api.calls(BOARD)[0])).toEqual({ stage: '1', per_column: '20' });

    expect(screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent)).toEqual(['Seminar', 'Work-up', 'Ready for Surgery']);
    const seminarColumn = columnSection('Seminar');
    expect(within(seminarColumn).getByText('2 patients')).toBeInTheDocument();
    expect(within(seminarColumn).getByText('avg 7 days')).toBeInTheDocument();
    expect(within(columnSection('Ready for Surgery')).getByText('0 patients')).toBeInTheDocument();
    expect(within(columnSection('Ready for Surgery')).getByText('No patients')).toBeInTheDocument();

    const janeCard = cardCell('Jane Doe');
    expect(janeCard).toHaveAccessibleName('Jane Doe, 12 days in status, 40% done, Surgery Mar 05, 2026');
    expect(screen.getByRole('link', { name: 'Jane Doe' })).toHaveAttribute('href', '/patient-detail/101');
    expect(within(janeCard).getByText('12 days in status')).toBeInTheDocument();
    expect(within(janeCard).getByText('40% done')).toHaveAttribute('title', 'Checklist 40%');
    expect(within(janeCard).getByText('Surgery Mar 05, 2026')).toBeInTheDocument();
    const omarCard = cardCell('Omar Ali');
    expect(within(omarCard).getByText('1 day in status')).toBeInTheDocument();
    expect(within(omarCard).getByText('Checklist off')).toBeInTheDocument();
    expect(within(omarCard).getByText('No surgery date')).toBeInTheDocument();

    // A program user without rights: the notice is text only, nothing to customize.
    expect(screen.getByText(/4 patients of this stage have no pipeline status/)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /no pipeline status/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Customize pipeline' })).not.toBeInTheDocument();
  });

  it('links the sub user to the missing patients and to customizing', async () => {
    appStore.getState().setUser(createAuthUser({ type: 'sub_user' }));
    await openBoard();
    expect(screen.getByRole('link', { name: '4 patients of this stage have no pipeline status' })).toHaveAttribute('href', '/missing-pipeline-patients');
    expect(screen.getByRole('link', { name: 'Customize pipeline' })).toHaveAttribute('href', '/customize-pipeline?stage=1');
  });

  it('shows the stage of the address, changes stage by its tab and searches once typing pauses', async () => {
    const { user } = await openBoard('/pipeline?stage=3&search=jan');
    expect(screen.getByRole('tab', { name: 'Weight-Management' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('searchbox', { name: 'Search patients' })).toHaveValue('jan');
    expect(boardQuery(api.calls(BOARD)[0])).toEqual({ stage: '3', search: 'jan', per_column: '20' });

    await user.click(screen.getByRole('tab', { name: 'Post-Op' }));
    await waitFor(() => expect(boardQuery(api.calls(BOARD).at(-1))).toEqual({ stage: '2', search: 'jan', per_column: '20' }));

    const before = api.calls(BOARD).length;
    await user.type(screen.getByRole('searchbox', { name: 'Search patients' }), 'e d');
    await waitFor(() => expect(boardQuery(api.calls(BOARD).at(-1))).toEqual({ stage: '2', search: 'jane d', per_column: '20' }));
    expect(api.calls(BOARD).length - before).toBe(1);
  });

  it('says when a stage has no statuses, and where to add them for those who may', async () => {
    api.on(BOARD, () => ({ status: 200, json: boardOf([]) }));
    appStore.getState().setUser(createAuthUser({ type: 'program_user', administrative_rights: 1 }));
    await renderScreen(<PipelineBoardScreen />, { route: '/pipeline' });
    expect(await screen.findByText('This stage has no pipeline statuses yet.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Add statuses in Customize Pipeline' })).toHaveAttribute('href', '/customize-pipeline?stage=1');
  });

  it('shows a failed load with a retry', async () => {
    api.on(BOARD, () => ({ status: 500, json: { message: 'The board is resting.' } }));
    const { user } = await renderScreen(<PipelineBoardScreen />, { route: '/pipeline' });
    expect(await screen.findByText('The board is resting.')).toBeInTheDocument();
    api.on(BOARD, () => ({ status: 200, json: firstBoard() }));
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: 'Jane Doe' })).toBeInTheDocument();
  });
});

describe('a large board, from the keyboard', () => {
  const scheduled = createPipelineStatus({ id: 14, name: 'Surgery Scheduled' });
  const bigBoard = () =>
    boardOf([
      createPipelineColumn(seminar, [jane, omar]),
      createPipelineColumn(workup, []),
      createPipelineColumn(scheduled, cardsNamed('Scheduled', 1, 56)),
    ]);

  it('draws only the cards in view of a column of 56, and the rest as it scrolls', async () => {
    api.on(BOARD, () => ({ status: 200, json: bigBoard() }));
    await openBoard();
    const grid = within(columnSection('Surgery Scheduled')).getByRole('grid', { name: 'Patients in Surgery Scheduled' });
    expect(grid).toHaveAttribute('aria-rowcount', '56');
    const drawn = () => within(grid).getAllByRole('gridcell');
    // 600 px of list hold 7 cards of 92 px; 3 more are drawn under them, none far below.
    expect(drawn().length).toBeGreaterThanOrEqual(7);
    expect(drawn().length).toBeLessThanOrEqual(12);
    expect(within(grid).queryByRole('link', { name: 'Scheduled 40' })).not.toBeInTheDocument();

    grid.scrollTo({ top: 40 * 92 });
    expect(await within(grid).findByRole('link', { name: 'Scheduled 41' })).toBeInTheDocument();
    expect(within(grid).queryByRole('link', { name: 'Scheduled 1' })).not.toBeInTheDocument();
    expect(drawn().length).toBeLessThanOrEqual(16);
  });

  it('has one Tab stop for all the cards, and the arrow keys go between cards and columns', async () => {
    api.on(BOARD, () => ({ status: 200, json: bigBoard() }));
    const { user } = await openBoard();
    const board = screen.getByRole('region', { name: 'Pipeline columns' });
    const tabbable = () => [...board.querySelectorAll<HTMLElement>('a, button, [tabindex]')].filter((element) => element.tabIndex >= 0);
    expect(tabbable()).toEqual([cardCell('Jane Doe')]);
    expect(within(board).getByRole('link', { name: 'Jane Doe' })).toHaveAttribute('tabindex', '-1');
    expect(within(board).getByRole('button', { name: 'Actions for Jane Doe' })).toHaveAttribute('tabindex', '-1');
    expect(cardCell('Jane Doe')).toHaveAccessibleDescription(/Arrow keys go to the next patient/);

    // From the search, Tab reaches the board (past the stage's tab panel, a Tab stop of its own) at its card.
    act(() => screen.getByRole('searchbox', { name: 'Search patients' }).focus());
    for (let step = 0; step < 3 && !board.contains(document.activeElement); step += 1) await user.tab();
    expect(cardCell('Jane Doe')).toHaveFocus();
    await user.keyboard('[ArrowDown]');
    expect(cardCell('Omar Ali')).toHaveFocus();
    await user.keyboard('[ArrowDown]');
    expect(cardCell('Omar Ali')).toHaveFocus();
    // Work-up is empty: Right goes on to Surgery Scheduled, to the same row.
    await user.keyboard('[ArrowRight]');
    expect(cardCell('Scheduled 2')).toHaveFocus();
    await user.keyboard('[End]');
    expect(cardCell('Scheduled 56')).toHaveFocus();
    await user.keyboard('[ArrowUp]');
    expect(cardCell('Scheduled 55')).toHaveFocus();
    await user.keyboard('[ArrowLeft]');
    expect(cardCell('Omar Ali')).toHaveFocus();
    await user.keyboard('[ArrowRight][Home]');
    expect(cardCell('Scheduled 1')).toHaveFocus();
    // Still one Tab stop, the card last focused; Tab leaves the board.
    expect(tabbable()).toEqual([cardCell('Scheduled 1')]);
    await user.tab();
    expect(board).not.toContainElement(document.activeElement as HTMLElement);
    await user.tab({ shift: true });
    expect(cardCell('Scheduled 1')).toHaveFocus();
  });

  it('Enter goes into a card, to its link and actions menu; Escape comes back', async () => {
    const { user } = await openBoard();
    act(() => cardCell('Omar Ali').focus());
    await user.keyboard('[Enter]');
    expect(screen.getByRole('link', { name: 'Omar Ali' })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Actions for Omar Ali' })).toHaveFocus();
    await user.keyboard('[Escape]');
    expect(cardCell('Omar Ali')).toHaveFocus();
    expect(screen.getByRole('link', { name: 'Omar Ali' })).toHaveAttribute('tabindex', '-1');

    await user.keyboard('[Enter]');
    await user.tab();
    await user.keyboard('[Enter]');
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByRole('menuitem', { name: 'History' })).toBeInTheDocument();
  });

  it('shows names as text, and no "Open record", to a user who may not open patients’ records', async () => {
    // limited@'s flags: the pipeline and events, not Patients (manage_user).
    appStore.getState().setUser(createAuthUser({ type: 'program_user', administrative_rights: 0, menu_flags: flagsOn('pipeline_status', 'event') }));
    const { user } = await renderScreen(<PipelineBoardScreen />, { route: '/pipeline' });
    const janeCard = await screen.findByRole('gridcell', { name: /^Jane Doe,/ });
    expect(within(janeCard).getByText('Jane Doe')).toHaveAttribute('title', 'Jane Doe');
    expect(screen.queryAllByRole('link', { name: /Jane Doe|Omar Ali|Lee Park/ })).toHaveLength(0);

    act(() => janeCard.focus());
    await user.keyboard('[Enter]');
    expect(screen.getByRole('button', { name: 'Actions for Jane Doe' })).toHaveFocus();
    await user.keyboard('[Enter]');
    const menu = await screen.findByRole('menu');
    expect(within(menu).queryByRole('menuitem', { name: 'Open record' })).not.toBeInTheDocument();
    expect(within(menu).getByRole('menuitem', { name: 'History' })).toBeInTheDocument();
  });

  it('has no live region per card: only the board’s one, for what a drag did', async () => {
    api.on(BOARD, () => ({ status: 200, json: bigBoard() }));
    await openBoard();
    const board = screen.getByRole('region', { name: 'Pipeline columns' });
    expect(board.querySelectorAll('[aria-live], [role="status"], [role="progressbar"], [role="alert"]')).toHaveLength(0);
    const regions = [...document.querySelectorAll('[aria-live]')].filter((region) => region.id.startsWith('DndLiveRegion'));
    expect(regions).toHaveLength(1);
  });
});

describe('moving a patient', () => {
  const movedAnswer = (body: PipelineMoveBody) => ({
    status: 200,
    delayMs: 150,
    json: { data: { ...jane, pipeline_status_id: body.to_status_id, days_in_status: 0 }, message: PIPELINE_MESSAGES.patientMoved },
  });

  it('picks a card up from the keyboard, moves it one column right and drops it there', async () => {
    api.on(MOVE, ({ body }) => movedAnswer(body as PipelineMoveBody));
    const { user } = await openBoard();

    act(() => cardCell('Jane Doe').focus());
    await user.keyboard('[Space]');
    expect(await screen.findByText('Picked up Jane Doe.')).toBeInTheDocument();
    await user.keyboard('[ArrowRight]');
    expect(await screen.findByText('Jane Doe is over Work-up.')).toBeInTheDocument();
    await user.keyboard('[Space]');
    expect(await screen.findByText('Moved Jane Doe to Work-up.')).toBeInTheDocument();

    // At once, before the server answers.
    expect(cardNames('Work-up')).toEqual(['Lee Park', 'Jane Doe']);
    expect(cardNames('Seminar')).toEqual(['Omar Ali']);
    expect(within(columnSection('Work-up')).getByText('2 patients')).toBeInTheDocument();
    expect(within(columnSection('Seminar')).getByText('1 patient')).toBeInTheDocument();

    expect(await findNotice('Success', PIPELINE_MESSAGES.patientMoved)).toBeInTheDocument();
    expect(api.calls(MOVE).map((call) => call.body)).toEqual([{ patient_id: 101, to_status_id: 12, from_status_id: 11 }]);
    expect(within(columnSection('Work-up')).getByText('0 days in status')).toBeInTheDocument();
    expect(api.calls(BOARD)).toHaveLength(1);
    // The focus followed the card into its new column, and it is the board's Tab stop there.
    expect(cardCell('Jane Doe', 'Work-up')).toHaveFocus();
    expect(cardCell('Jane Doe', 'Work-up')).toHaveAttribute('tabindex', '0');
  });

  it('Escape puts a picked-up card back, and nothing is sent', async () => {
    const { user } = await openBoard();
    act(() => cardCell('Jane Doe').focus());
    await user.keyboard('[Space]');
    await screen.findByText('Picked up Jane Doe.');
    await user.keyboard('[ArrowRight][ArrowRight]');
    expect(await screen.findByText('Jane Doe is over Ready for Surgery.')).toBeInTheDocument();
    await user.keyboard('[Escape]');
    expect(await screen.findByText('Moving Jane Doe was cancelled.')).toBeInTheDocument();
    expect(cardNames('Seminar')).toEqual(['Jane Doe', 'Omar Ali']);
    expect(api.calls(MOVE)).toHaveLength(0);
    expect(cardCell('Jane Doe', 'Seminar')).toHaveFocus();
  });

  it('moves a patient with the "Move to" choices of the card’s actions menu, and the focus follows the card', async () => {
    api.on(MOVE, ({ body }) => movedAnswer(body as PipelineMoveBody));
    const { user } = await openBoard();
    const menu = await openActions(user, 'Jane Doe');
    expect(within(menu).getAllByRole('menuitem').map((item) => item.textContent)).toEqual(['Open record', 'History', 'Work-up', 'Ready for Surgery']);
    expect(within(menu).getByRole('menuitem', { name: 'Open record' })).toHaveAttribute('href', '/patient-detail/101');
    expect(within(menu).getByRole('group', { name: 'Move to' })).toContainElement(within(menu).getByRole('menuitem', { name: 'Work-up' }));
    await user.click(within(menu).getByRole('menuitem', { name: 'Ready for Surgery' }));

    await waitFor(() => expect(cardNames('Ready for Surgery')).toEqual(['Jane Doe']));
    await waitFor(() => expect(cardCell('Jane Doe', 'Ready for Surgery')).toHaveFocus());
    expect(await findNotice('Success', PIPELINE_MESSAGES.patientMoved)).toBeInTheDocument();
    expect(api.calls(MOVE)[0]!.body).toEqual({ patient_id: 101, to_status_id: 13, from_status_id: 11 });
  });

  it('shows the refusal of a stale move, puts the card back and fetches the board again', async () => {
    api.on(MOVE, () => ({ status: 409, delayMs: 100, json: { message: PIPELINE_MESSAGES.staleMove } }));
    const { user } = await openBoard();
    const now = firstBoard();
    // Someone else moved Jane to Ready for Surgery meanwhile.
    now.data.columns[0]!.cards = [omar];
    now.data.columns[0]!.total = 1;
    now.data.columns[2] = createPipelineColumn(ready, [jane]);
    api.on(BOARD, () => ({ status: 200, json: now }));

    await user.click(within(await openActions(user, 'Jane Doe')).getByRole('menuitem', { name: 'Work-up' }));
    await waitFor(() => expect(cardNames('Work-up')).toEqual(['Lee Park', 'Jane Doe']));

    expect(await findNotice('Error', PIPELINE_MESSAGES.staleMove)).toBeInTheDocument();
    await waitFor(() => expect(cardNames('Ready for Surgery')).toEqual(['Jane Doe']));
    expect(cardNames('Work-up')).toEqual(['Lee Park']);
    expect(cardNames('Seminar')).toEqual(['Omar Ali']);
    expect(api.calls(BOARD)).toHaveLength(2);
  });

  it('puts the card back when the server fails', async () => {
    api.on(MOVE, () => ({ status: 500, json: { message: 'The move could not be saved.' } }));
    const { user } = await openBoard();
    await user.click(within(await openActions(user, 'Jane Doe')).getByRole('menuitem', { name: 'Work-up' }));
    expect(await findNotice('Error', 'The move could not be saved.')).toBeInTheDocument();
    expect(cardNames('Seminar')).toEqual(['Jane Doe', 'Omar Ali']);
    expect(cardNames('Work-up')).toEqual(['Lee Park']);
    // The focus came back with the card.
    expect(cardCell('Jane Doe', 'Seminar')).toHaveFocus();
  });
});

describe('more cards, history, averages and exports', () => {
  it('"Show more" fetches the column’s next page and adds it under the cards shown', async () => {
    const firstPage = cardsNamed('Early', 1);
    const secondPage = cardsNamed('Later', 21, 5);
    api.on(BOARD, ({ query }) =>
      query.get('status_id') === '12'
        ? { status: 200, delayMs: 300, json: boardOf([createPipelineColumn(workup, secondPage, { total: 25, page: 2, average_days: 9 })]) }
        : { status: 200, json: boardOf([createPipelineColumn(seminar, [jane]), createPipelineColumn(workup, firstPage, { total: 25, average_days: 8 })]) },
    );
    const { user } = await openBoard();
    const grid = within(columnSection('Work-up')).getByRole('grid', { name: 'Patients in Work-up' });
    expect(grid).toHaveAttribute('aria-rowcount', '25');
    const showMore = screen.getByRole('button', { name: /^Show more in Work-up/ });
    expect(showMore).toHaveTextContent('(20 of 25)');
    showMore.focus();
    await user.keyboard('[Enter]');
    // Loading, it keeps the focus (a disabled button would lose it) and a second press asks nothing more.
    expect(screen.getByRole('button', { name: /^Loading more… in Work-up/ })).toHaveFocus();
    await user.keyboard('[Enter]');

    await waitFor(() => expect(boardQuery(api.calls(BOARD).at(-1))).toEqual({ stage: '1', per_column: '20', status_id: '12', page: '2' }));
    expect(api.calls(BOARD).filter((call) => call.query.get('page') === '2')).toHaveLength(1);
    // The board says how many show now; the button is gone, so the focus is on the first card it brought.
    await screen.findByText('avg 9 days');
    expect(screen.getByText('Showing 25 of 25 patients in Work-up.')).toHaveAttribute('role', 'status');
    await waitFor(() => expect(cardCell('Later 21', 'Work-up')).toHaveFocus());
    // The new cards are under the others: End on a card of the column reaches the last of them.
    act(() => cardCell('Early 1').focus());
    await user.keyboard('[End]');
    expect(cardCell('Later 25', 'Work-up')).toHaveFocus();
    expect(cardCell('Later 25').closest('[role="row"]')).toHaveAttribute('aria-rowindex', '25');
    expect(within(columnSection('Work-up')).getByText('avg 9 days')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Show more/ })).not.toBeInTheDocument();
  });

  it('opens a patient’s history: who moved them, or which rule', async () => {
    api.on(HISTORY, () => ({
      status: 200,
      json: {
        data: [
          createMoveRecord({
            from_status: { id: 11, name: 'Seminar' },
            to_status: { id: 12, name: 'Work-up' },
            moved_at: '2026-02-04T15:30:00.000Z',
            moved_by: null,
            rule: { id: 4, type: 4, description: 'Checklist % Complete: 100%' },
          }),
          createMoveRecord({ to_status: { id: 11, name: 'Seminar' }, moved_by: { id: 7, name: 'Nora Nurse' } }),
        ],
      },
    }));
    const { user } = await openBoard();
    await user.click(within(await openActions(user, 'Jane Doe')).getByRole('menuitem', { name: 'History' }));
    const dialog = await screen.findByRole('dialog', { name: 'History of Jane Doe' });
    const rows = await within(dialog).findAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(rows[1]).toHaveTextContent(/Feb 04, 2026.*SeminarWork-upAutomatic: Checklist % Complete: 100%/);
    expect(rows[2]).toHaveTextContent(/No statusSeminarNora Nurse/);
    expect(boardQuery(api.calls(HISTORY)[0])).toEqual({ patient_id: '101' });

    // Closed, it gives the focus back to the actions button it was opened from, whose card is open again.
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(screen.getByRole('button', { name: 'Actions for Jane Doe' })).toHaveFocus());
    expect(screen.getByRole('link', { name: 'Jane Doe' })).toHaveAttribute('tabindex', '0');
  });

  it('unfolds the average days per status under the board', async () => {
    api.on(AVERAGES, () => ({
      status: 200,
      json: {
        data: [
          { status_id: 11, name: 'Seminar', patients: 2, current_average_days: 7, completed_stays: 40, completed_average_days: 12 },
          { status_id: 13, name: 'Ready for Surgery', patients: 0, current_average_days: null, completed_stays: 0, completed_average_days: null },
        ],
      },
    }));
    const { user } = await openBoard();
    expect(api.calls(AVERAGES)).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Average days per status' }));
    const table = await screen.findByRole('table', { name: 'Average days per status' });
    const rows = within(table).getAllByRole('row');
    expect(rows[0]).toHaveTextContent('StatusPatients nowAverage days so farStays ended (365 days)Average days of ended stays');
    expect(rows[1]).toHaveTextContent('Seminar274012');
    expect(rows[2]).toHaveTextContent('Ready for Surgery0—0—');
    expect(boardQuery(api.calls(AVERAGES)[0])).toEqual({ stage: '1' });
  });

  it('downloads the board and the average days as Excel files', async () => {
    const saved: string[] = [];
    URL.createObjectURL = jest.fn(() => 'blob:pipeline');
    URL.revokeObjectURL = jest.fn();
    const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    const xlsx = (name: string) => ({
      status: 200,
      text: 'PK',
      contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      headers: { 'content-disposition': `attachment; filename="${name}"` },
      delayMs: 50,
    });
    api.on(EXCEL, xlsx('pipeline-pre-op.xlsx'));
    api.on(AVERAGES_EXCEL, xlsx('pipeline-average-days.xlsx'));
    const { user } = await openBoard('/pipeline?stage=1&search=doe');

    await user.click(screen.getByRole('button', { name: 'Export to Excel' }));
    await waitFor(() => expect(saved).toEqual(['pipeline-pre-op.xlsx']));
    expect(boardQuery(api.calls(EXCEL)[0])).toEqual({ stage: '1', search: 'doe' });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Average days (Excel)' })).toBeEnabled());
    await user.click(screen.getByRole('button', { name: 'Average days (Excel)' }));
    await waitFor(() => expect(saved).toEqual(['pipeline-pre-op.xlsx', 'pipeline-average-days.xlsx']));
    expect(boardQuery(api.calls(AVERAGES_EXCEL)[0])).toEqual({ stage: '1' });
    click.mockRestore();
  });
});
