import { useState } from 'react';
import { screen, waitFor } from '@testing-library/react';
import { DatePicker, fromDisplayDate, toDisplayDate } from './date-picker';
import { renderUi } from './test/render-ui';

function Harness({ initial = '', min, max }: { initial?: string; min?: string; max?: string }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <DatePicker name="start_date" label="Start Date" value={value} onChange={setValue} min={min} max={max} />
      <p data-testid="value">{value}</p>
      <button type="button" onClick={() => setValue('2023-12-25')}>
        Load
      </button>
    </>
  );
}

test('converts between MM/dd/yyyy and yyyy-MM-dd', () => {
  expect(toDisplayDate('2024-03-07')).toBe('03/07/2024');
  expect(toDisplayDate('')).toBe('');
  expect(fromDisplayDate('03/07/2024')).toBe('2024-03-07');
  expect(fromDisplayDate('3/7/2024')).toBe('2024-03-07');
  expect(fromDisplayDate('02/30/2024')).toBeNull();
  expect(fromDisplayDate('2024-03-07')).toBeNull();
  expect(fromDisplayDate('03/07/24')).toBeNull();
});

test('shows the placeholder "Select date" and the value as MM/dd/yyyy', async () => {
  const { user } = await renderUi(<Harness />);
  const input = screen.getByRole('textbox', { name: 'Start Date' });
  expect(input).toHaveAttribute('placeholder', 'Select date');
  expect(input).toHaveValue('');
  await user.click(screen.getByRole('button', { name: 'Load' }));
  expect(input).toHaveValue('12/25/2023');
});

test('typed MM/dd/yyyy is stored as yyyy-MM-dd', async () => {
  const { user } = await renderUi(<Harness />);
  const input = screen.getByRole('textbox', { name: 'Start Date' });
  await user.type(input, '3/7/2024');
  expect(screen.getByTestId('value')).toHaveTextContent('2024-03-07');
  await user.tab();
  expect(input).toHaveValue('03/07/2024');
  expect(input).not.toHaveAttribute('aria-invalid');
});

test('text that is no date keeps what was typed, clears the value and marks the field invalid', async () => {
  const { user } = await renderUi(<Harness initial="2024-03-07" />);
  const input = screen.getByRole('textbox', { name: 'Start Date' });
  await user.clear(input);
  await user.type(input, '13/45/2024');
  await user.tab();
  expect(input).toHaveValue('13/45/2024');
  expect(input).toHaveAttribute('aria-invalid', 'true');
  expect(input).toHaveAccessibleDescription('Please enter valid start date.');
  expect(screen.getByTestId('value').textContent).toBe('');
});

test('a typed date outside min/max is invalid', async () => {
  const { user } = await renderUi(<Harness min="2024-01-01" max="2024-12-31" />);
  const input = screen.getByRole('textbox', { name: 'Start Date' });
  await user.type(input, '01/01/2025');
  await user.tab();
  expect(input).toHaveAttribute('aria-invalid', 'true');
  expect(screen.getByTestId('value').textContent).toBe('');
});

test('the calendar button opens a month grid; choosing a day fills the field and closes it', async () => {
  const { user } = await renderUi(<Harness initial="2024-03-07" />);
  await user.click(screen.getByRole('button', { name: 'Choose Start Date' }));
  const day = await screen.findByRole('button', { name: 'Friday, March 15, 2024' });
  await waitFor(() => expect(screen.getByRole('button', { name: 'Thursday, March 7, 2024' })).toHaveFocus());
  await user.click(day);
  expect(screen.getByTestId('value')).toHaveTextContent('2024-03-15');
  expect(screen.getByRole('textbox', { name: 'Start Date' })).toHaveValue('03/15/2024');
  await waitFor(() => expect(screen.queryByRole('grid')).not.toBeInTheDocument());
});

test('Escape closes the calendar', async () => {
  const { user } = await renderUi(<Harness initial="2024-03-07" />);
  await user.click(screen.getByRole('button', { name: 'Choose Start Date' }));
  await screen.findByRole('grid');
  await user.keyboard('{Escape}');
  await waitFor(() => expect(screen.queryByRole('grid')).not.toBeInTheDocument());
});
