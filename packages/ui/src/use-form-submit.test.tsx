import { screen } from '@testing-library/react';
import * as v from 'valibot';
import { required } from '@baridesk/contracts';
import { useValibotForm } from './form';
import { TextField } from './text-field';
import { useFormSubmit } from './use-form-submit';
import { renderUi } from './test/render-ui';

const schema = v.object({ title: v.pipe(v.string(), v.nonEmpty(required('title'))) });
type Saved = { message: string; id: number };

function TitleForm({ save, notices, onSaved }: {
  save: (values: { title: string }) => Promise<Saved>;
  notices: { notifySuccess: jest.Mock; notifyError: jest.Mock };
  onSaved: jest.Mock;
}) {
  const form = useValibotForm(schema, { defaultValues: { title: '' } });
  const submit = useFormSubmit(form, save, { ...notices, onSaved });
  return (
    <form noValidate onSubmit={submit}>
      <TextField form={form} name="title" label="Title" required />
      <button type="submit">Save</button>
    </form>
  );
}

async function renderForm(save: (values: { title: string }) => Promise<Saved>) {
  const notices = { notifySuccess: jest.fn(), notifyError: jest.fn() };
  const onSaved = jest.fn();
  const view = await renderUi(<TitleForm save={save} notices={notices} onSaved={onSaved} />);
  await view.user.type(screen.getByRole('textbox', { name: /Title/ }), 'Welcome');
  await view.user.click(screen.getByRole('button', { name: 'Save' }));
  return { ...notices, onSaved, ...view };
}

test('saves the valid values, shows the server message, then calls onSaved', async () => {
  const save = jest.fn().mockResolvedValue({ message: 'Template saved.', id: 7 });
  const { notifySuccess, notifyError, onSaved } = await renderForm(save);
  expect(save).toHaveBeenCalledWith({ title: 'Welcome' });
  expect(notifySuccess).toHaveBeenCalledWith('Template saved.');
  expect(onSaved).toHaveBeenCalledWith({ message: 'Template saved.', id: 7 });
  expect(notifyError).not.toHaveBeenCalled();
});

test('does not save what the schema refuses', async () => {
  const save = jest.fn();
  const notices = { notifySuccess: jest.fn(), notifyError: jest.fn() };
  const { user } = await renderUi(<TitleForm save={save} notices={notices} onSaved={jest.fn()} />);
  await user.click(screen.getByRole('button', { name: 'Save' }));
  expect(screen.getByRole('textbox', { name: /Title/ })).toHaveAccessibleDescription(required('title'));
  expect(save).not.toHaveBeenCalled();
});

test("puts the server's field errors under their fields, without a notice, and keeps the input", async () => {
  const failure = { status: 422, message: 'The given data was invalid.', errors: { title: ['The title is taken.'] } };
  const { notifySuccess, notifyError, onSaved } = await renderForm(() => Promise.reject(failure));
  const title = screen.getByRole('textbox', { name: /Title/ });
  expect(title).toHaveAccessibleDescription('The title is taken.');
  expect(title).toHaveValue('Welcome');
  expect(notifyError).not.toHaveBeenCalled();
  expect(notifySuccess).not.toHaveBeenCalled();
  expect(onSaved).not.toHaveBeenCalled();
});

test('shows any other failure as a notice and keeps the input', async () => {
  const failure = { status: 500, message: 'Saving failed, try again.' };
  const { notifyError, onSaved } = await renderForm(() => Promise.reject(failure));
  expect(notifyError).toHaveBeenCalledWith(failure);
  expect(screen.getByRole('textbox', { name: /Title/ })).toHaveValue('Welcome');
  expect(onSaved).not.toHaveBeenCalled();
});

test('awaits an async onSaved and treats its failure like the save\'s', async () => {
  const save = jest.fn().mockResolvedValue({ message: 'Password changed.', id: 1 });
  const failure = { message: 'The session could not be refreshed.' };
  const notices = { notifySuccess: jest.fn(), notifyError: jest.fn() };
  const onSaved = jest.fn().mockRejectedValue(failure);
  const { user } = await renderUi(<TitleForm save={save} notices={notices} onSaved={onSaved} />);
  await user.type(screen.getByRole('textbox', { name: /Title/ }), 'Welcome');
  await user.click(screen.getByRole('button', { name: 'Save' }));
  expect(notices.notifySuccess).toHaveBeenCalledWith('Password changed.');
  expect(notices.notifyError).toHaveBeenCalledWith(failure);
});
