import { screen } from '@testing-library/react';
import { renderUi } from './test/render-ui';
import { RowActions } from './row-actions';

test('Edit and Delete name the row for screen readers', async () => {
  const onEdit = jest.fn();
  const onDelete = jest.fn();
  const { user } = await renderUi(<RowActions name="Welcome" onEdit={onEdit} onDelete={onDelete} />);
  await user.click(screen.getByRole('button', { name: 'Edit Welcome' }));
  expect(onEdit).toHaveBeenCalledTimes(1);
  await user.click(screen.getByRole('button', { name: 'Delete Welcome' }));
  expect(onDelete).toHaveBeenCalledTimes(1);
  expect(screen.getByRole('button', { name: 'Delete Welcome' })).toHaveTextContent('Delete');
});
