import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { screen } from '@testing-library/react';
import { renderUi } from './test/render-ui';
import { SwitchField } from './switch-field';
import { ToggleSwitch } from './toggle-switch';

function Row() {
  const [on, setOn] = useState(false);
  return <ToggleSwitch label="Videos" hideLabel checked={on} onChange={setOn} />;
}

test('ToggleSwitch is a switch named by its label, switched by mouse and keyboard', async () => {
  const { user } = await renderUi(<Row />);
  const toggle = screen.getByRole('switch', { name: 'Videos' });
  expect(toggle).not.toBeChecked();
  await user.click(toggle);
  expect(toggle).toBeChecked();
  toggle.focus();
  await user.keyboard(' ');
  expect(toggle).not.toBeChecked();
});

function ActiveForm() {
  const form = useForm({ defaultValues: { status: true } });
  return (
    <form>
      <SwitchField form={form} name="status" label="Active" />
      <p data-testid="value">{String(form.watch('status'))}</p>
    </form>
  );
}

test('SwitchField binds a boolean form value', async () => {
  const { user } = await renderUi(<ActiveForm />);
  const toggle = screen.getByRole('switch', { name: 'Active' });
  expect(toggle).toBeChecked();
  await user.click(toggle);
  expect(toggle).not.toBeChecked();
  expect(screen.getByTestId('value')).toHaveTextContent('false');
});
