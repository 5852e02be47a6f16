import { screen, within } from '@testing-library/react';
import { Pager } from './pager';
import { renderUi } from './test/render-ui';

async function setup(props: Partial<Parameters<typeof Pager>[0]> = {}) {
  const onPageChange = jest.fn();
  const onPerPageChange = jest.fn();
  const view = await renderUi(
    <Pager total={95} page={5} perPage={10} onPageChange={onPageChange} onPerPageChange={onPerPageChange} {...props} />,
  );
  return { ...view, onPageChange, onPerPageChange };
}

test('shows "Page X of Y" and three page numbers around the current page', async () => {
  await setup();
  expect(screen.getByText('Page 5 of 10')).toBeInTheDocument();
  const nav = screen.getByRole('navigation', { name: 'Pages' });
  const numbers = within(nav).getAllByRole('button', { name: /^Page \d+$/ });
  expect(numbers.map((button) => button.textContent)).toEqual(['4', '5', '6']);
  expect(within(nav).getByRole('button', { name: 'Page 5' })).toHaveAttribute('aria-current', 'page');
});

test('first, previous, next, last and number buttons ask for their page', async () => {
  const { user, onPageChange } = await setup();
  await user.click(screen.getByRole('button', { name: 'First page' }));
  await user.click(screen.getByRole('button', { name: 'Previous page' }));
  await user.click(screen.getByRole('button', { name: 'Page 6' }));
  await user.click(screen.getByRole('button', { name: 'Next page' }));
  await user.click(screen.getByRole('button', { name: 'Last page' }));
  expect(onPageChange.mock.calls.map(([page]) => page)).toEqual([1, 4, 6, 6, 10]);
});

test('first and previous are disabled on page 1, next and last on the last page', async () => {
  const { rerender, onPageChange, onPerPageChange } = await setup({ page: 1 });
  expect(screen.getByRole('button', { name: 'First page' })).toBeDisabled();
  expect(screen.getByRole('button', { name: 'Previous page' })).toBeDisabled();
  expect(screen.getByRole('button', { name: 'Next page' })).toBeEnabled();
  rerender(<Pager total={95} page={10} perPage={10} onPageChange={onPageChange} onPerPageChange={onPerPageChange} />);
  expect(screen.getByRole('button', { name: 'Next page' })).toBeDisabled();
  expect(screen.getByRole('button', { name: 'Last page' })).toBeDisabled();
  expect(screen.getByText('Page 10 of 10')).toBeInTheDocument();
});

test('offers 5, 10, 15, 20, 50, 100 and All per page; a change goes back to page 1', async () => {
  const { user, onPageChange, onPerPageChange } = await setup();
  const select = screen.getByRole('combobox', { name: 'Items per page' });
  expect(select).toHaveValue('10');
  expect(within(select).getAllByRole('option').map((option) => option.textContent)).toEqual([
    '5', '10', '15', '20', '50', '100', 'All',
  ]);
  await user.selectOptions(select, '50');
  expect(onPerPageChange).toHaveBeenLastCalledWith(50);
  expect(onPageChange).toHaveBeenLastCalledWith(1);
  await user.selectOptions(select, 'All');
  expect(onPerPageChange).toHaveBeenLastCalledWith('All');
});

test('All puts everything on one page; no items still reads "Page 1 of 1"', async () => {
  const { rerender, onPageChange, onPerPageChange } = await setup({ perPage: 'All', page: 1 });
  expect(screen.getByText('Page 1 of 1')).toBeInTheDocument();
  rerender(<Pager total={0} page={1} perPage={10} onPageChange={onPageChange} onPerPageChange={onPerPageChange} />);
  expect(screen.getByText('Page 1 of 1')).toBeInTheDocument();
  expect(screen.getAllByRole('button', { name: /^Page \d+$/ })).toHaveLength(1);
});
