import { useForm } from 'react-hook-form';
import { screen } from '@testing-library/react';
import { TextField } from './text-field';
import { renderUi } from './test/render-ui';

function Profile() {
  const form = useForm({ defaultValues: { first_name: 'Ann', email: '' } });
  return (
    <form>
      <TextField control={form.control} name="first_name" label="First name" autoComplete="given-name" />
      <TextField form={form} name="email" label="Email" type="email" placeholder="name@example.com" required />
      <p data-testid="value">{form.watch('first_name')}</p>
    </form>
  );
}

test('binds the input to the form value, with the product limit of 254 characters', async () => {
  const { user } = await renderUi(<Profile />);
  const name = screen.getByRole('textbox', { name: 'First name' });
  expect(name).toHaveValue('Ann');
  expect(name).toHaveAttribute('maxlength', '254');
  expect(name).toHaveAttribute('autocomplete', 'given-name');
  await user.clear(name);
  await user.type(name, 'Beatrice');
  expect(screen.getByTestId('value')).toHaveTextContent('Beatrice');
});

test('passes type, placeholder and required (as aria-required, not native required)', async () => {
  await renderUi(<Profile />);
  const email = screen.getByRole('textbox', { name: /Email/ });
  expect(email).toHaveAttribute('type', 'email');
  expect(email).toHaveAttribute('placeholder', 'name@example.com');
  expect(email).toHaveAttribute('aria-required', 'true');
  expect(email).not.toHaveAttribute('required');
});
