import { useState } from 'react';
import { screen, waitFor } from '@testing-library/react';
import { TimePicker, fromDisplayTime, toDisplayTime } from './time-picker';
import { renderUi } from './test/render-ui';

function Harness({ initial = '' }: { initial?: string }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <TimePicker name="start_time" label="Start Time" value={value} onChange={setValue} minuteStep={5} />
      <p data-testid="value">{value}</p>
    </>
  );
}

test('converts between the 12-hour display and the 24-hour value', () => {
  expect(toDisplayTime('00:00')).toBe('12:00 AM');
  expect(toDisplayTime('09:05')).toBe('09:05 AM');
  expect(toDisplayTime('12:30')).toBe('12:30 PM');
  expect(toDisplayTime('23:59')).toBe('11:59 PM');
  expect(toDisplayTime('')).toBe('');
  expect(fromDisplayTime('12:00 AM')).toBe('00:00');
  expect(fromDisplayTime('12:15 pm')).toBe('12:15');
  expect(fromDisplayTime('2:05PM')).toBe('14:05');
  expect(fromDisplayTime('11:59 p.m.')).toBe('23:59');
  expect(fromDisplayTime('14:30')).toBe('14:30');
  expect(fromDisplayTime('13:00 PM')).toBeNull();
  expect(fromDisplayTime('10:60 AM')).toBeNull();
  expect(fromDisplayTime('noon')).toBeNull();
});

test('shows the placeholder "Select time" and the value on the 12-hour clock', async () => {
  await renderUi(<Harness initial="14:30" />);
  expect(screen.getByRole('textbox', { name: 'Start Time' })).toHaveValue('02:30 PM');
  await renderUi(<TimePicker label="End Time" value="" onChange={jest.fn()} />);
  expect(screen.getByRole('textbox', { name: 'End Time' })).toHaveAttribute('placeholder', 'Select time');
});

test('a typed 12-hour time is stored as 24-hour HH:mm; nonsense is flagged', async () => {
  const { user } = await renderUi(<Harness />);
  const input = screen.getByRole('textbox', { name: 'Start Time' });
  await user.type(input, '7:45 pm');
  expect(screen.getByTestId('value')).toHaveTextContent('19:45');
  await user.tab();
  expect(input).toHaveValue('07:45 PM');

  await user.clear(input);
  await user.type(input, '25:00');
  await user.tab();
  expect(input).toHaveValue('25:00');
  expect(input).toHaveAttribute('aria-invalid', 'true');
  expect(input).toHaveAccessibleDescription('Please enter valid start time.');
  expect(screen.getByTestId('value').textContent).toBe('');
});

test('hour, minute and AM/PM can be chosen in the clock popover', async () => {
  const { user } = await renderUi(<Harness />);
  await user.click(screen.getByRole('button', { name: 'Choose Start Time' }));
  const hour = await screen.findByRole('combobox', { name: 'Hour' });
  await user.selectOptions(hour, '09');
  await user.selectOptions(screen.getByRole('combobox', { name: 'Minute' }), '15');
  expect(screen.getByTestId('value').textContent).toBe('');
  await user.selectOptions(screen.getByRole('combobox', { name: 'AM/PM' }), 'PM');
  expect(screen.getByTestId('value')).toHaveTextContent('21:15');
  expect(screen.getByRole('textbox', { name: 'Start Time' })).toHaveValue('09:15 PM');

  await user.selectOptions(screen.getByRole('combobox', { name: 'AM/PM' }), 'AM');
  expect(screen.getByTestId('value')).toHaveTextContent('09:15');
  await user.click(screen.getByRole('button', { name: 'Done' }));
  await waitFor(() => expect(screen.queryByRole('combobox', { name: 'Hour' })).not.toBeInTheDocument());
});

test('the popover starts from the current value', async () => {
  const { user } = await renderUi(<Harness initial="00:05" />);
  await user.click(screen.getByRole('button', { name: 'Choose Start Time' }));
  expect(await screen.findByRole('combobox', { name: 'Hour' })).toHaveValue('12');
  expect(screen.getByRole('combobox', { name: 'Minute' })).toHaveValue('05');
  expect(screen.getByRole('combobox', { name: 'AM/PM' })).toHaveValue('AM');
});
