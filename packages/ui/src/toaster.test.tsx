import { act, screen, within } from '@testing-library/react';
import { notify, toaster } from './toaster';
import { renderUi } from './test/render-ui';

afterEach(() => {
  act(() => toaster.remove());
});

test('notify shows a toast with title, message and a bulleted list of errors', async () => {
  await renderUi(<p>page</p>);
  act(() => {
    notify({
      status: 'error',
      title: 'Add Dynamic Section',
      message: 'Validation Error: Please enter values in the form',
      errors: ['Name is required.', 'Status is required.'],
    });
  });
  expect(await screen.findByText('Add Dynamic Section')).toBeInTheDocument();
  expect(screen.getByText('Validation Error: Please enter values in the form')).toBeInTheDocument();
  const list = screen.getByRole('list');
  expect(within(list).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
    'Name is required.',
    'Status is required.',
  ]);
});

test('a success notice without title shows the message only', async () => {
  await renderUi(<p>page</p>);
  act(() => {
    notify({ status: 'success', message: 'Dynamic section added successfully' });
  });
  expect(await screen.findByText('Dynamic section added successfully')).toBeInTheDocument();
  expect(screen.queryByRole('list')).not.toBeInTheDocument();
});
