import { screen } from '@testing-library/react';
import { MonthCalendar } from './month-calendar';
import { renderUi } from './test/render-ui';

test('shows the month of the value with Sunday-first weeks and the chosen day selected', async () => {
  await renderUi(<MonthCalendar value="2024-03-07" onSelect={jest.fn()} />);
  const grid = screen.getByRole('grid', { name: 'March 2024' });
  expect(grid).toBeInTheDocument();
  expect(screen.getAllByRole('columnheader').map((header) => header.textContent)).toEqual([
    'Su', 'Mo', 'Tu', 'We', 'Th', 'Fr', 'Sa',
  ]);
  const chosen = screen.getByRole('button', { name: 'Thursday, March 7, 2024' });
  expect(chosen).toHaveAttribute('tabindex', '0');
  expect(chosen.closest('[role="gridcell"]')).toHaveAttribute('aria-selected', 'true');
  // March 1st 2024 is a Friday: the grid starts on Sunday February 25.
  expect(screen.getByRole('button', { name: 'Sunday, February 25, 2024' })).toBeInTheDocument();
});

test('arrow keys, Home/End and Page Up/Down move the focus; Enter chooses', async () => {
  const onSelect = jest.fn();
  const { user } = await renderUi(<MonthCalendar value="2024-03-07" onSelect={onSelect} />);
  screen.getByRole('button', { name: 'Thursday, March 7, 2024' }).focus();
  await user.keyboard('{ArrowRight}');
  expect(screen.getByRole('button', { name: 'Friday, March 8, 2024' })).toHaveFocus();
  await user.keyboard('{ArrowDown}');
  expect(screen.getByRole('button', { name: 'Friday, March 15, 2024' })).toHaveFocus();
  await user.keyboard('{Home}');
  expect(screen.getByRole('button', { name: 'Sunday, March 10, 2024' })).toHaveFocus();
  await user.keyboard('{PageDown}');
  expect(screen.getByRole('grid', { name: 'April 2024' })).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Wednesday, April 10, 2024' })).toHaveFocus();
  await user.keyboard('{Enter}');
  expect(onSelect).toHaveBeenCalledWith('2024-04-10');
});

test('days outside min and max cannot be chosen; month buttons change the month', async () => {
  const { user } = await renderUi(<MonthCalendar value="2024-03-07" min="2024-03-05" max="2024-03-20" onSelect={jest.fn()} />);
  expect(screen.getByRole('button', { name: 'Monday, March 4, 2024' })).toBeDisabled();
  expect(screen.getByRole('button', { name: 'Tuesday, March 5, 2024' })).toBeEnabled();
  expect(screen.getByRole('button', { name: 'Thursday, March 21, 2024' })).toBeDisabled();
  await user.click(screen.getByRole('button', { name: 'Previous month' }));
  expect(screen.getByRole('grid', { name: 'February 2024' })).toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: 'Next month' }));
  await user.click(screen.getByRole('button', { name: 'Next month' }));
  expect(screen.getByRole('grid', { name: 'April 2024' })).toBeInTheDocument();
});
