import { screen, waitFor, within } from '@testing-library/react';
import { chooseRowDelete, renderUi } from './test/render-ui';
import type { DataTableColumn } from './data-table';
import { useListParams } from './use-list-params';
import {
  QueryDataTable,
  StatusFilter,
  RecordListFilters,
  actionsColumn,
  listQueryParams,
  statusFilterValue,
  statusToggleColumn,
  useDeleteWithConfirm,
  type PagedListQuery,
} from './record-list';

type Tag = { id: number; name: string; status: number };
const TAGS: Tag[] = [
  { id: 1, name: 'Diabetic', status: 1 },
  { id: 2, name: 'Vegan', status: 0 },
];

const loaded = (rows: Tag[], more: Partial<PagedListQuery<Tag>> = {}): PagedListQuery<Tag> => ({
  data: { data: { data: rows, total: rows.length } },
  isError: false,
  error: null,
  isFetching: false,
  refetch: jest.fn(),
  ...more,
});

type Handlers = {
  remove: (tag: Tag) => Promise<{ message: string }>;
  onEdit: (tag: Tag) => void;
  onToggle: (tag: Tag, status: 0 | 1) => void;
  notifySuccess: (message: string) => void;
  notifyError: (error: unknown) => void;
};

function TagsList({ query, handlers }: { query: PagedListQuery<Tag>; handlers: Handlers }) {
  const list = useListParams({ sort: 'name', direction: 'asc' });
  const { askDelete, dialog } = useDeleteWithConfirm<Tag>({
    question: (tag) => ({ title: 'Delete tag', message: `Delete the tag "${tag.name}"?` }),
    remove: handlers.remove,
    notifySuccess: handlers.notifySuccess,
    notifyError: handlers.notifyError,
  });
  const columns: DataTableColumn<Tag>[] = [
    { key: 'name', header: 'Name' },
    statusToggleColumn((tag) => `${tag.name} active`, handlers.onToggle),
    actionsColumn({ name: (tag) => tag.name, onEdit: handlers.onEdit, onDelete: (tag) => void askDelete(tag) }),
  ];
  return (
    <>
      <QueryDataTable
        query={query}
        errorTitle="The tags could not be loaded."
        caption="Tags"
        columns={columns}
        getRowId={(tag) => tag.id}
        {...list.tableProps}
        emptyText="No tags yet."
      />
      {dialog}
    </>
  );
}

const handlers = (more: Partial<Handlers> = {}): Handlers => ({
  remove: jest.fn(async () => ({ message: 'Tag deleted.' })),
  onEdit: jest.fn(),
  onToggle: jest.fn(),
  notifySuccess: jest.fn(),
  notifyError: jest.fn(),
  ...more,
});

test('the table shows the query rows with a switch and Edit and Delete buttons per row', async () => {
  const calls = handlers();
  const { user } = await renderUi(<TagsList query={loaded(TAGS)} handlers={calls} />);
  const table = screen.getByRole('table', { name: 'Tags' });
  expect(within(table).getByRole('columnheader', { name: /Status/ })).toBeInTheDocument();
  expect(within(table).getByRole('columnheader', { name: 'Actions' })).toBeInTheDocument();
  expect(screen.getByRole('switch', { name: 'Diabetic active' })).toBeChecked();
  expect(screen.getByRole('switch', { name: 'Vegan active' })).not.toBeChecked();

  await user.click(screen.getByRole('switch', { name: 'Vegan active' }));
  expect(calls.onToggle).toHaveBeenCalledWith(TAGS[1], 1);
  await user.click(screen.getByRole('switch', { name: 'Diabetic active' }));
  expect(calls.onToggle).toHaveBeenLastCalledWith(TAGS[0], 0);

  await user.click(screen.getByRole('button', { name: 'Edit Vegan' }));
  expect(calls.onEdit).toHaveBeenCalledWith(TAGS[1]);
});

test('Delete asks first: Cancel deletes nothing, Delete deletes and shows the server message', async () => {
  const calls = handlers();
  const { user } = await renderUi(<TagsList query={loaded(TAGS)} handlers={calls} />);

  await chooseRowDelete(user, 'Diabetic');
  const dialog = await screen.findByRole('alertdialog', { name: 'Delete tag' });
  expect(dialog).toHaveTextContent('Delete the tag "Diabetic"?');
  await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
  await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
  expect(calls.remove).not.toHaveBeenCalled();

  await chooseRowDelete(user, 'Diabetic');
  await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
  await waitFor(() => expect(calls.notifySuccess).toHaveBeenCalledWith('Tag deleted.'));
  expect(calls.remove).toHaveBeenCalledWith(TAGS[0]);
  expect(calls.notifyError).not.toHaveBeenCalled();
});

test('a failed delete is told as a notice', async () => {
  const failure = new Error('The tag is in use.');
  const calls = handlers({ remove: jest.fn(async () => Promise.reject(failure)) });
  const { user } = await renderUi(<TagsList query={loaded(TAGS)} handlers={calls} />);
  await chooseRowDelete(user, 'Vegan');
  await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
  await waitFor(() => expect(calls.notifyError).toHaveBeenCalledWith(failure));
  expect(calls.notifySuccess).not.toHaveBeenCalled();
});

test('a failed query shows what could not be loaded, and Try again refetches', async () => {
  const query = loaded([], { data: undefined, isError: true, error: new Error('Server unavailable') });
  const { user } = await renderUi(<TagsList query={query} handlers={handlers()} />);
  expect(screen.getByText('The tags could not be loaded.')).toBeInTheDocument();
  expect(screen.getByText('Server unavailable')).toBeInTheDocument();
  expect(screen.getByText('No tags yet.')).toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: 'Try again' }));
  expect(query.refetch).toHaveBeenCalledTimes(1);
});

test('a fetching query keeps its rows and marks the table busy', async () => {
  await renderUi(<TagsList query={loaded(TAGS, { isFetching: true })} handlers={handlers()} />);
  expect(screen.getByRole('table', { name: 'Tags' })).toHaveAttribute('aria-busy', 'true');
  expect(screen.getByText('Diabetic')).toBeInTheDocument();
});

test('the status filter offers all, active and inactive, and tells the query 1, 0 or nothing', async () => {
  const onChange = jest.fn();
  const { user } = await renderUi(<StatusFilter value="" onChange={onChange} />);
  const select = screen.getByRole('combobox', { name: 'Status' });
  expect(within(select).getAllByRole('option').map((option) => option.textContent)).toEqual(['All statuses', 'Active', 'Inactive']);
  await user.selectOptions(select, 'Inactive');
  expect(onChange).toHaveBeenCalledWith('0');

  expect(statusFilterValue('')).toBeUndefined();
  expect(statusFilterValue(undefined)).toBeUndefined();
  expect(statusFilterValue('1')).toBe(1);
  expect(statusFilterValue('0')).toBe(0);
});

test('the filter bar binds the search box and the status filter to the list', async () => {
  const list = { search: 'dia', filters: { status: '1' }, setSearch: jest.fn(), setFilter: jest.fn() };
  const { user } = await renderUi(<RecordListFilters list={list} searchLabel="Search tags" placeholder="Search tags…" />);
  const search = screen.getByRole('searchbox', { name: 'Search tags' });
  expect(search).toHaveValue('dia');
  expect(screen.getByRole('combobox', { name: 'Status' })).toHaveValue('1');
  await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'All statuses');
  expect(list.setFilter).toHaveBeenCalledWith('status', '');
  await user.clear(search);
  await user.type(search, 'obesity{Enter}');
  expect(list.setSearch).toHaveBeenLastCalledWith('obesity');
});

test('listQueryParams trims the search, drops a blank one and falls back from an unknown sort', () => {
  const base = { page: 3, perPage: 20, direction: 'desc', filters: {} } as const;
  expect(listQueryParams({ ...base, sort: 'name', search: '  jane ' }, ['name', 'status'], 'status')).toEqual({
    page: 3,
    perPage: 20,
    sort: 'name',
    direction: 'desc',
    search: 'jane',
  });
  expect(listQueryParams({ ...base, sort: 'email', search: '   ' }, ['name', 'status'], 'status')).toEqual({
    page: 3,
    perPage: 20,
    sort: 'status',
    direction: 'desc',
    search: undefined,
  });
});
