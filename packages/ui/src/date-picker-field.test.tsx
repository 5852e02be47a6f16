import { screen } from '@testing-library/react';
import * as v from 'valibot';
import { START_DATE_REQUIRED } from '@baridesk/contracts';
import { useValibotForm } from './form';
import { DatePickerField } from './date-picker-field';
import { renderUi } from './test/render-ui';

const schema = v.object({ start_date: v.pipe(v.string(), v.nonEmpty(START_DATE_REQUIRED)) });

function EventForm({ onSubmit, initial = '' }: { onSubmit: (values: { start_date: string }) => void; initial?: string }) {
  const form = useValibotForm(schema, { defaultValues: { start_date: initial } });
  return (
    <form noValidate onSubmit={form.handleSubmit(onSubmit)}>
      <DatePickerField control={form.control} name="start_date" label="Start Date" required />
      <button type="submit">Save</button>
    </form>
  );
}

test('shows the schema message and submits the typed date as yyyy-MM-dd', async () => {
  const onSubmit = jest.fn();
  const { user } = await renderUi(<EventForm onSubmit={onSubmit} />);
  await user.click(screen.getByRole('button', { name: 'Save' }));
  const input = screen.getByRole('textbox', { name: /Start Date/ });
  expect(input).toHaveAccessibleDescription(START_DATE_REQUIRED);
  expect(input).toHaveAttribute('placeholder', 'Select date');

  await user.type(input, '12/31/2024');
  await user.click(screen.getByRole('button', { name: 'Save' }));
  expect(onSubmit).toHaveBeenCalledWith({ start_date: '2024-12-31' }, expect.anything());
});

test('shows a stored yyyy-MM-dd value as MM/dd/yyyy', async () => {
  await renderUi(<EventForm onSubmit={jest.fn()} initial="2024-07-04" />);
  expect(screen.getByRole('textbox', { name: /Start Date/ })).toHaveValue('07/04/2024');
});
