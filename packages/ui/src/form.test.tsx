import { act, renderHook, screen } from '@testing-library/react';
import * as v from 'valibot';
import { INVALID_EMAIL, required } from '@baridesk/contracts';
import { applyServerErrors, useValibotForm } from './form';
import { TextField } from './text-field';
import { PasswordField } from './password-field';
import { CheckboxField } from './checkbox-field';
import { SelectField } from './select-field';
import { renderUi } from './test/render-ui';

const schema = v.object({
  email: v.pipe(v.string(), v.nonEmpty(required('email')), v.email(INVALID_EMAIL)),
  password: v.pipe(v.string(), v.nonEmpty(required('password'))),
  stage: v.pipe(v.string(), v.nonEmpty(required('stage'))),
  accepted: v.literal(true, 'Please accept the terms.'),
  age: v.pipe(v.string(), v.transform(Number)),
});

function SignUp({ onSubmit, serverError }: { onSubmit: (values: v.InferOutput<typeof schema>) => void; serverError?: unknown }) {
  const form = useValibotForm(schema, {
    defaultValues: { email: '', password: '', stage: '', accepted: false as unknown as true, age: '40' },
  });
  return (
    <form
      noValidate
      onSubmit={form.handleSubmit((values) => {
        if (serverError && applyServerErrors(form, serverError)) return;
        onSubmit(values);
      })}
    >
      <TextField control={form.control} name="email" label="Email" type="email" required helperText="Your work address" />
      <PasswordField form={form} name="password" label="Password" />
      <SelectField
        control={form.control}
        name="stage"
        label="Stage"
        placeholder="Select a stage"
        options={[
          { value: 'seminar', label: 'Seminar' },
          { value: 'surgery', label: 'Surgery' },
        ]}
      />
      <CheckboxField control={form.control} name="accepted" label="I have read and accepted the terms and conditions" />
      {form.formState.errors.root?.server ? <p role="alert">{form.formState.errors.root.server.message}</p> : null}
      <button type="submit">Save</button>
    </form>
  );
}

test('shows the valibot message under the field, linked by aria-describedby', async () => {
  const onSubmit = jest.fn();
  const { user } = await renderUi(<SignUp onSubmit={onSubmit} />);
  await user.click(screen.getByRole('button', { name: 'Save' }));

  const email = screen.getByRole('textbox', { name: /Email/ });
  expect(email).toHaveAttribute('aria-invalid', 'true');
  expect(email).toHaveAccessibleDescription('Your work address Email is required.');
  expect(email).toHaveFocus();
  expect(screen.getByText('Password is required.')).toBeInTheDocument();
  expect(screen.getByText('Stage is required.')).toBeInTheDocument();
  expect(screen.getByText('Please accept the terms.')).toBeInTheDocument();
  expect(onSubmit).not.toHaveBeenCalled();

  await user.type(email, 'not-an-email');
  await user.tab();
  expect(email).toHaveAccessibleDescription(`Your work address ${INVALID_EMAIL}`);
});

test('submits the schema output once every field is valid', async () => {
  const onSubmit = jest.fn();
  const { user } = await renderUi(<SignUp onSubmit={onSubmit} />);
  await user.type(screen.getByRole('textbox', { name: /Email/ }), 'nurse@example.test');
  await user.type(screen.getByLabelText('Password'), 'secret123');
  await user.selectOptions(screen.getByRole('combobox', { name: 'Stage' }), 'surgery');
  await user.click(screen.getByRole('checkbox', { name: 'I have read and accepted the terms and conditions' }));
  await user.click(screen.getByRole('button', { name: 'Save' }));
  expect(onSubmit).toHaveBeenCalledWith(
    { email: 'nurse@example.test', password: 'secret123', stage: 'surgery', accepted: true, age: 40 },
  );
});

test('the password can be shown and hidden', async () => {
  const { user } = await renderUi(<SignUp onSubmit={jest.fn()} />);
  const password = screen.getByLabelText('Password');
  expect(password).toHaveAttribute('type', 'password');
  await user.click(screen.getByRole('button', { name: 'Show password' }));
  expect(password).toHaveAttribute('type', 'text');
  await user.click(screen.getByRole('button', { name: 'Hide password' }));
  expect(password).toHaveAttribute('type', 'password');
});

test('applyServerErrors puts the server messages on their fields', async () => {
  const serverError = {
    message: 'Validation Error: Please enter values in the form',
    errors: { email: ['The email has already been taken.'], _: ['Try again later.'] },
  };
  const onSubmit = jest.fn();
  const { user } = await renderUi(<SignUp onSubmit={onSubmit} serverError={serverError} />);
  await user.type(screen.getByRole('textbox', { name: /Email/ }), 'nurse@example.test');
  await user.type(screen.getByLabelText('Password'), 'secret123');
  await user.selectOptions(screen.getByRole('combobox', { name: 'Stage' }), 'seminar');
  await user.click(screen.getByRole('checkbox', { name: /accepted the terms/ }));
  await user.click(screen.getByRole('button', { name: 'Save' }));

  const email = screen.getByRole('textbox', { name: /Email/ });
  expect(email).toHaveAccessibleDescription('Your work address The email has already been taken.');
  expect(email).toHaveFocus();
  expect(screen.getByRole('alert')).toHaveTextContent('Try again later.');
  expect(onSubmit).not.toHaveBeenCalled();
});

test('applyServerErrors answers false when the error has no field errors', () => {
  const { result } = renderHook(() => useValibotForm(schema));
  const setError = jest.spyOn(result.current, 'setError');
  act(() => {
    expect(applyServerErrors(result.current, { message: 'Server down' })).toBe(false);
    expect(applyServerErrors(result.current, new Error('network'))).toBe(false);
    expect(applyServerErrors(result.current, { message: 'x', errors: {} })).toBe(false);
    expect(applyServerErrors(result.current, null)).toBe(false);
  });
  expect(setError).not.toHaveBeenCalled();
});
