import { useForm } from 'react-hook-form';
import { screen } from '@testing-library/react';
import { renderUi } from './test/render-ui';
import { TextareaField } from './textarea-field';

function Quote({ showCount = true }: { showCount?: boolean }) {
  const form = useForm({ defaultValues: { description: 'Hi' } });
  return (
    <form>
      <TextareaField form={form} name="description" label="Quote" required maxLength={5} showCount={showCount} rows={4} />
      <p data-testid="value">{form.watch('description')}</p>
    </form>
  );
}

test('binds the text and counts it against the limit, in red at the limit', async () => {
  const { user } = await renderUi(<Quote />);
  const box = screen.getByRole('textbox', { name: /Quote/ });
  expect(box).toHaveValue('Hi');
  expect(box).toHaveAttribute('maxlength', '5');
  expect(box).toHaveAttribute('aria-required', 'true');
  expect(box).toHaveAccessibleDescription('2 / 5 characters');

  await user.type(box, ' there');
  expect(box).toHaveValue('Hi th');
  expect(screen.getByTestId('value')).toHaveTextContent('Hi th');
  expect(screen.getByText('5 / 5 characters')).toBeInTheDocument();
});

test('shows no count unless asked', async () => {
  await renderUi(<Quote showCount={false} />);
  expect(screen.queryByText(/characters/)).not.toBeInTheDocument();
});
