import { useForm } from 'react-hook-form';
import { screen } from '@testing-library/react';
import { CheckboxField } from './checkbox-field';
import { renderUi } from './test/render-ui';

function Terms({ error }: { error?: string }) {
  const form = useForm({ defaultValues: { accepted: false } });
  return (
    <form>
      <CheckboxField control={form.control} name="accepted" label="I have read and accepted the terms and conditions" />
      <button type="button" onClick={() => form.setError('accepted', { message: error })}>
        Fail
      </button>
      <p data-testid="value">{String(form.watch('accepted'))}</p>
    </form>
  );
}

test('toggles a boolean form value from the mouse and the keyboard', async () => {
  const { user } = await renderUi(<Terms />);
  const box = screen.getByRole('checkbox', { name: 'I have read and accepted the terms and conditions' });
  expect(box).not.toBeChecked();
  await user.click(box);
  expect(box).toBeChecked();
  expect(screen.getByTestId('value')).toHaveTextContent('true');
  box.focus();
  await user.keyboard(' ');
  expect(screen.getByTestId('value')).toHaveTextContent('false');
});

test('shows its error under the box', async () => {
  const { user } = await renderUi(<Terms error="Please accept the terms." />);
  await user.click(screen.getByRole('button', { name: 'Fail' }));
  expect(screen.getByText('Please accept the terms.')).toBeInTheDocument();
});
