import { useState } from 'react';
import { screen, within } from '@testing-library/react';
import { DataTable, type DataTableColumn, type TableSort } from './data-table';
import type { PerPage } from './pager';
import { renderUi } from './test/render-ui';

type Patient = { id: number; name: string; city: string | null };

const columns: DataTableColumn<Patient>[] = [
  { key: 'name', header: 'Name', sortable: true },
  { key: 'city', header: 'City', sortable: true },
  { key: 'actions', header: 'Actions', render: (row) => <a href={`/patient-detail/${row.id}`}>View</a> },
];

const patients: Patient[] = Array.from({ length: 3 }, (_, index) => ({
  id: index + 1,
  name: `Patient ${index + 1}`,
  city: index === 2 ? null : 'Austin',
}));

function Harness({ loading = false, rows = patients, selectAllLabel }: { loading?: boolean; rows?: Patient[]; selectAllLabel?: string }) {
  const [page, setPage] = useState(1);
  const [perPage, setPerPage] = useState<PerPage>(10);
  const [sort, setSort] = useState<TableSort | undefined>();
  const [selected, setSelected] = useState<string[]>([]);
  return (
    <>
      <DataTable
        caption="Patients"
        columns={columns}
        rows={rows}
        getRowId={(row) => row.id}
        getRowLabel={(row) => row.name}
        total={42}
        page={page}
        perPage={perPage}
        onPageChange={setPage}
        onPerPageChange={setPerPage}
        sort={sort}
        onSortChange={setSort}
        loading={loading}
        selectable
        selectedIds={selected}
        onSelectionChange={setSelected}
        selectAllLabel={selectAllLabel}
      />
      <p data-testid="selected">{selected.join(',')}</p>
    </>
  );
}

test('renders the header, the cells (custom and default) and a caption for screen readers', async () => {
  await renderUi(<Harness />);
  const table = screen.getByRole('table', { name: 'Patients' });
  expect(within(table).getAllByRole('columnheader').map((header) => header.textContent)).toEqual([
    'Select all rows on this page',
    'Name',
    'City',
    'Actions',
  ]);
  const rows = within(table).getAllByRole('row');
  expect(rows).toHaveLength(4);
  expect(within(rows[3]!).getAllByRole('cell').map((cell) => cell.textContent)).toEqual([
    'Select Patient 3',
    'Patient 3',
    '',
    'View',
  ]);
  expect(within(rows[1]!).getByRole('link', { name: 'View' })).toHaveAttribute('href', '/patient-detail/1');
});

test('pages through the results: "Page X of Y" and the paging buttons', async () => {
  const { user } = await renderUi(<Harness />);
  expect(screen.getByText('Page 1 of 5')).toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: 'Next page' }));
  expect(screen.getByText('Page 2 of 5')).toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: 'Last page' }));
  expect(screen.getByText('Page 5 of 5')).toBeInTheDocument();
  expect(screen.getAllByRole('button', { name: /^Page \d$/ }).map((b) => b.textContent)).toEqual(['3', '4', '5']);
  await user.click(screen.getByRole('button', { name: 'Page 3' }));
  expect(screen.getByText('Page 3 of 5')).toBeInTheDocument();
  await user.selectOptions(screen.getByRole('combobox', { name: 'Items per page' }), '20');
  expect(screen.getByText('Page 1 of 3')).toBeInTheDocument();
});

test('sortable headers are buttons that toggle the direction and set aria-sort', async () => {
  const { user } = await renderUi(<Harness />);
  const nameHeader = screen.getByRole('columnheader', { name: 'Name' });
  const cityHeader = screen.getByRole('columnheader', { name: 'City' });
  expect(nameHeader).toHaveAttribute('aria-sort', 'none');
  expect(screen.getByRole('columnheader', { name: 'Actions' })).not.toHaveAttribute('aria-sort');

  await user.click(within(nameHeader).getByRole('button', { name: 'Name' }));
  expect(nameHeader).toHaveAttribute('aria-sort', 'ascending');
  await user.click(within(nameHeader).getByRole('button', { name: 'Name' }));
  expect(nameHeader).toHaveAttribute('aria-sort', 'descending');

  // From the keyboard: Tab to the City button and press Enter.
  within(cityHeader).getByRole('button').focus();
  await user.keyboard('{Enter}');
  expect(cityHeader).toHaveAttribute('aria-sort', 'ascending');
  expect(nameHeader).toHaveAttribute('aria-sort', 'none');
});

test('rows can be selected one by one or all on the page', async () => {
  const { user } = await renderUi(<Harness />);
  await user.click(screen.getByRole('checkbox', { name: 'Select Patient 2' }));
  expect(screen.getByTestId('selected')).toHaveTextContent('2');
  expect(screen.getByRole('checkbox', { name: 'Select Patient 2' })).toBeChecked();

  await user.click(screen.getByRole('checkbox', { name: 'Select all rows on this page' }));
  expect(screen.getByTestId('selected')).toHaveTextContent('1,2,3');
  await user.click(screen.getByRole('checkbox', { name: 'Select all rows on this page' }));
  expect(screen.getByTestId('selected').textContent).toBe('');
});

test('the header checkbox can be named for what the rows are, and shows a partial selection', async () => {
  const { user } = await renderUi(<Harness selectAllLabel="Select all patients on this page" />);
  const all = screen.getByRole('checkbox', { name: 'Select all patients on this page' });
  expect(screen.queryByRole('checkbox', { name: 'Select all rows on this page' })).not.toBeInTheDocument();
  await user.click(screen.getByRole('checkbox', { name: 'Select Patient 1' }));
  expect(all).toBePartiallyChecked();
  await user.click(all);
  expect(all).toBeChecked();
  expect(screen.getByTestId('selected')).toHaveTextContent('1,2,3');
});

test('while loading the old rows stay visible and the table is aria-busy', async () => {
  await renderUi(<Harness loading />);
  expect(screen.getByRole('table')).toHaveAttribute('aria-busy', 'true');
  expect(screen.getByText('Patient 1')).toBeInTheDocument();
  expect(screen.getByRole('status')).toHaveTextContent('Loading…');
});

test('no rows shows the empty text', async () => {
  await renderUi(<Harness rows={[]} />);
  expect(screen.getByText('No records found.')).toBeInTheDocument();
  expect(screen.getByRole('table')).not.toHaveAttribute('aria-busy');
});
