import { useForm } from 'react-hook-form';
import { screen, within } from '@testing-library/react';
import { SelectField } from './select-field';
import { renderUi } from './test/render-ui';

function StagePicker() {
  const form = useForm({ defaultValues: { stage: '' } });
  return (
    <form>
      <SelectField
        control={form.control}
        name="stage"
        label="Stage"
        placeholder="Select a stage"
        options={[
          { value: 'seminar', label: 'Seminar' },
          { value: 'surgery', label: 'Surgery' },
          { value: 'closed', label: 'Closed', disabled: true },
        ]}
      />
      <p data-testid="value">{form.watch('stage')}</p>
    </form>
  );
}

test('offers the placeholder and the options, and binds the choice', async () => {
  const { user } = await renderUi(<StagePicker />);
  const select = screen.getByRole('combobox', { name: 'Stage' });
  expect(within(select).getAllByRole('option').map((option) => option.textContent)).toEqual([
    'Select a stage',
    'Seminar',
    'Surgery',
    'Closed',
  ]);
  expect(within(select).getByRole('option', { name: 'Closed' })).toBeDisabled();
  await user.selectOptions(select, 'surgery');
  expect(screen.getByTestId('value')).toHaveTextContent('surgery');
});
