import { act, screen, waitFor, within } from '@testing-library/react';
import { PIPELINE_MESSAGES, type PipelineBoardResponse, type PipelineMoveBody } from '@baridesk/contracts';
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
  appStore.getState().signIn({ token: 'tok', user: createAuthUser({ type: 'program_user', administrative_rights: 0 }) });
});
afterEach(() => act(() => toaster.remove()));

const columnSection = (name: string) => screen.getByRole('heading', { level: 2, name }).closest('section') as HTMLElement;
const cardNames = (name: string) => within(columnSection(name)).queryAllByRole('link').map((link) => link.textContent);
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

    const janeCard = screen.getByRole('link', { name: 'Jane Doe' }).closest('li') as HTMLElement;
    expect(screen.getByRole('link', { name: 'Jane Doe' })).toHaveAttribute('href', '/patient-detail/101');
    expect(within(janeCard).getByText('12 days in status')).toBeInTheDocument();
    expect(within(janeCard).getByText('40%')).toBeInTheDocument();
    expect(within(janeCard).getByText('Surgery Mar 05, 2026')).toBeInTheDocument();
    const omarCard = screen.getByRole('link', { name: 'Omar Ali' }).closest('li') as HTMLElement;
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

describe('moving a patient', () => {
  const movedAnswer = (body: PipelineMoveBody) => ({
    status: 200,
    delayMs: 150,
    json: { data: { ...jane, pipeline_status_id: body.to_status_id, days_in_status: 0 }, message: PIPELINE_MESSAGES.patientMoved },
  });

  it('picks a card up from the keyboard, moves it one column right and drops it there', async () => {
    api.on(MOVE, ({ body }) => movedAnswer(body as PipelineMoveBody));
    const { user } = await openBoard();

    screen.getByRole('button', { name: 'Drag Jane Doe' }).focus();
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
  });

  it('Escape puts a picked-up card back, and nothing is sent', async () => {
    const { user } = await openBoard();
    screen.getByRole('button', { name: 'Drag Jane Doe' }).focus();
    await user.keyboard('[Space]');
    await screen.findByText('Picked up Jane Doe.');
    await user.keyboard('[ArrowRight][ArrowRight]');
    expect(await screen.findByText('Jane Doe is over Ready for Surgery.')).toBeInTheDocument();
    await user.keyboard('[Escape]');
    expect(await screen.findByText('Moving Jane Doe was cancelled.')).toBeInTheDocument();
    expect(cardNames('Seminar')).toEqual(['Jane Doe', 'Omar Ali']);
    expect(api.calls(MOVE)).toHaveLength(0);
  });

  it('moves a patient with the "Move to…" menu', async () => {
    api.on(MOVE, ({ body }) => movedAnswer(body as PipelineMoveBody));
    const { user } = await openBoard();
    await user.click(screen.getByRole('button', { name: 'Move to… Jane Doe' }));
    const menu = await screen.findByRole('menu');
    expect(within(menu).getAllByRole('menuitem').map((item) => item.textContent)).toEqual(['Work-up', 'Ready for Surgery']);
    await user.click(within(menu).getByRole('menuitem', { name: 'Ready for Surgery' }));

    await waitFor(() => expect(cardNames('Ready for Surgery')).toEqual(['Jane Doe']));
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

    await user.click(screen.getByRole('button', { name: 'Move to… Jane Doe' }));
    await user.click(within(await screen.findByRole('menu')).getByRole('menuitem', { name: 'Work-up' }));
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
    await user.click(screen.getByRole('button', { name: 'Move to… Jane Doe' }));
    await user.click(within(await screen.findByRole('menu')).getByRole('menuitem', { name: 'Work-up' }));
    expect(await findNotice('Error', 'The move could not be saved.')).toBeInTheDocument();
    expect(cardNames('Seminar')).toEqual(['Jane Doe', 'Omar Ali']);
    expect(cardNames('Work-up')).toEqual(['Lee Park']);
  });
});

describe('more cards, history, averages and exports', () => {
  it('"Show more" fetches the column’s next page and adds it under the cards shown', async () => {
    const firstPage = cardsNamed('Early', 1);
    const secondPage = cardsNamed('Later', 21, 5);
    api.on(BOARD, ({ query }) =>
      query.get('status_id') === '12'
        ? { status: 200, json: boardOf([createPipelineColumn(workup, secondPage, { total: 25, page: 2, average_days: 9 })]) }
        : { status: 200, json: boardOf([createPipelineColumn(seminar, [jane]), createPipelineColumn(workup, firstPage, { total: 25, average_days: 8 })]) },
    );
    const { user } = await openBoard();
    expect(cardNames('Work-up')).toHaveLength(20);
    await user.click(screen.getByRole('button', { name: /^Show more in Work-up/ }));

    await waitFor(() => expect(cardNames('Work-up')).toHaveLength(25));
    expect(boardQuery(api.calls(BOARD).at(-1))).toEqual({ stage: '1', per_column: '20', status_id: '12', page: '2' });
    expect(cardNames('Work-up').at(-1)).toBe('Later 25');
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
    await user.click(screen.getByRole('button', { name: 'History of Jane Doe' }));
    const dialog = await screen.findByRole('dialog', { name: 'History of Jane Doe' });
    const rows = await within(dialog).findAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(rows[1]).toHaveTextContent(/Feb 04, 2026.*SeminarWork-upAutomatic: Checklist % Complete: 100%/);
    expect(rows[2]).toHaveTextContent(/No statusSeminarNora Nurse/);
    expect(boardQuery(api.calls(HISTORY)[0])).toEqual({ patient_id: '101' });
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
