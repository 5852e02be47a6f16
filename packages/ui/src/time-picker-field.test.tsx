import { screen } from '@testing-library/react';
import * as v from 'valibot';
import { START_TIME_REQUIRED } from '@baridesk/contracts';
import { useValibotForm } from './form';
import { TimePickerField } from './time-picker-field';
import { renderUi } from './test/render-ui';

const schema = v.object({ start_time: v.pipe(v.string(), v.nonEmpty(START_TIME_REQUIRED)) });

function EventForm({ onSubmit, initial = '' }: { onSubmit: (values: { start_time: string }) => void; initial?: string }) {
  const form = useValibotForm(schema, { defaultValues: { start_time: initial } });
  return (
    <form noValidate onSubmit={form.handleSubmit(onSubmit)}>
      <TimePickerField form={form} name="start_time" label="Start Time" />
      <button type="submit">Save</button>
    </form>
  );
}

test('shows the schema message and submits the typed time as 24-hour HH:mm', async () => {
  const onSubmit = jest.fn();
  const { user } = await renderUi(<EventForm onSubmit={onSubmit} />);
  await user.click(screen.getByRole('button', { name: 'Save' }));
  const input = screen.getByRole('textbox', { name: 'Start Time' });
  expect(input).toHaveAccessibleDescription(START_TIME_REQUIRED);
  expect(input).toHaveAttribute('placeholder', 'Select time');

  await user.type(input, '6:30 PM');
  await user.click(screen.getByRole('button', { name: 'Save' }));
  expect(onSubmit).toHaveBeenCalledWith({ start_time: '18:30' }, expect.anything());
});

test('shows a stored HH:mm value on the 12-hour clock', async () => {
  await renderUi(<EventForm onSubmit={jest.fn()} initial="08:15" />);
  expect(screen.getByRole('textbox', { name: 'Start Time' })).toHaveValue('08:15 AM');
});
