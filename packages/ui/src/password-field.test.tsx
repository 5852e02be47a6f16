import { useForm } from 'react-hook-form';
import { screen } from '@testing-library/react';
import { PasswordField } from './password-field';
import { renderUi } from './test/render-ui';

function ChangePassword() {
  const form = useForm({ defaultValues: { password: '' } });
  return (
    <form>
      <PasswordField control={form.control} name="password" label="New password" autoComplete="new-password" helperText="At least 8 characters" />
      <p data-testid="value">{form.watch('password')}</p>
    </form>
  );
}

test('is a password input bound to the form, with a show/hide toggle', async () => {
  const { user } = await renderUi(<ChangePassword />);
  const input = screen.getByLabelText('New password');
  expect(input).toHaveAttribute('type', 'password');
  expect(input).toHaveAttribute('autocomplete', 'new-password');
  expect(input).toHaveAccessibleDescription('At least 8 characters');
  await user.type(input, 'abc12345');
  expect(screen.getByTestId('value')).toHaveTextContent('abc12345');
  const toggle = screen.getByRole('button', { name: 'Show password' });
  expect(toggle).toHaveAttribute('aria-pressed', 'false');
  await user.click(toggle);
  expect(input).toHaveAttribute('type', 'text');
  expect(screen.getByRole('button', { name: 'Hide password' })).toHaveAttribute('aria-pressed', 'true');
});
