import { useForm } from 'react-hook-form';
import { screen } from '@testing-library/react';
import { CheckboxGroupField } from './checkbox-group-field';
import { renderUi } from './test/render-ui';

const OPTIONS = [
  { value: 'inbox', label: 'App inbox' },
  { value: 'email', label: 'E-mail' },
  { value: 'push', label: 'Push notification' },
] as const;

function Channels({ error }: { error?: string }) {
  const form = useForm<{ channels: string[] }>({ defaultValues: { channels: ['push'] } });
  return (
    <form>
      <CheckboxGroupField control={form.control} name="channels" legend="Channels" options={OPTIONS} />
      <button type="button" onClick={() => form.setError('channels', { message: error })}>
        Fail
      </button>
      <p data-testid="value">{form.watch('channels').join(',')}</p>
    </form>
  );
}

test('adds and removes values in the options order, from the mouse and the keyboard', async () => {
  const { user } = await renderUi(<Channels />);
  expect(screen.getByRole('group', { name: 'Channels' })).toBeInTheDocument();
  expect(screen.getByRole('checkbox', { name: 'Push notification' })).toBeChecked();
  await user.click(screen.getByRole('checkbox', { name: 'App inbox' }));
  expect(screen.getByTestId('value')).toHaveTextContent('inbox,push');
  screen.getByRole('checkbox', { name: 'Push notification' }).focus();
  await user.keyboard(' ');
  expect(screen.getByTestId('value')).toHaveTextContent(/^inbox$/);
});

test('shows the list error under the group', async () => {
  const { user } = await renderUi(<Channels error="Choose at least one channel." />);
  await user.click(screen.getByRole('button', { name: 'Fail' }));
  expect(screen.getByText('Choose at least one channel.')).toBeInTheDocument();
});
