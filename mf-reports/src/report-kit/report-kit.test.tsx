import { act, screen, waitFor, within } from '@testing-library/react';
import { useLocation } from 'react-router-dom';
import { chooseOption, createAuthUser, findNotice, pageOf, renderScreen, startFakeApi, type FakeApi, type RouteKey } from '@baridesk/testing';
import { toaster } from '@baridesk/ui';
import { FilterSelect } from '@baridesk/ui/lists';
import { REPORT_PREPARING_MESSAGE } from '@baridesk/ui/overlays';
import { REPORT_RANGES, ReportFilters, ReportPage, ReportTable, stageColumn, usePatientColumn, useReportFilters } from '.';

type Row = { id: number; name: string; stage: 1 | 2 | 3 };

const LIST: RouteKey = 'GET /test-report';
const range = () => ({ from: '2026-01-01', to: '2026-03-31' });

/** A report built from the kit, showing the address it keeps. */
function TestReport() {
  const filters = useReportFilters({ range, extra: { days: '30' } });
  const columns = [usePatientColumn<Row>(), stageColumn<Row>()];
  return (
    <ReportPage
      title="Test report"
      description="Patients for the kit's tests."
      filters={
        <ReportFilters filters={filters} datesHint="The day of surgery.">
          <FilterSelect
            label="Days"
            anyLabel="30 days"
            value={filters.values.days === '30' ? '' : filters.values.days}
            options={[{ value: '60', label: '60 days' }]}
            onChange={(value) => filters.set('days', value)}
          />
        </ReportFilters>
      }
    >
      <p data-testid="address">{useLocation().search}</p>
      <ReportTable<Row, 'name' | 'stage'>
        caption="Test patients"
        path="/test-report"
        excelPath="/test-report/excel"
        excelLabel="Test report (Excel)"
        excelFallbackName="test-report.xlsx"
        params={{ ...filters.query, days: filters.values.days }}
        columns={columns}
        sorts={['name', 'stage']}
        defaultSort="name"
        defaultDirection="asc"
        noun={['patient', 'patients']}
        emptyText="No patients with these filters."
        errorTitle="The test patients could not be loaded."
        searchLabel="Search patients"
        minWidth="30rem"
      />
    </ReportPage>
  );
}

let api: FakeApi;
let saved: string[];

beforeEach(async () => {
  api = await startFakeApi({
    [LIST]: { status: 200, json: pageOf<Row>([{ id: 7, name: 'Ana Lopez', stage: 2 }], { total: 23 }) },
    'GET /reports/filters': {
      status: 200,
      json: {
        data: {
          stages: [
            { id: 1, label: 'Pre-Op' },
            { id: 2, label: 'Post-Op' },
            { id: 3, label: 'Long Term' },
          ],
          tags: [{ id: 4, name: 'Diabetic' }],
          coordinators: [{ id: 9, name: 'Carla Diaz' }],
          locations: [],
          surgeryTypes: ['Gastric Bypass', 'Sleeve'],
        },
      },
    },
  });
  saved = [];
  URL.createObjectURL = jest.fn(() => 'blob:report');
  URL.revokeObjectURL = jest.fn();
  jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push(this.download);
  });
});

afterEach(async () => {
  act(() => toaster.remove());
  jest.restoreAllMocks();
  await api.close();
});

const staff = () => ({ token: 'tok', user: createAuthUser() });
const lastQuery = (route: RouteKey) => Object.fromEntries(api.calls(route).at(-1)!.query);
const open = (path = '/report') => renderScreen(<TestReport />, { route: '/report', path, store: staff() });

test('each report opens on its own range (the server’s defaults, written out)', () => {
  const now = new Date(2026, 2, 10, 23, 30);
  expect(REPORT_RANGES.lost(now)).toEqual({ from: '2025-04-01', to: '2026-03-10' });
  expect(REPORT_RANGES.preOp(now)).toEqual({ from: '2026-03-10', to: '2026-06-08' });
  expect(REPORT_RANGES.postOp(now)).toEqual({ from: '2024-03-10', to: '2026-03-10' });
  expect(REPORT_RANGES.surgeryVolume(now)).toEqual({ from: '2025-04-01', to: '2026-03-10' });
});

test('opens with the default range and page 1; the address stays clean; the name links to the record', async () => {
  await open();
  expect(screen.getByRole('heading', { level: 1, name: 'Test report' })).toBeInTheDocument();
  const row = await screen.findByRole('row', { name: /Ana Lopez/ });
  expect(within(row).getByRole('link', { name: 'Ana Lopez' })).toHaveAttribute('href', '/patient-detail/7');
  expect(row).toHaveTextContent('Post-Op');
  expect(screen.getByText('23 patients')).toBeInTheDocument();
  expect(screen.getByText('Page 1 of 3')).toBeInTheDocument();
  expect(lastQuery(LIST)).toEqual({ from: '2026-01-01', to: '2026-03-31', days: '30', page: '1', perPage: '10', sort: 'name', direction: 'asc' });
  expect(screen.getByRole('textbox', { name: 'From' })).toHaveValue('01/01/2026');
  expect(screen.getByTestId('address')).toHaveTextContent(/^$/);
});

test('filters come from the address (a shared link), hand-edited nonsense is ignored', async () => {
  await open('/report?stage=3&tag=4&surgery_type=Sleeve&from=2026-02-01&coordinator=abc&to=2026-02-31&days=60');
  await screen.findByRole('row', { name: /Ana Lopez/ });
  expect(lastQuery(LIST)).toMatchObject({ stage: '3', tag: '4', surgery_type: 'Sleeve', from: '2026-02-01', to: '2026-03-31', days: '60' });
  expect(lastQuery(LIST)).not.toHaveProperty('coordinator');
  expect(screen.getByRole('combobox', { name: 'Stage' })).toHaveValue('3');
  await waitFor(() => expect(screen.getByRole('combobox', { name: 'Tag' })).toHaveDisplayValue('Diabetic'));
  expect(screen.getByRole('combobox', { name: 'Surgery type' })).toHaveDisplayValue('Sleeve');
});

test('a filter change goes into the address and back to page 1; Reset filters clears them', async () => {
  const { user } = await open();
  await screen.findByRole('row', { name: /Ana Lopez/ });
  await user.click(screen.getByRole('button', { name: /next page/i }));
  await waitFor(() => expect(lastQuery(LIST)).toMatchObject({ page: '2' }));

  await waitFor(() => expect(screen.getByRole('combobox', { name: 'Insurance coordinator' })).toBeEnabled());
  await chooseOption(user, screen.getByRole('combobox', { name: 'Insurance coordinator' }), 'Carla Diaz');
  await waitFor(() => expect(lastQuery(LIST)).toMatchObject({ coordinator: '9', page: '1' }));
  await chooseOption(user, screen.getByRole('combobox', { name: 'Surgery type' }), 'Gastric Bypass');
  await chooseOption(user, screen.getByRole('combobox', { name: 'Days' }), '60 days');
  await waitFor(() => expect(screen.getByTestId('address')).toHaveTextContent('?coordinator=9&surgery_type=Gastric+Bypass&days=60'));
  expect(api.calls(LIST).filter((call) => call.query.get('page') === '2' && call.query.get('coordinator'))).toHaveLength(0);

  await user.click(screen.getByRole('button', { name: 'Reset filters' }));
  await waitFor(() => expect(screen.getByTestId('address')).toHaveTextContent(/^$/));
  expect(lastQuery(LIST)).toEqual({ from: '2026-01-01', to: '2026-03-31', days: '30', page: '1', perPage: '10', sort: 'name', direction: 'asc' });
  expect(screen.getByRole('button', { name: 'Reset filters' })).toBeDisabled();
});

test('Download Excel saves exactly what is filtered, searched and sorted, behind the report banner', async () => {
  api.on('GET /test-report/excel', {
    status: 200,
    text: 'PK',
    contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    headers: { 'content-disposition': 'attachment; filename="test-2026-03-10.xlsx"' },
    delayMs: 100,
  });
  const { user } = await open('/report?stage=2');
  await screen.findByRole('row', { name: /Ana Lopez/ });
  await user.type(screen.getByRole('searchbox', { name: 'Search patients' }), 'ana{Enter}');
  await user.click(screen.getByRole('button', { name: 'Patient' }));
  await waitFor(() => expect(lastQuery(LIST)).toMatchObject({ search: 'ana', sort: 'name', direction: 'desc' }));
  await user.click(screen.getByRole('button', { name: 'Download Excel' }));
  expect(await screen.findByText(REPORT_PREPARING_MESSAGE)).toBeInTheDocument();
  await waitFor(() => expect(saved).toEqual(['test-2026-03-10.xlsx']));
  const { page: _page, perPage: _perPage, ...asShown } = lastQuery(LIST);
  expect(lastQuery('GET /test-report/excel')).toEqual(asShown);
});

test('a failed page says so with Try again; a failed Excel shows the server’s message; no rows, no Excel', async () => {
  api.on(LIST, { status: 422, json: { message: 'The to date must be on or after the from date.', errors: { to: ['The to date must be on or after the from date.'] } } });
  const { user } = await open();
  expect(await screen.findByText('The test patients could not be loaded.')).toBeInTheDocument();
  expect(screen.getByText('The to date must be on or after the from date.')).toBeInTheDocument();

  api.on(LIST, { status: 200, json: pageOf<Row>([], { total: 0 }) });
  await user.click(screen.getByRole('button', { name: 'Try again' }));
  expect(await screen.findByText('No patients with these filters.')).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Download Excel' })).toBeDisabled();

  api.on(LIST, { status: 200, json: pageOf<Row>([{ id: 7, name: 'Ana Lopez', stage: 2 }]) });
  api.on('GET /test-report/excel', { status: 500, json: { message: 'The file could not be made.' } });
  await chooseOption(user, screen.getByRole('combobox', { name: 'Stage' }), 'Post-Op');
  await screen.findByRole('row', { name: /Ana Lopez/ });
  await user.click(screen.getByRole('button', { name: 'Download Excel' }));
  expect(await findNotice('Excel export', 'The file could not be made.')).toBeInTheDocument();
});
